"""The generated-code cache: a second start reuses what the first compiled, and a cache
file that is damaged, foreign or unwritable never changes what the server does."""

from __future__ import annotations

import binascii
import collections
import marshal
import os
import sys
import typing
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import attr
import cattrs
import pytest
from bench.lsp_client import JsonObj

from promptls.lsp import codecache
from promptls.lsp.codecache import CodeCache
from tests.reliability.rawlsp import SERVER, RawClient

GENERATED = (
    "def __init__(self, x, y):\n    self.x = x\n    self.y = y\n",
    "def __eq__(self, other):\n    return (self.x, self.y) == (other.x, other.y)\n",
    "def __repr__(self):\n    return f'P(x={self.x!r}, y={self.y!r})'\n",
)


def _compile_all(cache: CodeCache, filename: str = "<attrs generated P>") -> dict[str, object]:
    """Compile and run the three generated methods through ``cache``, as attrs does."""
    namespace: dict[str, object] = {}
    for source in GENERATED:
        exec(cache.compile(source, filename, "exec"), {}, namespace)
    return namespace


def _methods_work(namespace: dict[str, object]) -> None:
    point = type("P", (), namespace)
    a, b = point(1, "y"), point(1, "y")
    assert a == b
    assert repr(a) == "P(x=1, y='y')"


def test_a_second_start_compiles_nothing_and_gets_the_same_code(tmp_path: Path) -> None:
    first = CodeCache(str(tmp_path))
    first.load()
    _methods_work(_compile_all(first))
    assert (first.compiled, first.reused) == (3, 0)
    assert first.save() is True

    second = CodeCache(str(tmp_path))
    second.load()
    _methods_work(_compile_all(second))
    assert (second.compiled, second.reused) == (0, 3)
    for source in GENERATED:
        fresh = compile(source, "<attrs generated P>", "exec")
        cached = second.compile(source, "<attrs generated P>", "exec")
        assert cached.co_code == fresh.co_code
        assert cached.co_consts[0].co_code == fresh.co_consts[0].co_code
    mtime = os.stat(second.path).st_mtime_ns
    assert second.save() is False  # nothing new: nothing written
    assert os.stat(second.path).st_mtime_ns == mtime


def test_another_file_name_or_mode_is_compiled_anew(tmp_path: Path) -> None:
    first = CodeCache(str(tmp_path))
    _compile_all(first)
    first.save()
    second = CodeCache(str(tmp_path))
    second.load()
    code = second.compile(GENERATED[0], "<attrs generated Q>", "exec")
    assert code.co_filename == "<attrs generated Q>"
    second.compile("1 + 1", "<attrs generated P>", "eval")
    second.compile(GENERATED[0], "<attrs generated P>", "exec", optimize=2)
    assert (second.compiled, second.reused) == (3, 0)


def test_what_it_does_not_cache_goes_to_the_builtin(tmp_path: Path) -> None:
    cache = CodeCache(str(tmp_path))
    tree = compile("x = 2", "<ast>", "exec", flags=0x400)  # ast.PyCF_ONLY_AST
    namespace: dict[str, object] = {}
    exec(cache.compile(tree, "<ast>", "exec"), namespace)
    assert namespace["x"] == 2
    assert cache.compiled == 0
    assert cache.save() is False
    assert not Path(cache.path).exists()


HEAD = b"promptls code cache 3\n"


def _blob(payload: bytes, *, magic: bytes = MAGIC_NUMBER) -> bytes:
    return HEAD + magic + binascii.crc32(payload).to_bytes(4, "big") + payload


KEY = (GENERATED[0], "<attrs generated P>", "exec", 0, False, -1)


