"""Kiro's steering files: the ``inclusion`` modes and its glob dialect.

Kiro is closed source; everything here is from its steering page, kiro.dev/docs/steering
(read 2026-12-06): ``inclusion: always`` is the default (a file without front matter
loads in every interaction), ``fileMatch`` loads a file while a file matching
``fileMatchPattern`` is in the context, ``manual`` only when the user names it
(``#name`` in chat), and ``auto`` when the request fits its ``name`` and
``description``. What the page does not say is read conservatively: an ``inclusion``
value it does not list is not counted as sent, and a pattern without a ``/`` is not said
to match nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import Anchor, GlobDialect, split_patterns
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

INCLUSIONS = ("always", "fileMatch", "manual", "auto")
"""The documented values of ``inclusion``."""

GLOBS = GlobDialect(
    # kiro.dev/docs/steering, "Conditional inclusion" (read 2026-12-06): patterns such as
    # "components/**/*.tsx" and "app/api/**/*" are relative to the workspace folder; the
    # page lists "*.tsx" for React components in any folder, without saying how.
    name="kiro",
    source="kiro.dev/docs/steering ('Inclusion modes': fileMatchPattern), read 2026-12-06",
    anchor=Anchor.ROOT,
    bare_name_unsettled=True,
)


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Kiro's four modes from ``inclusion`` (``always`` when there is none)."""
    del profile
    inclusion = data.get("inclusion", "always")
    if inclusion == "always":
        return Activation(Mode.ALWAYS, note=" (inclusion: always)" if data else "")
    if inclusion == "fileMatch":
        globs = split_patterns(GLOBS, data.get("fileMatchPattern"))
        if globs:
            return Activation(Mode.SCOPED, globs, "inclusion: fileMatch")
        return Activation(
            Mode.ON_REQUEST,
            note="inclusion: fileMatch without a usable fileMatchPattern matches no file; "
            "used only when named in chat",
        )
    if inclusion == "auto":
        return Activation(
            Mode.ON_REQUEST,
            note="auto: Kiro includes it when the request fits its name and description",
        )
    if inclusion == "manual":
        return Activation(Mode.ON_REQUEST, note="manual: used only when named in chat (#file-name)")
    return Activation(
        Mode.ON_REQUEST,
        note=f"inclusion: {inclusion!r} is not a documented mode ({', '.join(INCLUSIONS)}); "
        "what Kiro does with it is not documented, so the file is not counted as sent",
    )


FRONT_KIND = FrontKind(
    # kiro.dev/docs/steering (read 2026-12-06): inclusion, fileMatchPattern (a string or
    # a list), and the name and description an auto file is chosen by.
    "kiro-steering",
    "Kiro",
    "kiro",
    {
        "inclusion": Shape.STRING,
        "fileMatchPattern": Shape.GLOBS,
        "name": Shape.STRING,
        "description": Shape.STRING,
    },
    "fileMatchPattern",
    (".kiro", "steering"),
    matches=(Match(".md", Place.BELOW),),
    choices={"inclusion": INCLUSIONS},
    scope_when=("inclusion", "fileMatch"),
    foreign_keys={
        "globs": "fileMatchPattern",
        "applyTo": "fileMatchPattern",
        "paths": "fileMatchPattern",
    },
)
"""Kiro's steering front matter (PL018–PL024, completion)."""
