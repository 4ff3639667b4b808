"""PL034: a command the instruction file gives that cannot work in this repository.

Agents run the commands written in code spans and shell fences as written. When the
file says ``npm install`` and the repository's only lockfile is ``pnpm-lock.yaml``, the
agent installs with the wrong manager (a second lockfile, a different dependency tree);
when it says ``npm run lint`` and package.json has no ``lint`` script, or ``make
check`` and the Makefile has no such target, the agent fails, then guesses. The
repository's own manifests are the truth: the lockfiles and the package.json, Makefile
or justfile nearest above the file (up to the repository's root; only the file's own
folder outside a repository), read once per change (``analysis.manifests``).

Deliberately quiet: a file about another project (a vendored skill, a template or
example: ``analysis.vendored``); no lockfile or lockfiles of several managers; a manager whose
lockfile a subproject of the repository has, and a name another manifest of the
repository defines (a subproject's package.json, the root's Makefile below a nested
AGENTS.md): text often speaks of another folder (``cd frontend`` in an earlier block, a
rule scoped to ``packages/**``, "from the root:"), which the file's place cannot tell;
a line that names the lockfile's manager or says not/never/instead/there is no (the
author contrasts the two, or knows the name is absent); global
installs, ``npx``/``dlx``/``create``; options that point at another package
(``--filter``, ``-w``, ``-C``…); a manifest this parser cannot fully read; scripts run
through ``yarn``/``bun``/implicit ``pnpm X`` (they fall back to the package's binaries).
"""

# Plain str paths on purpose: the path is the one the caller gave.
# ruff: noqa: PTH100, PTH112, PTH118, PTH120

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

from promptls.analysis.document import Document
from promptls.analysis.manifests import LOCKFILES, Manifests
from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.rules.base import INSTRUCTION_ONLY, Rule
from promptls.analysis.shell_commands import commands
from promptls.analysis.vendored import about_another_project
from promptls.text.escape import safe_line
from promptls.text.lazyre import lazy

if TYPE_CHECKING:
    from promptls.analysis.manifests import Manifests, Names
    from promptls.analysis.shell_commands import Command, Word

MANAGERS = ("npm", "pnpm", "yarn", "bun")
_NPM_MANAGED = frozenset(
    {"install", "i", "ci", "add", "run", "run-script", "test", "t", "start", "uninstall"}
    | {"remove", "rm", "un", "update", "up"}
)
_BUN_MANAGED = frozenset({"install", "i", "add", "remove", "rm", "update"})
_NOT_MANAGED = frozenset({"dlx", "create", "init", "help", "exec", "x", "global", "env"})
"""Subcommands that run something from outside the repository's dependency tree."""
_BUILTIN = frozenset(
    {"install", "i", "add", "remove", "rm", "run", "test", "t", "start", "update", "up"}
    | {"upgrade", "why", "list", "ls", "outdated", "publish", "pack", "link", "unlink"}
    | {"audit", "config", "info", "import", "store", "cache", "login", "logout", "version"}
    | {"workspace", "workspaces", "rebuild", "prune", "patch", "setup", "licenses", "bin"}
    | {"dedupe", "root", "recursive", "fetch", "deploy", "set", "plugin", "npm", "node"}
)
"""yarn and pnpm commands that are not a package.json script run by its bare name."""
_ELSEWHERE = frozenset(
    {"-g", "--global", "-w", "--workspace", "--workspaces", "--prefix", "-C", "--dir"}
    | {"--filter", "-F", "-r", "--recursive", "--cwd", "--location=global", "-f", "--file"}
    | {"--justfile", "--working-directory", "-d", "--directory"}
)
"""Options that run the command for another folder, package or the whole machine."""
_CONTRAST = lazy(
    r"(?i)\b(?:not|never|don't|do not|instead|rather than|avoid|without|no such|no longer"
    r"|there(?:'s| is| are) no)\b"
)
_OPAQUE = ("$", "<", ">", "{", "}", "'", '"', "`", "*", "[", ":", "/", "\\")
"""Characters in a name that make it a placeholder, a path or shell syntax, not a name."""


def _manager_words(command: Command) -> tuple[Word, Word | None, tuple[Word, ...]] | None:
    """(manager, subcommand, the words after it) when the command runs a package manager."""
    words = command.words
    if words[0].text not in MANAGERS:
        return None
    if any(w.text.split("=")[0] in _ELSEWHERE for w in words[2:]):  # words[1]: `managed`
        return None
    sub = words[1] if len(words) > 1 else None
    return words[0], sub, words[2:]


