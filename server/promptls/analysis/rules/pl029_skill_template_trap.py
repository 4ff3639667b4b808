"""PL029: text in a skill or command that Claude Code rewrites, or runs, when it loads it.

Claude Code treats a ``SKILL.md`` body and a ``.claude/commands/**/*.md`` file as a
template. Before the model sees it, ``$ARGUMENTS`` becomes the arguments, ``$ARGUMENTS[N]``
and ``$N`` the N-th one (from 0), and `` !`cmd` `` the output of running ``cmd``, even
inside code spans and fenced blocks. Authors who quote shell, awk or SQL (``$1``), a price
(``$1.2M``), a spreadsheet reference (``$B$6``) or a skill example get something else
sent, or a command run on every load. This module finds those tokens for the rule, and
renders a body the way Claude Code does for sample arguments, for the editor's hover
(the commands are shown, never run).

Sources (read 2026-12-01): Claude Code CHANGELOG 2.1.19 (``$0``/``$1`` shorthand,
``$ARGUMENTS[0]``), 2.1.91 (``disableSkillShellExecution``: inline shell in skills and
commands), 2.1.163 ("added ``\\$`` escape syntax to include a literal ``$`` before a digit
in command bodies"), 2.1.210 (an unmatched ``$N`` is kept verbatim); docs
code.claude.com/docs/en/skills, "Available string substitutions" (as quoted in
anthropics/claude-code#65496, 2026-06-04); the inline-command pattern
``(?<=^|\\s)!`([^`]+)`` read out of 2.1.226 (kamp-us/phoenix#5212, 2026-08-09); runs inside
fences: anthropics/claude-code#12781 (2025-12-01), #93748 (2026-09-12); ``$N`` inside
fences, prices and ``$B$6``: #94496, #87201, anthropics/skills#1779 (2026-08/09).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

from promptls import later
from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.frontmatter_kinds import path_parts
from promptls.analysis.loaded_paths import SKILL_FILE
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import ALL_KINDS, Rule
from promptls.text.lazyre import lazy
from promptls.text.markdown import line_end

_TOKEN = lazy(r"\$(?:ARGUMENTS(?:\[([0-9]+)\])?(?![A-Za-z0-9_])|([0-9]+)(?![A-Za-z0-9_]))")
_COMMAND = lazy(r"(?:(?<=\s)|^)!`([^`]+)`", re.MULTILINE)
_ARGUMENT_KEYS = lazy(r"^(?:argument-hint|arguments)[ \t]*:", re.MULTILINE)
_PRICE_TAIL = lazy(r"[.,][0-9]")
_MARKDOWN_INFO = lazy(r"(?:md|markdown)\b", re.IGNORECASE)
SAMPLE_ARGUMENTS = "arg1 arg2"
"""The arguments the hover renders a body with."""


def is_template_path(path: str | None) -> bool:
    """Whether Claude Code treats the file as a template: a ``SKILL.md`` (its supporting
    files are read as they are) or a custom command under ``.claude/commands/``. A
    ``SKILL.md`` in a project skills folder that only agents without templates read
    (``.github/skills``, ``.cursor/skills``) is sent as written; one in a folder no agent
    owns (a plugin's or a collection's ``skills/``) may be installed for Claude Code."""
    if not path:
        return False
    parts = path_parts(path)
    if parts[-1] == SKILL_FILE:
        return not _only_plain_readers(parts)
    if not parts[-1].endswith(".md"):
        return False
    return any(pair == (".claude", "commands") for pair in pairwise(parts))


def _only_plain_readers(parts: tuple[str, ...]) -> bool:
    """Whether the agents whose project skills folder holds the file all read a skill
    as written (none has ``skill_templates``)."""
    owners = [
        profile
        for profile in PROFILES.values()
        for folder in profile.project_skill_dirs
        if _holds(parts, tuple(folder.split("/")))
    ]
    return bool(owners) and not any(profile.skill_templates for profile in owners)


def _holds(parts: tuple[str, ...], folder: tuple[str, ...]) -> bool:
    """Whether ``folder``'s parts appear in a row in ``parts`` (the file name left out)."""
    width = len(folder)
    return any(parts[i : i + width] == folder for i in range(len(parts) - width))


FEW_ARGUMENTS = 10
"""Arguments an invocation plausibly has. ``$10`` and above are filled only by more than
ten words, and an unmatched ``$N`` is kept verbatim (2.1.210): ``$10.50`` or ``$100`` in
a skill is in practice sent as written."""


