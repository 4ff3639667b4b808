"""The Continue CLI's instruction files: one agent file, two rules folders, one block.

Restates what the pinned ``cn`` sends (oracle scenarios "continue: ..." in
``tests/oracle/scenarios.py``, @continuedev/cli 1.5.47, 2026-12-07), so the default
suite keeps the model without running the agent.
"""

from __future__ import annotations

from pathlib import Path

from promptls.analysis.engine import document_kind
from promptls.analysis.model import DocumentKind
from promptls.assembly.agents import render_agent
from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery import is_instruction_path
from tests.core.helpers import write


def cn(tree: Path, cwd: Path, **environ: str) -> Discovery:
    """Discover as the Continue CLI with ``tree/home`` as home."""
    home = tree / "home"
    return discover(cwd, "continue", home=home, environ={"HOME": str(home), **environ})


def sent(found: Discovery, tree: Path) -> list[str]:
    return [str(Path(f.path).relative_to(tree)) for f in found.files]


def reason(found: Discovery, path: Path) -> tuple[EntryStatus, str]:
    entry = next(e for e in found.entries if Path(e.path) == path)
    return entry.status, entry.reason


def repo(tree: Path) -> Path:
    root = tree / "ws"
    (root / ".git").mkdir(parents=True)
    return root


def test_agent_file_then_project_rules_then_user_rules(tmp_path: Path) -> None:
    """oracle: "continue: agent file, project rules, user rules"."""
    root = repo(tmp_path)
    write(tmp_path / "home/.continue/rules/g.md", "global\n")
    write(tmp_path / "home/.continue/AGENTS.md", "not read\n")
    write(root / "AGENTS.md", "agents\n")
    write(root / "CLAUDE.md", "hidden\n")
    write(root / ".continue/rules/a.md", "rule a\n")
    write(root / ".continue/rules/n.txt", "not markdown\n")
    found = cn(tmp_path, root)
    assert sent(found, tmp_path) == [
        "ws/AGENTS.md",
        "ws/.continue/rules/a.md",
        "home/.continue/rules/g.md",
    ]
    status, why = reason(found, root / "CLAUDE.md")
    assert status is EntryStatus.SHADOWED
    assert "AGENTS.md" in why


def test_the_first_agent_file_that_exists_takes_the_slot_even_empty(tmp_path: Path) -> None:
    """oracle: "continue: an empty agent file takes the slot", "CLAUDE.md before CODEX.md"."""
    root = repo(tmp_path)
    write(root / "CLAUDE.md", "claude\n")
    write(root / "CODEX.md", "codex\n")
    assert sent(cn(tmp_path, root), tmp_path) == ["ws/CLAUDE.md"]
    write(root / "AGENTS.md", "")
    found = cn(tmp_path, root)
    assert found.files == ()
    assert reason(found, root / "AGENTS.md")[0] is EntryStatus.SKIPPED
    assert reason(found, root / "CLAUDE.md")[0] is EntryStatus.SHADOWED


def test_only_the_working_folder_is_read(tmp_path: Path) -> None:
    """oracle: "continue: only the working folder"."""
    root = repo(tmp_path)
    write(root / "AGENTS.md", "root\n")
    write(root / ".continue/rules/r.md", "root rule\n")
    write(root / "a/CLAUDE.md", "a\n")
    write(root / "a/.continue/rules/s.md", "a rule\n")
    write(root / "a/b/AGENTS.md", "below\n")
    assert sent(cn(tmp_path, root / "a"), tmp_path) == [
        "ws/a/CLAUDE.md",
        "ws/a/.continue/rules/s.md",
    ]


def test_rules_folder_in_byte_order_breadth_first(tmp_path: Path) -> None:
    """oracle: "continue: rule files of one folder, in byte order", "subfolders after the
    folder's own rules"."""
    root = repo(tmp_path)
    for name in ("b", "a", "B", "_u", "10", "9", "sub/deep/c", "sub/b", "z"):
        write(root / f".continue/rules/{name}.md", f"{name}\n")
    folder = root / ".continue/rules"
    rules = [Path(f.path).relative_to(folder).as_posix() for f in cn(tmp_path, root).files]
    top = ["10.md", "9.md", "B.md", "_u.md", "a.md", "b.md", "z.md"]
    assert rules == [*top, "sub/b.md", "sub/deep/c.md"]


