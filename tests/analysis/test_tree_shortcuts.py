"""The shortcuts that keep ``promptls check`` over a large tree cheap answer what the long
way answers: how a file is classified by its name, how a set of globs matches, when PL027
knows without any discovery that no copy has drifted."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from promptls.analysis import drift, engine, frontmatter_kinds, globs, loaded_paths
from promptls.analysis.check_files import Discoveries, analyze_file_text, analyze_text
from promptls.analysis.drift import SIMILARITY_THRESHOLD, compare, drifted
from promptls.analysis.settings import Settings
from promptls.discovery import api
from promptls.text import paths, runmemo
from tests import examples


def _plain_globs(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """The globs as one search for ``(?:^|/)glob$`` (``^glob$`` anchored), each glob
    translated on its own: what ``compile_globs`` must match like."""
    parts = []
    for raw in patterns:
        pattern = raw.strip().replace("\\", "/")
        anchored = pattern.startswith("/")
        pattern = pattern.strip("/")
        if pattern:
            lead = "^" if anchored else "(?:^|/)"
            parts.append(f"{lead}{globs._translate(pattern)}$")
    if not parts:
        return None
    try:
        return re.compile("|".join(parts))
    except re.error:
        return None


GLOB_PIECES = ["**/", "**", "*", "?", "/", "a", "b", ".md", "prompts", "[ab]", "[!a]", "[", "\\"]
PATH_PIECES = ["/", "a", "b", ".md", "prompts", "x.prompt", "\n", ".", "ab", "]"]


@pytest.mark.filterwarnings("ignore::FutureWarning")  # "[[": a possible nested set, both ways
@settings(max_examples=examples(1500), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(GLOB_PIECES), max_size=6).map("".join), min_size=0, max_size=4
    ),
    st.lists(st.sampled_from(PATH_PIECES), max_size=8).map("".join),
)
def test_a_glob_set_matches_as_one_search_per_glob_does(patterns: list[str], path: str) -> None:
    fast, plain = globs.compile_globs(tuple(patterns)), _plain_globs(tuple(patterns))
    assert (fast is None) is (plain is None)
    if fast is not None and plain is not None:
        assert bool(fast.search(path)) is bool(plain.search(path)), (patterns, path)


@pytest.mark.filterwarnings("ignore::FutureWarning")  # "[[": a possible nested set, both ways
@settings(max_examples=examples(1500), deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from([*GLOB_PIECES, "]", "x.md"]), max_size=6).map("".join),
        max_size=4,
    ),
    st.lists(st.sampled_from(PATH_PIECES), max_size=8).map("".join),
)
@example(["prompts/*/a"], "prompts/b/a").via("a folder after the last wildcard")
@example(["[ab]b.md"], "bb.md").via("a set is a wildcard")
@example([".md"], ".md\n").via("$ matches before a final newline")
def test_a_path_the_globs_match_ends_its_name_with_one_of_their_endings(
    patterns: list[str], path: str
) -> None:
    """The walk rules a name out without searching when it has none of the endings."""
    regex = globs.compile_globs(tuple(patterns))
    if regex is not None and regex.search(path):
        name = path.rpartition("/")[2]
        assert name.endswith(globs.name_endings(tuple(patterns))), (patterns, path)


def test_the_default_prompt_globs_still_match_their_files() -> None:
    prompts = Settings().prompt_files
    assert globs.matches("a/prompts/b/c.md", prompts)
    assert globs.matches("prompts/x.txt", prompts)
    assert globs.matches("deep/er/x.prompt", prompts)
    assert not globs.matches("a/promptsx/c.md", prompts)
    assert not globs.matches("a/prompts/c.ts", prompts)


NAME_PIECES = [
    "AGENTS.md", "CLAUDE.md", "SKILL.md", "RULE.md", "x", ".md", ".mdc", ".instructions.md",
    ".agent.md", ".prompt", ".ts", "/", ".claude/", "rules/", "skills/", "s/", ".cursor/",
    ".github/", "instructions/", "commands/", "prompts/", ".", "..", "\\",
    "copilot-instructions.md",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(st.lists(st.sampled_from(NAME_PIECES), min_size=1, max_size=7).map("".join))
def test_a_kind_ruled_out_by_the_name_is_what_every_test_says(path: str) -> None:
    quick = engine.document_kind(path)
    with pytest.MonkeyPatch.context() as patch:  # nothing ruled out: every test asked
        patch.setattr(engine, "named_other", lambda name: False)
        full = engine.document_kind(path)
    assert quick is full


SEGMENTS = [
    "", ".", "..", ".claude", "rules", "skills", "s", "commands", ".github", "instructions",
    "agents", ".cursor", ".clinerules", "x.md", "AGENTS.md", "SKILL.md", "RULE.md",
    "a.agent.md", "r.instructions.md", "b.mdc", "c\\.claude", "d\\",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(st.booleans(), st.lists(st.sampled_from(SEGMENTS), min_size=1, max_size=7))
def test_a_path_without_an_agent_folder_is_judged_by_its_name_as_by_its_parts(
    absolute: bool, segments: list[str]
) -> None:
    path = ("/" if absolute else "") + "/".join(segments)
    quick = (api.is_instruction_path(path), loaded_paths.is_loaded_path(path))
    every = frozenset(SEGMENTS) | {s.replace("\\", "/") for s in SEGMENTS}
    with pytest.MonkeyPatch.context() as patch:  # no path is without one: the parts read
        patch.setattr(api, "_rules_heads", lambda profiles: every)
        patch.setattr(loaded_paths, "_HEADS", every)
        full = (api.is_instruction_path(path), loaded_paths.is_loaded_path(path))
    assert quick == full


BASE = "# Project\n\n" + "".join(f"- Rule {i}: run the tests first ({i}).\n" for i in range(12))
TEXTS = {
    "same": BASE,
    "edited": BASE.replace("Rule 3:", "Rule three:"),
    "import": "# Claude\n\n@AGENTS.md\n",
    "import+": "@AGENTS.md\n\n" + BASE.replace("Rule 5:", "Rule five:"),
    "other": "# Notes\n\nNothing in common here.\n",
    "titled": "---\nalwaysApply: true\n---\n# CLAUDE.md\n" + BASE[10:],
    "cr": BASE.replace("\n", "\r").replace("Rule 4:", "Rule four:"),
    "empty": "\n\n",
}
NAMES = ["AGENTS.md", "CLAUDE.md", "GEMINI.md", "QWEN.md", "README.md", "notes.txt", "AGENTS.mdc"]


def _lay_out(root: Path, files: dict[str, str], extras: set[str]) -> None:
    for name, key in files.items():
        (root / name).write_text(TEXTS[key], encoding="utf-8")
    if "link" in extras and files:
        os.symlink(root / next(iter(files)), root / "LINKED.md")
    if "github" in extras:
        (root / ".github").mkdir()
        (root / ".github" / "copilot-instructions.md").write_text(TEXTS["edited"], "utf-8")
    if "subfolder" in extras:
        (root / "src").mkdir()
    if "skill" in extras:
        (root / ".claude" / "skills" / "s").mkdir(parents=True)
        (root / ".claude" / "skills" / "s" / "SKILL.md").write_text(TEXTS["other"], "utf-8")
    if "rule" in extras:
        (root / ".claude" / "rules").mkdir(parents=True, exist_ok=True)
        (root / ".claude" / "rules" / "r.md").write_text(TEXTS["edited"], "utf-8")
    if "git" in extras:
        (root / ".git").mkdir()


@contextmanager
def _repository(files: dict[str, str], extras: set[str]) -> Iterator[tuple[Path, str]]:
    """A repository laid out by ``_lay_out`` in a temporary folder, and a home beside it."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp, "repo")
        root.mkdir()
        _lay_out(root, files, extras)
        yield root, str(Path(tmp, "home"))


