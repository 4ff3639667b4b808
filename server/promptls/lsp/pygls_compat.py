"""pygls compatibility: what pygls 2.1 gets wrong for promptls, fixed in one place.

Every workaround names its upstream pygls issue (openlawlibrary/pygls#N) where one
exists; "none found" means the tracker had no report when this was written.

* A request whose params do not match the method's schema gets no response at all;
  JSON-RPC wants ``InvalidParams`` (-32602) for that id (``structure_message``). None
  found; #326 discusses leniency for such params, not answering them.
* A body that is not JSON gets no response; JSON-RPC wants ``Parse error`` (-32700)
  with ``id: null`` (``answer_unparsable``). None found.
* A JSON array (a JSON-RPC batch, which LSP does not have) or a bare value gets none;
  JSON-RPC wants one ``Invalid Request`` (-32600) with ``id: null``. None found.
* Requests before ``initialize`` are served and those after ``shutdown`` dropped; LSP
  wants ServerNotInitialized (-32002) and InvalidRequest (``_out_of_session``). Related:
  #605 (after ``shutdown`` pygls drops every message, responses included).
* A client's response that does not fit the request's result type (``null`` for
  ``workspace/configuration``) is dropped, so the server's await never ends; it now
  fails that await with the error, which the caller already handles. None found.
* pygls keeps its own copy of each document, and its position codec clamps a column
  past the end of a line *in place* (and one short), so the ``didChange`` params
  reaching promptls had been altered; the copy also cost a Python loop over every line
  per keystroke. The sync notifications go straight to promptls' own store
  (``lsp_text_document__did_*``). None found.
* The future of every handler run is filed under its message id and only a request's
  answer removes it, so every notification (every keystroke) kept its future and params
  forever (``_execute_handler``). None found for this table; #608 reports the same leak
  pattern in ``_result_types``.
* ``shutdown`` cancels pending server→client requests while iterating the live table; a
  response landing then fails it with "dictionary changed size during iteration"
  (``lsp_shutdown``). None found; a response to a request cancelled there is #621
  (``InvalidStateError``, fixed after 2.1.1).
* Reading: a frame with a broken or missing ``Content-Length`` makes the next body be
  read as a header line glued to the following ``Content-Length`` header, and from then
  on every message is lost; and a buffered ``read(n)`` allocates ``n`` bytes up front,
  so ``Content-Length: 99999999999`` ended the server with a MemoryError
  (:class:`ResyncingInput`). None found.

The workarounds reach into pygls' private attributes. pyproject.toml pins pygls to the
2.1 minor series, and :func:`check_pygls` (run when the protocol is built, so at every
server start) names any private attribute that is missing instead of letting a
workaround fail silently or crash mid-session.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Generator, Iterator
from functools import partial
from typing import Any, BinaryIO

from lsprotocol import types
from pygls.exceptions import (
    JsonRpcException,
    JsonRpcInvalidRequest,
    JsonRpcParseError,
    JsonRpcServerNotInitialized,
)
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from promptls import later

log = logging.getLogger(__name__)

PYGLS_SERIES = "2.1"
"""The pygls minor series these workarounds were written and tested against."""
_PRIVATE_METHODS = (
    "_send_response",
    "_handle_response",
    "_execute_handler",
    "structure_message",
    "lsp_shutdown",
    "lsp_text_document__did_open",
    "lsp_text_document__did_change",
    "lsp_text_document__did_close",
)
"""pygls methods the workarounds call or replace (a renamed one would silently bring
back the behaviour it replaces)."""
_PRIVATE_STATE = ("_request_futures", "_shutdown", "_workspace", "fm")
"""Attributes pygls' protocol sets up in ``__init__`` that the workarounds read."""


class PyglsIncompatibleError(RuntimeError):
    """The installed pygls lacks something promptls' workarounds depend on."""


def check_pygls(protocol: LanguageServerProtocol | None = None) -> None:
    """Raise :class:`PyglsIncompatibleError` naming the first missing private attribute.

    With ``protocol``, also check the state its ``__init__`` set up.
    """
    missing = [n for n in _PRIVATE_METHODS if not hasattr(LanguageServerProtocol, n)]
    if protocol is not None:
        missing += [n for n in _PRIVATE_STATE if n not in vars(protocol)]
    if missing:
        version = later.importlib_metadata.version("pygls")
        raise PyglsIncompatibleError(
            f"promptls needs pygls {PYGLS_SERIES}.x, but pygls {version} has no "
            f"{', '.join(missing)} (private pygls attributes promptls' protocol fixes use); "
            f'install "pygls>={PYGLS_SERIES},<2.2"'
        )