def managed(manager: str, sub: str | None) -> bool:
    """Whether ``manager sub`` works on the repository's dependency tree (its lockfile)."""
    if sub is None:
        return manager == "yarn"  # bare `yarn` installs; bare npm/pnpm/bun print help
    if sub.startswith("-") or sub in _NOT_MANAGED:
        return False
    if manager == "npm":
        return sub in _NPM_MANAGED
    if manager == "bun":
        return sub in _BUN_MANAGED
    return True


def swappable(manager: str, sub: str | None, rest: tuple[Word, ...], target: str) -> bool:
    """Whether replacing only the manager's name by ``target`` gives the same command."""
    if sub is None:
        return False
    if sub == "run":
        return True
    if sub in ("install", "i"):
        return not rest and (sub == "install" or target != "yarn")
    if sub in ("add", "remove"):
        return bool(rest)
    if sub in ("test", "start"):
        return target != "bun"
    implicit = manager in ("yarn", "pnpm") and sub not in _BUILTIN
    return implicit and target in ("yarn", "pnpm")


class _Repo:
    """The manifests near one file, each looked up once per check."""

    def __init__(self, folder: str) -> None:
        self.manifests: Manifests = Manifests(folder)
        self._names: dict[str, Names | None] = {}

    @cached_property
    def lock(self) -> tuple[str, frozenset[str]] | None:
        """The nearest lockfile folder and its managers."""
        return self.manifests.managers()

    def names(self, kind: str) -> Names | None:
        """The nearest manifest of ``kind`` and what it defines."""
        if kind not in self._names:
            self._names[kind] = self.manifests.nearest(kind)
        return self._names[kind]


def _lockfile_names(folder: str, manager: str) -> str:
    """The lockfile names of ``manager`` present in ``folder`` (bun has two)."""
    return " and ".join(
        n for n, m in LOCKFILES.items() if m == manager and os.path.lexists(os.path.join(folder, n))
    )


def _manager_finding(command: Command, repo: _Repo, here: str) -> Finding | None:
    """The wrong package manager for the repository's one lockfile, with the swap as a fix
    when it is the same command."""
    parts = _manager_words(command)
    lock = repo.lock
    if parts is None or lock is None or len(lock[1]) != 1:
        return None
    manager, word, rest = parts
    sub = word.text if word is not None else None
    (target,) = lock[1]
    if manager.text == target or not managed(manager.text, sub):
        return None
    if _CONTRAST.search(command.line) or _mentions(command.line, target):
        return None
    if repo.manifests.lockfile_elsewhere(manager.text) is not None:
        return None  # a subproject installs with it: the text may be about that one
    folder, _ = lock
    where = os.path.relpath(folder, here).replace(os.sep, "/")
    files = _lockfile_names(folder, target)
    shown = safe_line(" ".join(w.text for w in command.words))
    message = (
        f"`{shown}` uses {manager.text}, but this repository installs with {target} "
        f"(its only lockfile is {files}"
        + ("" if where == "." else f" in {where}")
        + f"): the agent would write a second lockfile or a different tree; use {target}"
    )
    fix = None
    if swappable(manager.text, sub, rest, target):
        swap = Edit(manager.start, manager.end, target)
        fix = Fix(f"Use {target} instead of {manager.text}", (swap,))
    return RULE.finding(message, manager.start, command.words[-1].end, fix=fix)


def _mentions(line: str, manager: str) -> bool:
    """Whether ``line`` names ``manager`` as a word (the author compares the two)."""
    return any(word.strip("`*_()[],.:;!?\"'") == manager for word in line.replace("/", " ").split())


def _missing_names(command: Command) -> tuple[str, list[Word]] | None:
    """(manifest kind, the names to look up) for `npm run X`, `pnpm run X`, `make X…`
    and `just X`; None for anything else or any option that changes where it runs."""
    words = command.words
    head = words[0].text
    rest = words[1:]
    if _options(rest):
        return None
    if head in ("npm", "pnpm") and len(words) > 2 and words[1].text in ("run", "run-script"):
        return None if words[2].text == "env" else ("package", [words[2]])  # built in
    if head == "make":
        return "make", [w for w in rest if "=" not in w.text]
    if head == "just" and rest and "=" not in rest[0].text:
        return "just", [rest[0]]
    return None


