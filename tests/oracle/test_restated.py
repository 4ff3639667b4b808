"""The restated upstream tests and documented behaviours, run by the pinned agents.

Each case builds its tree, runs ``promptls context --json`` and ``promptls preview
--format wire`` on it, runs the pinned agent headless against the recording mock, and
asserts that both name the same files in the same order and the same framed text. A
case with ``differs`` is a difference that stays: it must still disagree (strict), so
the day the agent changes, the test says so. The representative cases run in the
default suite; the rest with ``scripts/test --long``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.oracle.harness import compare, compare_lazy
from tests.oracle.scenarios import CASES, LAZY, Case, LazyCase

pytestmark = pytest.mark.oracle


def _param(case: Case) -> object:
    marks = []
    if case.differs:
        marks.append(pytest.mark.xfail(strict=True, reason=case.differs))
    if not case.representative:
        marks.append(pytest.mark.long)
    return pytest.param(case, id=case.name, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_the_agent_sends_what_promptls_says(case: Case, tmp_path: Path) -> None:
    outcome = compare(case.profile, case.scenario, tmp_path, dict(case.environ))
    assert outcome.capture.main is not None, outcome.explain()
    assert outcome.files_agree and outcome.wire_agrees, outcome.explain()


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=c.name, marks=[] if c.representative else [pytest.mark.long])
        for c in LAZY
    ],
)
def test_a_read_attaches_what_promptls_calls_lazy(case: LazyCase, tmp_path: Path) -> None:
    """The mock's one scripted tool call: the agent reads a file, and the files it
    attaches to that read are the ones ``promptls context --for FILE`` lists as lazy."""
    outcome = compare_lazy(case.profile, case.scenario, case.read, tmp_path)
    assert outcome.capture.main is not None, outcome.explain()
    assert outcome.agent_files, outcome.explain()
    assert outcome.agent_files == outcome.promptls_files, outcome.explain()
