"""Editor behaviour on top of the bare client: capabilities, settings, documents.

Every server is driven with the same client capabilities and the same sequence an editor
uses (initialize → initialized → didChangeConfiguration → didOpen …), so their numbers
are comparable. Servers that only offer pull diagnostics are asked with
``textDocument/diagnostic`` right after the change, as VS Code does.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from lsp_client import Incoming, JsonObj, LspClient, LspError

PUBLISH = "textDocument/publishDiagnostics"


@dataclass(frozen=True)
class ServerSpec:
    """How to run one server and what it needs from the client."""

    name: str
    label: str
    command: tuple[str, ...]
    diagnostics: str = "auto"  # "push", "pull", or "auto": pull when the server offers it
    settings: Mapping[str, Any] = field(default_factory=dict)
    init_options: Mapping[str, Any] | None = None
    env: Mapping[str, str] | None = None
    note: str = ""
    client_pull: bool = True  # advertise pull diagnostics (VS Code does; many clients don't)
    memory: bool = True  # run the 200-document memory measurement too


def path_to_uri(path: Path) -> str:
    """A file URI for an absolute path (ASCII paths only: the bench makes its own)."""
    return path.resolve().as_uri()


def uri_to_path(uri: str) -> Path:
    """The local path of a file URI."""
    return Path(unquote(urlparse(uri).path))


def client_capabilities(pull: bool = True) -> JsonObj:
    """What the bench client claims: the features an editor like VS Code has.

    Without ``pull`` the client looks like one that only takes pushed diagnostics
    (Helix, older Neovim), which is how a server's push path gets measured.
    """
    caps: JsonObj = {
        "general": {"positionEncodings": ["utf-16"]},
        "workspace": {
            "configuration": True,
            "didChangeConfiguration": {"dynamicRegistration": True},
            "workspaceFolders": True,
            "didChangeWatchedFiles": {"dynamicRegistration": True},
        },
        "window": {"workDoneProgress": True},
        "textDocument": {
            "synchronization": {"dynamicRegistration": True, "didSave": True},
            "publishDiagnostics": {"versionSupport": True, "relatedInformation": True},
            "diagnostic": {"dynamicRegistration": True, "relatedDocumentSupport": False},
            "hover": {"contentFormat": ["markdown", "plaintext"]},
            "codeAction": {"dataSupport": True},
        },
    }
    if not pull:
        del caps["textDocument"]["diagnostic"]
    return caps


def _section(settings: Mapping[str, Any], section: str | None) -> Any:
    """The value at a dotted settings section, None when the client has nothing there."""
    if not section:
        return dict(settings)
    node: Any = settings
    for part in section.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def _stat(params: JsonObj) -> Any:
    """markdown/fs/stat: what a file-system aware client would answer."""
    path = uri_to_path(str(params.get("uri", "")))
    if not path.exists():
        return None
    return {"isDirectory": path.is_dir()}


def _read_directory(params: JsonObj) -> Any:
    """markdown/fs/readDirectory: entries as [name, {isDirectory}] pairs."""
    path = uri_to_path(str(params.get("uri", "")))
    try:
        return [[p.name, {"isDirectory": p.is_dir()}] for p in sorted(path.iterdir())]
    except OSError:
        return []


def handlers(spec: ServerSpec, root: Path) -> dict[str, Any]:
    """Answers to the requests servers send to the client."""
    folders = [{"uri": path_to_uri(root), "name": root.name}]
    return {
        "workspace/configuration": lambda p: [
            _section(spec.settings, item.get("section")) for item in p.get("items", [])
        ],
        "workspace/workspaceFolders": lambda p: folders,
        "client/registerCapability": lambda p: None,
        "client/unregisterCapability": lambda p: None,
        "window/workDoneProgress/create": lambda p: None,
        "window/showMessageRequest": lambda p: None,
        "workspace/diagnostic/refresh": lambda p: None,
        "workspace/semanticTokens/refresh": lambda p: None,
        "workspace/inlayHint/refresh": lambda p: None,
        # vscode-markdown-language-server asks the client to tokenize with markdown-it
        # (VS Code's own parser). The bench has no markdown-it, so it answers with no
        # tokens: the server still scans links itself but sees no headers or code blocks.
        "markdown/parse": lambda p: [],
        "markdown/fs/stat": _stat,
        "markdown/fs/readDirectory": _read_directory,
        "markdown/findMarkdownFilesInWorkspace": lambda p: [],
        "markdown/fs/watcher/create": lambda p: None,
        "markdown/fs/watcher/delete": lambda p: None,
    }


class Session:
    """One running server, initialized, with helpers for documents and diagnostics."""

    def __init__(self, spec: ServerSpec, root: Path, timeout: float) -> None:
        """Prepare (not start) a session rooted at ``root``."""
        self.spec = spec
        self.root = root
        self.timeout = timeout
        env = None if spec.env is None else {**os.environ, **spec.env}
        self.client = LspClient(spec.command, cwd=str(root), env=env, handlers=handlers(spec, root))
        self.capabilities: JsonObj = {}
        self.versions: dict[str, int] = {}
        self.mode = spec.diagnostics
        self.start_cpu = 0.0

    def __enter__(self) -> Session:
        """Start the server (not yet initialized)."""
        self.client.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """End the server whatever happened."""
        self.client.close()

    def initialize(self) -> float:
        """initialize/initialized/settings; returns seconds from spawn to the result."""
        params = {
            "processId": None,
            "clientInfo": {"name": "promptls-bench", "version": "1"},
            "rootUri": path_to_uri(self.root),
            "workspaceFolders": [{"uri": path_to_uri(self.root), "name": self.root.name}],
            "capabilities": client_capabilities(self.spec.client_pull),
            "initializationOptions": self.spec.init_options,
            "trace": "off",
        }
        rid = self.client.send_request("initialize", params)
        result, _, received = self.client.wait_response(rid, self.timeout)
        elapsed = received - self.client.started_at
        self.start_cpu = self.client.cpu_seconds()
        self.capabilities = (result or {}).get("capabilities", {})
        if self.mode == "auto":
            # VS Code pulls from servers that offer it; some (rumdl) then push only an
            # empty list on open, so waiting for a push would time nothing real.
            pulls = self.spec.client_pull and self.has("diagnosticProvider")
            self.mode = "pull" if pulls else "push"
        self.client.notify("initialized", {})
        if self.spec.settings:
            self.client.notify(
                "workspace/didChangeConfiguration", {"settings": dict(self.spec.settings)}
            )
        return elapsed

    def full_sync(self) -> bool:
        """Whether the server asked for the whole text on every change (kind 1)."""
        sync = self.capabilities.get("textDocumentSync")
        kind = sync.get("change") if isinstance(sync, dict) else sync
        return kind == 1

    def has(self, capability: str) -> bool:
        """Whether the server announced a capability (truthy value)."""
        return bool(self.capabilities.get(capability))

    def write(self, name: str, text: str) -> str:
        """Put a document on disk (servers may read neighbours) and return its URI."""
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
        return path_to_uri(path)

    def open(self, uri: str, text: str) -> float:
        """didOpen; returns the time it was written."""
        self.versions[uri] = 1
        item = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        return self.client.notify("textDocument/didOpen", {"textDocument": item})

    def change(
        self, uri: str, line: int, char: int, inserted: str, whole: Callable[[], str]
    ) -> tuple[int, float]:
        """One insertion, sent the way the server asked for (incremental or whole text).

        ``whole`` builds the full new text; it is called only for full-sync servers, as
        an editor serialises the whole buffer for them on every keystroke.
        """
        version = self.versions[uri] + 1
        self.versions[uri] = version
        pos = {"line": line, "character": char}
        change: JsonObj = {"range": {"start": pos, "end": pos}, "text": inserted}
        if self.full_sync():
            change = {"text": whole()}
        params = {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
        return version, self.client.notify("textDocument/didChange", params)

    def wait_publish(self, uri: str, start: int, version: int | None = None) -> Incoming:
        """The first publish for ``uri`` after index ``start`` (for ``version`` if given).

        A publish without a version is accepted from a server that has not sent a
        versioned one yet: it does not say which text it analysed, so the first one after
        the change is the best an editor knows. A server that versions its publishes for
        open files and also publishes for files on disk (promptls' workspace scan) says
        with the version which one answers the ``didOpen``.
        """
        versions = any(
            n.msg.get("method") == PUBLISH
            and (n.msg.get("params") or {}).get("version") is not None
            for n in self.client.notifications_since(0)
        )

        def matches(msg: JsonObj) -> bool:
            if msg.get("method") != PUBLISH:
                return False
            params = msg.get("params") or {}
            if params.get("uri") != uri:
                return False
            got = params.get("version")
            return version is None or got == version or (got is None and not versions)

        item, _ = self.client.wait_for(matches, self.timeout, start)
        return item

    def pull(self, uri: str) -> tuple[Any, float]:
        """textDocument/diagnostic; returns (report, time the answer arrived)."""
        params = {"textDocument": {"uri": uri}}
        rid = self.client.send_request("textDocument/diagnostic", params)
        result, _, received = self.client.wait_response(rid, self.timeout)
        return result, received

    def open_and_wait(self, uri: str, text: str) -> tuple[float, int]:
        """didOpen → first diagnostics; (seconds, number of diagnostics)."""
        mark = self.client.mark()
        sent = self.open(uri, text)
        if self.mode == "pull":
            report, received = self.pull(uri)
            return received - sent, len((report or {}).get("items", []))
        item = self.wait_publish(uri, mark, 1)
        return item.at - sent, len(item.msg["params"].get("diagnostics", []))

    def publishes_since(self, uri: str, start: int) -> list[Incoming]:
        """Every publish for ``uri`` received after notification index ``start``."""
        items = self.client.notifications_since(start)
        return [
            i
            for i in items
            if i.msg.get("method") == PUBLISH and (i.msg.get("params") or {}).get("uri") == uri
        ]

    def hover(self, uri: str, line: int, char: int) -> tuple[Any, float]:
        """One hover request; (result, seconds)."""
        params = {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}}
        return self.client.timed_request("textDocument/hover", params, self.timeout)

    def wait_idle(self, limit: float = 5.0, quiet: float = 0.15) -> float:
        """Wait (bounded) until the server stops using CPU; returns the seconds waited.

        Servers may keep working after they publish (caches, sizes); a latency row meant
        for steady state starts once that is over, and the wait itself is reported.
        """
        start = time.perf_counter()
        last = self.client.cpu_seconds()
        still_since = time.perf_counter()
        while time.perf_counter() - start < limit:
            time.sleep(0.05)
            now = self.client.cpu_seconds()
            if now != last:
                last, still_since = now, time.perf_counter()
            elif time.perf_counter() - still_since >= quiet:
                break
        return time.perf_counter() - start

    def settle(self, seconds: float) -> None:
        """Let late messages arrive (bounded); used only after the timed part is over."""
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            if not self.client.alive():
                raise LspError(f"server died: {self.client.describe_exit()}")
            time.sleep(min(0.05, max(0.0, deadline - time.perf_counter())))