@settings(max_examples=examples(150), deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), st.sampled_from(sorted(TEXTS)), min_size=1),
    st.sets(st.sampled_from(["link", "github", "subfolder", "git", "skill", "rule"])),
    st.booleans(),
)
def test_pl027_without_discoveries_says_what_they_say(
    files: dict[str, str], extras: set[str], in_run: bool
) -> None:
    with _repository(files, extras) as (root, home):
        for name in files:
            path = str(root / name)
            text = (root / name).read_text(encoding="utf-8")
            answers = []
            for gate in (True, False):
                with pytest.MonkeyPatch.context() as patch:
                    if not gate:  # always the discoveries
                        patch.setattr(drift, "alone", lambda path, text: False)
                    if in_run:
                        with runmemo.run_memo():
                            found = drifted(path, text, home, Discoveries(home=home))
                    else:
                        found = drifted(path, text, home)
                answers.append([(m.path, p.path, d, t) for m, p, d, t in found])
            assert answers[0] == answers[1], (files, extras, name)


def test_pl027_still_finds_a_drifted_copy_beside_its_original(tmp_path: Path) -> None:
    (tmp_path / "AGENTS.md").write_text(TEXTS["same"], encoding="utf-8")
    (tmp_path / "CLAUDE.md").write_text(TEXTS["edited"], encoding="utf-8")
    assert not drift.alone(str(tmp_path / "CLAUDE.md"), TEXTS["edited"])
    [(mine, peer, _, _)] = drifted(str(tmp_path / "CLAUDE.md"), TEXTS["edited"], str(tmp_path))
    assert (mine.path, peer.path) == (str(tmp_path / "CLAUDE.md"), str(tmp_path / "AGENTS.md"))
    (tmp_path / "CLAUDE.md").write_text(TEXTS["import"], encoding="utf-8")
    assert drift.alone(str(tmp_path / "AGENTS.md"), TEXTS["same"])
    assert drifted(str(tmp_path / "AGENTS.md"), TEXTS["same"], str(tmp_path)) == []
    # Outside a check run nothing is remembered: an edit on disk is seen at once (the
    # language server re-checks open files when a watched file changes).
    (tmp_path / "CLAUDE.md").write_text(TEXTS["edited"], encoding="utf-8")
    [(mine, _, _, _)] = drifted(str(tmp_path / "AGENTS.md"), TEXTS["same"], str(tmp_path))
    assert mine.path == str(tmp_path / "AGENTS.md")