def _good_file(tmp_path: Path) -> bytes:
    cache = CodeCache(str(tmp_path))
    _compile_all(cache)
    cache.save()
    return Path(cache.path).read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        "empty",
        "truncated",
        "flipped byte",
        "other interpreter",
        "other format",
        "not a table",
        "not two tables",
        "not code",
        "not a key",
        "folder",
    ],
)
def test_a_damaged_or_foreign_file_is_ignored_and_replaced(tmp_path: Path, damage: str) -> None:
    good = _good_file(tmp_path)
    path = Path(CodeCache(str(tmp_path)).path)
    payload = good[len(HEAD) + len(MAGIC_NUMBER) + 4 :]
    if damage == "folder":
        path.unlink()
        path.mkdir()
    else:
        path.write_bytes(
            {
                "empty": b"",
                "truncated": good[: len(good) // 2],
                "flipped byte": good[:-40] + bytes([good[-40] ^ 0xFF]) + good[-39:],
                "other interpreter": _blob(payload, magic=b"\x00\x00\r\n"),
                "other format": b"promptls code cache 2\n" + good[len(HEAD) :],
                "not a table": _blob(marshal.dumps([1, 2, 3])),
                "not two tables": _blob(marshal.dumps(({}, {}, {}))),
                "not code": _blob(marshal.dumps(({KEY: "print('no')"}, {}))),
                "not a key": _blob(
                    marshal.dumps(({b"k" * 32: compile("x = 1", "<k>", "exec")}, {}))
                ),
            }[damage]
        )
    cache = CodeCache(str(tmp_path))
    cache.load()
    _methods_work(_compile_all(cache))
    assert (cache.compiled, cache.reused) == (3, 0)
    if damage != "folder":
        assert cache.save() is True
        again = CodeCache(str(tmp_path))
        again.load()
        _compile_all(again)
        assert again.reused == 3


def test_a_folder_that_cannot_be_written_only_means_no_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    cache = CodeCache(str(blocker / "promptls"))
    cache.load()
    _methods_work(_compile_all(cache))
    assert cache.save() is False
    assert blocker.read_text(encoding="utf-8") == "a file where the cache folder would be"


def test_exec_through_the_cache_runs_where_the_builtin_would(tmp_path: Path) -> None:
    cache = CodeCache(str(tmp_path))
    namespace: dict[str, object] = {}
    cache.exec("def f():\n    return 42\n", {}, namespace)
    assert callable(namespace["f"])
    here = {"value": 1}
    cache.exec("value = value + 1", here)
    assert here["value"] == 2
    assert cache.compiled == 2


_NAMED_TUPLE = """
from __future__ import annotations
from typing import NamedTuple
class Span(NamedTuple):
    start: int
    end: int = 0
    label: tuple[str, ...] = ()
"""


def _make_span() -> type:
    """A ``typing.NamedTuple`` class made as a module of promptls makes one."""
    namespace: dict[str, object] = {"__name__": "m"}
    exec(_NAMED_TUPLE, namespace)
    span = namespace["Span"]
    assert isinstance(span, type)
    return span


def _through(cache: CodeCache, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache in front of typing's and namedtuple's compiling, as the server puts it."""
    monkeypatch.setattr(typing, "compile", cache.compile, raising=False)
    monkeypatch.setattr(collections, "eval", cache.eval, raising=False)


def test_named_tuples_made_through_the_cache_are_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = _make_span()
    first = CodeCache(str(tmp_path))
    _through(first, monkeypatch)
    made = [_make_span()]
    # the annotations int and tuple[str, ...] (int twice: once from the cache) and __new__
    assert (first.compiled, first.reused) == (3, 1)
    assert first.save() is True
    second = CodeCache(str(tmp_path))
    second.load()
    _through(second, monkeypatch)
    made.append(_make_span())
    assert (second.compiled, second.reused) == (0, 4)
    for span in made:
        assert span(1) == plain(1) == (1, 0, ())
        assert span(start=2, label=("x",)) == plain(2, 0, ("x",))
        assert repr(span(1, 2)) == repr(plain(1, 2)) == "Span(start=1, end=2, label=())"
        assert typing.get_type_hints(span) == typing.get_type_hints(plain)
        with pytest.raises(TypeError):
            span()


def test_eval_without_globals_or_of_code_goes_to_the_builtin(tmp_path: Path) -> None:
    cache = CodeCache(str(tmp_path))
    assert cache.eval("  1 + 1", {}) == 2  # leading blanks stripped, as the builtin does
    assert cache.eval(compile("3", "<x>", "eval"), {}) == 3
    assert cache.eval("4") == 4
    assert cache.compiled == 1


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"PROMPTLS_CODE_CACHE": "off"}, None),
        ({"PROMPTLS_CODE_CACHE": "0"}, None),
        ({"PROMPTLS_CODE_CACHE": "/somewhere/else"}, "/somewhere/else"),
        ({"XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"}, "/xdg/promptls"),
        ({"HOME": "/home/u"}, "/home/u/.cache/promptls"),
    ],
)
def test_where_the_cache_lives(
    monkeypatch: pytest.MonkeyPatch, environ: dict[str, str], expected: str | None
) -> None:
    for name in ("PROMPTLS_CODE_CACHE", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    if sys.platform == "win32":
        pytest.skip("the POSIX cache folders")
    assert codecache.default_folder() == expected


def _session(root: Path, cache: str, log: Path) -> tuple[JsonObj, JsonObj]:
    """``promptls serve`` as an editor starts it: initialize, open AGENTS.md, wait for its
    diagnostics, shut down. Returns the initialize result and the diagnostics' params."""
    agents = root / "AGENTS.md"
    agents.write_text(
        "# Rules\n\nUse `uv`.\n\n__ZIDANE_SYSTEM_PROMPT_BOUNDARY__\n", encoding="utf-8"
    )
    uri = agents.as_uri()
    (root / "home").mkdir()
    client = RawClient(
        root / "home",
        argv=[*SERVER, "--log-level", "debug", "--log-file", str(log)],
        env={**os.environ, "PROMPTLS_CODE_CACHE": cache},
        cwd=root,
    )
    try:
        result = client.initialize(root)
        text = agents.read_text(encoding="utf-8")
        document = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
        client.notify("textDocument/didOpen", {"textDocument": document})
        published = client.wait_notification(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == uri
                and m["params"].get("version") == 1
            )
        )
    finally:
        assert client.close() == 0
    return result, published["params"]


def _counts(log: Path, when: str) -> tuple[int, int]:
    """(reused, compiled) as the server's log gives them at start (``when="at start"``),
    or when it saved the cache (``when=".bin"``)."""
    lines = log.read_text(encoding="utf-8").splitlines()
    line = next(x for x in lines if "code cache" in x and when in x)
    words = [word.strip(",") for word in line.split()]
    return int(words[words.index("reused") - 1]), int(words[words.index("compiled") - 1])


def test_the_server_keeps_lsprotocols_generated_code_between_starts(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = _session(tmp_path / "one", str(cache), tmp_path / "one.log")
    _, at_start = _counts(tmp_path / "one.log", "at start")
    # Only what the start uses: lsprotocol's ~550 classes get their methods compiled
    # when first used (lsp/lazymethods.py), the handful a start meets among them; and
    # the ~250 forward references (string annotations) typing compiles for its classes.
    assert 10 < at_start < 400
    _, compiled = _counts(tmp_path / "one.log", ".bin")
    assert compiled >= at_start
    assert [p.name for p in cache.iterdir()] == [f"generated-{MAGIC_NUMBER.hex()}.bin"]

    second = _session(tmp_path / "two", str(cache), tmp_path / "two.log")
    reused, compiled_again = _counts(tmp_path / "two.log", "at start")
    assert compiled_again == 0  # the start-up compiles nothing
    # It reuses what the first start compiled, and what the first session compiled
    # after its start for classes made at import (their methods are in the cache now).
    assert reused >= at_start
    assert second[0] == first[0]  # the same capabilities
    assert second[1]["diagnostics"] == first[1]["diagnostics"]
    assert first[1]["diagnostics"]  # the marker in an instruction file


def test_the_server_runs_the_same_with_the_cache_off(tmp_path: Path) -> None:
    (tmp_path / "on").mkdir()
    (tmp_path / "off").mkdir()
    on = _session(tmp_path / "on", str(tmp_path / "cache"), tmp_path / "on.log")
    off = _session(tmp_path / "off", "off", tmp_path / "off.log")
    assert off[0] == on[0]
    assert off[1]["diagnostics"] == on[1]["diagnostics"]
    assert "code cache" not in (tmp_path / "off.log").read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir() if p.name == "cache"] == ["cache"]


def test_a_cache_past_its_size_keeps_only_what_the_last_session_compiled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = CodeCache(str(tmp_path))
    _compile_all(old)  # three entries
    old.save()
    monkeypatch.setattr(codecache, "MAX_ENTRIES", 3)
    grown = CodeCache(str(tmp_path))
    grown.load()
    _compile_all(grown, "<attrs generated Q>")  # three more: six in all, past the cap
    assert grown.save() is True
    after = CodeCache(str(tmp_path))
    after.load()
    _compile_all(after, "<attrs generated Q>")
    _compile_all(after)
    assert (after.reused, after.compiled) == (3, 3)


def _pinned(distribution: str) -> str:
    """The version range ``pyproject.toml`` pins for one dependency."""
    text = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    for line in text.splitlines():
        spec = line.strip().split('"')[1] if line.strip().startswith('"') else ""
        name = spec.split(">")[0].split("<")[0].split("=")[0]
        if name == distribution:
            return spec[len(name) :]
    raise AssertionError(f"{distribution} is not pinned in pyproject.toml")


@pytest.mark.parametrize("distribution", sorted(codecache.WRITTEN_FOR))
def test_the_pins_are_the_releases_the_cache_was_written_for(distribution: str) -> None:
    low, high = codecache.WRITTEN_FOR[distribution]
    assert _pinned(distribution) == f">={'.'.join(map(str, low))},<{'.'.join(map(str, high))}"


def test_the_installed_attrs_and_cattrs_are_releases_it_was_written_for() -> None:
    versions = {
        "attrs": codecache.installed_version("attrs", attr),
        "cattrs": codecache.installed_version("cattrs", cattrs),
    }
    assert None not in versions.values()
    assert codecache.unsupported(versions) == []


def test_another_release_turns_the_cache_off_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(codecache.ENV, str(tmp_path))
    monkeypatch.setitem(codecache.WRITTEN_FOR, "attrs", ((1,), (2,)))
    with caplog.at_level("WARNING", logger=codecache.__name__):
        assert codecache.start() is None
    assert "code cache off" in caplog.text
    assert "attrs >=1,<2" in caplog.text


def test_a_version_that_cannot_be_read_counts_as_another_release() -> None:
    assert codecache.unsupported({"attrs": None, "cattrs": (26, 2, 1)}) == ["attrs ?"]
    assert codecache.unsupported({"attrs": (26, 1, 0), "cattrs": (27, 0)}) == ["cattrs 27.0"]


def test_generators_that_stop_compiling_through_it_are_reported(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    idle = CodeCache(str(tmp_path))
    with caplog.at_level("WARNING", logger=codecache.__name__):
        assert codecache.check_effect(idle) is False
    assert "no effect" in caplog.text
    busy = CodeCache(str(tmp_path))
    _compile_all(busy)
    assert codecache.check_effect(busy) is True