def _options(words: tuple[Word, ...]) -> bool:
    """Whether an option comes before ``--`` (after it, the words are the script's)."""
    for word in words:
        if word.text == "--":
            return False
        if word.text.startswith("-"):
            return True
    return False


_LABEL = {"package": "script", "make": "target", "just": "recipe"}


def _name_findings(command: Command, repo: _Repo, here: str) -> Iterator[Finding]:
    """A script, Make target or just recipe the nearest manifest does not define."""
    wanted = _missing_names(command)
    if wanted is None or _CONTRAST.search(command.line):
        return  # "there is no `make migrate` target": the author knows
    kind, words = wanted
    found = repo.names(kind)
    if found is None or found.names is None:
        return
    folder = os.path.dirname(found.path)
    manifest = os.path.relpath(found.path, here).replace(os.sep, "/")
    for word in words:
        name = word.text
        if any(c in name for c in _OPAQUE) or name in found.names:
            continue
        if kind == "make" and os.path.lexists(os.path.join(folder, name)):
            continue  # a file make considers up to date, or builds by an implicit rule
        if repo.manifests.defined_elsewhere(kind, name) is not None:
            continue  # the text is about another folder of the repository (`cd web`)
        label = _LABEL[kind]
        known = sorted(found.names)
        listed = ", ".join(safe_line(n) for n in known[:8]) + (", …" if len(known) > 8 else "")
        yield Finding(
            RULE.code,
            Severity.INFO,
            f"{manifest} has no {label} `{safe_line(name)}`: the agent's "
            f"`{safe_line(' '.join(w.text for w in command.words))}` fails"
            + (f" (it has: {listed})" if known else ""),
            word.start,
            word.end,
        )


_WORDS = ("npm", "pnpm", "yarn", "bun", "make", "just")
_ANY_WORD = lazy("|".join(_WORDS))
"""Any of ``_WORDS`` anywhere: one pass over the text instead of one per word."""


def check(doc: Document) -> Iterator[Finding]:
    """Each command in code whose manager or name the nearest manifests contradict."""
    if doc.path is None or _ANY_WORD.search(doc.text) is None:
        return

    if about_another_project(doc.path):
        return  # its commands are another project's (a vendored skill, a template)
    here = os.path.dirname(os.path.abspath(doc.path))
    if not os.path.isdir(here):
        return
    repo = _Repo(here)
    if repo.lock is None and all(repo.names(kind) is None for kind in _LABEL):
        return  # nothing to hold a command against: skip reading the file's commands

    for command in commands(doc.text, doc.code):
        if command.words[0].text not in _WORDS:
            continue
        finding = _manager_finding(command, repo, here)
        if finding is not None:
            yield finding
        yield from _name_findings(command, repo, here)


