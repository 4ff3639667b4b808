"""PL017 (not-utf8) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL017/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL017`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.config import Settings
from tests.analysis.rules.test_pl013 import _check, _spans

# The rules that read a discovery (PL013, PL017) on real trees: where each finding is
# shown and which file it belongs to.
#
# Written against mutation testing (docs/mutation.md). Each tree is a repository root with
# an empty home, discovered the way ``promptls check`` does.


# PL017: the first replacement character of this file, or its first line
def test_pl017_marks_the_replacement_character_of_a_stray_byte(tmp_path: Path) -> None:
    files = {"AGENTS.md": b"# Root\n\nab\xffcd\n"}
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017")
    assert [(f.start, f.end) for f in found] == [(10, 11)]
    assert found[0].message == (
        "not valid UTF-8 at byte 10: codex reads the file as UTF-8 and sends replacement "
        "characters in its place"
    )


def test_pl017_a_bad_first_byte_is_marked_alone(tmp_path: Path) -> None:
    files = {"AGENTS.md": b"\xff Root rules\n"}
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017")
    assert [(f.start, f.end) for f in found] == [(0, 1)]


def test_pl017_an_editor_buffer_without_the_bad_byte_is_marked_on_its_first_line(
    tmp_path: Path,
) -> None:
    files = {"AGENTS.md": b"# Root\n\nab\xffcd\n"}
    buffer = "\n# Root fixed\n\nabcd\n"
    _, found = _check(tmp_path, files, "codex", "AGENTS.md", "PL017", text=buffer)
    assert [(f.start, f.end) for f in found] == [(1, 13)]


def test_pl017_belongs_to_the_file_with_the_bad_byte_only(tmp_path: Path) -> None:
    bad: dict[str, str | bytes] = {"AGENTS.md": "# Root\n", "pkg/AGENTS.md": b"# Pkg \xff\n"}
    text, found = _check(tmp_path, bad, "codex", "pkg/AGENTS.md", "PL017")
    assert _spans(text, found) == ["\ufffd"]  # found after the root's clean entry
    clean: dict[str, str | bytes] = {"AGENTS.md": b"# Root \xff\n", "pkg/AGENTS.md": "# Pkg\n"}
    _, found = _check(tmp_path / "other", clean, "codex", "pkg/AGENTS.md", "PL017")
    assert found == []


# PL017 on files an agent reads when they are used (skills, commands, subagents): their
# bytes on disk are read only to confirm what the analysed text shows.


ONLY = Settings(select=("PL017",))


def _command(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / ".claude" / "commands" / "deploy.md"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    return path


def test_the_analysed_text_decides_not_the_disk(tmp_path: Path) -> None:
    """An editor that decoded the file as Latin-1 shows no replacement character: the
    buffer the user sees is what is analysed, so nothing is reported."""
    path = _command(tmp_path, b"Deploy the caf\xe9 menu.\n")
    assert analyze("Deploy the café menu.\n", path=str(path), settings=ONLY).findings == ()
    [finding] = analyze("Deploy the caf\ufffd menu.\n", path=str(path), settings=ONLY).findings
    assert finding.message.startswith("not valid UTF-8 at byte 14: the agent reads it")


def test_a_file_no_agent_uses_is_left_to_discovery(tmp_path: Path) -> None:
    """A CLAUDE.md is judged by the discoveries that load it (none here), not as a file
    read when used."""
    path = tmp_path / "CLAUDE.md"
    path.write_bytes(b"Caf\xe9.\n")
    assert analyze("Caf\ufffd.\n", path=str(path), settings=ONLY).findings == ()
