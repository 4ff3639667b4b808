"""The shell commands an instruction file tells the agent to run, with their offsets.

Agents copy what is written in code: a command in backticks or in a shell fence is the
one they run, word for word, so command drift (PL034) judges those and nothing in
prose. A command is found where an author writes one:

- an inline code span whose text is the command (`` `npm run build` ``, optionally
  after a ``$ `` prompt);
- a line of a fenced block with no info string or a shell one (``sh``, ``bash``,
  ``console``, ``powershell``…). A fence tagged as another language (``yaml`` for a CI
  workflow, ``dockerfile``, ``json``) shows a file, not a command to run here.

Each line is split at ``&&``, ``||``, ``;`` and ``|`` into simple commands; a comment
ends it. Once a ``cd`` (or ``pushd``) appears, the rest of the line, and of the fence,
runs in another folder, so nothing after it is returned: the manifests that would
apply there are not the ones near the file.
"""

from __future__ import annotations

from collections.abc import Iterator

from promptls.record import Record
from promptls.text.lazyre import lazy
from promptls.text.markdown import Code, line_end
from promptls.text.markdown import code_spans as inline_spans

SHELL_TAGS = frozenset(
    {
        "",
        "sh",
        "bash",
        "shell",
        "zsh",
        "fish",
        "console",
        "shell-session",
        "shellsession",
        "sh-session",
        "terminal",
        "powershell",
        "pwsh",
        "ps1",
        "cmd",
        "bat",
    }
)
"""Info strings of fences whose lines are commands to type (the first word, lower-cased)."""

_WORD = lazy(r"[^\s;&|]+|&&|\|\||[;&|]")
_SEPARATORS = frozenset({"&&", "||", ";", "|", "&"})
_PROMPTS = ("$ ", "% ", "> ", "# ")
_ASSIGNMENT = lazy(r"[A-Za-z_][A-Za-z0-9_]*=\S*")
_MOVES = frozenset({"cd", "pushd", "popd"})


class Word(Record):
    """One word of a command and where it is in the text."""

    text: str
    start: int

    @property
    def end(self) -> int:
        """Where the word ends in the text."""
        return self.start + len(self.text)


class Command(Record):
    """One simple command (program and arguments) and the line it is written on."""

    words: tuple[Word, ...]
    line: str
    """The whole line or span it came from (for the near-miss checks around it)."""


def fence_tag(text: str, start: int, run: str) -> str:
    """A fence's language: the first word of its info string, lower-cased."""
    info = text[start + len(run) : line_end(text, start)].strip().lower()
    return info.split()[0].strip("{}.") if info else ""


def _line_commands(text: str, start: int, end: int) -> tuple[list[Command], bool]:
    """The simple commands on ``text[start:end]`` (one line), and whether a ``cd`` ended
    the line's run in this folder."""
    line = text[start:end]
    body = line.lstrip()
    offset = start + len(line) - len(body)
    for prompt in _PROMPTS[:2]:
        if body.startswith(prompt):
            body, offset = body[len(prompt) :], offset + len(prompt)
            break
    else:
        if body.startswith(_PROMPTS[2:]):
            return [], False  # a continuation prompt or a comment line
    found: list[Command] = []
    current: list[Word] = []
    for match in _WORD.finditer(body):
        word = Word(match.group(), offset + match.start())
        if word.text.startswith("#"):
            break
        if word.text in _SEPARATORS:
            found.append(Command(tuple(current), line))
            current = []
            continue
        if not current and word.text in _MOVES:
            return [c for c in found if c.words], True
        if not current and _ASSIGNMENT.fullmatch(word.text):
            continue
        current.append(word)
    found.append(Command(tuple(current), line))
    return [c for c in found if c.words], False


_LINE = lazy(r"[^\r\n]+")


def commands(text: str, code: Code) -> Iterator[Command]:
    """Every command written in a shell fence or as an inline code span, in text order
    within each kind (fences first)."""
    for fence in code.fences:
        if fence_tag(text, fence.start, fence.run) not in SHELL_TAGS:
            continue
        body_start = line_end(text, fence.start)
        body_end = fence.close if fence.close is not None else fence.end
        for match in _LINE.finditer(text, body_start, body_end):
            found, moved = _line_commands(text, match.start(), match.end())
            yield from found
            if moved:
                break
    if "`" not in text:
        return
    for match in _LINE.finditer(text):
        if code.fence_at(match.start()) is not None:
            continue
        for a, b in inline_spans(text, match.start(), match.end()):
            run = len(text[a:b]) - len(text[a:b].lstrip("`"))
            found, _ = _line_commands(text, a + run, b - run)
            for command in found:
                yield Command(command.words, match.group())