_HEADER = b"Content-Length:"
_CHUNK = 1 << 20
"""Bytes read at a time for a message body."""


class Rejected:
    """A message pygls could not structure: answered (requests) or dropped (notifications).

    A plain class, not a dataclass: it loads with the server, before ``initialize``, and
    a frozen dataclass's generated methods cost ~0.35 ms of that start.
    """

    __slots__ = ("error", "is_request", "method", "msg_id")

    def __init__(self, msg_id: Any, method: str, error: JsonRpcException, is_request: bool) -> None:
        """Keep what the answer (or the log line) needs."""
        self.msg_id = msg_id
        self.method = method
        self.error = error
        self.is_request = is_request


class PromptProtocol(LanguageServerProtocol):
    """pygls' protocol, plus the error responses JSON-RPC requires for malformed input."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """pygls' protocol, checked for every private attribute the fixes below use."""
        super().__init__(*args, **kwargs)
        check_pygls(self)
        self.last_message = 0.0
        """``time.monotonic()`` when the last message arrived: background work waits for a
        quiet moment (``lsp/warmup.py``)."""

    def structure_message(self, data: dict[str, Any]) -> Any:
        """Keep the id of a request whose params are invalid so it can be answered."""
        try:
            return super().structure_message(data)
        except JsonRpcException as exc:
            method = data.get("method")
            msg_id = data.get("id")
            if method is None and "jsonrpc" in data and _valid_id(msg_id):
                return Rejected(msg_id, "", exc, False)  # a malformed response
            if not isinstance(method, str):
                raise
            return Rejected(msg_id, method, exc, "id" in data and _valid_id(msg_id))

    def handle_message(self, message: Any) -> None:
        """Answer rejected requests and non-messages; pass everything else to pygls."""
        self.last_message = time.monotonic()
        if isinstance(message, Rejected):
            if not message.method:
                log.warning("malformed response to request %s: %s", message.msg_id, message.error)
                self._handle_response(message.msg_id, None, message.error.to_response_error())
            elif message.is_request:
                self._send_response(message.msg_id, None, message.error.to_response_error())
            else:
                log.warning("dropped malformed %s notification: %s", message.method, message.error)
            return
        if not hasattr(message, "jsonrpc"):
            log.warning("not a JSON-RPC message (LSP has no batches): %.200r", message)
            error = JsonRpcInvalidRequest(message="Invalid Request: not a JSON-RPC message")
            self._send_response(None, None, error.to_response_error())  # type: ignore[arg-type]
            return
        if self._out_of_session(message):
            return
        super().handle_message(message)

    def _out_of_session(self, message: Any) -> bool:
        """Before ``initialize`` and after ``shutdown`` requests get the errors LSP names.

        pygls answers requests before ``initialize`` as usual and drops those after
        ``shutdown`` without a response; LSP wants ServerNotInitialized (-32002) and
        InvalidRequest. Notifications then are dropped (``exit`` always goes through).
        """
        method = getattr(message, "method", None)
        if not isinstance(method, str) or method in (types.INITIALIZE, types.EXIT):
            return False
        is_request = hasattr(message, "id")
        if self._workspace is None:
            error: JsonRpcException = JsonRpcServerNotInitialized(
                message=f"Server not initialized: {method} before initialize"
            )
        elif self._shutdown:
            error = JsonRpcInvalidRequest(message=f"Invalid Request: {method} after shutdown")
        else:
            return False
        if is_request:
            self._send_response(message.id, None, error.to_response_error())
        else:
            log.warning("dropped %s notification: %s", method, error)
        return True

    # promptls keeps its own copy of every open document (``documents.py``, positions
    # by ``positions.py``); pygls' copy was never read, cost a Python loop over every
    # line on each keystroke (half the server's time while typing in a 1 MB file) and
    # its codec altered the params in place. The sync notifications therefore go
    # straight to promptls' handlers and pygls' workspace holds no documents.

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Iterator[Any]:
        """Hand the document to promptls only."""
        handler = self.fm.features.get(types.TEXT_DOCUMENT_DID_OPEN)
        if handler is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(
        self, params: types.DidChangeTextDocumentParams
    ) -> Iterator[Any]:
        """Hand the changes to promptls only, exactly as sent."""
        handler = self.fm.features.get(types.TEXT_DOCUMENT_DID_CHANGE)
        if handler is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(
        self, params: types.DidCloseTextDocumentParams
    ) -> Iterator[Any]:
        """Hand the close to promptls only."""
        handler = self.fm.features.get(types.TEXT_DOCUMENT_DID_CLOSE)
        if handler is not None:
            yield handler, (params,), None

    def _execute_handler(
        self,
        msg_id: Any,
        handler: Any,
        callback: Any,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """Forget each handler's future once it is done.

        pygls files the future of every handler run under its message id (a fresh uuid
        for notifications and for each step of its generator handlers) and only a
        request's answer removes it: every notification, i.e. every keystroke, kept its
        future and params forever (about 2 KB per edit).
        """
        super()._execute_handler(msg_id, handler, callback, args, kwargs)
        future = self._request_futures.get(msg_id)
        if future is not None:
            future.add_done_callback(partial(self._forget_future, msg_id))

    def _forget_future(self, msg_id: Any, future: Any) -> None:
        """Drop a finished future from pygls' table (unless the id was reused since).

        Cancelled ones are left alone: cancelling happens while pygls walks the table
        (``shutdown``) or after it removed the entry itself (``$/cancelRequest``).
        """
        if not future.cancelled() and self._request_futures.get(msg_id) is future:
            self._request_futures.pop(msg_id, None)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls' shutdown, cancelling pending server→client requests over a *copy*.

        pygls iterates the live dict while cancelling; a response to one of those requests
        landing at that moment (seen under load, while ``initialized`` still awaited the
        client) changed its size and the shutdown failed with "dictionary changed size
        during iteration".
        """
        handler = self.fm.features.get(types.SHUTDOWN)
        if handler is not None:
            yield handler, args, None
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._shutdown = True

    def answer_unparsable(self, error: Exception) -> bool:
        """A body that is not JSON (or not UTF-8): send Parse error with a null id."""
        if isinstance(error, JsonRpcException) or not isinstance(error, ValueError):
            return False
        log.warning("message body is not JSON: %s", error)
        parse = JsonRpcParseError(message=f"Parse error: {error}")
        self._send_response(None, None, parse.to_response_error())  # type: ignore[arg-type]
        return True


def _valid_id(value: Any) -> bool:
    """JSON-RPC ids are strings or integers (``null`` only in error responses)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


class ResyncingInput:
    """A binary stdin whose ``readline`` starts a new line at every ``Content-Length:``.

    Only header reading sees the split: bodies are read with ``read(n)``, which returns
    any split-off remainder first, so a well-formed stream is read byte for byte as is.
    """

    def __init__(self, raw: BinaryIO) -> None:
        """Wrap the real stdin (pygls calls only ``readline`` and ``read``)."""
        self._raw = raw
        self._pending = b""

    def readline(self) -> bytes:
        """The next header line; text glued before a ``Content-Length:`` is its own line."""
        line, self._pending = (self._pending or self._raw.readline()), b""
        cut = line.find(_HEADER, 1)
        if cut > 0:
            log.warning("discarding %d bytes of a broken frame", cut)
            line, self._pending = line[:cut], line[cut:]
        return line

    def read(self, size: int) -> bytes:
        """Exactly the body bytes pygls asks for (fewer only at end of input).

        Read in chunks: a buffered ``read(n)`` allocates ``n`` bytes up front, so a
        client declaring ``Content-Length: 99999999999`` killed the server with a
        MemoryError; now memory follows the bytes that actually arrive.
        """
        head, self._pending = self._pending[:size], self._pending[size:]
        chunks, remaining = [head], size - len(head)
        while remaining > 0:
            chunk = self._raw.read(min(remaining, _CHUNK))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)

    def close(self) -> None:
        """Close the underlying stream."""
        self._raw.close()
