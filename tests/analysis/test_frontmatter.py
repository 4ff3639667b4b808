"""Front matter as the rules PL018-PL024 and the editor features read it: the scope
globs the rules share, ranges in every position encoding, hover and completion in
front matter YAML rejects. A test about one rule alone lives in that rule's module.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from promptls.agents.claude.rules import FRONT_KIND as CLAUDE_RULE
from promptls.agents.cline.rules import FRONT_KIND as CLINE_RULE
from promptls.agents.copilot.rules import FRONT_KIND as COPILOT
from promptls.agents.cursor.rules import FRONT_KIND as CURSOR
from promptls.agents.frontmatter import FrontKind
from promptls.agents.qwen.rules import FRONT_KIND as QWEN_RULE
from promptls.agents.registry import PROFILES, agent
from promptls.analysis import analyze, fix_all
from promptls.analysis.completion import front_matter_choices
from promptls.analysis.frontmatter_check import Glob, Hits, glob_at, glob_hits
from promptls.analysis.frontmatter_kinds import SKILL, front_kind
from promptls.analysis.model import Finding, Severity
from promptls.analysis.settings import Settings
from promptls.analysis.workspace_files import WORKSPACE_FILES, WorkspaceFiles
from promptls.text.mapper import Encoding, Mapper
from tests.positions import encoded_position

# The front-matter rules (PL018–PL024) beyond their fixtures: exact ranges in every
# position encoding, the bounded and cached workspace listing behind PL021 and the glob
# hover, the compiled matcher agreeing with each agent's dialect, and hostile front matter
# that must never crash the analysis.


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
        ("a/.cursor/rules/ts/RULE.md", CURSOR),
        ("a/.cursor/rules/RULE.md", None),
        (".claude/rules/deep/x.md", CLAUDE_RULE),
        ("/home/u/.qwen/rules/deep/x.md", QWEN_RULE),
        (".qwen/rules/x.txt", None),
        (".claude/skills/lint/SKILL.md", SKILL),
        ("ws/.clinerules/style.md", CLINE_RULE),
        ("ws/.clinerules/notes.TXT", CLINE_RULE),
        ("ws/.clinerules/sub/deep.md", None),
        ("ws/.clinerules/data.yaml", None),
        ("AGENTS.md", None),
        ("docs/rules/x.md", None),
        (None, None),
    ],
)
def test_the_kind_comes_from_the_path(path: str | None, kind: object) -> None:
    assert front_kind(path) is kind


# -- ranges --------------------------------------------------------------------------------
def test_ranges_are_exact_in_every_encoding(tmp_path: Path) -> None:
    """A glob after emoji and CJK on CRLF lines: the finding covers exactly the glob, and
    the one mapper puts it at the columns the encodings count."""
    # neither glob matches, and both do in another folder: both are reported
    touch(tmp_path, "site/docs/a.md", "site/docs/📚/b.md")
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
    rules = agent(kind.profile).globs
    root = str(tmp_path)
    expected = [n for n in sorted(names) if rules.match_path(pattern, os.path.join(root, n), root)]
    hits = glob_hits(root, kind, pattern)
    assert hits.count == len(expected)
    assert set(hits.examples) <= set(expected) and len(hits.examples) == min(5, len(expected))


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


# The front-matter rules (PL018–PL024): the exact messages, spans and fixes a user
# sees, at the edges the mutation run of ``analysis/rules/pl018…pl024`` found unpinned
# (docs/mutation.md).


COPILOT_PATH = ".github/instructions/x.instructions.md"


CURSOR_PATH = ".cursor/rules/x.mdc"


CLAUDE = ".claude/rules/x.md"


SKILL_PATH = "skills/x/SKILL.md"


def findings(code: str, path: str, front: str, body: str = "body\n") -> list[Finding]:
    """The findings of one rule for a file at ``path`` (relative: no workspace on disk)."""
    text = f"---\n{front}\n---\n{body}"
    return list(analyze(text, path=path, settings=Settings(select=(code,))).findings)


def pl024(text: str) -> list[tuple[str, str]]:
    """PL024's findings for ``skills/lint/SKILL.md``: the text each covers, its message."""
    found = analyze(text, path="skills/lint/SKILL.md", settings=Settings(select=("PL024",)))
    return [(text[f.start : f.end], f.message) for f in found.findings]


