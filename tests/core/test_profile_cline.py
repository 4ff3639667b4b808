"""Cline CLI's rules, as the oracle observed them with Cline CLI 3.0.65
(``tests/oracle/scenarios.py``, the ``cline:`` cases) and as its ``@cline/core`` 0.0.86
rule reader has them (read 2026-12-06): the search paths, name-keyed rules sent in name
order, front-matter switches, and the ``# Rules`` framing. These run without the agent;
the oracle runs the same trees against the real CLI.
"""

from __future__ import annotations

from pathlib import Path

from promptls.agents.cline.rules import read_rule, sort_key
from promptls.assembly.agents import render_agent
from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def cline(work: Path, home: Path, **env: str) -> Discovery:
    """Discover as cline in ``work`` with ``home`` as home."""
    return discover(work, "cline", home=home, environ={"HOME": str(home), **env})


def sent(d: Discovery, tree: Path) -> list[str]:
    """Loaded paths in the order they are sent, relative to the tree."""
    return [str(Path(f.path).relative_to(tree)) for f in d.files]


def status(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The last entry recorded for ``path``."""
    found = [e for e in d.entries if e.path == str(path)]
    return found[-1].status, found[-1].reason


def test_rules_of_both_scopes_are_sent_sorted_by_name(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    write(home / ".cline/rules/g-user.md", "user\n")
    write(home / "Documents/Cline/Rules/docs.md", "docs\n")
    write(home / ".agents/AGENTS.md", "global agents\n")
    write(work / "AGENTS.md", "workspace agents\n")
    write(work / ".clinerules/b.md", "b\n")
    write(work / ".clinerules/A.md", "a\n")
    write(work / ".clinerules/01-first.md", "first\n")
    write(work / ".clinerules/notes.txt", "notes\n")
    write(work / ".cline/rules/c.md", "c\n")
    assert sent(cline(work, home), tmp_path) == [
        "ws/.clinerules/01-first.md",
        "ws/.clinerules/A.md",
        "ws/.clinerules/b.md",
        "ws/.cline/rules/c.md",
        "home/Documents/Cline/Rules/docs.md",
        "home/.cline/rules/g-user.md",
        "home/.agents/AGENTS.md",
        "ws/.clinerules/notes.txt",
        "ws/AGENTS.md",
    ]


def test_only_the_working_folder_and_only_cline_names_are_read(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws" / "a"
    (tmp_path / "ws" / ".git").mkdir(parents=True)
    write(tmp_path / "ws/AGENTS.md", "repository root\n")
    write(tmp_path / "ws/.clinerules/r.md", "root rule\n")
    write(work / "AGENTS.md", "here\n")
    write(work / "b/AGENTS.md", "below\n")
    write(work / ".clinerules/sub/deep.md", "in a subfolder\n")
    write(work / ".clinerules/data.yaml", "not a rule ending\n")
    for name in ("CLAUDE.md", ".cursorrules", ".windsurfrules", ".cursor/rules/r.mdc"):
        write(work / name, "another agent's file\n")
    write(home / ".cline/AGENTS.md", "not read\n")
    assert sent(cline(work, home), tmp_path) == ["ws/a/AGENTS.md"]


def test_a_clinerules_file_is_one_rule_named_after_itself(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    write(work / ".clinerules", "  the file  \n")
    write(work / "AGENTS.md", "agents\n")
    rendering = render_agent(cline(work, home))
    assert rendering.wire == "# Rules\n## .clinerules\nthe file\n\n## Workspace AGENTS.md\nagents"


def test_front_matter_names_switches_and_errors(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    rules = work / ".clinerules"
    write(rules / "named.md", "---\nname: Zeta\n---\nnamed\n")
    write(rules / "off.md", "---\ndisabled: true\n---\noff\n")
    write(rules / "enabled-no.md", "---\nenabled: false\n---\noff too\n")
    write(rules / "yes.md", "---\ndisabled: yes\n---\nnot a YAML 1.2 boolean\n")
    write(rules / "py.md", '---\npaths:\n  - "**/*.py"\n---\npaths are ignored\n')
    write(rules / "bad.md", "---\nname: [\n---\ninvalid\n")
    write(rules / "blank.md", "---\nname: blank\n---\n  \n")
    found = cline(work, home)
    assert sent(found, tmp_path) == ["ws/.clinerules/py.md", "ws/.clinerules/named.md"]
    assert render_agent(found).wire == "# Rules\n## py\npaths are ignored\n\n## Zeta\nnamed"
    assert status(found, rules / "off.md")[0] is EntryStatus.SKIPPED
    assert "switched off" in status(found, rules / "enabled-no.md")[1]
    assert "'disabled' is not true or false" in status(found, rules / "yes.md")[1]
    assert "not valid YAML" in status(found, rules / "bad.md")[1]
    assert "empty" in status(found, rules / "blank.md")[1]


def test_a_later_rule_of_the_same_name_replaces_the_earlier(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    write(work / ".clinerules/style.md", "project style\n")
    write(home / ".cline/rules/Style.md", "user style\n")
    write(work / ".clinerules/tests.md", "project tests\n")
    write(home / "Documents/Cline/Rules/tests.md", "---\ndisabled: true\n---\noff\n")
    found = cline(work, home)
    assert sent(found, tmp_path) == ["home/.cline/rules/Style.md"]
    shadowed, reason = status(found, work / ".clinerules/style.md")
    assert shadowed is EntryStatus.SHADOWED
    assert "Style.md" in reason
    assert status(found, work / ".clinerules/tests.md")[0] is EntryStatus.SHADOWED


def test_cline_dir_moves_the_user_rules_folder_and_is_shown(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    write(home / "alt/rules/moved.md", "moved\n")
    write(home / ".cline/rules/default.md", "default\n")
    work.mkdir()
    found = cline(work, home, CLINE_DIR=str(home / "alt"))
    assert sent(found, tmp_path) == ["home/alt/rules/moved.md"]
    assert [(s.key, s.value) for s in found.settings] == [("CLINE_DIR", str(home / "alt"))]


def test_a_link_inside_a_rules_folder_is_not_read(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "ws"
    write(work / "shared.md", "shared\n")
    write(work / ".clinerules/own.md", "own\n")
    (work / ".clinerules/linked.md").symlink_to(work / "shared.md")
    found = cline(work, home)
    assert sent(found, tmp_path) == ["ws/.clinerules/own.md"]
    assert "symbolic link" in status(found, work / ".clinerules/linked.md")[1]


def test_names_sort_as_locale_compare_does() -> None:
    names = ["Zeta", "b", ".hidden", "10-x", "2-y", "A", "g1", "Global AGENTS.md", "_u", "a"]
    assert sorted(names, key=sort_key) == [
        "_u",
        ".hidden",
        "10-x",
        "2-y",
        "a",
        "A",
        "b",
        "g1",
        "Global AGENTS.md",
        "Zeta",
    ]


def test_a_rule_file_is_read_with_a_bom_and_an_empty_name_falls_back() -> None:
    rule = read_rule("\ufeff---\nname: '  '\n---\n\n  body  \n", "/w/.clinerules/x.md", "/w", None)
    assert (rule.name, rule.body, rule.disabled, rule.problem) == ("x", "body", False, "")