def test_continue_global_dir_moves_the_user_rules(tmp_path: Path) -> None:
    """oracle: "continue: CONTINUE_GLOBAL_DIR moves the user rules folder"."""
    root = repo(tmp_path)
    write(tmp_path / "home/.continue/rules/g.md", "home\n")
    write(tmp_path / "alt/rules/alt.md", "alt\n")
    found = cn(tmp_path, root, CONTINUE_GLOBAL_DIR=str(tmp_path / "alt"))
    assert sent(found, tmp_path) == ["alt/rules/alt.md"]


def test_front_matter_decides_which_rules_are_sent(tmp_path: Path) -> None:
    """oracle: "continue: front matter decides what is sent"."""
    root = repo(tmp_path)
    rules = root / ".continue/rules"
    files = {
        "always.md": '---\nalwaysApply: true\nglobs: "**/*.py"\n---\nkept\n',
        "plain.md": "---\nname: Style\ndescription: house style\n---\nkept\n",
        "globs.md": '---\nglobs: "**/*.py"\n---\nscoped\n',
        "regex.md": "---\nregex: TODO\n---\nscoped\n",
        "asked.md": "---\ndescription: when asked\nalwaysApply: false\n---\nasked\n",
        "prompt.md": "---\ninvokable: true\n---\na prompt\n",
        "quoted.md": '---\nalwaysApply: "true"\n---\na string\n',
        "yes.md": "---\nalwaysApply: yes\n---\nYAML 1.1 only\n",
        "nolist.md": "---\nglobs: []\n---\nan empty list is set\n",
        "blank.md": "---\nname: blank\n---\n  \n",
        "space.md": "  \n",
    }
    for name, text in files.items():
        write(rules / name, text)
    found = cn(tmp_path, root)
    assert [Path(f.path).name for f in found.files] == ["always.md", "plain.md"]
    assert "applies no globs" not in reason(found, rules / "always.md")[1]
    assert "globs" in reason(found, rules / "globs.md")[1]
    assert "invokable" in reason(found, rules / "prompt.md")[1]
    assert 'alwaysApply: "true"' in reason(found, rules / "quoted.md")[1]
    assert "alwaysApply" in reason(found, rules / "yes.md")[1]
    assert "globs: []" in reason(found, rules / "nolist.md")[1]
    assert "empty" in reason(found, rules / "blank.md")[1]


def test_the_userrules_block_as_cn_sends_it(tmp_path: Path) -> None:
    """oracle: "continue: agent file sent as read", "front matter anywhere, YAML errors
    send the whole file": the agent file untrimmed, each rule's body trimmed, a rule's
    text before its first ``---`` pair lost, a repeated key sending the whole file."""
    root = repo(tmp_path)
    write(root / "AGENT.md", "\n  padded  \n\n")
    write(root / ".continue/rules/rulers.md", "intro lost\n---\nmiddle\n---\nend\n")
    write(root / ".continue/rules/s/dupkey.md", "---\nname: x\nname: y\n---\nbody\n")
    write(root / ".continue/rules/s/t/crlf.md", "\r\nline\r\nsecond\r\n")
    wire = render_agent(cn(tmp_path, root)).wire
    assert wire == (
        '<context name="userRules">\n'
        "\n  padded  \n\n"
        "\n\nend"
        "\n\n---\nname: x\nname: y\n---\nbody\n"
        "\n\n\nline\nsecond\n"
        "\n</context>"
    )


def test_nothing_to_send_is_no_block(tmp_path: Path) -> None:
    root = repo(tmp_path)
    write(root / ".continue/rules/scoped.md", '---\nglobs: "*.py"\n---\nscoped\n')
    assert render_agent(cn(tmp_path, root)).wire == ""


def test_its_rule_files_are_instruction_files(tmp_path: Path) -> None:
    path = tmp_path / "ws/.continue/rules/deep/style.md"
    assert is_instruction_path(path, ["continue"])
    assert document_kind(str(path)) is DocumentKind.INSTRUCTION
