"""``promptls check``: lint prompt and instruction files for CI, pre-commit and humans."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from promptls.analysis.check_files import Discoveries, Subtree, analyze_text, folder_of, read_text
from promptls.analysis.engine import fix_all
from promptls.analysis.model import Analysis, DocumentKind, Finding, Severity
from promptls.analysis.rules import RULES
from promptls.analysis.settings import Settings
from promptls.commands import UsageError
from promptls.commands._check_fix import FixRefusedError, unified_diff, write_atomically
from promptls.commands._check_jobs import (
    AUTO_JOBS,
    PARALLEL_FROM,
    auto_jobs,
    few_collections,
    in_slices,
)
from promptls.commands._check_output import FORMATS, Report
from promptls.commands._check_since import since
from promptls.commands._check_work import LISTED_FIRST, Analysed, Work, files_of, path_pieces
from promptls.commands._common import (
    add_fail_on_argument,
    add_home_argument,
    resolve_home,
    setup_stdout,
)
from promptls.config import ConfigError, load_config, settings_from_mapping
from promptls.discovery import PROFILES, Discovery
from promptls.discovery.setup import active_profiles
from promptls.record import replace
from promptls.text import runmemo
from promptls.text.escape import safe_block

NAME = "check"
HELP = "Check prompt and instruction files for marker, cache and content problems."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options mirror the config keys so CI can override the file."""
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .)")
    parser.add_argument("--format", choices=tuple(FORMATS), default="text")
    parser.add_argument("--select", help="comma-separated rule codes to run (or ALL)")
    parser.add_argument("--ignore", help="comma-separated rule codes to skip")
    parser.add_argument(
        "--profile",
        help=f"discovery profile ({', '.join(PROFILES)}, auto); "
        "default: every agent the repository is set up for",
    )
    add_fail_on_argument(parser, "a finding")
    parser.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    parser.add_argument("--diff", action="store_true", help="show the fixes as a diff")
    parser.add_argument(
        "--stdin-filename", metavar="NAME", help="read the text from stdin, named NAME"
    )
    parser.add_argument("--config", metavar="FILE", help="use this config file")
    parser.add_argument(
        "--since",
        metavar="REV",
        help="report only findings that are new since git revision REV (matched by rule, "
        "file and the text around them; SARIF keeps all, with their baseline state)",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default="auto",
        metavar="N",
        help=f"processes to walk and analyse with (default auto: {AUTO_JOBS} from "
        f"{PARALLEL_FROM:,} files or {LISTED_FIRST} folders on Linux with two CPUs free, "
        "else 1)",
    )
    add_home_argument(parser)


def _jobs(raw: str) -> str | int:
    """``--jobs``: ``auto`` or a positive count."""
    if raw == "auto":
        return raw
    if raw.isdigit() and int(raw) >= 1:
        return int(raw)
    raise argparse.ArgumentTypeError(f"expected auto or a positive number, got {raw!r}")


def _codes(raw: str | None, option: str) -> tuple[str, ...] | None:
    """Parse ``--select``/``--ignore``; unknown codes are a usage error."""
    if raw is None:
        return None
    codes = tuple(c.strip().upper() for c in raw.split(",") if c.strip())
    bad = [c for c in codes if c not in RULES and not (option == "--select" and c == "ALL")]
    if bad:
        raise UsageError(f"{option}: unknown rule code(s): {', '.join(bad)}")
    return codes


def _settings(args: argparse.Namespace, start: Path) -> Settings:
    """Config file (strict) with the command-line options on top."""
    try:
        if args.config:
            config = Path(args.config)
            if not config.is_file():
                raise UsageError(f"--config: no such file: {args.config}")
            loaded = load_config(config)
            if loaded.path is None or loaded.path.resolve() != config.resolve():
                raise UsageError(f"--config: {args.config} has no promptls settings")
        else:
            loaded = load_config(start)
    except ConfigError as exc:
        raise UsageError(f"invalid config: {exc}") from None
    settings = loaded.settings
    select = _codes(args.select, "--select")
    ignore = _codes(args.ignore, "--ignore")
    if select is not None:
        settings = replace(settings, select=select)
    if ignore is not None:
        settings = replace(settings, ignore=settings.ignore + ignore)
    if args.profile is not None:
        settings, problems = settings_from_mapping({"profile": args.profile}, base=settings)
        if problems:
            raise UsageError(f"--profile: {problems[0].message}")
    return settings


def in_ci(environ: Mapping[str, str]) -> bool:
    """Whether a CI service runs us (``CI`` set, as GitHub, GitLab and most others do)."""
    return environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _without_home(environ: Mapping[str, str]) -> dict[str, str]:
    """The environment minus ``HOME``: in CI the runner's home is not the user's, so
    without ``--home``/``PROMPTLS_HOME`` discovery reads no user-level files and leaves
    ``@~/`` imports unresolved (PL013 says "not verified", not "broken")."""
    return {key: value for key, value in environ.items() if key != "HOME"}


