"""When each agent applies a rule file, read from its front matter the way the agent reads it.

Rule files (Claude's ``.claude/rules``, Copilot's ``*.instructions.md``, Cursor's ``.mdc``)
carry their activation in front matter, and each agent reads different keys with
different types: Claude scopes by ``paths:``, VS Code by ``applyTo`` (a string; a YAML
list is dropped), Cursor by ``alwaysApply`` (a boolean; ``"true"`` is not one), ``globs``
and ``description``. The walker asks ``activation`` and records the outcome; the reason
texts name the key and value that decided, so a user sees why a rule never applies.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from promptls.discovery.frontmatter import FrontMatter
from promptls.discovery.globs import split_patterns


class Mode(StrEnum):
    """How an agent uses one rule file."""

    ALWAYS = "always"
    """Sent at launch with every request."""
    SCOPED = "scoped"
    """Sent only for files matching ``Activation.globs``."""
    ON_REQUEST = "on-request"
    """Listed for the model (or the user) to pull in; not sent by itself."""
    SKIP = "skip"
    """Never used."""


class Activation(NamedTuple):
    """The outcome for one rule: its mode, globs when scoped, and a note for the reason."""

    mode: Mode
    globs: tuple[str, ...] = ()
    note: str = ""


def activation(profile: str, title: str, key: str | None, front: FrontMatter) -> Activation:
    """How ``profile`` uses a rule file with front matter ``front``.

    ``key`` is the profile's scope key (``paths``/``applyTo``/``globs``), ``title`` its
    display name for notes.
    """
    if profile == "copilot":
        return _copilot(front.data)
    if profile == "cursor":
        return _cursor(front.data)
    return _claude(title, key, front.data)


def _claude(title: str, key: str | None, data: dict[str, object]) -> Activation:
    """Claude Code: ``paths:`` scopes the rule; without it the rule loads every session."""
    if key is None or key not in data:
        if "globs" in data and key != "globs":
            note = f", in every session: globs: is not a {title} key ({key}: is)"
            return Activation(Mode.ALWAYS, note=note)
        return Activation(Mode.ALWAYS)
    globs = split_patterns("claude", data[key])
    if globs is None:
        return Activation(
            Mode.SKIP,
            note=f"{key}: must be a glob string or a list of globs; claude cannot scope this rule",
        )
    return Activation(Mode.SCOPED, globs)


_VSCODE_ALL = ("**", "**/*", "*")


def _copilot(data: dict[str, object]) -> Activation:
    """Copilot: ``applyTo`` (a string) scopes; ``**`` applies everywhere; no usable
    ``applyTo`` leaves the file in the list the model may read (on request).

    ``excludeAgent: "coding-agent"`` hides the file from the coding-agent runtime that the
    Copilot CLI shares; ``"code-review"`` only from code review.
    """
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
    globs = split_patterns("copilot", data["applyTo"])
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


def _cursor(data: dict[str, object]) -> Activation:
    """Cursor's four modes: always, auto-attached (globs), agent-requested (description),
    manual (none of them). ``alwaysApply`` must be a YAML boolean."""
    always = data.get("alwaysApply")
    note = ""
    if always is True:
        return Activation(Mode.ALWAYS, note=" (alwaysApply: true)")
    if always is not None and not isinstance(always, bool):
        note = f"; alwaysApply: {always!r} is not a boolean, so Cursor reads it as false"
    if data.get("globs") not in (None, "", []):
        globs = split_patterns("cursor", data["globs"])
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