LINES = st.lists(st.sampled_from(["a", "b", "c", "d", "", "# t", "x y"]), max_size=12)


@settings(max_examples=examples(1500), deadline=None)
@given(LINES, LINES)
def test_compare_is_none_exactly_below_the_threshold(here: list[str], there: list[str]) -> None:
    import difflib

    a = [line.strip() for line in here if line.strip()]
    b = [line.strip() for line in there if line.strip()]
    text_a, text_b = "x\n" + "\n".join(here), "x\n" + "\n".join(there)  # first line: no title
    a, b = ["x", *a], ["x", *b]
    ratio = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    diff = compare(text_a, text_b)
    if a == b or ratio < SIMILARITY_THRESHOLD:
        assert diff is None
    else:
        assert diff is not None and diff.ratio == ratio


@settings(max_examples=examples(1500), deadline=None)
@given(
    st.integers(min_value=1, max_value=12),
    st.lists(st.sampled_from(["a", " ", "\n", "\r", "\r\n", "\x0c", "\u2028", "# t"])).map("".join),
)
def test_a_text_too_short_to_have_drifted_is_one(count: int, there: str) -> None:
    if drift._too_short(count, there):
        lines = len(drift.comparable_lines(there))
        assert 2.0 * min(count, lines) / (count + lines) < SIMILARITY_THRESHOLD


@settings(max_examples=examples(60), deadline=None)
@given(
    st.dictionaries(st.sampled_from(NAMES), st.sampled_from(sorted(TEXTS)), min_size=1),
    st.sets(st.sampled_from(["link", "github", "subfolder", "git", "skill", "rule"])),
)
def test_a_file_analysed_in_a_memo_of_its_own_is_analysed_as_without_one(
    files: dict[str, str], extras: set[str]
) -> None:
    """The workspace scan's per-file memo (``analyze_file_text``) changes no finding."""
    with _repository(files, extras) as (root, home):
        for name in files:
            path = root / name
            text = path.read_text(encoding="utf-8")
            plain = analyze_text(text, str(path), path, Settings(), Discoveries(home=home))
            memo = analyze_file_text(text, path, Settings(), Discoveries(home=home))
            assert memo == plain, (files, extras, name)


PATH_PARTS = ["/", "//", "a", "b", ".", "..", "AGENTS.md", "\\"]


@settings(max_examples=examples(600), deadline=None)
@given(
    st.lists(st.sampled_from(PATH_PARTS), min_size=1, max_size=6).map("".join),
    st.lists(st.sampled_from(PATH_PARTS), min_size=1, max_size=6).map("".join),
)
def test_same_path_remembering_absolute_paths_answers_as_comparing_each_time(
    a: str, b: str
) -> None:
    def plain(path: str) -> str:
        return os.path.normcase(os.path.abspath(path))

    for _ in range(2):  # the second time from memory
        assert paths.same_path(a, b) is (plain(a) == plain(b)), (a, b)


FRONT_SEGMENTS = [
    ".claude", "rules", ".cursor", ".clinerules", ".github", "instructions", ".kiro",
    "steering", ".windsurf", ".qwen", ".continue", "src", "x.md", "X.TXT", "r.mdc",
    "SKILL.md", "RULE.md", "a.instructions.md", "n.markdown", "",
]  # fmt: skip


@settings(max_examples=examples(1500), deadline=None)
@given(st.booleans(), st.lists(st.sampled_from(FRONT_SEGMENTS), min_size=1, max_size=6))
def test_a_front_matter_kind_ruled_out_by_the_folders_is_what_every_match_says(
    absolute: bool, segments: list[str]
) -> None:
    path = ("/" if absolute else "") + "/".join(segments)
    quick = frontmatter_kinds.front_kind.__wrapped__(path)
    with pytest.MonkeyPatch.context() as patch:  # no folder rules a match out: all tried
        patch.setattr(frontmatter_kinds, "_HEADS", None)
        full = frontmatter_kinds.front_kind.__wrapped__(path)
    assert quick == full, path