class _Discoveries(Discoveries):
    """The run's discoveries and set-up markers; in CI without a home given, discovery
    reads no user-level files."""

    def __init__(self, home: str | None) -> None:
        """Remember the home; discoveries are computed on first use."""
        ci = home is None and in_ci(os.environ)
        super().__init__(home, _without_home(os.environ) if ci else None)

    def for_file(self, path: Path, settings: Settings) -> Discovery | None:
        """The discovery of the folder that decides about the file (its own, or the one
        holding its rules folder), symlinks kept as given, for the first active agent."""
        folder = folder_of(path)
        return self(folder, active_profiles(folder, settings.profile, self.setups)[0])


class _Run:
    """The state of one ``check`` invocation: settings per path, results, errors."""

    def __init__(self, args: argparse.Namespace, home: str | None) -> None:
        """Prepare caches; nothing is read yet."""
        self.args = args
        self.discoveries = _Discoveries(home)
        self.fail_rank = Severity(args.fail_on).rank
        self.settings_cache: dict[Path, Settings] = {}
        self.reports: list[Report] = []
        self.said: dict[str, set[tuple[str, int, int, str]]] = {}
        self.errors: list[str] = []
        self.changed = 0

    def settings_for(self, raw: str) -> Settings:
        """Settings of the config nearest to a path argument (one load per folder)."""
        path = Path(raw)
        start = path if path.is_dir() else path.parent
        key = Path(str(start) or ".")
        if key not in self.settings_cache:
            self.settings_cache[key] = _settings(self.args, key)
        return self.settings_cache[key]

    def analyze(self, text: str, display: str, path: Path | None, settings: Settings) -> Analysis:
        """Analyse one text, with discovery for instruction files on disk."""
        return analyze_text(text, display, path, settings, self.discoveries)

    def check_stdin(self, name: str) -> int | None:
        """Check stdin as ``name``; with --fix/--diff, print and return the status."""
        settings = self.settings_for(name)
        text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
        if not (self.args.fix or self.args.diff):
            self.reports.append(Report(name, self.analyze(text, name, None, settings)))
            return None
        fixed = fix_all(text, path=name, settings=settings)
        if self.args.diff:
            _show_diff(unified_diff(name, text, fixed))
            return 1 if fixed != text else 0
        sys.stdout.write(fixed)
        remaining = self.analyze(fixed, name, None, settings).findings
        return 1 if any(f.severity.rank <= self.fail_rank for f in remaining) else 0

    def analyses_of(self, item: Work) -> list[Analysed]:
        """The analysis of each file of one piece of a walk, by its path as shown (None:
        unreadable or binary), with its real path when it has findings (``_once`` asks);
        what the processes of a large run compute, each for the pieces it takes, so the
        parent that reports them in order asks the file system nothing more."""
        tree, settings, piece = item
        out: list[Analysed] = []
        for path in files_of(tree, piece):
            read = read_text(path)
            display = str(path)
            analysis = None if read is None else self.analyze(read[0], display, path, settings)
            real = runmemo.realpath(display) if analysis and analysis.findings else None
            out.append((display, analysis, real))
        return out

    def report(self, display: str, analysis: Analysis, real: str | None = None) -> None:
        """Add a file's findings to the report, in file order (``real``: its real path,
        when already known)."""
        self.reports.append(Report(display, self._once(display, analysis, real)))

    def check_file(self, path: Path, settings: Settings) -> None:
        """Check one file; fix or diff it when asked (one process: it writes)."""
        read = read_text(path)
        if read is None:
            return
        text, data = read
        display = str(path)
        analysis = self.analyze(text, display, path, settings)
        if (self.args.fix or self.args.diff) and any(f.fix for f in analysis.findings):
            analysis = self._fix(path, display, text, data, analysis, settings)
        if not self.args.diff:
            self.reports.append(Report(display, self._once(display, analysis)))

    def _once(self, display: str, analysis: Analysis, real: str | None = None) -> Analysis:
        """Each real file's findings once: a symlinked copy reached under a second name
        keeps only what differs there (what an agent reading that name is told)."""
        if not analysis.findings:
            return analysis  # nothing to say twice (most files: no realpath to ask)
        said = self.said.setdefault(real or runmemo.realpath(display), set())
        fresh = tuple(f for f in analysis.findings if _key(f) not in said)
        said.update(_key(f) for f in fresh)
        return (
            analysis if len(fresh) == len(analysis.findings) else replace(analysis, findings=fresh)
        )

    def _fix(
        self,
        path: Path,
        display: str,
        text: str,
        data: bytes,
        analysis: Analysis,
        settings: Settings,
    ) -> Analysis:
        """Write (or show) the fixed text; return the analysis of what is now on disk."""
        discovery = None
        if analysis.kind is DocumentKind.INSTRUCTION:
            discovery = self.discoveries.for_file(path, settings)
        fixed = fix_all(text, path=display, settings=settings, discovery=discovery)
        if fixed == text:
            return analysis
        if self.args.diff:
            _show_diff(unified_diff(display, text, fixed))
            self.changed += 1
            return analysis
        try:
            data.decode("utf-8")
            write_atomically(path, data, fixed)
            runmemo.forget()  # the run's file-system answers may include the old file
        except UnicodeDecodeError:
            self.errors.append(f"{display}: not valid UTF-8; fixes not written")
            return analysis
        except FixRefusedError as exc:
            self.errors.append(f"{display}: {exc}")
            return analysis
        self.changed += 1
        return self.analyze(fixed, display, path, settings)

    def finish(self) -> int:
        """Print the report and compute the exit status."""
        if self.args.diff:
            return 1 if self.changed else 0
        sys.stdout.write(FORMATS[self.args.format](self.reports))
        for error in self.errors:
            print(f"promptls: {error}", file=sys.stderr)
        if self.args.fix and self.changed and self.args.format == "text":
            plural = "s" if self.changed != 1 else ""
            print(f"Fixed {self.changed} file{plural}.", file=sys.stderr)
        failing = any(
            f.severity.rank <= self.fail_rank
            for r in self.reports
            for n, f in enumerate(r.analysis.findings)
            if not r.states or r.states[n] == "new"
        )
        return 1 if failing or self.errors else 0


