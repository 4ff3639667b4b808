"""The reliability suite's way of running ``promptls serve``: the one raw stdio client
(``bench/lsp_client.py``) with a fake HOME, the checkout's server on the path, and the
answers and handshake these tests share.

pytest-lsp speaks well-formed JSON-RPC only; these tests also need to send broken
frames, arrays and huge bodies, and the hypothesis state machine is simplest when every
call blocks until its answer. The server's own requests get ``null`` (an empty answer
per configuration item), so the server never waits on us.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from bench.lsp_client import Incoming, JsonObj, LspClient, LspError, encode_message, frame

SERVER = [sys.executable, "-m", "promptls", "serve"]
TIMEOUT = 30.0
ROOT = Path(__file__).resolve().parents[2]

__all__ = ["ROOT", "SERVER", "LspError", "RawClient", "encode", "frame"]


def encode(message: Mapping[str, Any]) -> bytes:
    """A framed JSON-RPC message (lone surrogates kept, as JavaScript clients send them)."""
    return encode_message(message, ascii_only=True)


def _configuration(params: JsonObj) -> list[None]:
    """``workspace/configuration``: nothing configured for any item."""
    return [None] * len(params["items"])


class RawClient(LspClient):
    """A started server with blocking requests; everything it sends is recorded."""

    def __init__(
        self,
        home: Path,
        *,
        argv: Sequence[str] = SERVER,
        env: Mapping[str, str] | None = None,
        preexec: Callable[[], None] | None = None,
        cwd: Path | None = None,
        unset_home: bool = False,
        pass_fds: Sequence[int] = (),
    ) -> None:
        """Start the server with a fake HOME (never the real one), or with none at all."""
        environ = dict(os.environ if env is None else env)
        environ["HOME"] = str(home)
        if unset_home:
            del environ["HOME"]
        environ["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT / "server"), environ.get("PYTHONPATH", "")) if p
        )
        super().__init__(
            argv,
            cwd=cwd,
            env=environ,
            handlers={"workspace/configuration": _configuration},
            fallback=lambda params: None,
            ascii_only=True,
            log_lines=None,
            preexec=preexec,
            pass_fds=pass_fds,
        )
        self.start()

    def command(self, name: str, *arguments: Any) -> JsonObj:
        """``workspace/executeCommand`` returning the whole response (result or error)."""
        return self.call("workspace/executeCommand", {"command": name, "arguments": [*arguments]})

    def wait_notification(
        self, predicate: Callable[[JsonObj], bool], timeout: float = TIMEOUT
    ) -> JsonObj:
        """Block until a recorded notification satisfies ``predicate``; return the newest."""

        def found() -> Incoming | None:
            return next((n for n in reversed(self.notifications) if predicate(n.msg)), None)

        hit = self.wait_until(found, timeout)
        if hit is None:
            raise LspError(f"expected notification never came: {self.log_text()[-4000:]}")
        return hit.msg

    def wait_server_request(self, method: str, timeout: float = TIMEOUT) -> JsonObj:
        """Block until the server has sent a request with this method (and we answered)."""

        def found() -> Incoming | None:
            return next((r for r in self.server_requests if r.msg["method"] == method), None)

        hit = self.wait_until(found, timeout)
        if hit is None:
            raise LspError(f"the server never sent {method}: {self.log_text()[-4000:]}")
        return hit.msg

    def initialize(
        self,
        root: Path,
        *,
        encoding: str | None = None,
        pull: bool = False,
        debug: bool = True,
        capabilities: dict[str, Any] | None = None,
    ) -> JsonObj:
        """``initialize`` + ``initialized`` with one workspace folder."""
        caps: dict[str, Any] = capabilities or {
            "textDocument": {
                "hover": {"contentFormat": ["markdown", "plaintext"]},
                "publishDiagnostics": {"relatedInformation": True},
            },
            "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}},
        }
        if encoding is not None:
            caps.setdefault("general", {})["positionEncodings"] = [encoding]
        if pull:
            caps.setdefault("textDocument", {})["diagnostic"] = {"dynamicRegistration": False}
        uri = root.as_uri()
        result = self.request(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": uri,
                "capabilities": caps,
                "workspaceFolders": [{"uri": uri, "name": root.name or "root"}],
                "initializationOptions": {"debug": debug},
            },
        )
        self.notify("initialized", {})
        return dict(result)

    def close(self, timeout: float = 10.0) -> int | None:
        """Shut down politely, then make sure the process is gone; return its exit code."""
        return super().close(timeout)
