"""Windsurf's ``.windsurf/rules/*.md``: the four ``trigger`` modes and its glob dialect.

Windsurf (Cascade) is closed source; everything here is from its Memories & Rules page,
docs.windsurf.com/windsurf/cascade/memories (read 2026-12-06): a workspace rule declares
its activation mode with ``trigger`` (``always_on``, ``manual``, ``model_decision``,
``glob``), a glob rule names its patterns in ``globs``, and a model-decision rule shows
Cascade its ``description`` only. What the page does not say is read conservatively: a
rule without a known ``trigger`` is not counted as sent (the page says every rule
declares one), and a glob without a ``/`` is not said to match nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import Anchor, GlobDialect, split_patterns
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

TRIGGERS = ("always_on", "manual", "model_decision", "glob")
"""The documented values of ``trigger``."""

GLOBS = GlobDialect(
    # docs.windsurf.com/windsurf/cascade/memories, "Activation modes" (read 2026-12-06):
    # "Glob: ... applied to all files that match the pattern (e.g. *.js, src/**/*.ts)".
    name="windsurf",
    source="docs.windsurf.com/windsurf/cascade/memories ('Activation modes'), read 2026-12-06",
    anchor=Anchor.RULES_OWNER,
    # The page's own example `*.js` is meant for every .js file, but whether a pattern
    # without a / matches a file name at any depth is not written down: no finding says
    # such a glob matches nothing; discovery matches it from the rules owner's folder.
    bare_name_unsettled=True,
)


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Windsurf's four modes from ``trigger``; ``globs`` scopes a ``glob`` rule."""
    del profile
    trigger = data.get("trigger")
    if trigger == "always_on":
        return Activation(Mode.ALWAYS, note=" (trigger: always_on)")
    if trigger == "glob":
        globs = split_patterns(GLOBS, data.get("globs"))
        if globs:
            return Activation(Mode.SCOPED, globs, "trigger: glob")
        return Activation(
            Mode.ON_REQUEST,
            note="trigger: glob without usable globs applies to no file; used only when "
            "@-mentioned",
        )
    if trigger == "model_decision":
        return Activation(
            Mode.ON_REQUEST,
            note="model decision: Cascade sees its description and decides whether to read it",
        )
    if trigger == "manual":
        return Activation(Mode.ON_REQUEST, note="manual: used only when @-mentioned in Cascade")
    what = "no trigger" if trigger is None else f"trigger: {trigger!r} is not a documented mode"
    return Activation(
        Mode.ON_REQUEST,
        note=f"{what}; Windsurf's docs say every rule declares one of "
        f"{', '.join(TRIGGERS)}, and what it does otherwise is not documented, so the rule "
        "is not counted as sent",
    )


FRONT_KIND = FrontKind(
    # docs.windsurf.com/windsurf/cascade/memories (read 2026-12-06): trigger, globs and
    # the description a model-decision rule is chosen by.
    "windsurf-rule",
    "Windsurf",
    "windsurf",
    {"trigger": Shape.STRING, "globs": Shape.GLOBS, "description": Shape.STRING},
    "globs",
    (".windsurf", "rules"),
    matches=(Match(".md", Place.BELOW),),
    choices={"trigger": TRIGGERS},
    scope_when=("trigger", "glob"),
    lenient=True,
    foreign_keys={"applyTo": "globs", "paths": "globs", "fileMatchPattern": "globs"},
)
"""Windsurf's rule front matter (PL018–PL024, completion)."""