def _reported(analysis: Analysis | None) -> Analysis | None:
    """What the report uses of an analysis: its findings, and its text only to place
    them (lines and columns); a child process of a large run sends back just that."""
    if analysis is None:
        return None
    return replace(analysis, markers=(), text=analysis.text if analysis.findings else "")


def _key(finding: Finding) -> tuple[str, int, int, str]:
    """What makes two findings in the same bytes the same finding."""
    return (finding.code, finding.start, finding.end, finding.message)


def run(args: argparse.Namespace) -> int:
    """Check, optionally fix, print in the chosen format, and return the exit status.

    Each path argument uses the config nearest to it (``--config`` overrides all); files
    found by walking a folder use that folder's settings.
    """
    if args.stdin_filename and args.paths:
        raise UsageError("--stdin-filename reads stdin: do not pass paths as well")
    if args.since is not None and (args.stdin_filename or args.fix or args.diff):
        raise UsageError("--since compares the files on disk: not with --fix, --diff or stdin")
    with runmemo.run_memo(), few_collections():  # one run's stats, listings and reads
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """``run`` inside the run's file-system memo."""
    state = _Run(args, resolve_home(args))
    if args.stdin_filename:
        status = state.check_stdin(args.stdin_filename)
        if status is not None:
            return status
    else:
        raws = args.paths or ["."]
        files = _collect(state, raws)
        if args.since is not None:
            home = state.discoveries.home

            def collect(base: list[str]) -> tuple[list[Report], list[str]]:
                older = _Run(args, home)
                return older.reports, _collect(older, base)

            state.reports = since(
                args.since, raws, state.reports, files, collect, keep_all=args.format == "sarif"
            )
    setup_stdout()
    return state.finish()


def check_paths(
    raws: list[str], home: str | None, **options: object
) -> tuple[list[Report], list[str]]:
    """What ``promptls check RAWS`` with ``options`` (its option names, the defaults
    otherwise) reports, and the files it read: ``diff`` runs the same check on both
    sides of a change."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    for name, value in options.items():
        setattr(args, name, value)
    state = _Run(args, home)
    return state.reports, _collect(state, raws)


def _collect(state: _Run, raws: list[str]) -> list[str]:
    """Check (and fix, when asked) every file the paths name into ``state.reports``;
    the files read, in order (a file named twice is checked once, under the first
    path's settings)."""
    work: list[Work] = []
    more = False
    for raw in raws:
        settings = state.settings_for(raw)
        found, tree, left = path_pieces(raw, settings)
        work += [(tree, settings, piece) for piece in found]
        more = more or left
    setup_stdout()
    seen: dict[str, None] = {}
    if state.args.fix or state.args.diff:  # every file listed before any is written
        files = [
            (path, settings) for tree, settings, piece in work for path in files_of(tree, piece)
        ]
        for path, settings in files:
            if str(path) not in seen:
                seen[str(path)] = None
                state.check_file(path, settings)
        return list(seen)
    listed = sum(len(piece) for _, _, piece in work if not isinstance(piece, Subtree))
    count = max(listed, PARALLEL_FROM) if more else listed
    jobs = auto_jobs(count) if state.args.jobs == "auto" else state.args.jobs
    for part in in_slices(work, jobs, state.analyses_of, _sent):
        for display, analysis, real in part:
            if display in seen:
                continue
            seen[display] = None
            if analysis is not None:
                state.report(display, analysis, real)
    return list(seen)


def _sent(part: list[Analysed]) -> list[Analysed]:
    """What a child process sends back of its analyses (``_reported``)."""
    return [(display, _reported(analysis), real) for display, analysis, real in part]


def _show_diff(diff: str) -> None:
    """Raw when piped (so the patch applies); on a terminal, control, bidi and invisible
    characters from the file are escaped so its content cannot drive the terminal."""
    sys.stdout.write(safe_block(diff) if sys.stdout.isatty() else diff)