MISSING_DESCRIPTION = (
    "the required 'description' is missing: without it the agent cannot know when to use the skill"
)


def test_pl024_leaves_unreadable_yaml_to_pl018_but_not_a_block_read_line_by_line() -> None:
    """A tab stops YAML and every key: PL018's. ``name: [lint`` is not YAML either, but
    its lines still read as keys, so the missing description is reported."""
    assert pl024("---\n\tname: x\n---\nbody\n") == []
    assert pl024("---\nname: [lint\n---\nbody\n") == [("---", MISSING_DESCRIPTION)]


NO_WAY_IN = (
    "no applyTo and no description: Copilot never attaches this file by itself (without "
    "applyTo, VS Code decides from the description); it is used only when attached by hand"
)


def test_pl023_leaves_unreadable_yaml_to_pl018_but_not_a_block_read_line_by_line() -> None:
    assert findings("PL023", COPILOT_PATH, "\tapplyTo: x") == []
    text = "---\nname: [x\n---\nbody\n"
    found = analyze(text, path=COPILOT_PATH, settings=Settings(select=("PL023",))).findings
    assert [(text[f.start : f.end], f.message) for f in found] == [("---", NO_WAY_IN)]


# The front-matter rules PL018-PL021, the scope globs they share and the glob hover's
# lookups, at the edges the mutation run of ``frontmatter_check.py``, ``frontmatter_kinds.py``
# and the rules left unpinned (docs/mutation.md, "Fourth round").


COPILOT_FILE = ".github/instructions/x.instructions.md"


CURSOR_FILE = ".cursor/rules/x.mdc"


SKILL_FILE = "skills/x/SKILL.md"


BOMB = "{0,1,2,3,4,5,6,7,8,9}" * 4  # more than wcmatch's 1000 expansions


def _found(code: str, path: str, text: str) -> list[tuple[Severity, str, str]]:
    found = analyze(text, path=path, settings=Settings(select=(code,))).findings
    return [(f.severity, f.message, text[f.start : f.end]) for f in found]


# -- PL021 and the scope globs -------------------------------------------------------------
def _project(tmp_path: Path, name: str = "repo") -> Path:
    """A project holding one file, ``src/a.py``, and the rules folders."""
    root = tmp_path / name
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "src" / "a.py").write_text("x = 1\n", encoding="utf-8")
    WORKSPACE_FILES.forget(str(root))
    return root


def _pl021(
    root: Path, path: str, front: str, body: str = "Body.\n"
) -> list[tuple[Severity, str, str]]:
    text = f"---\n{front}\n---\n{body}"
    return _found("PL021", str(root / path), text)


def test_pl021_leaves_a_glob_pl022_reports_and_goes_on(tmp_path: Path) -> None:
    # Copilot keeps ./ (PL022's finding), another dialect would drop it.
    root = _project(tmp_path)
    assert _pl021(root, COPILOT_FILE, "applyTo: './docs/**'") == []
    found = _pl021(root, CURSOR_FILE, "globs: '!x, Src/**'")
    assert [marked for _, _, marked in found] == ["Src/**"]


def test_pl021_a_copilot_list_is_pl020s_finding_not_a_glob(tmp_path: Path) -> None:
    root = _project(tmp_path)
    assert _pl021(root, COPILOT_FILE, "applyTo: ['docs/**']") == []


# -- the glob hover's lookups --------------------------------------------------------------
@pytest.mark.parametrize("name", ["appX", "my app "])
def test_glob_hits_an_anchored_glob_in_a_dialect_matching_absolute_paths(
    tmp_path: Path, name: str
) -> None:
    # Copilot matches a glob against the absolute path: /**/<project>/src/*.py matches,
    # also for a project folder whose name ends in X or in a space.
    root = _project(tmp_path, name)
    kind = front_kind(str(root / COPILOT_FILE))
    assert kind is COPILOT
    assert glob_hits(str(root), kind, f"/**/{name}/src/*.py") == Hits(1, ("src/a.py",), True, 1)