class Token(NamedTuple):
    """A placeholder or an inline command, as Claude Code reads it."""

    start: int
    end: int
    argument: int | None
    """The argument index (``$ARGUMENTS[N]``, ``$N``); None for ``$ARGUMENTS``."""
    command: str | None = None
    """The command of `` !`cmd` ``; None for a placeholder."""
    named: bool = False
    """``$ARGUMENTS[N]`` rather than ``$N``."""

    @property
    def digits(self) -> bool:
        """A ``$N`` shorthand: the form the documented ``\\$`` escape covers."""
        return self.argument is not None and self.command is None and not self.named


def tokens(text: str) -> list[Token]:
    """The placeholders and inline commands of ``text`` in order; escaped ``\\$`` left out."""
    found: list[Token] = []
    if "$" in text:
        for match in _TOKEN.finditer(text):
            if match.start() and text[match.start() - 1] == "\\":
                continue
            indexed, digits = match.group(1), match.group(2)
            number = indexed if indexed is not None else digits
            index = None if number is None else int(number)
            found.append(Token(match.start(), match.end(), index, named=indexed is not None))
    if "!`" in text:
        for match in _COMMAND.finditer(text):
            found.append(Token(match.start(), match.end(), None, command=match.group(1)))
    return sorted(found, key=lambda t: t.start)


def body_start(text: str) -> int:
    """Where the body starts: after a leading ``---`` front-matter block, if any."""
    if not text.startswith("---"):
        return 0
    match = re.compile(r"^---[ \t]*(?:\r\n|\r|\n)", re.MULTILINE).search(text, 3)
    return 0 if match is None else match.end()


def _literal_kind(text: str, token: Token) -> str | None:
    """Why a ``$N`` is a literal wherever it stands: a price or a glued reference."""
    if not token.digits:
        return None
    if _PRICE_TAIL.match(text, token.end):
        return "price"
    if token.start and text[token.start - 1].isalpha():
        return "reference"
    return None


def _in_markdown_example(doc: Document, offset: int) -> bool:
    """Inside a fenced block whose info string says Markdown (a skill shown in a skill)."""
    fence = doc.code.fence_at(offset)
    if fence is None:
        return False
    info_start = fence.start + len(fence.run)
    return _MARKDOWN_INFO.match(doc.text, info_start) is not None


def _output_block(doc: Document, token: Token) -> bool:
    """A fence that holds the inline command and nothing else, not tagged Markdown: the
    author puts the command's output in a block (``GIT STATUS:`` then ```` ``` ```` and
    `` !`git status` ``), which is the command meant to run, not an example of one."""
    fence = doc.code.fence_at(token.start)
    if fence is None or fence.close is None or _in_markdown_example(doc, token.start):
        return False
    body = doc.text[line_end(doc.text, fence.start) : fence.close]
    return body.strip() == doc.text[token.start : token.end]


def _message(token: Token, shown: str, why: str | None) -> str:
    """What Claude Code does with the token, and what to write instead."""
    if token.command is not None:
        return (
            f"Claude Code runs `{token.command}` each time it loads this file, even inside "
            "code, and sends its output in place of the example; it documents no escape, "
            "so reword the example (or move it to a supporting file, which is not run)"
        )
    if token.argument is None:
        return (
            f"Claude Code replaces {shown} with the arguments (empty when there are none), "
            "even inside code; it documents no escape for it (only `\\$` before a digit), "
            "so reword it"
        )
    nth = f"argument {token.argument + 1}"
    where = {"price": "in this price", "reference": "in this reference"}.get(why or "", "in code")
    if token.named:
        return (
            f"Claude Code replaces {shown} {where} with {nth} when the skill is invoked with "
            "arguments; it documents no escape for this form, so reword it"
        )
    return (
        f"Claude Code replaces {shown} {where} with {nth} when the skill is invoked with "
        f"arguments; write `\\{shown.strip('`')}` to keep it literal"
    )


def _takes_arguments(doc: Document, found: list[Token], start: int) -> bool:
    """Whether the author uses placeholders as placeholders: an ``argument-hint`` or
    ``arguments`` key, or a placeholder in prose. An inline code span is how many
    authors write the ``$ARGUMENTS`` they mean (``Parse `$ARGUMENTS` as the question``),
    so one there is a use too; a ``$N`` in a span is as often awk or sed's own."""
    if _ARGUMENT_KEYS.search(doc.text, 0, start):
        return True
    return any(
        t.command is None
        and _literal_kind(doc.text, t) is None
        and not (doc.code.fence_at(t.start) if not t.digits else doc.code.contains(t.start))
        for t in found
        if t.start >= start
    )


