"""PL032: a path into one person's home folder, in an instruction file others load.

``/Users/alice/src/app``, ``/home/bob/.config`` or ``C:\\Users\\carol\\repo`` in a
committed CLAUDE.md is true on one machine: every teammate's agent (and CI's) gets a
path that does not exist there, and an ``@/Users/alice/notes.md`` import silently loads
nothing. Placeholders (``/home/<user>/``, ``$USER``, ``you``, ``username``), service
accounts of containers and CI (``runner``, ``node``, ``vscode``), shared folders
(``/Users/Shared``), paths inside web URLs and web routes (``GET /users/1``) stay
quiet; a ``file:///Users/…`` link is this machine's path and is reported. In a personal
or user-level file (``CLAUDE.local.md``, ``~/.claude/CLAUDE.md``, a file Git ignores)
the path is that person's own business: info, not warning.

The fix replaces the home prefix with ``~/``: the model reads prose, so ``~`` means the
same to it; Claude Code's import resolver expands ``~/`` (its memory docs) but Gemini
CLI's resolves every import against the importing file (memoryImportProcessor.ts), so an
import gets no fix when the profile is gemini. A quoted path gets none either: a shell
does not expand ``~`` inside quotes, nor does a JSON value.
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH100, PTH118, PTH119

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence

from promptls.agents.registry import PROFILES
from promptls.analysis.document import Document
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.rules.discovered import read_entry
from promptls.discovery.gitignore import git_ignored
from promptls.discovery.imports import import_style
from promptls.text.lazyre import lazy
from promptls.text.mapper import utf8_to_offsets
from promptls.text.markdown import fence_shaped
from promptls.text.paths import within

_HOME = lazy(
    r"(?P<prefix>(?:/Users/|/home/|\b[A-Za-z]:(?P<sep>\\\\|\\|/)Users(?P=sep))"
    r"(?P<name>[^\s/\\`'\"<>()\[\]{}|*?:;,]*[^\s/\\`'\"<>()\[\]{}|*?:;,.]))"
    r"(?:(?P<after>\\\\|\\|/)|(?=[\s`'\")\]<>,;:]|\[\^|\.(?:[\s`'\")\]<>,;:]|\[\^|$)|$))",
    re.IGNORECASE,
)
"""A home folder prefix: POSIX ``/Users/x`` and ``/home/x``, Windows ``C:\\Users\\x`` (one
or doubled backslashes, as in JSON, or forward slashes), followed by a separator or the
end of the path: a space, a quote or bracket, punctuation, an HTML tag (``</code>``,
``<br>``) or a footnote (``[^1]``), also after a period that ends the sentence."""

_SHAPES = (b"/users/", b"/home/", b"\\users")
"""What every shape of ``_HOME`` holds (``C:/Users/`` the first), ASCII letters in any
case (``_HOME`` also folds ``ſ`` to ``s`` the Unicode way; those texts stay skipped)."""


def home_shaped(data: bytes) -> bool:
    """Whether a text's UTF-8 bytes hold a home shape: one pass lowering ASCII letters
    only (no other byte of UTF-8 is an ASCII letter), cheaper than lowering the text."""
    low = data.lower()
    return any(shape in low for shape in _SHAPES)


_URL = lazy(r"[A-Za-z][A-Za-z0-9+.-]*://[^\s<>`'\")\]]*")
"""A URL, whose path is a web path (``https://host/home/x``) or another machine's. It
starts at the scheme's first letter whatever comes before it (``_https://…_`` is an
italic URL in Markdown)."""

PLACEHOLDERS = frozenset(
    {
        "user", "username", "user-name", "user_name", "yourname", "your-name", "your_name",
        "yourusername", "your-username", "your_username", "you", "me", "myname", "my-name",
        "name", "someone", "somebody", "example", "foo", "bar", "john", "jane", "johndoe",
        "jdoe", "xxx", "xyz", "abc", "x", "...", "…", "$user", "${user}", "%username%",
        "$username", "${username}", "%user%", "~",
    }
)  # fmt: skip
"""Names that stand for "your account" in docs (compared lower-cased)."""

SHARED = frozenset(
    {
        "shared", "public", "default", "all users", "guest", "runner", "node", "vscode",
        "codespace", "coder", "ubuntu", "ec2-user", "linuxbrew", "jovyan", "gitpod",
        "circleci", "travis", "builder", "app", "root", "admin", "developer", "dev",
    }
)  # fmt: skip
"""Folders that are not one person's: macOS and Windows shared folders, and the fixed
accounts of CI runners, dev containers and images (``/home/runner/work``,
``/home/linuxbrew/.linuxbrew``), the same on every machine that uses them."""

_QUOTES = frozenset("'\"")

_COUNTER_EXAMPLE = lazy(
    r"❌|✗|(?<![a-z])(?:BAD|WRONG)(?![a-z])|Don['\u2019]t(?![a-z])|(?<![a-z])leak", re.IGNORECASE
)
"""How authors mark a line as what not to do (``// ❌ BAD - Leaks username``): a home
path shown there is the lesson, not an instruction. ``Don't`` is written with either
apostrophe (word processors and smart-quote editors type ``’``). A mark's edge is
anything but an ASCII letter, which would make a longer English word (``Sinbad``,
``Badges``, ``wrongful``, ``bleak``, ``Don'ts``); ``\b`` is not that edge, since a CJK
character, ``_`` and a digit are word characters: scripts written without spaces glue
the mark to their text (``反例BAD:``, ``情報がleakする``, ``Don'tの例``), Markdown's
emphasis glues ``_`` (``_BAD_``), and labels number it (``BAD1:``). No word ends in
"don't", so it needs no edge before it (``Pleasedon't`` is a missing space)."""


def _placeholder(name: str) -> bool:
    low = name.lower()
    if low in PLACEHOLDERS or low in SHARED:
        return True
    return low[:1] in "$%" or low.startswith(("your", "my-", "my_", "user")) or "x" * 3 in low


def _url_spans(text: str) -> list[tuple[int, int]]:
    """``[m.span() for m in _URL.finditer(text)]``, searched only from each ``://``: a
    regex that starts with a letter is tried at every letter of the text, ~25 ns each."""
    spans: list[tuple[int, int]] = []
    colon = text.find("://")
    while colon >= 0:
        scheme = colon
        while scheme > 0 and text[scheme - 1] in _SCHEME_CHARS:
            scheme -= 1
        # The previous URL ended before a character no scheme holds: ``scheme`` is past it.
        match = _URL.search(text, scheme)
        if match is None:
            break
        spans.append(match.span())
        colon = text.find("://", match.end())  # past this colon: the match holds one
    return spans


_FILE_URL = "file://"
"""A local file's URL: its path is this machine's (``file:///Users/alice/notes.md``)."""


def _in_file_url(text: str, start: int) -> bool:
    """Whether the path at ``start`` is the path of a ``file://`` URL (``file:///Users/…``,
    ``file:///C:/Users/…``), in any case of the scheme."""
    head = text[max(0, start - len(_FILE_URL) - 1) : start].lower()
    return head.endswith(_FILE_URL) or head == _FILE_URL + "/"


_SCHEME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+.-")
"""What ``_URL`` allows in a scheme."""

_FOLDED_LETTERS = ("\u0130", "\u0131", "\u017f", "\u212a")
"""The characters ``re.IGNORECASE`` matches with an ASCII letter (İ ı ſ K): a text holding
one is searched with ``_HOME`` everywhere."""


def _home_matches(
    text: str, data: bytes, pieces: Sequence[int] | None = None
) -> Iterator[re.Match[str]]:
    """``_HOME.finditer(text)``, tried only where a match can start.

    Every match holds ``users`` or ``home`` in some case: ``/Users/`` or ``/home/`` one
    character after its start, ``C:\\Users`` or ``C:\\\\Users`` three or four. Those words are
    found in the UTF-8 bytes lowered (ASCII letters only), and ``_HOME`` is matched at the
    few places before them, in order, each at or after the previous match's end: the
    matches ``finditer`` gives, without trying the pattern at every letter of the text.
    ``pieces`` are the piece starts of ``data`` when it came from ``utf8_pieces``.
    """
    if not text.isascii() and any(c in text for c in _FOLDED_LETTERS):
        yield from _HOME.finditer(text)
        return
    low = data.lower()
    found: set[int] = set()
    for word, before in ((b"users", (1, 3, 4)), (b"home", (1,))):
        at = low.find(word)
        while at >= 0:
            found.update(at - back for back in before if at >= back)
            at = low.find(word, at + 1)
    starts = sorted(found)
    if not text.isascii():  # a match starts with an ASCII character: its byte → its offset
        starts = utf8_to_offsets(data, [b for b in starts if data[b] < 0x80], pieces)
    end = 0
    for start in starts:
        if start < end:
            continue
        match = _HOME.match(text, start)
        if match is not None:
            yield match
            end = match.end()


def _personal(doc: Document, path: str) -> bool:
    """A local or user-level file, or one Git ignores and does not track: its reader is
    its author."""
    name = os.path.basename(path)
    if any(os.path.basename(f) == name for p in PROFILES.values() for f in p.local_files):
        return True
    home = doc.discovery.home if doc.discovery is not None else None
    if home:
        user = {os.path.join(home, p.user_dir) for p in PROFILES.values()}
        here = os.path.abspath(path)
        if any(within(here, u, strict=True) for u in user):
            return True

    verdict = git_ignored(path)
    return verdict is not None and verdict.ignored and not verdict.tracked


def check(doc: Document) -> Iterator[Finding]:
    """Each home path once, at its prefix; info in a personal file, warning elsewhere."""
    data = doc.utf8 if doc.utf8 is not None else doc.text.encode()
    if not home_shaped(data):
        return
    urls: list[tuple[int, int]] | None = None
    personal: bool | None = None
    tilde_kept = _imports_keep_tilde(doc)
    for match in _home_matches(doc.text, data, doc.utf8_starts):
        start, end = match.span("prefix")
        if _placeholder(match["name"]):
            continue
        if match["prefix"].startswith("/users/") or match["name"].isdigit():
            continue  # a web route (GET /users/1): macOS writes /Users, no account is a number
        in_file_url = _in_file_url(doc.text, start)
        if urls is None:
            urls = _url_spans(doc.text)
        if any(a <= start < b for a, b in urls) and not in_file_url:
            continue
        before = doc.text[start - 1] if start else ""
        if before and (before.isalnum() or before in "/\\._-~$") and not in_file_url:
            continue  # a relative path (src/home/x) or a web path
        if _counter_example(doc.text, start) or _remote(doc.text, start):
            continue
        if personal is None:
            personal = doc.path is not None and _personal(doc, doc.path)
        is_import = before == "@"
        fixable = before not in _QUOTES and not (is_import and tilde_kept) and not in_file_url
        yield _finding(match, start, end, personal=personal, is_import=is_import, fixable=fixable)


def _counter_example(text: str, start: int) -> bool:
    """Whether the path's line marks a counter-example, or one of the two lines above
    does: with a label (``❌``, ``BAD``, ``WRONG``), or with a "don't" or "leak" that
    introduces what follows (its line ends with a colon, or a fence opens below it). A
    "don't" line above that ends otherwise is another instruction (``Don't push to
    main.``), not a label for the path below it."""
    own = text.rfind("\n", 0, start) + 1
    end = text.find("\n", start)
    if _COUNTER_EXAMPLE.search(text, own, len(text) if end < 0 else end) is not None:
        return True
    below, line_end = own, own - 1
    for _ in range(2):
        if below == 0:
            return False
        begin = text.rfind("\n", 0, line_end) + 1
        for mark in _COUNTER_EXAMPLE.finditer(text, begin, line_end):
            if not _introduces(mark.group()) or _introducing(text, begin, line_end, below):
                return True
        below, line_end = begin, begin - 1
    return False


_REMOTE_SHELL = lazy(r"(?m)(?:^|[\s`'\"(;&|])(?:ssh|mosh)[ \t]+[^\s|;&]")
"""A remote shell run on the path's line before it: ``ssh host "cd /home/bob/app"``."""
_REMOTE_SPEC = lazy(r"(?m)(?:^|[\s`'\"(=])(?:[\w.-]+@)?[A-Za-z0-9][\w.-]*:$")
"""scp's and rsync's ``[user@]host:`` right before the path: ``host:/home/bob/logs``."""


def _remote(text: str, start: int) -> bool:
    """Whether the path is on another machine the line names: an argument of ``ssh`` or
    ``mosh`` after its host, or an ``scp``/``rsync`` remote ``host:/home/…``. The path is
    that host's, the same for everyone who runs the line, not this machine's."""
    own = text.rfind("\n", 0, start) + 1
    if _REMOTE_SPEC.search(text, max(own, start - 256), start) is not None:
        return True
    shell = _REMOTE_SHELL.search(text, own, start)
    return shell is not None and _one_command(text, shell.end(), start)


def _one_command(text: str, begin: int, end: int) -> bool:
    """Whether ``text[begin:end]`` stays inside one shell command: no ``;``, ``|`` or
    ``&`` outside quotes, so ``ssh host 2>/dev/null || /home/bob/x.sh`` runs the path
    here, while ``ssh host "cd /home/bob && make"`` runs it there. ``>&``/``<&``/``&>``
    are redirections, not separators."""
    quote = ""
    for at in range(begin, end):
        char = text[at]
        if quote:
            if char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in ";|" or (char == "&" and _separates(text, at)):
            return False
    return True


def _separates(text: str, at: int) -> bool:
    """Whether the ``&`` at ``at`` ends a command, not a redirection's (``2>&1``, ``&>``)."""
    return text[at - 1] not in "<>" and text[at + 1 : at + 2] != ">"


def _introduces(mark: str) -> bool:
    """A mark that is a word of a sentence ("don't", "leaks"), not a label."""
    return mark[:1] in "dDlL"


def _introducing(text: str, begin: int, end: int, below: int) -> bool:
    """Whether the line ``text[begin:end]`` introduces the lines below it: it ends with a
    colon (after emphasis), or the next line (at ``below``) opens a fence."""
    line = text[begin:end].rstrip(" \t\r*_`")
    return line.endswith((":", "\uff1a")) or fence_shaped(text, below)


def _imports_keep_tilde(doc: Document) -> bool:
    """Whether the profile's agent reads this file's imports without expanding ``~`` (its
    import style has no home folder: Gemini CLI), so a ``~/`` fix would break them: a
    file its discovery reads (or any file, without a discovery)."""
    name = doc.settings.profile if doc.discovery is None else doc.discovery.profile
    profile = PROFILES.get(name or "")
    if profile is None or profile.imports is None or import_style(profile.imports).home:
        return False
    return doc.discovery is None or read_entry(doc) is not None


def _finding(
    match: re.Match[str], start: int, end: int, *, personal: bool, is_import: bool, fixable: bool
) -> Finding:
    """The finding for one home path, with the ``~`` fix where it is safe."""
    prefix = match["prefix"]
    what = "an import from" if is_import else "a path into"
    consequence = (
        "no other machine has this file, so the import loads nothing there"
        if is_import
        else "it exists on one machine only; on every other, the agent is told about a "
        "folder that is not there"
    )
    where = "a personal file, so only its author reads it" if personal else consequence
    after = match["after"] or ""
    fix = (
        Fix(f"Replace {prefix}{after} with ~{after}", (Edit(start, match.end(), "~" + after),))
        if fixable
        else None
    )
    severity = Severity.INFO if personal else RULE.severity
    message = (
        f"{what} one person's home folder ({prefix}): {where}; write it as ~/ or "
        "relative to the repository"
    )
    return Finding(RULE.code, severity, message, start, end, fix=fix)


DETAILS = """\
"Committed" is judged the way PL026 judges it: a file Git ignores and does not track
(`.gitignore` files and `.git/info/exclude`, read by `discovery/gitignore.py`), a local
file by name (the profiles' `local_files`: `CLAUDE.local.md`, `AGENTS.local.md`) or a file
in an agent's user folder under the home discovery used (`~/.claude/…`, `~/.codex/…`) is
personal and gets info; everything else, including files outside a Git worktree, gets
the warning. A line marked as a counter-example (`❌`, `BAD`, `Wrong:`, `Don't` or `Don’t`, "leak",
on the path's line or the two above) stays quiet: the path is the lesson there. Above
the path, "don't" and "leak" are words of a sentence rather than labels, so they mark
the path only when their line introduces it (ends with a colon, or a fence opens below
it): `- Don't push to main.` over `- Work in:` and a path labels nothing. A path on
another machine the line names stays quiet too: after `ssh host` or `mosh host` on the
same line (`ssh nas "cd /home/bob/app && make"`), or right after an `scp`/`rsync` remote
`host:` or `user@host:` (`scp build.tar nas:/home/bob/`): it is that host's folder, the
same for everyone who runs the line. A mark
counts glued to Chinese or Japanese text, to `_` emphasis or to a number (`反例BAD:`,
`情報がleakする`, `_BAD_`, `BAD1:`), not inside a longer English word (`Sinbad`, `bleak`).
"""


RULE = Rule(
    code="PL032",
    name="machine-specific-path",
    severity=Severity.WARNING,
    summary="A path into one person's home folder (/Users/alice/…) in a shared instruction file.",
    explanation=(
        "`/Users/<name>/`, `/home/<name>/` and `C:\\Users\\<name>\\` name one machine's "
        "account. In a committed CLAUDE.md or AGENTS.md every teammate's agent and CI get "
        "a path that does not exist for them, and an `@/Users/alice/notes.md` import "
        "loads nothing on their machines. Reported as a warning in project files and as "
        "info in personal ones (CLAUDE.local.md, files under ~/.claude and the other "
        "agents' user folders, files Git ignores and does not track). Placeholders "
        "(`<user>`, `$USER`, `you`, `username`, `me`, …), the fixed accounts of CI and "
        "containers (`/home/runner`, `/home/node`, `/home/vscode`), shared folders "
        "(`/Users/Shared`), paths inside web URLs, web routes (`GET /users/1`: macOS "
        "writes its homes `/Users/`, and no account name is a number) and counter-examples "
        "(a line marked `❌`, `BAD`, `WRONG`, `don't`, or below such a label within two "
        'lines; a "don\'t" above labels the path only when its line ends with a colon or '
        "a fence opens below it) stay quiet. A `file://` URL's path is this machine's, so "
        "it is reported (without a fix). The fix writes `~/` for the "
        "home prefix: prose is read by the model, which understands `~`, and Claude Code "
        "expands `~/` in imports; no fix for an import under the gemini profile (Gemini "
        "CLI resolves imports against the importing file) nor for a quoted path (shells "
        "and JSON do not expand `~` inside quotes)."
    ),
    bad_example="Run the tests from /Users/alice/src/app.\n",
    good_example="Run the tests from ~/src/app (or from the repository root).\n",
    fixable=True,
    kinds=INSTRUCTION_ONLY,
    check=check,
    applies_to="instruction files",
    details=DETAILS,
)
