"""A rule's ``paths:`` scopes it whatever ``--max-bytes`` says: Claude Code reads the
whole rule, so a front matter longer than promptls's own read cap still makes the rule
conditional; what is loaded is still cut at the cap.

Written against the mutant of ``discovery/sources.py`` left open by the first run
(docs/mutation.md), which read rules without the cap.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import EntryStatus
from tests.core.helpers import write
from tests.core.test_sources_mutants import claude, entry

FRONT = '---\ndescription: "' + "d" * 60 + '"\npaths: "src/**"\n---\n'


def test_a_rule_whose_front_matter_passes_the_read_cap_stays_conditional(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/api.md", FRONT + "use the api client\n")
    d = claude(tree, max_bytes=16)
    e = entry(d, rule)
    assert e.status is EntryStatus.CONDITIONAL
    assert "src/**" in e.reason
    assert str(rule) not in [f.path for f in d.files]


def test_a_matched_rule_is_still_cut_at_the_read_cap(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/api.md", FRONT + "use the api client\n")
    d = claude(tree, target=tree / "ws/src/main.py", max_bytes=16)
    e = entry(d, rule)
    assert (e.status, e.size) == (EntryStatus.CUT, len(FRONT) + 19)
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert sent.content == FRONT[:16]


def test_an_unscoped_rule_is_cut_at_the_read_cap(tree: Path) -> None:
    rule = write(tree / "ws/.claude/rules/style.md", "x" * 40)
    d = claude(tree, max_bytes=16)
    assert entry(d, rule).status is EntryStatus.CUT
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert sent.content == "x" * 16


def test_a_read_cap_above_the_default_loads_a_large_rule_whole(tree: Path) -> None:
    size = 1024 * 1024 + 10  # over the default 1 MiB cap, under the one asked for
    rule = write(tree / "ws/.claude/rules/big.md", "y" * size)
    d = claude(tree, max_bytes=2 * 1024 * 1024)
    assert (entry(d, rule).status, entry(d, rule).size) == (EntryStatus.LOADED, size)
    [sent] = [f for f in d.files if f.path == str(rule)]
    assert len(sent.content) == size
