"""PL017 on files an agent reads when they are used (skills, commands, subagents): their
bytes on disk are read only to confirm what the analysed text shows."""

from __future__ import annotations

from pathlib import Path

from promptls.analysis import analyze
from promptls.analysis.settings import Settings

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
