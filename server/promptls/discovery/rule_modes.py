"""When each agent applies a rule file, read from its front matter the way the agent reads it.

Rule files (Claude's ``.claude/rules``, Copilot's ``*.instructions.md``, Cursor's ``.mdc``)
carry their activation in front matter, and each agent reads different keys with
different types: Claude scopes by ``paths:``, VS Code by ``applyTo`` (a string; a YAML
list is dropped), Cursor by ``alwaysApply`` (a boolean; ``"true"`` is not one), ``globs``
and ``description``. Each agent's home reads its own keys (``rules.activation``, named
by ``Profile.rule_activation``); the walker asks ``activation`` and records the outcome;
the reason texts name the key and value that decided, so a user sees why a rule never
applies.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from promptls.discovery.frontmatter import FrontMatter

if TYPE_CHECKING:
    from promptls.agents.model import Profile


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


def activation(profile: Profile, front: FrontMatter) -> Activation:
    """How ``profile`` uses a rule file with front matter ``front``: its home's reader
    (``Profile.rule_activation``); a rule file of an agent without one is always sent."""
    if profile.rule_activation is None:
        return Activation(Mode.ALWAYS)
    return profile.rule_activation(profile, front.data)


ActivationReader = Callable[["Profile", dict[str, object]], Activation]
"""An agent's reading of a rule file's front matter (its home's ``rules.activation``)."""
