"""Path containment of the MCP tools' arguments, for any string a model may send: the
answer is a path inside a root, or a refusal; never a path outside, never a crash."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.mcp.roots import InputError, Roots, resolve, roots_from
from tests import examples

_PARTS = st.sampled_from(
    ["..", ".", "a", "project", "other", "", "~", "file:", "%2e%2e", "\\", "c:"]
)
_PATHS = st.lists(_PARTS, max_size=6).map("/".join) | st.text(max_size=20)


@settings(max_examples=examples(300), deadline=None)
@given(value=_PATHS, absolute=st.booleans(), as_uri=st.booleans())
def test_a_resolved_path_is_always_inside_a_root(value: str, absolute: bool, as_uri: bool) -> None:
    roots = Roots(("/srv/ws/project", "/srv/ws/other"), "client")
    sent = ("/srv/ws/" + value if absolute else value) if not as_uri else "file://" + value
    try:
        holder, path = resolve(sent, roots)
    except InputError:
        return
    assert holder in roots.folders
    assert path == holder or path.startswith(holder + os.sep)
    assert ".." not in Path(path).parts


def test_roots_come_from_file_uris_only_else_the_servers_folder(tmp_path: Path) -> None:
    listed = roots_from(["file:///srv/a%20b", "https://example.com/x", "file://host/y"])
    assert listed == Roots(("/srv/a b",), "client")
    assert roots_from([], str(tmp_path)) == Roots((str(tmp_path),), "cwd")
    assert roots_from(None, str(tmp_path)).source == "cwd"
