"""The front-matter rules (PL018–PL024) beyond their fixtures: exact ranges in every
position encoding, the bounded and cached workspace listing behind PL021 and the glob
hover, the compiled matcher agreeing with each agent's dialect, and hostile front matter
that must never crash the analysis."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.analysis import analyze, fix_all
from promptls.analysis.frontmatter_check import glob_hits
from promptls.analysis.frontmatter_kinds import (
    CLAUDE_RULE,
    COPILOT,
    CURSOR,
    SKILL,
    FrontKind,
    front_kind,
    scope_root,
)
from promptls.analysis.model import Severity
from promptls.analysis.settings import Settings
from promptls.analysis.workspace_files import WORKSPACE_FILES, WorkspaceFiles
from promptls.discovery.globs import dialect
from promptls.text.mapper import Encoding, Mapper
from tests.positions import encoded_position

ENCODINGS: tuple[Encoding, ...] = ("utf-8", "utf-16", "utf-32")
FRONT_CODES = tuple(f"PL0{n}" for n in range(18, 25))


def only(*codes: str) -> Settings:
    return Settings(select=codes)


def touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n", encoding="utf-8")


@pytest.fixture(autouse=True)
def fresh_listing() -> None:
    """Each test sees the disk as it made it, not a listing cached by another test."""
    WORKSPACE_FILES.forget()


# -- kinds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        (".github/instructions/py.instructions.md", COPILOT),
        ("a/.cursor/rules/sub/ts.mdc", CURSOR),
        ("a/.cursor/rules/ts.md", None),
        (".claude/rules/deep/x.md", CLAUDE_RULE),
        (".claude/skills/lint/SKILL.md", SKILL),
        ("AGENTS.md", None),
        ("docs/rules/x.md", None),
        (None, None),
    ],
)
def test_the_kind_comes_from_the_path(path: str | None, kind: object) -> None:
    assert front_kind(path) is kind


def test_user_level_rules_have_no_project_root(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    user_rule = tmp_path / ".claude" / "rules" / "x.md"
    project_rule = tmp_path / "p" / ".claude" / "rules" / "x.md"
    assert scope_root(str(user_rule), CLAUDE_RULE) is None
    assert scope_root(str(project_rule), CLAUDE_RULE) == str(tmp_path / "p")
    text = '---\npaths: "nothing/**"\n---\n'
    assert analyze(text, path=str(user_rule), settings=only("PL021")).findings == ()


# -- ranges --------------------------------------------------------------------------------


def test_ranges_are_exact_in_every_encoding(tmp_path: Path) -> None:
    """A glob after emoji and CJK on CRLF lines: the finding covers exactly the glob, and
    the one mapper puts it at the columns the encodings count."""
    touch(tmp_path, "guide/a.md")  # neither glob matches: both are reported
    rule = tmp_path / ".cursor" / "rules" / "docs.mdc"
    dead = "docs/📚/*.md"
    text = (
        f"---\r\ndescription: 文档 👩\u200d💻\r\nglobs: docs/*.md, {dead}\r\n"
        "alwaysapply: true\r\n---\r\n"
    )
    found = analyze(text, path=str(rule), settings=only("PL019", "PL021")).findings
    assert [(f.code, text[f.start : f.end]) for f in found] == [
        ("PL021", "docs/*.md"),
        ("PL021", dead),
        ("PL019", "alwaysapply"),
    ]
    line = f"globs: docs/*.md, {dead}"
    for encoding in ENCODINGS:
        mapper = Mapper(text, encoding)
        start, end = (
            mapper.offset_to_position(found[1].start),
            mapper.offset_to_position(found[1].end),
        )
        prefix = line[: line.index(dead)]
        assert (
            start
            == encoded_position(text, found[1].start, encoding)
            == (2, _units(prefix, encoding))
        )
        assert end == (2, _units(line, encoding))


def _units(text: str, encoding: str) -> int:
    codec, size = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}[
        encoding
    ]
    return len(text.encode(codec)) // size


# -- the listing ---------------------------------------------------------------------------


def test_listing_skips_vcs_and_dependency_folders_and_symlinked_folders(tmp_path: Path) -> None:
    touch(tmp_path, "src/a.ts", ".git/objects/x", "node_modules/m/index.ts", "web/.env")
    (tmp_path / "linked").symlink_to(tmp_path / "src", target_is_directory=True)
    listing = WorkspaceFiles().listing(str(tmp_path))
    assert sorted(listing.files) == ["src/a.ts", "web/.env"]
    assert listing.complete


def test_listing_is_cached_per_root_until_stale(tmp_path: Path) -> None:
    now = [0.0]
    files = WorkspaceFiles(fresh_seconds=5.0, clock=lambda: now[0])
    touch(tmp_path, "a.ts")
    assert files.listing(str(tmp_path)).files == ("a.ts",)
    touch(tmp_path, "b.ts")
    now[0] = 4.0
    assert files.listing(str(tmp_path)).files == ("a.ts",)  # a keystroke later: no walk
    assert files.walks == 1
    now[0] = 5.0
    assert files.listing(str(tmp_path)).files == ("a.ts", "b.ts")
    touch(tmp_path, "c.ts")
    files.forget(str(tmp_path))
    assert "c.ts" in files.listing(str(tmp_path)).files
    assert files.walks == 3


def test_a_capped_listing_says_so_and_keeps_the_shallow_files(tmp_path: Path) -> None:
    touch(tmp_path, "top.md", *(f"deep/d{i}/f.md" for i in range(10)))
    listing = WorkspaceFiles(max_files=4).listing(str(tmp_path))
    assert not listing.complete and len(listing.files) == 4 and "top.md" in listing.files
    assert not WorkspaceFiles(max_dirs=3).listing(str(tmp_path)).complete


def test_a_dead_glob_in_a_capped_listing_is_only_informational(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    touch(tmp_path, *(f"f{i}.py" for i in range(6)))
    rule = tmp_path / ".claude" / "rules" / "x.md"
    text = '---\npaths: "src/**/*.rs"\n---\n'
    (complete,) = analyze(text, path=str(rule), settings=only("PL021")).findings
    assert complete.severity is Severity.WARNING and "none of the 6 files" in complete.message
    monkeypatch.setattr(WORKSPACE_FILES, "max_files", 3)
    WORKSPACE_FILES.forget()
    (capped,) = analyze(text, path=str(rule), settings=only("PL021")).findings
    assert capped.severity is Severity.INFO and "first 3 files" in capped.message


@pytest.mark.parametrize("kind", [COPILOT, CURSOR, CLAUDE_RULE])
@pytest.mark.parametrize(
    "pattern",
    [
        "**/*.ts",
        "*.ts",
        "src/*.ts",
        "SRC/**",
        "/src/**",
        "./src/*.ts",
        "**",
        "*",
        "{src,lib}/**/*.md",
        ".hidden/*",
    ],
)
def test_compiled_matching_agrees_with_the_dialect(
    tmp_path: Path, kind: FrontKind, pattern: str
) -> None:
    names = ["a.ts", "src/b.ts", "src/x/c.ts", "lib/d.md", "Src/e.ts", ".hidden/f", "src/.g.ts"]
    touch(tmp_path, *names)
    rules = dialect(kind.profile)
    root = str(tmp_path)
    expected = [n for n in sorted(names) if rules.match_path(pattern, os.path.join(root, n), root)]
    hits = glob_hits(root, kind, pattern)
    assert hits.count == len(expected)
    assert set(hits.examples) <= set(expected) and len(hits.examples) == min(5, len(expected))


# -- fixes and bad input -------------------------------------------------------------------


def test_an_apply_to_list_with_a_quote_is_written_with_the_other_quote() -> None:
    text = "---\napplyTo:\n  - 'docs/\"quoted\"/*.md'\n  - src/**\n---\n"
    fixed = fix_all(text, path=".github/instructions/x.instructions.md", settings=only("PL020"))
    assert fixed == "---\napplyTo: 'docs/\"quoted\"/*.md,src/**'\n---\n"


HOSTILE = [
    "---\n",
    "---\r\n---",
    "---\n\t- tab\n---\n",
    "---\n!!python/object/apply:os.system ['echo hi']\n---\n",
    "---\nname: !!binary AAAA\n---\n",
    "---\n? [a, b]\n: c\n---\n",
    "---\na: &a [x]\nb: [*a, *a, *a]\n---\n",
    "---\napplyTo: " + "[" * 3000 + "]" * 3000 + "\n---\n",
    "---\napplyTo: {a: b}\nalwaysApply: [1]\nglobs: 3\npaths: null\n---\n",
    "---\n\x00\x1b[31m: \u202e\n---\n",
    "\ufeff---\ndescription: x\n",
    '---\ndescription: "\\ud800"\n---\n',
]


@pytest.mark.parametrize("text", HOSTILE)
@pytest.mark.parametrize(
    "path",
    [
        ".github/instructions/x.instructions.md",
        ".cursor/rules/x.mdc",
        ".claude/rules/x.md",
        "skills/x/SKILL.md",
    ],
)
def test_hostile_front_matter_never_crashes_or_loses_text(
    text: str, path: str, tmp_path: Path
) -> None:
    full = str(tmp_path / path)
    analysis = analyze(text, path=full, settings=only(*FRONT_CODES))
    for finding in analysis.findings:
        assert 0 <= finding.start <= finding.end <= len(text)
    fixed = fix_all(text, path=full, settings=only(*FRONT_CODES))
    assert len(fixed) >= len(text) - 8  # fixes rewrite values, never drop the text