def test_glob_hits_match_all_takes_dot_folders_too(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / ".github").mkdir()
    (root / ".github" / "x.md").write_text("x\n", encoding="utf-8")
    WORKSPACE_FILES.forget(str(root))
    hits = glob_hits(str(root), COPILOT, "**")
    assert hits == Hits(2, (".github/x.md", "src/a.py"), True, 2)


@pytest.mark.parametrize("pattern", ["/src/*.py", BOMB])
def test_glob_hits_nothing_for_an_anchored_or_rejected_glob(tmp_path: Path, pattern: str) -> None:
    root = _project(tmp_path)
    assert glob_hits(str(root), CURSOR, pattern) == Hits(0, (), True, 1)


def test_glob_at_finds_the_glob_under_the_cursor_ends_included() -> None:
    text = "---\napplyTo: 'src/*.py'\ndescription: d\n---\nsrc/*.py\n"
    start = text.index("src")
    want = (COPILOT, Glob("src/*.py", start, start + 8))
    assert glob_at(text, COPILOT_FILE, start) == want
    assert glob_at(text, COPILOT_FILE, start + 8) == want
    assert glob_at(text, COPILOT_FILE, start - 1) is None
    assert glob_at(text, COPILOT_FILE, start + 9) is None
    assert glob_at(text, COPILOT_FILE, text.rindex("src")) is None  # the body


def test_glob_at_only_in_scoped_front_matter() -> None:
    text = "---\napplyTo: 'src/*.py'\n---\n"
    at = text.index("src")
    assert glob_at(text, None, at) is None
    assert glob_at(text, SKILL_FILE, at) is None  # skills have no scope key
    assert glob_at("applyTo: 'src/*.py'\n", COPILOT_FILE, 10) is None  # no front matter


def test_kinds_read_windows_paths() -> None:
    assert front_kind("C:\\repo\\.github\\instructions\\x.instructions.md") is COPILOT
    assert front_kind("C:\\repo\\.cursor\\rules\\x.mdc") is CURSOR


# Hover and completion in front matter that YAML rejects or that is never closed: the
# editor features answer (the glob under the cursor, the keys to offer) instead of failing.
#
# Written from the session 6 mutation run of the memoised ``front_matter``
# (docs/mutation.md, "Cache-decorated functions"): with the block's start or end left
# out of an unclosed block (``x_front_matter__mutmut_10``, ``11``) or of a block read
# leniently (``51``), completion and the glob hover compared an offset with nothing; with
# ``problem or …`` (``36``) a block that is no mapping was read line by line and PL018 fell
# silent for Cursor and Claude rules.


def test_the_glob_hover_in_a_block_read_line_by_line() -> None:
    # `*.ts` unquoted is no YAML; Cursor reads the line all the same.
    text = "---\nglobs: *.ts\n---\nUse strict mode.\n"
    start = text.index("*.ts")
    assert glob_at(text, CURSOR_FILE, start) == (CURSOR, Glob("*.ts", start, start + 4))


def test_completion_in_a_block_read_line_by_line_offers_the_missing_keys() -> None:
    text = "---\nglobs: *.ts\n\n---\nUse strict mode.\n"
    offset = text.index("\n\n") + 1
    labels = [c.label for c in front_matter_choices(text, offset, CURSOR_FILE)]
    assert labels == ["description", "alwaysApply"]


def test_completion_in_a_qwen_rule_offers_its_two_keys() -> None:
    text = "---\ndescription: python\n\n---\nUse type hints.\n"
    offset = text.index("\n\n") + 1
    choices = front_matter_choices(text, offset, "/r/.qwen/rules/py.md")
    assert [(c.label, c.detail) for c in choices] == [
        ("paths", "Qwen Code: a string or a list of strings")
    ]


