"""Copilot's ``*.instructions.md`` files: ``applyTo`` and ``excludeAgent``, and VS Code's
glob dialect that reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.globs import Anchor, GlobDialect, ScopeValue, split_patterns
from promptls.discovery.rule_modes import Activation, Mode

if TYPE_CHECKING:
    from promptls.agents.model import Profile

GLOBS = GlobDialect(
    # microsoft/vscode src/vs/workbench/contrib/chat/common/promptSyntax/
    # computeAutomaticInstructions.ts `_matches` (read 2026-12-01) and base/common/glob.ts.
    name="copilot",
    source=(
        "microsoft/vscode computeAutomaticInstructions.ts _matches + base/common/glob.ts "
        "(splitGlobAware, match with ignoreCase), read 2026-12-01"
    ),
    anchor=Anchor.ANYWHERE,
    ignore_case=True,
    match_all=("**", "**/*", "*"),
    strip_dot_slash=False,
    # VS Code drops an applyTo that is not a string (a YAML list).
    scope_value=ScopeValue.STRING,
)


_VSCODE_ALL = GLOBS.match_all


def activation(profile: Profile, data: dict[str, object]) -> Activation:
    """Copilot: ``applyTo`` (a string) scopes; ``**`` applies everywhere; no usable
    ``applyTo`` leaves the file in the list the model may read (on request).

    ``excludeAgent: "coding-agent"`` hides the file from the coding-agent runtime that the
    Copilot CLI shares; ``"code-review"`` only from code review.
    """
    del profile
    exclude = data.get("excludeAgent")
    if exclude == "coding-agent":
        return Activation(
            Mode.SKIP,
            note='excludeAgent: "coding-agent" hides it from the Copilot coding agent and CLI',
        )
    extra = (
        '; excludeAgent: "code-review" only hides it from code review'
        if (exclude == "code-review")
        else ""
    )
    if "applyTo" not in data:
        return Activation(
            Mode.ON_REQUEST,
            note="no applyTo: listed for the model, which reads it when it decides to" + extra,
        )
    globs = split_patterns(GLOBS, data["applyTo"])
    if globs is None:
        kind = "a YAML list" if isinstance(data["applyTo"], list) else "not a string"
        return Activation(
            Mode.ON_REQUEST,
            note=(
                f"applyTo is {kind}, which VS Code drops (write one string, comma-separated): "
                f"the file is only listed for the model" + extra
            ),
        )
    if not globs:
        return Activation(
            Mode.ON_REQUEST, note="applyTo is empty: the file is only listed for the model" + extra
        )
    if any(g in _VSCODE_ALL for g in globs):
        hit = next(g for g in globs if g in _VSCODE_ALL)
        return Activation(Mode.ALWAYS, note=f" (applyTo {hit}: every file){extra}")
    return Activation(Mode.SCOPED, globs, extra)


FRONT_KIND = FrontKind(
    # The VS Code custom-instructions page and GitHub's path-specific instructions page
    # (read 2026-12-01): applyTo, description, name, excludeAgent.
    "copilot-instructions",
    "GitHub Copilot",
    "copilot",
    {
        "applyTo": Shape.GLOB_STRING,
        "description": Shape.STRING,
        "name": Shape.STRING,
        "excludeAgent": Shape.STRING,
    },
    "applyTo",
    (".github", "instructions"),
    matches=(Match(".instructions.md", Place.ANYWHERE),),
    # GitHub's documented values of excludeAgent.
    choices={"excludeAgent": ("code-review", "coding-agent")},
    choice_effects={"excludeAgent": "it excludes no agent"},
    foreign_keys={"globs": "applyTo", "paths": "applyTo"},
    unattached=(
        "no applyTo and no description: Copilot never attaches this file by itself (without "
        "applyTo, VS Code decides from the description); it is used only when attached by hand"
    ),
)
"""Copilot's ``*.instructions.md`` front matter (PL018–PL024, completion)."""
