"""``promptls check``: lint prompt and instruction files for CI, pre-commit and humans."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from promptls.commands import UsageError

if TYPE_CHECKING:
    from promptls.analysis import Analysis
    from promptls.config import Settings

NAME = "check"
HELP = "Check prompt and instruction files for marker, cache and content problems."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options mirror the config keys so CI can override the file."""
    parser.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: .)")
    parser.add_argument("--format", choices=("text", "json", "sarif", "github"), default="text")
    parser.add_argument("--select", help="comma-separated rule codes to run (or ALL)")
    parser.add_argument("--ignore", help="comma-separated rule codes to skip")
    parser.add_argument("--profile", help="discovery profile: or, claude, codex, gemini")
    parser.add_argument(
        "--fail-on",
        choices=("error", "warning", "info"),
        default="warning",
        help="lowest severity that makes the exit status 1 (default: warning)",
    )
    parser.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    parser.add_argument("--diff", action="store_true", help="show the fixes as a diff")
    parser.add_argument(
        "--stdin-filename", metavar="NAME", help="read the text from stdin, named NAME"
    )
    parser.add_argument("--config", metavar="FILE", help="use this config file")
    from promptls.commands._common import add_home_argument

    add_home_argument(parser)


def _codes(raw: str | None, option: str) -> tuple[str, ...] | None:
    """Parse ``--select``/``--ignore``; unknown codes are a usage error."""
    if raw is None:
        return None
    from promptls.analysis import RULES

    codes = tuple(c.strip().upper() for c in raw.split(",") if c.strip())
    bad = [c for c in codes if c not in RULES and not (option == "--select" and c == "ALL")]
    if bad:
        raise UsageError(f"{option}: unknown rule code(s): {', '.join(bad)}")
    return codes


def _settings(args: argparse.Namespace, start: Path) -> Settings:
    """Config file (strict) with the command-line options on top."""
    from dataclasses import replace

    from promptls.config import ConfigError, load_config, settings_from_mapping

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


class _Discoveries:
    """One discovery per (folder, profile) for the whole run."""

    def __init__(self, profile: str, home: str | None) -> None:
        """Remember the profile and home; discoveries are computed on first use."""
        self.profile = profile
        self.home = home
        self.cache: dict[str, object | None] = {}

    def for_file(self, path: Path) -> object | None:
        """The discovery of the file's folder; None when discovery is unavailable."""
        folder = str(path.resolve().parent)
        if folder not in self.cache:
            try:
                from promptls.context import discover

                self.cache[folder] = discover(folder, self.profile, home=self.home)
            except Exception:  # discovery problems must not stop a lint run
                self.cache[folder] = None
        return self.cache[folder]


def _analyze(
    text: str, display: str, path: Path | None, settings: Settings, disc: _Discoveries
) -> Analysis:
    """Analyse one text, with discovery for instruction files on disk."""
    from promptls.analysis import DocumentKind, analyze, document_kind

    kind = document_kind(display, settings)
    discovery = (
        disc.for_file(path) if path is not None and kind is DocumentKind.INSTRUCTION else None
    )
    return analyze(text, path=display, settings=settings, discovery=discovery, kind=kind)


def _files(paths: list[str], settings: Settings) -> list[Path]:
    """Explicit files as given, folders walked; a missing path is a usage error."""
    from promptls.commands._check_files import walk

    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(walk(path, settings, None))
        elif path.is_file():
            found.append(path)
        else:
            raise UsageError(f"no such file or directory: {raw}")
    return list(dict.fromkeys(found))


def run(args: argparse.Namespace) -> int:
    """Check, optionally fix, print in the chosen format, and return the exit status."""
    from promptls.analysis import Severity, fix_all
    from promptls.commands._check_files import read_text
    from promptls.commands._check_fix import FixRefusedError, unified_diff, write_atomically
    from promptls.commands._check_output import FORMATS, Report
    from promptls.commands._common import resolve_home, setup_stdout

    if args.stdin_filename and args.paths:
        raise UsageError("--stdin-filename reads stdin: do not pass paths as well")
    first = Path(args.stdin_filename or (args.paths[0] if args.paths else "."))
    start = first if first.is_dir() else first.parent
    settings = _settings(args, start if str(start) else Path())
    discoveries = _Discoveries(settings.profile, resolve_home(args))
    setup_stdout()
    fail_rank = Severity(args.fail_on).rank
    reports: list[Report] = []
    changed = 0
    errors: list[str] = []

    if args.stdin_filename:
        text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
        name = args.stdin_filename
        analysis = _analyze(text, name, None, settings, discoveries)
        if args.fix or args.diff:
            fixed = fix_all(text, path=name, settings=settings)
            if args.diff:
                sys.stdout.write(unified_diff(name, text, fixed))
                return 1 if fixed != text else 0
            sys.stdout.write(fixed)
            remaining = _analyze(fixed, name, None, settings, discoveries)
            bad = [f for f in remaining.findings if f.severity.rank <= fail_rank]
            return 1 if bad else 0
        reports.append(Report(name, analysis))
    else:
        for path in _files(args.paths or ["."], settings):
            read = read_text(path)
            if read is None:
                continue
            text, data = read
            display = str(path)
            analysis = _analyze(text, display, path, settings, discoveries)
            if (args.fix or args.diff) and any(f.fix for f in analysis.findings):
                fixed = fix_all(
                    text,
                    path=display,
                    settings=settings,
                    discovery=analysis_discovery(discoveries, path, analysis),
                )
                if fixed != text:
                    if args.diff:
                        sys.stdout.write(unified_diff(display, text, fixed))
                        changed += 1
                        continue
                    try:
                        data.decode("utf-8")
                    except UnicodeDecodeError:
                        errors.append(f"{display}: not valid UTF-8; fixes not written")
                    else:
                        try:
                            write_atomically(path, data, fixed)
                            changed += 1
                            analysis = _analyze(fixed, display, path, settings, discoveries)
                        except FixRefusedError as exc:
                            errors.append(f"{display}: {exc}")
            if not args.diff:
                reports.append(Report(display, analysis))
    if args.diff:
        return 1 if changed else 0
    sys.stdout.write(FORMATS[args.format](reports))
    for error in errors:
        print(f"promptls: {error}", file=sys.stderr)
    if args.fix and changed and args.format == "text":
        print(f"Fixed {changed} file{'s' if changed != 1 else ''}.", file=sys.stderr)
    failing = any(f.severity.rank <= fail_rank for r in reports for f in r.analysis.findings)
    return 1 if failing or errors else 0


def analysis_discovery(discoveries: _Discoveries, path: Path, analysis: Analysis) -> object | None:
    """The discovery the analysis used (only instruction files get one)."""
    from promptls.analysis import DocumentKind

    return discoveries.for_file(path) if analysis.kind is DocumentKind.INSTRUCTION else None
