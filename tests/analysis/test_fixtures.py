"""Every rule's behaviour as data: one fixture file per case, its expected findings
written in it, and the text ``fix_all`` must produce next to it (``testdata/README.md``).

Like gopls' analysistest, a case runs only the rule its folder names, so a fixture shows
that rule and nothing else; findings must equal the expectations exactly, none missing
and none extra. ``PROMPTLS_UPDATE_GOLDEN=1`` rewrites the ``.fixed`` goldens instead.
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from promptls.analysis import RULES, DocumentKind, document_kind, fix_all
from promptls.analysis.agents import analyze_for_agents
from promptls.config import Settings, load_config
from promptls.discovery import Discovery, discover
from promptls.discovery.setup import active_profiles
from tests.positions import encoded_position

TESTDATA = Path(__file__).resolve().parent / "testdata"
SIDECARS = (".want", ".fixed")
NOT_ANALYSED = {".promptls.toml"}
INLINE = re.compile(r"<!-- want (.*?) -->")
EXPECTATION = re.compile(r'(PL\d{3}):(\d+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*')
SIDECAR_LINE = re.compile(r"(\d+):(\d+)\s+(PL\d{3})(?:\s+\"((?:[^\"\\]|\\.)*)\")?\s*")
UPDATE = os.environ.get("PROMPTLS_UPDATE_GOLDEN") == "1"


@dataclass(frozen=True)
class Want:
    """One expected finding: where it starts (1-based, code points) and its code."""

    line: int
    column: int
    code: str
    message: str | None = None

    def key(self) -> tuple[int, int, str]:
        """What must match exactly; the message is a pattern checked separately."""
        return (self.line, self.column, self.code)


@dataclass(frozen=True)
class Case:
    """One analysed file of a case: the rule under test and the case's own folder."""

    rule: str
    file: Path
    workspace: Path | None  # a case folder (settings, discovery), or None for one file

    @property
    def id(self) -> str:
        """``PL001/duplicate.prompt`` or ``PL013/missing-import/CLAUDE.md``."""
        return self.file.relative_to(TESTDATA).as_posix()


def analysed_files(folder: Path) -> list[Path]:
    """The files of a case folder that are analysed (not its sidecars or config)."""
    return sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix not in SIDECARS and p.name not in NOT_ANALYSED
    )


def cases() -> list[Case]:
    """Every case under ``testdata/``: files directly in a rule folder, or case folders."""
    found: list[Case] = []
    for rule_dir in sorted(p for p in TESTDATA.iterdir() if p.is_dir()):
        for entry in sorted(rule_dir.iterdir()):
            if entry.is_dir():
                found += [Case(rule_dir.name, f, entry) for f in analysed_files(entry)]
            elif entry.suffix not in SIDECARS and entry.name not in NOT_ANALYSED:
                found.append(Case(rule_dir.name, entry, None))
    return found


def read(path: Path) -> str:
    """A fixture as stored (CRLF cases stay CRLF); bad bytes become U+FFFD, as in check."""
    return path.read_bytes().decode("utf-8", errors="replace")


def _unescape(pattern: str | None) -> str | None:
    return None if pattern is None else re.sub(r"\\(.)", r"\1", pattern)


def expectations(path: Path, text: str) -> list[Want]:
    """Inline ``<!-- want CODE:COLUMN "pattern" -->`` annotations, or the ``.want`` file."""
    sidecar = path.with_name(path.name + ".want")
    inline: list[Want] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in INLINE.finditer(line):
            body = match.group(1)
            items = list(EXPECTATION.finditer(body))
            assert "".join(m.group(0) for m in items) == body, f"bad annotation: {line!r}"
            inline += [Want(number, int(m[2]), m[1], _unescape(m[3])) for m in items]
    if not sidecar.exists():
        return sorted(inline, key=Want.key)
    assert not inline, f"{path.name}: expectations both inline and in {sidecar.name}"
    wants = []
    for line in read(sidecar).splitlines():
        if line.strip() and not line.startswith("#"):
            match = SIDECAR_LINE.fullmatch(line)
            assert match, f"bad line in {sidecar.name}: {line!r}"
            wants.append(Want(int(match[1]), int(match[2]), match[3], _unescape(match[4])))
    return sorted(wants, key=Want.key)


@pytest.fixture
def workspace(case: Case, tmp_path: Path) -> Path:
    """A copy of the case folder as a repository root (discovery stops there)."""
    assert case.workspace is not None
    copy = tmp_path / "ws"
    shutil.copytree(case.workspace, copy)
    (copy / ".git").mkdir()
    return copy


CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_fixture(case: Case, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    assert case.rule in RULES, f"testdata/{case.rule}: no such rule"
    text = read(case.file)
    settings, discovery, name, folder = Settings(), None, case.file.name, None
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)

    def discover_here(where: str, profile: str) -> Discovery:
        return discover(where, profile, home=home, environ={})

    if case.workspace is not None:
        root: Path = request.getfixturevalue("workspace")
        copy = root / case.file.relative_to(case.workspace)
        name = str(copy)  # discovery entries are absolute paths
        settings = load_config(copy.parent).settings
        kind = document_kind(name, settings)
        if kind is DocumentKind.INSTRUCTION:
            folder = str(copy.parent)
            first = active_profiles(folder, settings.profile)[0]
            discovery = discover_here(folder, first)
    settings = replace(settings, select=(case.rule,))
    # As `promptls check` runs: every agent the case folder is set up for, merged.
    found = analyze_for_agents(
        text, path=name, settings=settings, folder=folder, discover=discover_here
    ).findings

    got = []
    for finding in found:
        line, column = encoded_position(text, finding.start, "utf-32")
        got.append(Want(line + 1, column + 1, finding.code, finding.message))
    got.sort(key=Want.key)
    wants = expectations(case.file, text)
    assert [g.key() for g in got] == [w.key() for w in wants]
    for want, finding in zip(wants, got, strict=True):
        if want.message is not None:
            assert finding.message and re.search(want.message, finding.message), finding

    golden = case.file.with_name(case.file.name + ".fixed")
    fixed = fix_all(text, path=name, settings=settings, discovery=discovery)
    if UPDATE and fixed != text:
        golden.write_bytes(fixed.encode("utf-8"))
    elif UPDATE and golden.exists():
        golden.unlink()
    if any(f.fix is not None for f in found):
        assert golden.exists(), f"{case.id}: the rule fixes this case; add {golden.name}"
    if golden.exists():
        assert fixed != text, f"{case.id}: nothing to fix; remove {golden.name}"
        assert fixed == read(golden)


def test_every_rule_has_a_positive_and_a_negative_case() -> None:
    """A rule that silently stops firing (or starts firing everywhere) shows up here."""
    positive = {c.rule for c in CASES if expectations(c.file, read(c.file))}
    negative = {c.rule for c in CASES if not expectations(c.file, read(c.file))}
    assert sorted(set(RULES) - positive) == []
    assert sorted(set(RULES) - negative) == []


def test_annotations_are_parsed_exactly() -> None:
    """The runner itself: columns, several expectations per line, quoted patterns."""
    text = 'x <!-- want PL010:3 "zero \\"width\\"" PL002:1 -->\nplain\n'
    assert expectations(Path("nowhere.prompt"), text) == [
        Want(1, 1, "PL002"),
        Want(1, 3, "PL010", 'zero "width"'),
    ]