def check(doc: Document) -> Iterator[Finding]:
    """Placeholders meant literally and inline commands in examples."""
    if not is_template_path(doc.path):
        return
    start = body_start(doc.text)
    found = [t for t in tokens(doc.text) if t.start >= start]
    if not found:
        return
    templated = _takes_arguments(doc, found, start)
    for token in found:
        if token.argument is not None and token.argument >= FEW_ARGUMENTS:
            continue
        shown = doc.text[token.start : token.end]
        why = _literal_kind(doc.text, token)
        in_code = doc.code.contains(token.start)
        if token.command is not None:
            flagged = in_code and not _output_block(doc, token)
        elif why is not None:
            flagged = True
        elif token.argument is None or token.named:
            flagged = not templated and _in_markdown_example(doc, token.start)
        else:
            flagged = not templated and in_code
        if not flagged:
            continue
        fix = None
        if token.digits:
            fix = Fix(f"Escape as \\{shown}", (Edit(token.start, token.start, "\\"),))
        yield RULE.finding(_message(token, f"`{shown}`", why), token.start, token.end, fix=fix)


def split_arguments(arguments: str) -> list[str]:
    """The arguments split the shell's way, as Claude Code splits them (whitespace when
    the quoting does not parse)."""
    try:
        return later.shlex.split(arguments)
    except ValueError:
        return arguments.split()


def render_body(text: str, arguments: str = SAMPLE_ARGUMENTS) -> str:
    """The body as Claude Code sends it for ``arguments``: placeholders filled, ``\\$``
    escapes undone, each inline command shown as "(runs `cmd` at load)" — never run."""
    body = text[body_start(text) :]
    values = split_arguments(arguments)
    parts: list[str] = []
    cursor, received = 0, False
    for token in tokens(body):
        if token.command is not None:
            continue
        parts.append(body[cursor : token.start])
        if token.argument is None:
            parts.append(arguments)
            received = True
        elif token.argument < len(values):
            parts.append(values[token.argument])
            received = True
        else:
            parts.append(body[token.start : token.end])
        cursor = token.end
    parts.append(body[cursor:])
    filled = re.sub(r"\\(\$[0-9])", r"\1", "".join(parts))
    shown = _COMMAND.sub(lambda m: f"(runs `{m.group(1)}` at load)", filled)
    if arguments and not received:
        shown = shown.rstrip("\r\n") + f"\n\nARGUMENTS: {arguments}\n"
    return shown


