"""Claude Code's rule files: ``paths:`` in their front matter and the glob dialect that reads it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import GlobDialect, split_patterns
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

GLOBS = GlobDialect(
    # code.claude.com/docs/en/memory "Path-specific rules" (crawl of 2026-08-22):
    # `*.md` is "Markdown files in the project root", braces supported.
    name="claude",
    source="code.claude.com/docs/en/memory 'Path-specific rules', crawl of 2026-08-22",
)


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Claude Code: ``paths:`` scopes the rule; without it the rule loads every session."""
    title, key = profile.title, profile.rules_scope_key
    if key is None or key not in data:
        if "globs" in data and key != "globs":
            note = f", in every session: globs: is not a {title} key ({key}: is)"
            return Activation(Mode.ALWAYS, note=note)
        return Activation(Mode.ALWAYS)
    globs = split_patterns(GLOBS, data[key])
    if globs is None:
        return Activation(
            Mode.SKIP,
            note=(
                f"{key}: must be a glob string or a list of globs; "
                f"{profile.name} cannot scope this rule"
            ),
        )
    return Activation(Mode.SCOPED, globs)


FRONT_KIND = FrontKind(
    # code.claude.com/docs/en/memory "Path-specific rules" (crawl of 2026-08-22).
    "claude-rule",
    "Claude Code",
    "claude",
    {"paths": Shape.GLOBS},
    "paths",
    (".claude", "rules"),
    matches=(Match(".md", Place.BELOW),),
    lenient=True,
    foreign_keys={"globs": "paths", "applyTo": "paths"},
)
"""Claude Code's rule front matter (PL018–PL024, completion)."""
