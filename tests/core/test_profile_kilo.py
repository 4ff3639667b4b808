"""Kilo Code's instruction files: opencode's loader with Kilo's names and rules.

Restates what the pinned Kilo CLI sends (oracle scenarios "kilo: ..." in
``tests/oracle/scenarios.py``, @kilocode/cli 7.7.7, 2026-12-06), so the default suite
keeps the model without running the agent.
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis.engine import document_kind
from promptls.analysis.model import DocumentKind
from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery import is_instruction_path, workspace_globs
from tests.core.helpers import write


def kilo(tree: Path, cwd: Path) -> Discovery:
    """Discover as Kilo with ``tree/home`` as home."""
    home = tree / "home"
    return discover(cwd, "kilo", home=home, environ={"HOME": str(home)})


def sent(found: Discovery, tree: Path) -> list[str]:
    return [str(Path(f.path).relative_to(tree)) for f in found.files]


def repo(tree: Path) -> Path:
    root = tree / "ws"
    (root / ".git").mkdir(parents=True)
    return root


def test_kilos_global_folder_replaces_opencodes(tmp_path: Path) -> None:
    """oracle: "kilo: global and project AGENTS.md, nearest first"."""
    root = repo(tmp_path)
    write(tmp_path / "home/.config/kilo/AGENTS.md", "kilo global\n")
    write(tmp_path / "home/.config/opencode/AGENTS.md", "opencode global\n")
    write(root / "AGENTS.md", "root\n")
    write(root / "a/AGENTS.md", "a\n")
    assert sent(kilo(tmp_path, root / "a"), tmp_path) == [
        "home/.config/kilo/AGENTS.md",
        "ws/a/AGENTS.md",
        "ws/AGENTS.md",
    ]


def test_rules_of_the_home_and_the_working_folder_then_every_modes(tmp_path: Path) -> None:
    """oracle: "kilo: rules folders": *.md directly in the folders, .kilo before
    .kilocode (a name taken by the first is shadowed in the second), the legacy files,
    every known mode; nothing from a folder above the working folder."""
    root = repo(tmp_path)
    work = root / "a"
    write(tmp_path / "home/.kilo/rules/g.md", "global\n")
    write(tmp_path / "home/.kilocode/rules/g.md", "same name\n")
    write(root / ".kilocode/rules/up.md", "above the working folder\n")
    write(work / ".kilo/rules/b.md", "kilo rule\n")
    write(work / ".kilocode/rules/b.md", "same name\n")
    write(work / ".kilocode/rules/z.md", "kilocode rule\n")
    write(work / ".kilocode/rules/notes.txt", "not markdown\n")
    write(work / ".kilocode/rules/sub/deep.md", "not read\n")
    write(work / ".kilocoderules", "legacy\n")
    write(work / ".kilocode/rules-code/m.md", "code mode\n")
    write(work / ".kilocoderules-code", "legacy code mode\n")
    write(work / ".kilo/rules-architect/m.md", "architect mode\n")
    write(work / ".kilocode/rules-other/m.md", "no such mode\n")
    found = kilo(tmp_path, work)
    assert sent(found, tmp_path) == [
        "home/.kilo/rules/g.md",
        "ws/a/.kilo/rules/b.md",
        "ws/a/.kilocode/rules/z.md",
        "ws/a/.kilocoderules",
        "ws/a/.kilocode/rules-code/m.md",
        "ws/a/.kilocoderules-code",
        "ws/a/.kilo/rules-architect/m.md",
    ]
    shadowed = sorted(
        str(Path(e.path).relative_to(tmp_path))
        for e in found.entries
        if e.status is EntryStatus.SHADOWED
    )
    assert shadowed == ["home/.kilocode/rules/g.md", "ws/a/.kilocode/rules/b.md"]


def test_rules_come_before_the_instructions_of_its_settings_files(tmp_path: Path) -> None:
    """oracle: "kilo: rules before the instructions of kilo.json and opencode.json"."""
    root = repo(tmp_path)
    write(tmp_path / "home/.config/kilo/kilo.json", '{"instructions": ["gdocs/*.md"]}')
    write(root / "gdocs/g.md", "user json\n")
    write(root / "kilo.json", '{"instructions": ["docs/*.md"]}')
    write(root / "docs/k.md", "kilo json\n")
    write(root / "opencode.json", '{"instructions": ["odocs/*.md"]}')
    write(root / "odocs/o.md", "opencode json\n")
    write(root / ".kilo/kilo.json", '{"instructions": ["kdocs/*.md"]}')
    write(root / "kdocs/d.md", "dot kilo json\n")
    write(root / ".kilocode/rules/r.md", "rule\n")
    write(root / "AGENTS.md", "root\n")
    assert sent(kilo(tmp_path, root), tmp_path) == [
        "ws/AGENTS.md",
        "ws/.kilocode/rules/r.md",
        "ws/gdocs/g.md",
        "ws/docs/k.md",
        "ws/odocs/o.md",
        "ws/kdocs/d.md",
    ]


def test_every_rules_folder_kilo_reads_holds_instruction_files(tmp_path: Path) -> None:
    """check and the editors take a file for an instruction file (PL003, not a prompt's
    PL005) in each folder Kilo's walk reads rules from, and nowhere else."""
    rules = [".kilo/rules/a.md", ".kilocode/rules/a.md", ".kilo/rules-ask/a.md"]
    rules.append(".kilocode/rules-orchestrator/a.md")
    for rel in rules:
        assert is_instruction_path(tmp_path / "ws" / rel, ["kilo"]), rel
        assert document_kind(str(tmp_path / "ws" / rel)) is DocumentKind.INSTRUCTION, rel
    assert not is_instruction_path(tmp_path / "ws" / ".kilo/rules-other/a.md", ["kilo"])
    assert not is_instruction_path(tmp_path / "ws" / ".kilo/notes/a.md", ["kilo"])
    assert all(f"**/{rel.rsplit('/', 1)[0]}/**/*.md" in workspace_globs() for rel in rules)
