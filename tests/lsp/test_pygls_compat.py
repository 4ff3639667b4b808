"""A pygls without the private attributes promptls' protocol fixes use is named at start-up,
not discovered mid-session as a crash or a silently returning bug."""

from __future__ import annotations

import pytest
from pygls.protocol import JsonRPCProtocol

from promptls.lsp.pygls_compat import PyglsIncompatibleError, check_pygls
from promptls.lsp.server import create_server


def test_the_installed_pygls_has_everything_the_fixes_use() -> None:
    server = create_server()
    check_pygls(server.protocol)


def test_a_missing_private_method_stops_the_server_with_its_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(JsonRPCProtocol, "_send_response")
    with pytest.raises(PyglsIncompatibleError, match=r"_send_response.*pygls>=2\.1,<2\.2"):
        create_server()
