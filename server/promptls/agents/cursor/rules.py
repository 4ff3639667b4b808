"""Cursor's ``.mdc`` rules: its four modes, read from the front matter, and its glob dialect."""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import Anchor, GlobDialect, split_patterns
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

GLOBS = GlobDialect(
    # Cursor is closed source: cursor.com/docs/context/rules (globs, nested rules scoped
    # to their folder), read 2026-12-01; matching as VS Code's glob engine, which it forks.
    name="cursor",
    source="cursor.com/docs/context/rules ('Nested rules', frontmatter globs), read 2026-12-01",
    anchor=Anchor.RULES_OWNER,
    # Whether `*.py` matches only in the rules owner's folder or a file name at any depth
    # is not settled: the rules page (read 2026-12-06) shows only `**/` and folder
    # patterns, forum and blog guides (searched 2026-12-06) disagree, and Cursor's own
    # rule editor writes `globs: *.ts` for "TypeScript files". So no finding says such a
    # glob matches nothing; discovery still matches it from the owner's folder.
    bare_name_unsettled=True,
)


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Cursor's four modes: always, auto-attached (globs), agent-requested (description),
    manual (none of them). ``alwaysApply`` must be a YAML boolean."""
    del profile
    always = data.get("alwaysApply")
    note = ""
    if always is True:
        return Activation(Mode.ALWAYS, note=" (alwaysApply: true)")
    if always is not None and not isinstance(always, bool):
        note = f"; alwaysApply: {always!r} is not a boolean, so Cursor reads it as false"
    if data.get("globs") not in (None, "", []):
        globs = split_patterns(GLOBS, data["globs"])
        if globs is None:
            note += "; globs: must be a string or a list of strings, so Cursor ignores it"
        elif globs:
            return Activation(Mode.SCOPED, globs, "auto-attached" + note)
    description = data.get("description")
    if isinstance(description, str) and description.strip():
        return Activation(
            Mode.ON_REQUEST,
            note="agent-requested: Cursor shows the agent its description, and the agent "
            "decides whether to read it" + note,
        )
    return Activation(
        Mode.ON_REQUEST,
        note="manual: no alwaysApply, globs or description, so it applies only when "
        "@-mentioned" + note,
    )


RULES_FOLDER_FILE = "RULE.md"
"""The file that makes a subfolder of ``.cursor/rules`` one rule (the profile's
``rules_folder_file``)."""

FRONT_KIND = FrontKind(
    # cursor.com/docs/context/rules (read 2026-12-01): description, globs, alwaysApply.
    "cursor-rule",
    "Cursor",
    "cursor",
    {"description": Shape.STRING, "globs": Shape.GLOBS, "alwaysApply": Shape.BOOL},
    "globs",
    (".cursor", "rules"),
    matches=(
        Match(RULES_FOLDER_FILE, Place.SUBFOLDER, whole_name=True),
        Match(".mdc", Place.BELOW),
    ),
    always_key="alwaysApply",
    lenient=True,
    foreign_keys={"paths": "globs", "applyTo": "globs"},
)
"""Cursor's rule front matter (PL018–PL024, completion)."""
