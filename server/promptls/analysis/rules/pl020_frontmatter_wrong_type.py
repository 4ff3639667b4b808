"""PL020: a front-matter value of a type the agent silently ignores."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeGuard

from promptls import later
from promptls.agents.frontmatter import DEFAULT_CHOICE_EFFECT, FrontKind, Shape
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_check import subject
from promptls.analysis.frontmatter_kinds import front_kind
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.discovery.globs import split_commas

if TYPE_CHECKING:
    from promptls.analysis.frontmatter_nodes import Key


def _strings(value: object) -> TypeGuard[list[str]]:
    """A YAML list of strings (the other shape glob keys accept)."""
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _fits(shape: Shape, value: object) -> bool:
    """Whether the agent reads ``value`` as the shape it documents (null: absent)."""
    if value is None or shape is Shape.ANY:
        return True
    if shape is Shape.BOOL:
        return isinstance(value, bool)
    if shape in (Shape.STRING, Shape.GLOB_STRING):
        return isinstance(value, str)
    if shape is Shape.MAPPING:
        return isinstance(value, dict)
    return isinstance(value, str) or _strings(value)


def _quoted(text: str) -> str | None:
    """``text`` as a YAML quoted scalar, or None when no quoting keeps it verbatim."""
    if '"' not in text and "\\" not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return None


def _fix(doc: Document, shape: Shape, key: Key) -> Fix | None:
    """A string ``"true"``/``"false"`` becomes the boolean; a glob list the string."""
    value = key.value
    word = value.strip().lower() if isinstance(value, str) else ""
    if shape is Shape.BOOL and word in ("true", "false"):
        return Fix(f"Write {word} as a boolean", (Edit(key.value_start, key.value_end, word),))
    commented = "#" in doc.text[key.end : key.value_end]
    if shape is Shape.GLOB_STRING and _strings(value) and value and not commented:
        pieces = [v.strip() for v in value]
        if any(len(split_commas(p)) != 1 for p in pieces):
            return None
        quoted = _quoted(",".join(pieces))
        if quoted is None:
            return None
        edit = Edit(key.end, key.value_end, f": {quoted}")
        return Fix("Write the globs as one comma-separated string", (edit,))
    return None


def _choice(kind: FrontKind, key: Key) -> str | None:
    """The documented value a misspelled one is probably meant to be (case, ``-``/``_``,
    or a close spelling: ``always`` → ``always_on``); None when none is close."""
    value = key.value
    if not isinstance(value, str):
        return None
    choices = kind.choices.get(key.name, ())
    folded = {c.lower().replace("-", "").replace("_", ""): c for c in choices}
    mine = value.strip().lower().replace("-", "").replace("_", "")
    if mine in folded:
        return folded[mine]
    close = later.difflib.get_close_matches(mine, list(folded), n=1, cutoff=0.75)
    return folded[close[0]] if close else None


def _choice_fix(kind: FrontKind, key: Key) -> Fix | None:
    """Write the documented value the misspelled one is meant to be."""
    meant = _choice(kind, key)
    if meant is None:
        return None
    return Fix(f"Write {meant}", (Edit(key.value_start, key.value_end, meant),))


def _problem(kind: FrontKind, key: Key, shape: Shape) -> str | None:
    """Why the agent cannot use this value, in a user's words; None when it can."""
    value = key.value
    if not _fits(shape, value):
        if shape is Shape.GLOB_STRING and _strings(value):
            return (
                f"{kind.agent} reads {key.name!r} only as a string: a YAML list is dropped, "
                "so the file never applies by its globs; write them comma-separated"
            )
        what = "a quoted string" if key.quoted else f"a {type(value).__name__}"
        if isinstance(value, list):
            what = "a list"
        elif isinstance(value, dict):
            what = "a mapping"
        return (
            f"{kind.agent} expects {key.name!r} to be {shape.value}, not {what}: {kind.wrong_type}"
        )
    choices = kind.choices.get(key.name)
    if choices and isinstance(value, str) and value not in choices:
        known = ", ".join(choices[:-1]) + f" or {choices[-1]}"
        meant = _choice(kind, key)
        hint = f" (did you mean {meant}?)" if meant else ""
        effect = kind.choice_effects.get(key.name, DEFAULT_CHOICE_EFFECT)
        return (
            f"{kind.agent} reads {key.name!r} as {known}; {value!r} is none of them, "
            f"so {effect}{hint}"
        )
    return None


def check(doc: Document) -> Iterator[Finding]:
    """Each known key whose value the agent cannot use, on the value (labels aside)."""
    if front_kind(doc.path) is None:  # no front matter schema: nothing to load
        return

    found = subject(doc)
    if found is None:
        return
    kind, front = found
    for key in front.keys:
        shape = kind.keys.get(key.name)
        if shape is None or key.name in kind.labels:
            continue
        problem = _problem(kind, key, shape)
        if problem is None:
            continue
        end = max(key.value_end, key.value_start + 1)
        fix = _choice_fix(kind, key) if key.name in kind.choices else _fix(doc, shape, key)
        yield RULE.finding(problem, key.value_start, end, fix=fix)


RULE = Rule(
    code="PL020",
    name="front-matter-wrong-type",
    severity=Severity.WARNING,
    summary="A front-matter value of a type the agent silently ignores.",
    explanation=(
        "The agents read front-matter values by type and drop what does not fit, without "
        'a word. Cursor\'s `alwaysApply: "true"` is a string, not the boolean `true`, so '
        "the rule is not always applied; VS Code reads Copilot's `applyTo` only as a "
        "string, so a YAML list of globs is dropped and the instructions never apply by "
        'path; `excludeAgent` takes `"code-review"` or `"coding-agent"`. The fix writes a '
        'quoted `"true"`/`"false"` as the boolean and a list of `applyTo` globs as one '
        "comma-separated string (not when a comment sits between the items, which the "
        "rewrite would drop). Windsurf's `trigger` is one of `always_on`, `manual`, "
        "`model_decision` and `glob`, Kiro's `inclusion` one of `always`, `fileMatch`, "
        "`manual` and `auto`: another value is no mode the agent documents. For these and "
        "`excludeAgent` the fix writes the documented value a misspelling is close to "
        "(`always` → `always_on`, `coding_agent` → `coding-agent`). Keys that only label a "
        "skill (`argument-hint`, `license`, "
        "`compatibility`, `metadata`) are left alone: a dropped label changes nothing "
        "about when the skill loads or runs."
    ),
    bad_example='---\nalwaysApply: "true"\n---\nUse strict mode.\n',
    good_example="---\nalwaysApply: true\n---\nUse strict mode.\n",
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="front matter of Copilot, Cursor, Claude rule, Qwen rule, Cline rule, Windsurf "
    "rule, Kiro steering and `SKILL.md` files",
)