DETAILS = r"""
What Claude Code does, with its sources (read 2026-12-01; Claude Code is closed source,
so the behaviour comes from its CHANGELOG, its docs and reproductions in its issues):

| behaviour | source |
|---|---|
| `$ARGUMENTS` is all arguments; `$ARGUMENTS[N]` and `$N` the N-th, counted from 0 | CHANGELOG 2.1.19; code.claude.com/docs/en/skills, "Available string substitutions" (quoted in anthropics/claude-code#65496, 2026-06-04) |
| substitution happens everywhere in the body, code spans and fences included; `$0.06` and `$B$6` lose their `$N` | anthropics/claude-code#52226 (2.1.118, 2026-04-23), #94496 (2026-09-15), #87201 (2.1.233, 2026-08-16), anthropics/skills#1779 (2.1.273, 2026-09-17) |
| an `$N` with no matching argument is kept verbatim (before 2.1.210 it was deleted) | CHANGELOG 2.1.210 |
| `\$` before a digit keeps a literal `$` (the backslash is not sent) | CHANGELOG 2.1.163 ("added `\$` escape syntax to include a literal `$` before a digit in command bodies"); reproduced on 2.1.251 in melodic-software/claude-code-plugins#3540 |
| `` !`cmd` `` after a line start or white space runs `cmd` at load, inside fences too; pattern `(?<=^\|\s)!`([^`]+)`` | kamp-us/phoenix#5212 (read out of 2.1.226, 2026-08-09); anthropics/claude-code#12781 (2025-12-01), #93748 (2026-09-12); setting `disableSkillShellExecution`, CHANGELOG 2.1.91 |
| supporting files of a skill (`references/*.md`) are read as they are, not as templates | bendrucker/claude#321 (2026-02-02), northflank/skills#5 (2026-09-16) |

**What fires, what stays quiet.** A placeholder in prose is how placeholders are meant
to be used, and stays quiet, as does a bare `$5` in a sentence (it may be a placeholder;
only a price with a decimal or thousands separator, `$1.2M`, `$1,000`, is certainly a
literal). In code, a `$N` fires only in a file that takes no arguments: no
`argument-hint` or `arguments` key, no placeholder in its prose and no `$ARGUMENTS` in
an inline code span (in a file that takes them, `gh pr view $0` in a fence may well be
meant). An inline code span is how many authors write the placeholder they mean
(``Parse `$ARGUMENTS` as the question``, ``If `$ARGUMENTS` is empty, ask``: every such
span among ten public skill and command files read for this, and all 28 in the sample of
`docs/precision.md`), so `$ARGUMENTS` there stays quiet and counts as use. `$ARGUMENTS`
in code fires only inside a fenced Markdown example (a skill shown in a skill) in a file
that takes no arguments. `\$1` is the escape and is never reported. `` !`cmd` `` fires inside a code span
or fence (an example), never in prose (dynamic context, meant to run), nor when it is all
a fence not tagged Markdown holds (```` ``` ````, `` !`git status` ``, ```` ``` ```` under
"GIT STATUS:": the author puts the output in a block; a widely copied design-review
command and the shadcn skill are written so). There is no
documented escape for `$ARGUMENTS` or `` !`cmd` ``, so those findings have no fix; the
message says to reword them.

**Which files.** A custom command under `.claude/commands/`, and a `SKILL.md` anywhere
but in a project skills folder that only agents without templates read: one in
`.github/skills/` or `.cursor/skills/` is sent as written by Copilot or Cursor, which
Claude Code never loads from there (its folder is `.claude/skills/`); one in a folder no
agent owns (a plugin's or a collection's `skills/`) may be installed for Claude Code and
is checked. Which agent templates is the profile field `skill_templates`; which folder
each agent loads skills from is its profile's `project_skill_dirs` (Claude Code's only
`.claude/skills/`: its skills docs, and VS Code's "Agent Skills reference", skill folders
per harness, read 2026-12-06); no other agent documents such a substitution.

**Past the tenth argument.** `$10` and above (`$ARGUMENTS[10]` too) are filled only by
an invocation of more than ten words, and an unmatched `$N` is kept verbatim: `$10.50`,
`$66.5M` or "orders over $100" in a skill is in practice sent as written, and is not
reported. `$0` to `$9` are.

**Hover.** In the editor, hovering a placeholder or an inline command of a skill or
command file shows the body as Claude Code would send it for the sample arguments
`arg1 arg2`: placeholders filled (split the shell's way), `\$` escapes undone, and each
inline command shown as "(runs `cmd` at load)" — promptls never runs it.
"""


RULE = Rule(
    code="PL029",
    name="skill-template-trap",
    severity=Severity.WARNING,
    summary="A skill or command quotes text Claude Code substitutes or runs when it loads it.",
    explanation=(
        "Claude Code reads a `SKILL.md` body and a `.claude/commands/` file as a template: "
        "`$ARGUMENTS` becomes the arguments, `$ARGUMENTS[N]` and `$N` the N-th argument "
        "(from 0), and `` !`cmd` `` the output of running `cmd`, everywhere in the body, "
        "code spans and fenced blocks included. The rule reports the ones the author "
        "meant literally: an inline command inside code (an example; not one alone in a "
        "fence not tagged Markdown, which is how authors put its output in a block), a "
        "`$N` in a price "
        "(`$1.2M`) or glued to a letter (`$B$6`), a `$N` in code and a `$ARGUMENTS` in a "
        "Markdown example fence (a skill shown in a skill) in a file that takes no "
        "arguments (no `argument-hint`/`arguments` key, no placeholder in its prose, no "
        "`$ARGUMENTS` in an inline code span). `$10` and above need more than ten "
        "arguments and are left alone, as is a `SKILL.md` in a folder only agents "
        "without templates read (`.github/skills`, `.cursor/skills`). Placeholders in prose and `$ARGUMENTS` in "
        "an inline code span are left alone: that is how they are meant to be used. "
        "The fix writes the documented escape, `\\$` before a digit (Claude Code 2.1.163); "
        "`$ARGUMENTS` and `` !`cmd` `` have no documented escape, so those have "
        "no fix."
    ),
    bad_example=(
        "---\nname: fields\ndescription: Print a column.\n---\n"
        "```sh\nawk '{print $2}' data.txt\n```\n"
    ),
    good_example=(
        "---\nname: fields\ndescription: Print a column.\n---\n"
        "```sh\nawk '{print \\$2}' data.txt\n```\n"
    ),
    fixable=True,
    kinds=ALL_KINDS,
    check=check,
    needs_discovery=False,
    applies_to="`SKILL.md` and `.claude/commands/**/*.md`",
    fix_note="`\\$` before a digit",
    details=DETAILS,
)
