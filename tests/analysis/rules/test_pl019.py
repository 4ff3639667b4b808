"""PL019 (unknown-front-matter-key) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL019/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL019`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.model import Edit, Fix
from promptls.analysis.settings import Settings
from tests.analysis.test_frontmatter import COPILOT_FILE, SKILL_FILE, _found


# -- PL019 ---------------------------------------------------------------------------------
def test_pl019_a_key_spelled_with_a_dash_gets_the_agents_name_and_a_rename() -> None:
    text = "---\napply-to: '*.py'\n---\nBody.\n"
    [found] = analyze(text, path=COPILOT_FILE, settings=Settings(select=("PL019",))).findings
    assert (
        found.message == "GitHub Copilot does not read the key 'apply-to'; did you mean 'applyTo'?"
    )
    assert found.fix == Fix("Rename to 'applyTo'", (Edit(4, 12, "applyTo"),))


def test_pl019_two_likely_keys_are_both_named_and_no_rename_is_offered() -> None:
    # An unknown key with no likely match comes first: skills do not report it.
    text = "---\nname: x\ndescription: d\nteam: web\nallowed-tool: Read\n---\nBody.\n"
    [found] = analyze(text, path=SKILL_FILE, settings=Settings(select=("PL019",))).findings
    assert found.message == (
        "the Agent Skills format does not read the key 'allowed-tool'; did you mean "
        "'allowed-tools' or 'disallowed-tools'?"
    )
    assert found.fix is None


def test_pl019_a_key_far_from_every_known_one_is_not_reported() -> None:
    # 'appl' is close to 'applyTo' only below the 0.8 similarity "did you mean" needs: a
    # key no agent reads changes nothing, so it is no finding.
    text = "---\ndescription: d\nappl: '*.py'\n---\nBody.\n"
    assert _found("PL019", COPILOT_FILE, text) == []
    near = "---\ndescription: d\napplyto: '*.py'\n---\nBody.\n"
    assert [marked for _, _, marked in _found("PL019", COPILOT_FILE, near)] == ["applyto"]