DETAILS = """\
Where a command is found (`server/promptls/analysis/shell_commands.py`): an inline code
span whose text is a command (after an optional `$ ` prompt), and each line of a fenced
block with no info string or a shell one (`sh`, `bash`, `shell`, `zsh`, `fish`,
`console`, `shell-session`, `terminal`, `powershell`, `pwsh`, `cmd`). Lines are split at
`&&`, `||`, `;`, `|`; leading `VAR=value` words are skipped; `#` starts a comment; a
`> ` line is a continuation or output. A fence in another language (`yaml`,
`dockerfile`, `json`, `text`) is quiet: it shows a file or output, not a command for
this folder. Prose is never read (`run npm install` without backticks).

Which manifests (`server/promptls/analysis/manifests.py`): from the instruction file's
folder up to the repository's worktree (the nearest folder holding `.git`; outside a
repository only the file's own folder), the nearest folder with a lockfile beside a
package.json (`package-lock.json` and `npm-shrinkwrap.json` for npm, `yarn.lock`,
`pnpm-lock.yaml`, `bun.lock` and `bun.lockb` for bun; every manager writes its lockfile
next to the package.json it installs, so one alone in a folder is a leftover of a
manager the project dropped and names none), and separately the nearest `package.json`, Makefile
(`GNUmakefile`, `makefile`, `Makefile`) and justfile. A monorepo's
`packages/web/AGENTS.md` is judged against `packages/web/package.json` and the root's
lockfile. Each manifest is read once per change (keyed by the size and modification time of the
manifest and of every file it includes), bounded at 512 KiB; a file that is not UTF-8
JSON or text, or holds a NUL, is unknown. A Makefile's `include`, `-include` and
`sinclude` lines are followed (relative to its folder, three levels deep): a missing
optional include adds nothing, as for make; a missing required one, or a name with `$`,
`*`, `?` or `[`, makes the Makefile's names unknown.

The manager (warning): `npm install`/`i`/`ci`/`add`/`run`/`test`/`start`/`uninstall`/
`update`; any `yarn` and `pnpm` command but `dlx`, `create`, `init`, `exec`, `help`,
`global`; `bun install`/`add`/`remove`/`update` (`bun run`, `bun test` use bun as a
runtime). Reported only when the nearest lockfiles name exactly one manager and it is
another. The fix replaces the manager's name, nothing else, where that gives the same
command: `run` and `test`/`start` (not to bun), a bare `install`, `add`/`remove` with
packages, and `yarn X` ↔ `pnpm X` for a script. No fix for `npm ci` (pnpm's equivalent
takes another option), `npm install pkg` (pnpm and yarn want `add`), a bare `yarn`, or
`pnpm X` → npm (npm needs `run`).

The names (info): `npm run X` and `pnpm run X` against package.json's `scripts`
(`npm run env` is built in); `make X Y` against the Makefile's explicit targets (a
`VAR=value` word is an assignment; a file or folder named X beside the Makefile is a
goal make may consider up to date); `just X` against the justfile's recipes and
aliases (only the first word: the rest are the recipe's arguments). An option before
`--` (`-C`, `-f`, `--filter`, `-w`, `--prefix`) makes the lookup quiet. The message
lists up to eight names the manifest does have.
"""


RULE = Rule(
    code="PL034",
    name="command-drift",
    severity=Severity.WARNING,
    summary="A command in code that cannot work here: the wrong package manager, a missing script.",
    explanation=(
        "Agents run the commands an instruction file shows in code spans and shell fences "
        "as written. `npm install` in a repository whose only lockfile is `pnpm-lock.yaml` "
        "installs a different tree and writes a second lockfile (warning); `npm run lint` "
        "where package.json has no `lint` script, `make check` with no `check` target or "
        "`just deploy` with no such recipe fails, and the agent guesses (info). The truth "
        "is the repository's own manifests: the lockfiles and the package.json, Makefile "
        "or justfile nearest above the file, up to the repository's root. Quiet where it "
        "cannot be sure: no lockfile or several managers' lockfiles, a line that also "
        "names the right manager or says not/never/instead, a file about another project "
        "(a skill listed in `skills-lock.json` or shipping its own LICENSE, a file under "
        "`templates/`, `examples/` or `fixtures/`), a manager whose "
        "lockfile a "
        "subproject of the repository has, a script, target or recipe another manifest of "
        "the repository defines (the text may be about that folder: `cd frontend`, a rule "
        "scoped to `packages/**`, the root's Makefile below a nested AGENTS.md; the folders "
        "above the file, to the file system's root outside a repository, and the "
        "repository's folders four levels deep, hidden ones, `node_modules` and `vendor` "
        "left out; outside a repository, the folders below the nearest one with a "
        "lockfile beside its package.json), a lockfile with no package.json beside it "
        "(a leftover: it names no manager), a line that says the name is absent (`there is no`, `no longer`), "
        "global installs, `npx`, "
        "`dlx`, options that target another package or folder (`--filter`, `-w`, `-C`), "
        "anything after a `cd`, fences tagged as another language (a CI workflow in "
        "`yaml`), a Makefile whose includes cannot be read (a missing `-include .env` adds "
        "nothing, as for make), with pattern rules or variables in target names, "
        "a justfile with `import`, `mod` or `set fallback`, and `yarn X`/`bun run X`/"
        "`pnpm X` (they fall back to the package's binaries). The fix swaps only the "
        "manager's name, where that gives the same command (`npm run x` → `pnpm run x`, "
        "a bare `npm install` → `pnpm install`); `npm ci` and adding packages are "
        "left to you."
    ),
    bad_example="Run `npm run build` before committing.\n(the repository has pnpm-lock.yaml)\n",
    good_example="Run `pnpm run build` before committing.\n",
    fixable=True,
    kinds=INSTRUCTION_ONLY,
    check=check,
    needs_discovery=False,
    applies_to="instruction files",
    details=DETAILS,
)
