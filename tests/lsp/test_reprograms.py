"""promptls' own regular expressions come back from the code cache as the patterns
``re.compile`` makes, a second start compiles none of them, and a pattern built from a
workspace's settings is never kept."""

from __future__ import annotations

import json
import marshal
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from promptls.lsp import codecache, reprograms
from promptls.text import lazyre
from tests.reliability.rawlsp import RawClient

_EVERY_CONSTANT = r"""
import importlib, json, pkgutil, sys
import promptls
from promptls.lsp import codecache
from promptls.text.lazyre import _LazyPattern
from promptls.text.leads import Leads

cache = codecache.CodeCache(sys.argv[1])
cache.load()
assert cache.programs.install()
for info in pkgutil.walk_packages(promptls.__path__, "promptls."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
for module in list(sys.modules.values()):
    if getattr(module, "__name__", "").startswith("promptls."):
        for value in list(vars(module).values()):
            if isinstance(value, _LazyPattern):
                value._pattern()
            elif isinstance(value, Leads):
                value.alternatives
programs = cache.programs
differ = [
    repr(key) for key, kept in programs.known.items()
    if programs._original(key[0], key[1]) != codecache.reprograms.build(key[0], kept)
]
print(json.dumps({"kept": len(programs.known), "new": len(programs.fresh),
                  "reused": programs.reused, "differ": differ}))
cache.save()
"""


def _every_constant(folder: Path) -> dict[str, object]:
    """Compile every constant pattern promptls defines in a fresh process with the cache
    in ``folder``; what the cache kept, compiled anew and reused, and which differ."""
    done = subprocess.run(
        [sys.executable, "-c", _EVERY_CONSTANT, str(folder)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.skipif(not reprograms.supported(), reason="CPython 3.11-3.13 only")
def test_every_constant_pattern_comes_back_as_re_compiles_it_and_is_compiled_once(
    tmp_path: Path,
) -> None:
    first = _every_constant(tmp_path)
    assert first["differ"] == []
    assert isinstance(first["kept"], int) and first["kept"] >= 40
    assert first["new"] == first["kept"]
    second = _every_constant(tmp_path)
    assert second["differ"] == []
    assert (second["new"], second["reused"]) == (0, first["kept"])


def _kept_after_a_session(
    root: Path, cache: Path
) -> tuple[set[str | bytes], list[dict[str, object]]]:
    """A session whose settings configure a marker and prompt globs, opening a prompt
    that uses them: the patterns the cache kept after it, and the diagnostics."""
    marker = "<<<ZEBRA_SPLIT_7>>>"
    (root / ".promptls.toml").write_text(
        f'markers = ["{marker}"]\nprompt-files = ["zebra/**/*.md"]\n', encoding="utf-8"
    )
    prompt = root / "zebra" / "a.md"
    prompt.parent.mkdir()
    prompt.write_text(
        f"Static.\n\n{marker}\n\nDynamic, then ZEBRA-SPLIT_7.\n\n{marker}\n", encoding="utf-8"
    )
    (root / "home").mkdir()
    client = RawClient(
        root / "home", env={**os.environ, "PROMPTLS_CODE_CACHE": str(cache)}, cwd=root
    )
    try:
        client.initialize(root)
        document = {
            "uri": prompt.as_uri(),
            "languageId": "markdown",
            "version": 1,
            "text": prompt.read_text(encoding="utf-8"),
        }
        client.notify("textDocument/didOpen", {"textDocument": document})
        published = client.wait_notification(
            lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == document["uri"]
            )
        )
    finally:
        assert client.close() == 0
    (file,) = cache.iterdir()
    _, programs = codecache._decode(file.read_bytes())
    return {pattern for pattern, _ in programs}, published["params"]["diagnostics"]


@pytest.mark.skipif(not reprograms.supported(), reason="CPython 3.11-3.13 only")
def test_a_pattern_built_from_settings_is_never_kept(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    kept, diagnostics = _kept_after_a_session(tmp_path / "ws", tmp_path / "cache")
    assert {d["code"] for d in diagnostics} >= {"PL001"}  # the configured marker, twice
    assert kept  # the session's own patterns were kept
    settings_words = ("ZEBRA", "zebra", b"ZEBRA", b"zebra")
    assert not [p for p in kept if any(type(w) is type(p) and w in p for w in settings_words)]


def test_another_interpreter_keeps_nothing_and_compiles_as_usual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reprograms, "SUPPORTED", ((2, 0), (2, 7)))
    from re import _compiler  # type: ignore[attr-defined]

    before = _compiler.compile
    programs = reprograms.Programs({})
    assert programs.install() is False
    assert _compiler.compile is before


def test_only_constants_are_kept_and_a_kept_program_is_the_same_pattern() -> None:
    programs = reprograms.Programs({})
    plain = programs.compile(r"(?P<word>[a-z]+)-(\d+)", 0)
    assert programs.known == {}
    with lazyre.constants():
        kept = programs.compile(r"(?P<word>[a-z]+)-(\d+)", 0)
        again = programs.compile(r"(?P<word>[a-z]+)-(\d+)", 0)
        raw = programs.compile(rb"\xe2\x80[\x8b-\x8f]", re.ASCII)
    assert len(programs.known) == 2 and programs.reused == 1
    assert kept == plain == again
    assert kept.groupindex == {"word": 1}
    assert kept.search("see abc-42").groups() == ("abc", "42")  # type: ignore[union-attr]
    assert raw.search(b"a\xe2\x80\x8bb") is not None


def test_a_damaged_program_entry_is_dropped() -> None:
    good_key = ("x+", 0)
    good = reprograms.program("x+", 0)
    for bad in ("junk", (0, "not bytes", 0, {}, ()), (0, b"", 0, {})):
        table = {good_key: good, ("y+", 0): bad, (b"z", "flags"): good}
        payload = marshal.dumps(({}, table))
        blob = codecache._HEAD + codecache.MAGIC_NUMBER + codecache._crc(payload) + payload
        assert codecache._decode(blob) == ({}, {good_key: good})


@pytest.mark.skipif(not reprograms.supported(), reason="CPython 3.11-3.13 only")
def test_a_session_with_kept_programs_reports_what_the_first_did(tmp_path: Path) -> None:
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
    kept, first = _kept_after_a_session(tmp_path / "first", tmp_path / "cache")
    again, second = _kept_after_a_session(tmp_path / "second", tmp_path / "cache")

    def shown(diagnostics: list[dict[str, object]]) -> list[tuple[str, str, str]]:
        return [(json.dumps(d["range"]), str(d["code"]), str(d["message"])) for d in diagnostics]

    assert shown(second) == shown(first)
    assert again == kept
