"""PL001 (duplicate-marker) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL001/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL001`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from promptls.analysis import analyze, fix_all
from promptls.analysis.model import Finding
from promptls.config import Settings
from tests.analysis.conftest import MARKER, codes

# The marker rules' exact spans, messages and fixes at their edges (PL001-PL007).
#
# Written against mutation testing (docs/mutation.md): the fixtures show each rule firing,
# these pin what a user reads and what ``--fix`` writes where a small slip in the rule
# would change it (which blank line a removal takes, which glued characters a fix drops,
# the wording of each spacing problem).


FOREIGN = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__"


def _found(text: str, code: str, path: str = "p.prompt", **settings: object) -> list[Finding]:
    """The findings of one rule, as ``promptls check --select CODE`` reports them."""
    chosen = Settings(select=(code,), **settings)  # type: ignore[arg-type]
    return list(analyze(text, path=path, settings=chosen).findings)


def _fixed(text: str, code: str, path: str = "p.prompt") -> str:
    """What ``promptls check --fix --select CODE`` writes."""
    return fix_all(text, path=path, settings=Settings(select=(code,)))


def _edits(finding: Finding) -> list[tuple[int, int, str]]:
    assert finding.fix is not None
    return [(e.start, e.end, e.new_text) for e in finding.fix.edits]


def test_pl001_removes_each_duplicate_and_points_at_the_first() -> None:
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc\n\n{MARKER}"
    found = _found(text, "PL001")
    second, third = text.index(MARKER, 5), text.rindex(MARKER)
    assert [(f.start, f.end) for f in found] == [
        (second, second + len(MARKER)),
        (third, third + len(MARKER)),
    ]
    assert [_edits(f) for f in found] == [
        [(second, second + len(MARKER) + 2, "")],
        [(third - 2, third + len(MARKER), "")],
    ]
    assert all(f.fix and f.fix.title == "Remove the duplicate marker" for f in found)
    first = text.index(MARKER)
    assert [(r.start, r.end, r.message) for r in found[0].related] == [
        (first, first + len(MARKER), "the first marker, where the prompt splits")
    ]
    assert found[0].message == (
        "duplicate marker: only the first one splits; this one is folded into the dynamic "
        "half and reaches the model verbatim on cache-aware providers"
    )
    assert _found(f"a\n\n{MARKER}\n\nb", "PL001") == []


# Rule behaviour that is not one fixture: exact spans, settings, kinds, ordering.
#
# Each rule's positive and negative cases are fixtures in ``testdata/`` (test_fixtures.py).


def test_duplicate_points_at_first_marker() -> None:
    text = f"a\n\n{MARKER}\n\nb\n\n{MARKER}\n\nc"
    (dup,) = [f for f in analyze(text, path="p.prompt").findings if f.code == "PL001"]
    assert dup.related[0].start == text.index(MARKER)
    assert dup.unnecessary


def test_other_documents_only_mention_quoted_or_fenced_markers() -> None:
    doc = (
        f'Use `{MARKER}` between the halves, or "{MARKER}".\n\n'
        f"```text\nDoctrine\n{MARKER}\nTurn\n```\n\nA typo: `__ZIDANE_SYSTEM_PROMPT_BOUNDRY__`.\n"
    )
    assert codes(doc, "docs/guide.md") == []
    # the same text as a prompt file is split at those markers, so it is checked
    assert "PL001" in codes(doc, "guide.prompt.md")
    bare = f"Doctrine\n\n{MARKER}\n\nTurn\n\n{MARKER}\n"
    assert "PL001" in codes(bare, "docs/guide.md")
