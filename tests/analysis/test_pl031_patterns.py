"""PL031: the skill names Gemini CLI rewrites before it compares them.

Gemini CLI replaces each of ``: \\ / < > * ? " |`` in a skill's front matter ``name``
with ``-``, so ``db:migrate`` in ``.gemini/skills`` is hidden by ``db-migrate`` in the
preferred ``.agents/skills``. Written against the variants of ``_GEMINI_UNSAFE`` that
drop a character from the class (docs/mutation.md, "Module-level patterns").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.analysis.model import Related
from promptls.discovery.never_loaded import SKILL_PRECEDENCE

from .test_never_loaded_and_home_paths import SKILL, _check, _set_up, _write, home, repo

__all__ = ["home", "repo"]  # fixtures

GEMINI_SKILLS = SKILL_PRECEDENCE["gemini"].source


@pytest.mark.parametrize("char", [":", "\\", "/", "<", ">", "*", "?", '"', "|"])
def test_a_name_gemini_rewrites_is_hidden_by_the_rewritten_name(
    repo: Path, home: Path, char: str
) -> None:
    _set_up(repo, "gemini")
    winner = _write(repo / ".agents/skills/one/SKILL.md", SKILL.format("db-migrate"))
    loser = _write(repo / ".gemini/skills/two/SKILL.md", SKILL.format(f"db{char}migrate"))
    (finding,) = _check(loser, home, "PL031")
    assert finding.message == (
        "this skill is never listed: Gemini CLI lists only the `db-migrate` of "
        f"../../../.agents/skills/one/SKILL.md, which it prefers ({GEMINI_SKILLS})"
    )
    assert finding.related == (Related(0, 0, "the `db-migrate` Gemini CLI lists", str(winner)),)
    assert (finding.start, finding.end) == (0, 3)  # the first line, `---`


@pytest.mark.parametrize("name", ["db.migrate", "db_migrate", "db migrate", "db+migrate"])
def test_other_characters_keep_the_names_apart(repo: Path, home: Path, name: str) -> None:
    _set_up(repo, "gemini")
    _write(repo / ".agents/skills/one/SKILL.md", SKILL.format("db-migrate"))
    loser = _write(repo / ".gemini/skills/two/SKILL.md", SKILL.format(name))
    assert _check(loser, home, "PL031") == []
