"""How the Continue CLI reads one rule file: the text it sends, and whether it sends it.

Observed with ``cn`` 1.5.47 against the oracle's recording mock (scenarios
"continue: ..." in ``tests/oracle/scenarios.py``), and read in its published bundle
(``dist/index.js`` and the sources its source map carries: ``src/systemMessage.ts``
and ``packages/config-yaml/src/markdown/markdownToRule.ts``, read 2026-12-07):

- line endings: CRLF becomes LF first;
- front matter: the text is split at every line that is ``---`` (trailing spaces
  allowed), *anywhere* in the file, not only at its start. With two or more such lines
  the part between the first two is the front matter and everything after the second
  (the later parts joined again by ``---``) is the body, trimmed; what came before the
  first ``---`` line is dropped. A rule written with two ``---`` rulers loses its top;
- front matter that is not valid YAML (a duplicate key included): the whole file is
  the body, untrimmed, front matter and all; without front matter, likewise;
- the rule is sent when ``alwaysApply`` is ``true`` (the YAML boolean: ``"true"`` or
  ``yes`` is not), or when ``alwaysApply`` is absent and neither ``globs`` nor ``regex``
  is set (an empty list counts as set); ``invokable: true`` makes it a prompt, never
  sent; a body that is only whitespace is not sent.

``cn`` applies no glob: a rule with ``globs`` or ``regex`` and no ``alwaysApply: true``
is never sent by the CLI (Continue's IDE extensions attach such rules to matching
files; that is not modelled).
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from promptls.agents.frontmatter import FrontKind, Match, Place, Shape
from promptls.discovery.frontmatter import read_front_matter
from promptls.text.lazyre import lazy

RULES_DIR = ".continue/rules"
"""The project's rules folder, read in the working folder only (and its subfolders)."""
SEPARATOR = lazy(r"^---\s*$", re.MULTILINE)
"""A front-matter delimiter line, as Continue splits a rule file (its meaning restated)."""
_YAML12_TRUE = frozenset({"true", "True", "TRUE"})


class Rule(NamedTuple):
    """One rule file as ``cn`` reads it: the ``body`` it would send, and ``why_not``,
    why it is not sent (empty when it is)."""

    body: str
    why_not: str
    front: dict[str, Any]
    problem: str


def read_rule(text: str) -> Rule:
    """``text`` (a rule file's content) as ``cn`` reads it."""
    text = text.replace("\r\n", "\n")
    parts = SEPARATOR.split(text)
    if len(parts) < 3:
        return _decide(text, {}, "")
    block = parts[1]
    data, problem = _yaml(block)
    if problem:
        return _decide(text, {}, problem)
    front = data if isinstance(data, dict) else {}
    body = "---".join(parts[2:]).strip()
    rule = _decide(body, front, "")
    if front.get("alwaysApply") is True and _raw(block, "alwaysApply") not in _YAML12_TRUE:
        # YAML 1.1 (promptls' reader) takes yes/on for true; Continue's YAML 1.2 does not
        return rule._replace(why_not=_NOT_ALWAYS)
    return rule


_NOT_ALWAYS = (
    "not sent: cn sends a rule only when its alwaysApply is true (a YAML boolean), or when "
    "it has no alwaysApply, globs or regex"
)


def _decide(body: str, front: dict[str, Any], problem: str) -> Rule:
    """Whether ``cn`` sends a rule with this body and front matter."""
    if front.get("invokable"):
        why = "not sent: invokable: true makes it a prompt the user invokes, not a rule"
        return Rule(body, why, front, problem)
    always = front.get("alwaysApply")
    if always is not True and (always is not None or _set(front, "globs", "regex")):
        keys = [k for k in ("alwaysApply", "globs", "regex") if front.get(k) is not None]
        shown = ", ".join(f"{k}: {json.dumps(front[k], default=str)}" for k in keys)
        why = (
            f"not sent: {shown}; cn sends only rules that always apply and matches no "
            "globs (Continue's IDE extensions attach path-scoped and requested rules)"
        )
        return Rule(body, why, front, problem)
    if not body.strip():
        return Rule(body, "skipped: its text is empty, so cn does not send it", front, problem)
    return Rule(body, "", front, problem)


def _set(front: dict[str, Any], *keys: str) -> bool:
    """Whether any of ``keys`` has a value JavaScript takes for true (``[]`` does)."""
    for key in keys:
        value = front.get(key)
        if value is not None and value is not False and value != "" and value != 0:
            return True
    return False


def _yaml(block: str) -> tuple[object, str]:
    """The front matter's mapping (``{}`` for a YAML value that is no mapping, whose keys
    JavaScript reads as absent), or why Continue's YAML parser rejects the block."""
    front = read_front_matter(f"---\n{block}\n---\n")
    if front.problem and front.problem != "the front matter is not a key: value mapping":
        return None, _INVALID
    if _repeated_key(block):
        return None, _INVALID
    return (front.data if front.present else {}), ""


_INVALID = "its front matter is not valid YAML, so cn sends the whole file"
_TOP_KEY = lazy(r"^([^\s#'\"\-?:][^:]*?)\s*:(?:\s|$)", re.MULTILINE)


def _repeated_key(block: str) -> bool:
    """Whether a top-level key is written twice: an error for Continue's ``yaml``
    package, where PyYAML keeps the last value."""
    keys = _TOP_KEY.findall(block)
    return len(keys) != len(set(keys))


def _raw(block: str, key: str) -> str:
    """The plain text after ``key:`` on its line (quotes kept off)."""
    found = re.search(rf"^{re.escape(key)}\s*:\s*(.*?)\s*(?:#.*)?$", block, re.MULTILINE)
    return found.group(1) if found else ""


FRONT_KIND = FrontKind(
    # Continue's rule front matter (packages/config-yaml RuleFrontmatter, read in the
    # 1.5.47 bundle 2026-12-07; docs.continue.dev/customize/deep-dives/rules). cn reads
    # alwaysApply, globs, regex and invokable to decide whether to send a rule at all;
    # name and description only label it. globs scope nothing in the CLI (rules.py).
    "continue-rule",
    "Continue CLI",
    "continue",
    {
        "name": Shape.STRING,
        "description": Shape.STRING,
        "globs": Shape.GLOBS,
        "regex": Shape.STRINGS,
        "alwaysApply": Shape.BOOL,
        "invokable": Shape.BOOL,
    },
    None,
    (".continue", "rules"),
    matches=(Match(".md", Place.BELOW),),
    labels=frozenset({"name", "description"}),
    wrong_type="cn then does not send the rule: it sends only rules whose alwaysApply "
    "is true, or with none of alwaysApply, globs and regex",
)
"""Continue's rule front matter (PL018–PL024, completion)."""
