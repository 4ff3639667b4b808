"""Qwen Code's rule files: ``paths:`` in their front matter, matched with picomatch.

The package's bundled ``packages/core/src/config/rulesDiscovery.ts`` (``parseRuleFile``,
``ConditionalRulesRegistry``; read 2026-12-06): a ``paths:`` list (its items made
strings, empty ones dropped) or a non-empty string makes the rule conditional, attached
when the agent touches a file whose path relative to the project root matches one
pattern (picomatch with ``dot: true``); anything else leaves it a baseline rule, sent at
launch. A string is one pattern: no comma splitting. The oracle shows the launch side:
scenario "qwen: QWEN.local.md and the rules folders" (Qwen Code 0.24.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import GlobDialect
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

GLOBS = GlobDialect(
    name="qwen",
    source="Qwen Code 0.24.4 rulesDiscovery.ts (picomatch, dot: true), read 2026-12-06",
    dotfiles=True,
)


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Qwen Code: ``paths:`` scopes the rule; without usable ones it is always sent."""
    raw = data.get(profile.rules_scope_key or "paths")
    globs: tuple[str, ...] = ()
    if isinstance(raw, str):
        globs = (raw,) if raw else ()
    elif isinstance(raw, list):
        globs = tuple(v if isinstance(v, str) else _js_string(v) for v in raw)
        globs = tuple(g for g in globs if g)
    if not globs:
        return Activation(Mode.ALWAYS)
    return Activation(Mode.SCOPED, globs)


def _js_string(value: object) -> str:
    """JavaScript's ``String(value)`` for the YAML scalars a list may hold."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


FRONT_KIND = FrontKind(
    # rulesDiscovery.ts parseRuleFile (0.24.4, read 2026-12-06): `paths` (a list, or one
    # glob string) and `description`; other keys are ignored.
    "qwen-rule",
    "Qwen Code",
    "qwen",
    {"paths": Shape.STRINGS, "description": Shape.STRING},
    "paths",
    (".qwen", "rules"),
    matches=(Match(".md", Place.BELOW),),
    foreign_keys={"globs": "paths", "applyTo": "paths"},
)
"""Qwen Code's rule front matter (PL018–PL024, completion)."""
