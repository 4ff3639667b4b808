"""``@path`` imports (``discovery/imports.py``): which tokens each agent reads as imports,
placement, resolution, code, depth limits, cycles and broken targets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, EntryStatus, discover
from promptls.discovery.imports import find_imports, is_url
from tests.core.helpers import write

# ``@path`` imports for the claude and gemini profiles: placement, resolution, code,
# depth limits, cycles and broken targets.


@pytest.fixture
def tree(tree: Path) -> Path:
    """The shared fake home and workspace, with the workspace its own Git repository."""
    (tree / "ws/.git").mkdir()
    return tree


def run(tree: Path, profile: str) -> Discovery:
    """Discover the workspace with the fake home."""
    return discover(tree / "ws", profile, home=tree / "home", environ={})


def names(d: Discovery, tree: Path) -> list[str]:
    """Loaded files under the tree, relative, in order."""
    return [str(Path(f.path).relative_to(tree)) for f in d.files if f.path.startswith(str(tree))]


def errors(d: Discovery) -> list[str]:
    """Reasons of import errors, in order."""
    return [e.reason for e in d.entries if e.status is EntryStatus.IMPORT_ERROR]


def test_claude_imports_follow_their_importer_in_order(tree: Path) -> None:
    ws, home = tree / "ws", tree / "home"
    write(ws / "CLAUDE.md", "Intro @docs/a.md and @~/personal.md\nthen @" + str(ws / "abs.md"))
    write(ws / "docs/a.md", "A imports @./nested/b.md")
    write(ws / "docs/nested/b.md", "B")
    write(home / "personal.md", "mine")
    write(ws / "abs.md", "absolute")
    write(ws / "CLAUDE.local.md", "local last")
    d = run(tree, "claude")
    assert names(d, tree) == [
        "ws/CLAUDE.md",
        "ws/docs/a.md",
        "ws/docs/nested/b.md",
        "home/personal.md",
        "ws/abs.md",
        "ws/CLAUDE.local.md",
    ]
    b = next(e for e in d.entries if e.path.endswith("nested/b.md"))
    assert b.status is EntryStatus.IMPORTED
    assert b.imported_from == str(ws / "docs/a.md") and b.line == 1
    assert "hop 2" in b.reason
    assert d.files[1].scope.value == "project"
    assert d.files[0].content.startswith("Intro @docs/a.md"), "importer text is kept as is"


def test_imports_inside_code_are_not_followed(tree: Path) -> None:
    ws = tree / "ws"
    write(
        ws / "CLAUDE.md",
        "Use `@docs/span.md` literally.\n"
        "```\n@docs/fenced.md\n```\n"
        "~~~~md\n@docs/tilde.md\n~~~~\n"
        "Mail me at someone@example.com, ping @alice.\n\n"
        "    @docs/indented.md\n\n"
        "Real: @docs/real.md\n",
    )
    for name in ("span", "fenced", "tilde", "indented", "real"):
        write(ws / f"docs/{name}.md", name)
    d = run(tree, "claude")
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/docs/real.md"]
    assert errors(d) == []


def test_claude_depth_limit_is_four_hops(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "@f1.md")
    for i in range(1, 7):
        write(ws / f"f{i}.md", f"level {i} @f{i + 1}.md")
    d = run(tree, "claude")
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/f1.md", "ws/f2.md", "ws/f3.md", "ws/f4.md"]
    (reason,) = errors(d)
    assert "@f5.md" in reason and "4 import hops" in reason and "f4.md" in reason


def test_gemini_depth_limit_is_five(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "GEMINI.md", "@./g1.md")
    for i in range(1, 8):
        write(ws / f"g{i}.md", f"level {i}\n@./g{i + 1}.md")
    d = run(tree, "gemini")
    assert names(d, tree) == ["ws/GEMINI.md"] + [f"ws/g{i}.md" for i in range(1, 6)]
    assert len(errors(d)) == 1 and "5 import hops" in errors(d)[0]


def test_cycles_are_stopped(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "@a.md")
    write(ws / "a.md", "@b.md")
    write(ws / "b.md", "@a.md and @CLAUDE.md")
    d = run(tree, "claude")
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/a.md", "ws/b.md"]
    reasons = errors(d)
    assert len(reasons) == 2 and all("cycle" in r for r in reasons)


def test_same_file_imported_twice_loads_once(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "@shared.md\n@other.md")
    write(ws / "other.md", "@shared.md")
    write(ws / "shared.md", "shared")
    d = run(tree, "claude")
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/shared.md", "ws/other.md"]
    skipped = [e for e in d.entries if e.status is EntryStatus.SKIPPED]
    assert len(skipped) == 1 and "already loaded" in skipped[0].reason


def test_missing_target_is_an_import_error_with_line(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "first line\nsee @docs/missing.md\n")
    d = run(tree, "claude")
    (entry,) = [e for e in d.entries if e.status is EntryStatus.IMPORT_ERROR]
    assert entry.path == str(ws / "docs/missing.md")
    assert entry.line == 2 and entry.imported_from == str(ws / "CLAUDE.md")
    assert "does not exist" in entry.reason


def test_home_import_without_home(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "@~/mine.md")
    d = discover(ws, "claude", environ={})
    (entry,) = [e for e in d.entries if e.status is EntryStatus.IMPORT_ERROR]
    assert "home directory" in entry.reason


def test_import_of_a_directory_is_an_error(tree: Path) -> None:
    ws = tree / "ws"
    (ws / "docs").mkdir()
    write(ws / "CLAUDE.md", "@./docs")
    d = run(tree, "claude")
    (reason,) = errors(d)
    assert "a directory" in reason


def test_package_names_and_decorators_are_not_broken_imports(tree: Path) -> None:
    ws = tree / "ws"
    write(
        ws / "CLAUDE.md",
        "Install @modelcontextprotocol/sdk and @types/node.\n"
        "Decorate with @pytest.fixture or @dataclass.\n"
        "Style: @conventions.md\n",
    )
    write(ws / "conventions.md", "conventions")
    d = run(tree, "claude")
    assert errors(d) == []
    assert names(d, tree) == ["ws/CLAUDE.md", "ws/conventions.md"]
    write(ws / "pytest.fixture", "a file that happens to exist")
    assert names(run(tree, "claude"), tree)[1] == "ws/pytest.fixture"
    write(ws / "CLAUDE.md", "@docs/missing.md @./notes @~/x/y.txt @.github/ci.yml")
    assert len(errors(run(tree, "claude"))) == 4


def test_profiles_without_imports_ignore_at_paths(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "AGENTS.md", "@docs/x.md")
    write(ws / "docs/x.md", "x")
    assert names(run(tree, "or"), tree) == ["ws/AGENTS.md"]
    assert names(run(tree, "codex"), tree) == ["ws/AGENTS.md"]


def test_find_imports_offsets_and_styles() -> None:
    text = "a @x/y.md b\r\n@~/z.md\n`@no.md` @ok.md"
    refs = find_imports(text, "claude")
    assert [(r.target, r.line) for r in refs] == [("x/y.md", 1), ("~/z.md", 2), ("ok.md", 3)]
    for ref in refs:
        assert text[ref.start : ref.end] == "@" + ref.target
    # gemini-cli needs no extension and no ./ (memoryImportProcessor.ts findImports).
    gemini = find_imports("@alice @./a.md @README", "gemini")
    assert [r.target for r in gemini] == ["alice", "./a.md", "README"]
    assert [r.target for r in find_imports("``code `@x.md` here`` @y.md", "claude")] == ["y.md"]
    assert find_imports("````\n```\n@in.md\n````\n@out.md", "claude")[0].target == "out.md"


def test_import_fan_out_is_bounded(tree: Path) -> None:
    ws = tree / "ws"
    write(ws / "CLAUDE.md", "\n".join(f"@./missing{i}.md" for i in range(5000)))
    d = run(tree, "claude")
    reasons = errors(d)
    assert len(reasons) == 257
    assert "stopped, more than 256 imports" in reasons[-1]


# Which ``@path`` tokens each agent reads as imports, at the edges users meet: code spans
# around a token after a space (Claude), escaped spaces, the line each import is reported
# on (gemini), the first letters gemini accepts, which unresolved tokens are worth an
# import error and which are a mention left alone, and a bare ``@~``.
#
# Written against the mutants of ``discovery/imports.py`` that survived the rest of the
# suite (docs/mutation.md).


def targets(text: str, style: str) -> list[str]:
    return [ref.target for ref in find_imports(text, style)]


@pytest.mark.parametrize(
    ("line", "imported"),
    [
        ("x ` @a.md` @b.md", ["b.md"]),
        ("ab ` @a.md` @b.md", ["b.md"]),  # the span starts at an odd offset
        ("`` @a.md `` @b.md", ["b.md"]),
        ("`` ` @a.md `` @b.md", ["b.md"]),  # a single backtick inside a double span
        ("` @a.md `` @b.md", ["a.md", "b.md"]),  # runs of different lengths close nothing
        ("`` x ` @a.md ` @b.md", ["b.md"]),  # an unclosed run, then a span
        ("x ` @a.md", ["a.md"]),  # an unclosed run at the end
        ("@a.md `", ["a.md"]),
        ("@a.md ``", ["a.md"]),
        ("` x ` @a.md ` @b.md `", ["a.md"]),  # two spans, the import between them
    ],
)
def test_claude_skips_tokens_inside_code_spans(line: str, imported: list[str]) -> None:
    assert targets(line, "claude") == imported
    assert targets(f"intro\n{line}\n", "claude") == imported


def test_claude_reads_an_escaped_space_as_part_of_the_path() -> None:
    [ref] = find_imports("see @docs/my\\ notes.md now", "claude")
    assert ref.target == "docs/my notes.md"
    assert (ref.start, ref.end) == (4, 22)


def test_gemini_reports_each_import_on_its_own_line() -> None:
    text = "\n@./a.md\n\ntext @./b.md\n`\n`\n@./c.md @./d.md\n"
    refs = find_imports(text, "gemini")
    assert [(r.target, r.line) for r in refs] == [
        ("./a.md", 2),
        ("./b.md", 4),
        ("./c.md", 7),
        ("./d.md", 7),
    ]


def test_gemini_goes_on_after_a_token_that_is_no_import() -> None:
    assert targets("@123 @-x @./a.md", "gemini") == ["./a.md"]


@pytest.mark.parametrize("name", ["a", "z", "A", "Z", "Y"])
def test_gemini_accepts_every_ascii_letter_first(name: str) -> None:
    assert targets(f"@{name}b.md", "gemini") == [f"{name}b.md"]


@pytest.mark.parametrize("name", ["@", "[", "`", "{", "_"])
def test_gemini_refuses_a_first_character_next_to_the_letters(name: str) -> None:
    assert targets(f"@{name}b.md", "gemini") == []


# -- what Claude reports when a token resolves to no file -------------------------------
def claude(tree: Path, text: str) -> Discovery:
    write(tree / "ws/CLAUDE.md", text)
    (tree / "ws/.git").mkdir(parents=True, exist_ok=True)
    return discover(tree / "ws", "claude", home=tree / "home", environ={})


def import_errors(d: Discovery) -> list[str]:
    return [
        e.reason.split(" on line")[0] for e in d.entries if e.status is EntryStatus.IMPORT_ERROR
    ]


@pytest.mark.parametrize(
    "token",
    ["@../shared/notes", "@~/notes", "@/etc/promptls-none", "@missing.md", "@config/X.yml"],
)
def test_an_explicit_path_that_names_no_file_is_reported(tree: Path, token: str) -> None:
    assert import_errors(claude(tree, f"rules\n{token}\n")) == [token]


@pytest.mark.parametrize(
    "token", ["@example.com/team", "@docs/v1.2/intro", "@team/.profile", "@alice"]
)
def test_a_mention_that_names_no_file_is_left_alone(tree: Path, token: str) -> None:
    d = claude(tree, f"ask {token} first\n")
    assert import_errors(d) == []
    assert [f.path for f in d.files] == [str(tree / "ws/CLAUDE.md")]


def test_a_bare_tilde_is_the_home_folder_not_a_file_named_tilde(tree: Path) -> None:
    write(tree / "ws/~", "a file literally named ~")
    d = claude(tree, "home is @~ here\n")
    assert [f.path for f in d.files] == [str(tree / "ws/CLAUDE.md")]
    assert import_errors(d) == []


def test_claude_reads_crlf_fences_and_tokens() -> None:
    text = "@a.md\r\n```\r\n @b.md\r\n```\r\n@c.md\r\n"
    assert [(r.target, r.line) for r in find_imports(text, "claude")] == [("a.md", 1), ("c.md", 5)]


# Which ``@`` tokens the agents import, at the edges their token and fence patterns draw.
#
# Claude reads ``@path`` only at a line start or after whitespace, outside fenced code
# (CommonMark fences: up to three spaces, then three or more backticks or tildes); gemini
# refuses URL tokens. A token read where the agent reads none (an e-mail address, code)
# makes promptls show an import the model never gets, and the reverse hides one it does.
# Found by mutating imports.py's patterns (scripts/mutation_patterns.py, docs/mutation.md).


def claude_imports(text: str) -> list[str]:
    return [ref.target for ref in find_imports(text, "claude")]


def test_an_address_glued_to_a_word_is_no_import() -> None:
    assert claude_imports("mail ops@team.md or see @notes.md\n") == ["notes.md"]


def test_a_stray_backtick_ends_the_token() -> None:
    assert claude_imports("see @notes.md` and @a\\ b.md\n") == ["notes.md", "a b.md"]


@pytest.mark.parametrize(
    ("text", "targets"),
    [
        ("    ```\n@a.md\n", ["a.md"]),  # four spaces: indented code, not a fence
        ("   ```\n@a.md\n   ```\n@b.md\n", ["b.md"]),  # three spaces: a fence
        ("``\n@a.md\n``\n", ["a.md"]),  # two backticks: no fence
        ("~~\n@a.md\n~~\n", ["a.md"]),
        ("~~~\n@a.md\n~~~\n@b.md\n", ["b.md"]),
    ],
    ids=["four-spaces", "three-spaces", "two-backticks", "two-tildes", "three-tildes"],
)
def test_imports_inside_a_fence_are_not_read(text: str, targets: list[str]) -> None:
    assert claude_imports(text) == targets


@pytest.mark.parametrize(
    ("token", "url"),
    [("file:///etc/x.md", True), ("http://a/x.md", True), ("https://a/x.md", True),
     ("./http.md", False), ("ftp://a/x.md", False)],
)  # fmt: skip
def test_gemini_refuses_file_and_web_urls(token: str, url: bool) -> None:
    assert is_url(token) is url


@pytest.mark.parametrize(
    ("text", "imported"),
    [
        # "claude: a no-break space after a closing fence": only spaces or tabs may follow
        # a closing run, so the block runs on (CommonMark 4.5; Claude Code 2.1.332)
        ("```\n@in.md\n```\u00a0\n@after.md\n", []),
        ("```\n@in.md\n```\f\n@after.md\n", []),  # "claude: a form feed after ..."
        ("```\n@in.md\n``` \t\n@after.md\n", ["after.md"]),
        # "claude: a fence in a list item ends with the item"
        ("- item\n  ```\n  @in.md\n\n@after.md\n", ["after.md"]),
        # "claude: a fence in a block quote"
        ("> ```\n> @in.md\n\n@after.md\n", ["after.md"]),
    ],
)
def test_claude_reads_fences_as_commonmark_does(text: str, imported: list[str]) -> None:
    assert claude_imports(text) == imported


def test_an_unknown_import_dialect_is_an_error_not_claudes() -> None:
    with pytest.raises(KeyError, match="no agent parses imports as 'nope'"):
        find_imports("@a.md", "nope")