def test_completion_in_a_cline_rule_offers_its_keys_and_booleans() -> None:
    path = "ws/.clinerules/style.md"
    text = "---\nname: Style\n\n---\nUse tabs.\n"
    offset = text.index("\n\n") + 1
    labels = [c.label for c in front_matter_choices(text, offset, path)]
    assert labels == ["disabled", "enabled", "paths"]
    text = "---\ndisabled: \n---\nUse tabs.\n"
    values = front_matter_choices(text, text.index(": ") + 2, path)
    assert [c.label for c in values] == ["true", "false"]


def test_completion_in_an_unclosed_block_offers_every_key() -> None:
    text = "---\n"
    labels = [c.label for c in front_matter_choices(text, len(text), CURSOR_FILE)]
    assert labels == ["description", "globs", "alwaysApply"]


def test_no_glob_hover_in_an_unclosed_block() -> None:
    # Without its closing fence the block is no front matter to the agent.
    text = "---\nglobs: src/*.ts\nUse strict mode.\n"
    assert glob_at(text, CURSOR_FILE, text.index("src")) is None


@pytest.mark.parametrize(
    "block",
    ['"Use strict mode\nglobs: *.ts"', "[strict,\nglobs: src]"],
    ids=["quoted-string", "flow-list"],
)
def test_a_block_that_is_no_mapping_is_reported_though_a_line_looks_like_a_key(
    block: str,
) -> None:
    # YAML reads one string or one list; the `globs:` line is part of it. Only a block
    # YAML rejects is read line by line, so the agent's lenient reading is not assumed.
    text = f"---\n{block}\n---\nBody.\n"
    found = analyze(text, path=CURSOR_FILE, settings=Settings(select=("PL018",))).findings
    assert [f.message.split(":")[0] for f in found] == ["the front matter is not a key"]


def test_windsurf_and_kiro_complete_their_keys_and_modes() -> None:
    cases = [
        (
            "/w/.windsurf/rules/style.md",
            "trigger",
            ["always_on", "manual", "model_decision", "glob"],
        ),
        ("/w/.kiro/steering/api.md", "inclusion", ["always", "fileMatch", "manual", "auto"]),
    ]
    for path, key, modes in cases:
        text = f"---\n{key}: "
        assert [c.label for c in front_matter_choices(text, len(text), path)] == modes
    text = "---\ntrigger: glob\n"
    keys = {c.label for c in front_matter_choices(text, len(text), cases[0][0])}
    assert keys == {"globs", "description"}
    text = "---\ninclusion: fileMatch\nfile"
    choices = front_matter_choices(text, len(text), cases[1][0])
    assert [c.label for c in choices] == ["fileMatchPattern"]


def test_each_agents_front_matter_schema_is_its_own_and_scopes_by_its_rules_key() -> None:
    """A schema in an agent's home reads globs in that agent's dialect and names the key
    its discovery scopes rules by, so PL021's matches and ``context`` agree."""
    owned = [(p, k) for p in PROFILES.values() for k in p.front_kinds]
    assert {k.name for _, k in owned} >= {"copilot-instructions", "cursor-rule", "kiro-steering"}
    for profile, kind in owned:
        assert kind.profile == profile.name
        if profile.rules_scope_key is not None and kind.scope_key is not None:
            assert kind.scope_key == profile.rules_scope_key, profile.name
        assert kind.matches, kind.name


def test_a_path_two_schemas_could_claim_goes_to_the_narrower_one() -> None:
    assert front_kind(".claude/rules/x.instructions.md") is COPILOT
    assert front_kind(".cursor/rules/a/SKILL.md") is SKILL
    assert front_kind(".claude/rules/.cursor/rules/a/RULE.md") is CURSOR
    assert front_kind(".claude/rules/.clinerules/x.md") is CLAUDE_RULE
    assert front_kind(".claude/rules/.clinerules/X.MD") is CLINE_RULE
    assert front_kind(".cursor/rules/RULE.md") is None  # a folder rule needs its folder
