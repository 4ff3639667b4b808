"""PL034 (command-drift) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL034/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL034`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import DocumentKind, Severity, analyze, fix_all, shell_commands
from promptls.analysis import manifests as manifests_module
from promptls.analysis.code import Code
from promptls.analysis.manifests import (
    MAX_MANIFEST,
    Manifests,
    folders_up,
    just_recipes,
    make_targets,
    package_scripts,
)
from promptls.analysis.rules import pl034_command_drift as rule
from promptls.analysis.rules.pl034_command_drift import managed, swappable
from promptls.analysis.settings import Settings
from promptls.analysis.shell_commands import Word, commands, fence_tag
from promptls.text import runmemo
from tests import examples

# PL034: reading the manifests, finding the commands, and judging them.


ONLY = Settings(select=("PL034",))


def repo(root: Path, files: dict[str, str]) -> Path:
    """A repository at ``root`` holding ``files``."""
    (root / ".git").mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def check(path: Path, text: str) -> list[tuple[str, str, Severity]]:
    found = analyze(text, path=str(path), settings=ONLY).findings
    return [(text[f.start : f.end], f.message, f.severity) for f in found]


# -- manifests ---------------------------------------------------------------------------
def test_package_scripts() -> None:
    assert package_scripts('{"scripts": {"a": "x", "b-c": "y"}}') == {"a", "b-c"}
    assert package_scripts('{"name": "x"}') == frozenset()
    for bad in ("{", "[1]", '{"scripts": []}', '"text"', "[" * 100_000):
        assert package_scripts(bad) is None


def test_make_targets() -> None:
    text = (
        "# c\nVAR := 1\nOTHER = a:b\nbuild: dep\n\techo a: b\nfmt \\\n  vet:\n\tx\n"
        "a b::\n\ty\nout1 out2 &: in\n\tz\n.PHONY: build\nrun: VAR = 2\n"
    )
    assert make_targets(text) == {"build", "fmt", "vet", "a", "b", "out1", "out2", "run"}
    for opaque in ("include x.mk\n", "include $(X).mk\n", "%.o: %.c\n", "$(T): x\n"):
        assert make_targets(opaque + "build:\n") is None, opaque
    assert make_targets(".DEFAULT:\n\techo\n") is None


def test_make_includes_are_followed() -> None:
    files = {"a.mk": "a:\n\tx\ninclude b.mk\n", "b.mk": "b: # c\n", "loop.mk": "include loop.mk\n"}
    read = files.get
    assert make_targets("include a.mk\nbuild:\n", read) == {"a", "b", "build"}
    assert make_targets("-include .env missing.mk\nbuild:\n", read) == {"build"}
    assert make_targets("sinclude .env\nbuild:\n", read) == {"build"}
    assert make_targets("include .env\nbuild:\n", read) is None  # make would fail or build it
    assert make_targets("-include a.mk # comment.mk\n", read) == {"a", "b"}
    assert make_targets("-include loop.mk\n", read) is None  # nested too deep
    assert make_targets("-include x*.mk\n", read) is None
    assert make_targets("-include bad.mk\n", {"bad.mk": "%: x\n"}.get) is None
    # every name before the comment counts, and nothing after its first "#"
    assert make_targets("-include missing.mk b.mk # gone.mk\n", read) == {"b"}
    assert make_targets("include b.mk # note # more\n", read) == {"b"}
    assert make_targets("include X.mk\n", {"X.mk": "x:\n"}.get) == {"x"}


def test_make_include_depth() -> None:
    chain = {"1.mk": "one:\ninclude 2.mk\n", "2.mk": "two:\ninclude 3.mk\n", "3.mk": "three:\n"}
    assert make_targets("include 1.mk\n", chain.get) == {"one", "two", "three"}
    deeper = chain | {"3.mk": "three:\ninclude 4.mk\n", "4.mk": "four:\n"}
    assert make_targets("include 1.mk\n", deeper.get) is None


def test_just_recipes() -> None:
    text = (
        'set shell := ["bash", "-c"]\nexport A := "1"\nalias b := build\nx := "y"\n'
        "build target='r':\n  echo\n@quiet:\n  echo\n[private]\nserve addr=\":80\" *args:\n"
        "  echo\n  nested: not a recipe\n"
    )
    assert just_recipes(text) == {"build", "quiet", "serve", "b"}
    for opaque in ("import 'x.just'\n", "mod tools\n", "set fallback := true\n"):
        assert just_recipes(opaque + "build:\n") is None, opaque


def test_manifests_nearest_and_lockfiles(tmp_path: Path) -> None:
    root = repo(
        tmp_path / "r",
        {
            "pnpm-lock.yaml": "",
            "package.json": '{"scripts": {"root": "x"}}',
            "pkg/a/package.json": '{"scripts": {"a": "x"}}',
            "pkg/a/deep/AGENTS.md": "",
        },
    )
    found = Manifests(str(root / "pkg" / "a" / "deep"))
    nearest = found.nearest("package")
    assert nearest is not None and nearest.names == {"a"}
    assert nearest.path == str(root / "pkg" / "a" / "package.json")
    assert found.managers() == (str(root), frozenset({"pnpm"}))
    assert found.nearest("make") is None and found.nearest("just") is None
    (root / "bun.lockb").write_bytes(b"\x00bin")
    (root / "bun.lock").write_text("{}")
    assert found.managers() == (str(root), frozenset({"pnpm", "bun"}))


def test_lookups_stop_at_the_repository_root(tmp_path: Path) -> None:
    (tmp_path / "package-lock.json").write_text("{}")
    (tmp_path / "package.json").write_text('{"scripts": {}}')
    inner = repo(tmp_path / "inner", {"sub/AGENTS.md": ""})
    assert list(folders_up(str(inner / "sub"))) == [str(inner / "sub"), str(inner)]
    assert Manifests(str(inner / "sub")).managers() is None
    assert Manifests(str(inner / "sub")).nearest("package") is None


def test_outside_a_repository_only_the_own_folder_counts(tmp_path: Path) -> None:
    (tmp_path / "package-lock.json").write_text("{}")
    (tmp_path / "sub").mkdir()
    # tmp_path is in no repository: only sub itself is looked at
    assert list(folders_up(str(tmp_path / "sub"))) == [str(tmp_path / "sub")]
    assert Manifests(str(tmp_path / "sub")).managers() is None


def test_a_manifest_is_read_again_only_when_it_changes(tmp_path: Path) -> None:
    root = repo(tmp_path, {"Makefile": "build:\n\techo\n"})
    assert Manifests(str(root)).nearest("make").names == {"build"}  # type: ignore[union-attr]
    makefile = root / "Makefile"
    makefile.write_text("build:\n\techo\ntest:\n\techo\n")
    os.utime(makefile, ns=(1, 1))
    assert Manifests(str(root)).nearest("make").names == {"build", "test"}  # type: ignore[union-attr]
    makefile.write_bytes(b"\xff\xfe garbage:\n")
    os.utime(makefile, ns=(2, 2))
    assert Manifests(str(root)).nearest("make").names is None  # type: ignore[union-attr]


def test_an_included_makefile_change_is_seen(tmp_path: Path) -> None:
    root = repo(tmp_path, {"Makefile": "-include extra.mk\nbuild:\n"})
    assert Manifests(str(root)).nearest("make").names == {"build"}  # type: ignore[union-attr]
    (root / "extra.mk").write_text("lint:\n")
    assert Manifests(str(root)).nearest("make").names == {"build", "lint"}  # type: ignore[union-attr]
    (root / "extra.mk").write_text("%:\n")
    os.utime(root / "extra.mk", ns=(5, 5))
    assert Manifests(str(root)).nearest("make").names is None  # type: ignore[union-attr]


def test_a_folder_named_like_a_manifest_is_not_one(tmp_path: Path) -> None:
    root = repo(tmp_path, {})
    (root / "Makefile").mkdir()
    (root / "yarn.lock").mkdir()
    assert Manifests(str(root)).nearest("make") is None
    assert Manifests(str(root)).managers() is None


# -- commands ----------------------------------------------------------------------------
def words(text: str) -> list[list[str]]:
    return [[w.text for w in c.words] for c in commands(text, Code(text))]


def test_commands_in_spans_and_shell_fences() -> None:
    text = (
        "Run `npm test` or ``yarn `x` build``; prose npm install.\n"
        "```bash\n$ A=1 B=2 npm run build && make lint | tee x; just fmt # just no\n"
        "# comment\n> continuation\n\n```\n"
        "```yaml\nrun: npm ci\n```\n"
        "```console\n% pnpm i\ncd web\nnpm run dev\n```\n"
        "~~~\nnpm install\n~~~\n"
    )
    assert words(text) == [
        ["npm", "run", "build"],
        ["make", "lint"],
        ["tee", "x"],
        ["just", "fmt"],
        ["pnpm", "i"],
        ["npm", "install"],
        ["npm", "test"],
        ["yarn", "`x`", "build"],
    ]


def test_a_cd_ends_the_line_and_the_fence() -> None:
    assert words("`npm test && cd x && npm run a`\n") == [["npm", "test"]]
    assert words("```sh\nnpm ci; pushd x\nnpm test\n```\n") == [["npm", "ci"]]


def test_fence_tags() -> None:
    text = "```Bash title=x\n```{.sh}\n"
    assert fence_tag(text, 0, "```") == "bash"
    assert fence_tag(text, text.index("```{"), "```") == "sh"
    assert fence_tag("```\n", 0, "```") == ""


def test_word_offsets_point_into_the_text() -> None:
    text = "漢字 `  npm   run  x  `\n"
    [command] = list(commands(text, Code(text)))
    assert [(w.text, text[w.start : w.end]) for w in command.words] == [
        ("npm", "npm"),
        ("run", "run"),
        ("x", "x"),
    ]
    assert Word("abc", 5).end == 8


# -- judging -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("manager", "sub", "expected"),
    [
        ("npm", "install", True),
        ("npm", "ci", True),
        ("npm", "exec", False),
        ("npm", "publish", False),
        ("npm", None, False),
        ("npm", "-v", False),
        ("yarn", None, True),
        ("yarn", "build", True),
        ("yarn", "dlx", False),
        ("pnpm", None, False),
        ("pnpm", "create", False),
        ("pnpm", "lint", True),
        ("bun", "install", True),
        ("bun", "test", False),
        ("bun", "run", False),
    ],
)
def test_which_invocations_use_the_lockfile(manager: str, sub: str | None, expected: bool) -> None:
    assert managed(manager, sub) is expected


@pytest.mark.parametrize(
    ("manager", "sub", "rest", "target", "expected"),
    [
        ("npm", "run", 1, "bun", True),
        ("npm", "install", 0, "yarn", True),
        ("npm", "install", 1, "pnpm", False),
        ("npm", "i", 0, "pnpm", True),
        ("npm", "i", 0, "yarn", False),
        ("npm", "ci", 0, "pnpm", False),
        ("npm", "add", 1, "yarn", True),
        ("npm", "add", 0, "yarn", False),
        ("yarn", "remove", 1, "npm", True),
        ("npm", "test", 0, "pnpm", True),
        ("npm", "start", 0, "bun", False),
        ("yarn", "build", 0, "pnpm", True),
        ("pnpm", "build", 0, "npm", False),
        ("pnpm", "build", 0, "bun", False),
        ("yarn", "why", 1, "pnpm", False),
        ("yarn", None, 0, "pnpm", False),
    ],
)
def test_which_swaps_keep_the_command(
    manager: str, sub: str | None, rest: int, target: str, expected: bool
) -> None:
    words = tuple(Word("x", i) for i in range(rest))
    assert swappable(manager, sub, words, target) is expected


def test_warning_info_and_the_fix(tmp_path: Path) -> None:
    root = repo(tmp_path, {"yarn.lock": "", "package.json": '{"scripts": {"build": "x"}}'})
    text = "Run `npm run build`, `npm run gone` and `npm ci`.\n"
    found = check(root / "AGENTS.md", text)
    assert [(span, sev) for span, _, sev in found] == [
        ("npm run build", Severity.WARNING),
        ("npm run gone", Severity.WARNING),
        ("gone", Severity.INFO),
        ("npm ci", Severity.WARNING),
    ]
    assert "yarn.lock" in found[0][1] and "(it has: build)" in found[2][1]
    fixed = fix_all(text, path=str(root / "AGENTS.md"), settings=ONLY)
    assert fixed == "Run `yarn run build`, `yarn run gone` and `npm ci`.\n"


def test_quiet_without_a_path_or_a_folder(tmp_path: Path) -> None:
    assert analyze("`npm ci`", settings=ONLY).findings == ()
    assert check(tmp_path / "missing" / "AGENTS.md", "`npm ci`\n") == []


def test_many_scripts_are_listed_briefly(tmp_path: Path) -> None:
    scripts = {f"s{i}": "x" for i in range(12)}
    root = repo(tmp_path, {"package.json": json.dumps({"scripts": scripts})})
    [(_, message, _)] = check(root / "AGENTS.md", "`npm run nope`\n")
    assert message.endswith("(it has: s0, s1, s10, s11, s2, s3, s4, s5, …)")


def test_an_empty_manifest_lists_nothing(tmp_path: Path) -> None:
    root = repo(tmp_path, {"package.json": "{}", "justfile": ""})
    found = check(root / "AGENTS.md", "`npm run a` `just b`\n")
    assert [m.endswith("fails") for _, m, _ in found] == [True, True]


@settings(max_examples=examples(60), deadline=None)
@given(
    manifest=st.text(max_size=200),
    line=st.text(
        alphabet=st.sampled_from(list("npm run make just -=$`'\"#;&|\n\r`~ ab")), max_size=80
    ),
)
def test_bad_manifests_and_odd_lines_never_crash(
    tmp_path_factory: pytest.TempPathFactory, manifest: str, line: str
) -> None:
    root = repo(tmp_path_factory.mktemp("fuzz"), {})
    for name in ("package.json", "Makefile", "justfile"):
        (root / name).write_text(manifest, encoding="utf-8", errors="replace")
    (root / "pnpm-lock.yaml").write_text("")
    text = f"`{line}`\n```sh\n{line}\n```\n"
    found = analyze(text, path=str(root / "AGENTS.md"), settings=ONLY).findings
    assert all(0 <= f.start <= f.end <= len(text) for f in found)


# PL034 is quiet about a name another folder's manifest defines: an instruction file
# often speaks of another folder ("from the root:", ``cd frontend``), which its own place
# cannot tell. Inside a repository the folders searched are the root's and those below it;
# outside one, where no root is known, every folder above the file too.


def _pl034(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = analyze(text, path=str(path), settings=Settings(select=("PL034",))).findings
    return [text[f.start : f.end] for f in found]


@pytest.mark.parametrize("repository", [True, False], ids=["in-a-repository", "outside-one"])
def test_a_target_of_the_makefile_above_is_no_drift(tmp_path: Path, repository: bool) -> None:
    if repository:
        (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("check:\n\techo\n", encoding="utf-8")
    backend = tmp_path / "backend"
    backend.mkdir()
    (backend / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    agents = backend / "AGENTS.md"
    agents.write_text("From the root: `make check`. Here: `make dev`, `make gone`.\n", "utf-8")
    assert _pl034(agents) == ["gone"]


def test_a_hidden_folder_or_one_too_deep_holds_no_subproject(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"scripts": {"build": "x"}}', encoding="utf-8")
    for folder in (".cache/app", "a/b/c/d/e"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `npm run lint`.\n", encoding="utf-8")
    assert _pl034(agents) == ["lint"]
    (tmp_path / "a/b/c/d/package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    assert _pl034(agents) == []


@pytest.mark.parametrize(
    "line",
    [
        "There is no `make migrate` target on purpose.\n",
        "There's no `make migrate` here.\n",
        "`make migrate` is no longer needed.\n",
        "No such target as `make migrate`.\n",
    ],
)
def test_a_line_that_says_the_name_is_absent_is_quiet(tmp_path: Path, line: str) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text(line, encoding="utf-8")
    assert _pl034(agents) == []
    agents.write_text("Run `make migrate` first.\n", encoding="utf-8")
    assert _pl034(agents) == ["migrate"]


def test_only_the_makefile_make_reads_in_another_folder_counts(tmp_path: Path) -> None:
    """make reads GNUmakefile before Makefile: a target only the other one defines is
    no target of that folder."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "Makefile").write_text("dev:\n\techo\n", encoding="utf-8")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "GNUmakefile").write_text("lint:\n\techo\n", encoding="utf-8")
    (sub / "Makefile").write_text("release:\n\techo\n", encoding="utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `make lint` and `make release`.\n", encoding="utf-8")
    assert _pl034(agents) == ["release"]


def test_a_huge_tree_is_searched_only_in_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search stops after so many folders (breadth first, by name): a script defined
    only past them is not found, and the command is reported."""
    from promptls.analysis import manifests

    monkeypatch.setattr(manifests, "MAX_SUBPROJECT_FOLDERS", 2)
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"scripts": {"build": "x"}}', encoding="utf-8")
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    (tmp_path / "b" / "package.json").write_text('{"scripts": {"lint": "x"}}', "utf-8")
    agents = tmp_path / "AGENTS.md"
    agents.write_text("Run `npm run lint`.\n", encoding="utf-8")
    assert _pl034(agents) == ["lint"]
    monkeypatch.setattr(manifests, "MAX_SUBPROJECT_FOLDERS", 3)
    monkeypatch.setattr(manifests, "_FOLDERS", manifests._RecentFolders())
    assert _pl034(agents) == []


# PL034's two module-level patterns, pinned by what a user sees.
#
# ``_CONTRAST``: a line that says not/never/instead… about the other manager is a
# comparison, not a command to run, and stays quiet; a word that merely contains one of
# those words (``cannot``, ``Notes``) does not make it one. ``_ANY_WORD``: a file whose
# only manager word is ``make`` or ``just`` is still read. Written against the variants of
# ``scripts/mutation --patterns`` (docs/mutation.md, "Module-level patterns").


WRONG = (
    "`npm install` uses npm, but this repository installs with pnpm (its only lockfile is "
    "pnpm-lock.yaml): the agent would write a second lockfile or a different tree; use pnpm"
)


def _pnpm_repo(tmp_path: Path) -> Path:
    return repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": "{}"})


@pytest.mark.parametrize(
    "line",
    [
        "`npm install` is not how this repository installs.",
        "Do not run `npm install` here.",
        "DO NOT run `npm install` here.",
        "Never run `npm install` here.",
        "Don't run `npm install` here.",
        "Use the lockfile's manager instead of `npm install`.",
        "Use the lockfile's manager rather than `npm install`.",
        "Avoid `npm install` here.",
        "Build without `npm install`.",
    ],
)
def test_a_line_that_warns_against_the_command_is_quiet(tmp_path: Path, line: str) -> None:
    root = _pnpm_repo(tmp_path)
    assert check(root / "AGENTS.md", line + "\n") == []


@pytest.mark.parametrize(
    "line",
    [
        "Notes: run `npm install` first.",  # `not` only starts a word
        "You cannot skip `npm install`.",  # `not` only ends a word
        "Nevertheless, run `npm install`.",
        "Avoiding nothing, run `npm install`.",
        "Run `npm install` (insteadof is a git option).",
    ],
)
def test_a_word_that_only_contains_a_contrast_word_is_not_one(tmp_path: Path, line: str) -> None:
    root = _pnpm_repo(tmp_path)
    assert check(root / "AGENTS.md", line + "\n") == [("npm install", WRONG, Severity.WARNING)]


@pytest.mark.parametrize(
    ("manifest", "word", "label"),
    [("Makefile", "make", "target"), ("justfile", "just", "recipe")],
)
def test_a_file_whose_only_manager_word_is_make_or_just_is_read(
    tmp_path: Path, manifest: str, word: str, label: str
) -> None:
    root = repo(tmp_path, {manifest: "build:\n\techo\n"})
    assert check(root / "AGENTS.md", f"Run `{word} check` first.\n") == [
        (
            "check",
            f"{manifest} has no {label} `check`: the agent's `{word} check` fails (it has: build)",
            Severity.INFO,
        )
    ]


# PL034's edges, each pinned by what a user sees (written against surviving mutants).


SCRIPTS = json.dumps({"scripts": {"build": "x", "test": "y"}})


def spans(root: Path, text: str, name: str = "AGENTS.md") -> list[str]:
    return [span for span, _, _ in check(root / name, text)]


def test_options_that_point_elsewhere_are_read_before_their_value(tmp_path: Path) -> None:
    root = repo(tmp_path, {"package-lock.json": "{}", "package.json": SCRIPTS})
    assert spans(root, "`pnpm install --filter=web`\n") == []
    assert spans(root, "`pnpm install --dir web`\n") == []
    assert spans(root, "`pnpm install --frozen-lockfile`\n") == ["pnpm install --frozen-lockfile"]


def test_a_line_naming_the_right_manager_is_a_comparison(tmp_path: Path) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": SCRIPTS})
    assert spans(root, "`npm install` or `pnpm install`\n") == []
    assert spans(root, "Works with npm/pnpm: `npm install`\n") == []
    assert spans(root, "Works with npm: `npm install`\n") == ["npm install"]
    assert spans(root, "Works with Xpnpm: `npm install`\n") == ["npm install"]


def test_the_repository_s_own_manager_is_never_reported(tmp_path: Path) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": SCRIPTS})
    assert spans(root, "`true&&pnpm install` and `x;pnpm run build`\n") == []


def test_the_fix_is_titled_with_both_managers(tmp_path: Path) -> None:
    root = repo(tmp_path, {"yarn.lock": "", "package.json": SCRIPTS})
    text = "`npm run build`\n"
    [finding] = analyze(text, path=str(root / "AGENTS.md"), settings=ONLY).findings
    assert finding.fix is not None and finding.fix.title == "Use yarn instead of npm"


def test_both_bun_lockfiles_are_named(tmp_path: Path) -> None:
    root = repo(tmp_path, {"bun.lock": "", "bun.lockb": "", "package.json": SCRIPTS})
    [(_, message, _)] = check(root / "AGENTS.md", "`npm install`\n")
    assert "(its only lockfile is bun.lockb and bun.lock)" in message


def test_script_lookups(tmp_path: Path) -> None:
    root = repo(tmp_path, {"package.json": SCRIPTS})
    assert spans(root, "`npm run`\n") == []
    assert spans(root, "`npm run-script gone` `pnpm run-script gone2`\n") == ["gone", "gone2"]
    assert spans(root, "`npm run env` `npm run build`\n") == []
    assert spans(root, "`npm run gone -- --watch` `npm run gone2 --silent`\n") == ["gone"]
    [(_, message, _)] = check(root / "AGENTS.md", "`npm run gone -- --watch`\n")
    assert message.startswith("package.json has no script `gone`: the agent's ")
    assert "`npm run gone -- --watch` fails" in message


def test_a_nested_file_names_the_manifest_from_its_folder(tmp_path: Path) -> None:
    root = repo(tmp_path, {"package.json": SCRIPTS, "docs/AGENTS.md": ""})
    [(_, message, _)] = check(root / "docs" / "AGENTS.md", "`npm run gone`\n")
    assert message.startswith("../package.json has no script `gone`")


def test_make_and_just_lookups(tmp_path: Path) -> None:
    root = repo(
        tmp_path,
        {"Makefile": "build:\n", "justfile": "build:\n", "tool-xyz/x": "", "env": ""},
    )
    assert spans(root, "`make build check lint`\n") == ["check", "lint"]
    assert spans(root, "`make tool-xyz env`\n") == []  # names of what is beside the Makefile
    assert spans(root, "`make tool-xyz check`\n") == ["check"]
    assert spans(root, "`just tool-xyz`\n") == ["tool-xyz"]  # just has no implicit rules
    assert spans(root, "`just X=1`, `just X=1 build`\n") == []
    assert spans(root, "`yarn check`, `npm test`\n") == []  # not a just or make lookup


def test_the_list_of_names_is_cut_after_eight(tmp_path: Path) -> None:
    for count, ends in ((8, "s7)"), (9, "s7, …)")):
        scripts = {f"s{i}": "x" for i in range(count)}
        root = repo(tmp_path / str(count), {"package.json": json.dumps({"scripts": scripts})})
        [(_, message, _)] = check(root / "AGENTS.md", "`npm run nope`\n")
        assert message.endswith(ends), message


def test_other_commands_on_a_line_do_not_stop_the_rule(tmp_path: Path) -> None:
    root = repo(tmp_path, {"yarn.lock": "", "package.json": SCRIPTS})
    assert spans(root, "`ls` then `npm ci`\n") == ["npm ci"]


def test_an_instruction_text_without_a_path_is_quiet() -> None:
    text = "`npm ci` `make x`\n"
    assert analyze(text, settings=ONLY, kind=DocumentKind.INSTRUCTION).findings == ()


def test_a_text_without_a_command_word_is_not_scanned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(text: str, code: Code) -> object:
        raise AssertionError("scanned")

    monkeypatch.setattr(shell_commands, "commands", boom)
    assert check(repo(tmp_path, {}) / "AGENTS.md", "`cargo test`\n") == []


def test_fences_after_a_continuation_line_and_unclosed_fences() -> None:
    text = "```console\n$ npm test\n> output\nnpm ci\n```\n```sh\nmake x\n"
    assert [[w.text for w in c.words] for c in commands(text, Code(text))] == [
        ["npm", "test"],
        ["npm", "ci"],
        ["make", "x"],
    ]


def test_which_subcommands_are_about_the_lockfile() -> None:
    assert not rule.managed("yarn", "--version")
    assert rule.managed("yarn", "install")


@pytest.mark.parametrize(
    ("manager", "sub", "target", "expected"),
    [
        ("npm", "start", "pnpm", True),
        ("pnpm", "build", "yarn", True),
        ("yarn", "build", "npm", False),
    ],
)
def test_more_swaps(manager: str, sub: str, target: str, expected: bool) -> None:
    assert rule.swappable(manager, sub, (), target) is expected


# -- the manifest cache ------------------------------------------------------------------
def test_a_manifest_over_the_cap_is_unknown(tmp_path: Path) -> None:
    scripts = {"build": "x", "pad": "y" * MAX_MANIFEST}
    root = repo(tmp_path, {"package.json": json.dumps({"scripts": scripts})})
    found = Manifests(str(root)).nearest("package")
    assert found is not None and found.names is None


def test_a_fresh_cache_reads_once_until_a_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repo(tmp_path, {"package.json": SCRIPTS})
    cache = manifests_module._Cache()
    reads: list[str] = []
    real = manifests_module._read

    def counted(path: str) -> str | None:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(manifests_module, "_read", counted)
    path = str(root / "package.json")
    assert cache.names(path, "package") == {"build", "test"}
    assert cache.names(path, "package") == {"build", "test"}
    assert len(reads) == 1
    (root / "package.json").write_text(json.dumps({"scripts": {"other": "z"}}))
    assert cache.names(path, "package") == {"other"} and len(reads) == 2


def test_the_cache_is_bounded(tmp_path: Path) -> None:
    cache = manifests_module._Cache()
    for i in range(258):
        path = tmp_path / f"{i}.json"
        path.write_text("{}")
        cache.names(str(path), "package")
        assert len(cache._entries) == (i + 1 if i < 257 else 1)


# PL034's early returns, pinned by what a user sees: the rule reads a file's commands
# whenever there is a lockfile or any manifest to hold them against, and whatever words
# the text holds besides.
#
# Written from the mutation run of session 5 (docs/mutation.md) over the early return
# added for files with no lockfile and no manifest.


def test_a_lockfile_beside_a_package_without_scripts_reports_the_wrong_manager(
    tmp_path: Path,
) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": "{}"})
    [(span, message, _)] = check(root / "AGENTS.md", "`npm install`\n")
    assert span == "npm install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message


def test_a_lockfile_with_no_package_json_beside_it_names_no_manager(tmp_path: Path) -> None:
    """Every manager writes its lockfile next to the package.json it installs: a
    `bun.lockb` alone in a folder is left over, and the folder above decides."""
    root = repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": "{}"})
    app = root / "apps" / "mobile"
    app.mkdir(parents=True)
    (app / "bun.lockb").write_bytes(b"")
    [(span, message, _)] = check(app / "CLAUDE.md", "`npm install`\n")
    assert span == "npm install"
    assert "installs with pnpm (its only lockfile is pnpm-lock.yaml in ../..)" in message
    (root / "pnpm-lock.yaml").unlink()
    assert check(app / "CLAUDE.md", "`npm install`\n") == []


def test_every_kind_of_manifest_and_no_lockfile_still_reports_a_missing_target(
    tmp_path: Path,
) -> None:
    root = repo(
        tmp_path,
        {"package.json": SCRIPTS, "Makefile": "all:\n\techo\n", "justfile": "deploy:\n  echo\n"},
    )
    found = check(root / "AGENTS.md", "`make nope` `just nope` `npm run nope`\n")
    assert [(span, message) for span, message, _ in found] == [
        ("nope", "Makefile has no target `nope`: the agent's `make nope` fails (it has: all)"),
        ("nope", "justfile has no recipe `nope`: the agent's `just nope` fails (it has: deploy)"),
        (
            "nope",
            "package.json has no script `nope`: the agent's `npm run nope` fails "
            "(it has: build, test)",
        ),
    ]


def test_a_text_naming_every_manager_is_still_read(tmp_path: Path) -> None:
    root = repo(tmp_path, {"package.json": SCRIPTS})
    text = "We tried npm, pnpm, yarn, bun, make and just.\n\n`npm run lint`\n"
    assert [span for span, _, _ in check(root / "AGENTS.md", text)] == ["lint"]


# PL034's one-pass pre-check for the command words: a file whose only manager word is
# ``yarn`` or ``bun`` is still read.
#
# Written from the hand-mutated variants of ``_ANY_WORD`` of session 5's speed branch
# (docs/mutation.md): without ``yarn`` or ``bun`` in the pattern such files were skipped.


@pytest.mark.parametrize("manager", ["yarn", "bun"])
def test_the_only_manager_word_in_the_file_is_enough(tmp_path: Path, manager: str) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": "", "package.json": "{}"})
    [(span, message, _)] = check(root / "AGENTS.md", f"Run `{manager} install` first.\n")
    assert span == f"{manager} install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message


# The Make targets and just recipes PL034 reads are the ones the tools would run.
#
# Written against the pattern mutation of ``manifests.py`` (docs/mutation.md, "Module-level
# patterns"): each Makefile or justfile below is one a repository holds, and the names are
# what PL034 then accepts in ``make NAME`` or ``just NAME`` (``None``: it cannot know).


@pytest.mark.parametrize(
    ("makefile", "targets"),
    [
        ("# Usage: make build\nbuild:\n\tgo build\n", {"build"}),
        ("build:\n\techo one\n\n\techo two: three\n", {"build"}),
        ("-include .env  # local overrides: see README\nbuild:\n", {"build"}),
        ("GOFLAGS ::= -mod=mod\nbuild:\n", {"build"}),
        ("GOFLAGS :::= -mod=mod\nbuild:\n", {"build"}),
        (": foo: bar\nbuild:\n", {"build"}),
    ],
    ids=[
        "comment-with-a-colon",
        "recipe-line-with-a-colon-after-a-blank-line",
        "include-comment",
        "posix-assignment",
        "immediate-assignment",
        "rule-without-targets",
    ],
)
def test_only_rule_lines_name_make_targets(makefile: str, targets: set[str]) -> None:
    assert make_targets(makefile) == frozenset(targets)


INCLUDED = {"a.mk": "a:\n\tx\n", "b.mk": "b:\n\ty\n"}


@pytest.mark.parametrize(
    ("makefile", "targets"),
    [
        ("ifdef CI\n  include a.mk\nendif\nbuild:\n", {"a", "build"}),
        ("\tinclude a.mk\nbuild:\n", {"a", "build"}),
        ("include\ta.mk\nbuild:\n", {"a", "build"}),
        ("sinclude b.mk\nbuild:\n", {"b", "build"}),
        ("# Targets include build and test.\nbuild:\ntest:\n", {"build", "test"}),
        ("includes:\n\tcp *.h dist/\n", {"includes"}),
    ],
    ids=["indented", "tab-indented", "tab-separated", "sinclude", "prose", "target-named-includes"],
)
def test_an_include_is_a_directive_at_the_start_of_a_line(makefile: str, targets: set[str]) -> None:
    assert make_targets(makefile, INCLUDED.get) == frozenset(targets)


@pytest.mark.parametrize(
    ("justfile", "recipes"),
    [
        ("Release:\n  echo\n_helper:\n  echo\n", {"Release", "_helper"}),
        (
            "buildAll:\n  echo\nfmt_check:\n  echo\npy311:\n  echo\n",
            {"buildAll", "fmt_check", "py311"},
        ),
        ("build-all:\n  echo\nt:\n  just test\n", {"build-all", "t"}),
        ("build-:\n  echo\n", {"build-"}),
        ("set export\nbuild:\n  echo\n", {"build"}),
        ("url := 'http://localhost:8080'\nbuild:\n  echo\n", {"build"}),
    ],
    ids=[
        "capital-and-private",
        "camel-snake-digits",
        "hyphen-and-one-letter",
        "trailing-hyphen",
        "set-flag",
        "url",
    ],
)
def test_just_recipe_names_are_read_whole(justfile: str, recipes: set[str]) -> None:
    assert just_recipes(justfile) == frozenset(recipes)


@pytest.mark.parametrize(
    ("justfile", "recipes"),
    [
        ("alias B := build\nalias _b := build\nalias t2 := test\n", {"B", "_b", "t2"}),
        (
            "alias b-all := build\nalias fmtCheck := fmt\nalias bb := build\nalias f_x := fmt\n",
            {"b-all", "fmtCheck", "bb", "f_x"},
        ),
        ("alias\tb := build\nalias c\t:= build\nalias d:= build\n", {"b", "c", "d"}),
        ("# alias t := test\naliases := 'a b'\n", set()),
    ],
    ids=["capital-private-digit", "hyphen-camel-letters", "tabs-and-no-space", "not-aliases"],
)
def test_just_aliases_are_read_whole(justfile: str, recipes: set[str]) -> None:
    assert just_recipes(justfile) == frozenset(recipes)


@pytest.mark.parametrize(
    "justfile",
    [
        "build:\n  echo\nimport 'tools.just'\n",
        "build:\n  echo\nmod tools\n",
        "set\tfallback := true\nbuild:\n",
    ],
    ids=["import-after-a-recipe", "mod-after-a-recipe", "fallback-after-a-tab"],
)
def test_a_justfile_that_imports_or_falls_back_has_unknown_recipes(justfile: str) -> None:
    assert just_recipes(justfile) is None


@pytest.mark.parametrize(
    ("justfile", "recipes"),
    [
        ("test:\n  python -c 'import sys'\n", {"test"}),
        ("modules:\n  echo\nimports:\n  echo\n", {"modules", "imports"}),
        ("# we do not set fallback here\nbuild:\n", {"build"}),
        ("setfallback:\n  echo\n", {"setfallback"}),
    ],
    ids=["import-in-a-recipe", "names-starting-with-mod-and-import", "comment", "one-word"],
)
def test_import_mod_and_fallback_are_directives_only_at_the_start_of_a_line(
    justfile: str, recipes: set[str]
) -> None:
    assert just_recipes(justfile) == frozenset(recipes)


@pytest.mark.parametrize(
    "line",
    ["=a: b", "= a: b", "a ::: b", "a:::b", "a :::: b"],
    ids=["empty-variable", "empty-variable-spaced", "triple-colon", "triple-colon-glued", "four"],
)
def test_a_line_make_refuses_names_no_target(line: str) -> None:
    # GNU make stops at these lines ("empty variable name", "missing target pattern"):
    # neither `=a` nor `:` is ever a target, and the other rules are read as written
    assert make_targets(f"{line}\nbuild:\n\tgo build\n") == frozenset({"build"})


@pytest.mark.parametrize(
    "setting",
    ["set fallbacks := true", "set fallback2 := true", "set fallback_on := true"],
    ids=["plural", "digit", "underscore"],
)
def test_a_setting_that_only_starts_with_fallback_keeps_the_recipes_known(setting: str) -> None:
    # just's settings are a closed list; `fallback` is the only one that sends a run to a
    # parent justfile, and a longer name is an unknown setting, read like any other
    assert just_recipes(f"{setting}\nbuild:\n  echo\n") == frozenset({"build"})


# PL034 inside a ``check`` run, where manifests are looked up in the folder's listing
# first: a folder that cannot be listed (no read permission) still has its lockfile found
# by asking for it directly, as outside a run.
#
# Written from the mutation run of session 5's speed branch (docs/mutation.md): with the
# listing's None read as a listing (``x__present__mutmut_5``) the rule crashed there.


def test_a_lockfile_in_a_folder_that_cannot_be_listed_is_still_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = repo(tmp_path / "repo", {"pnpm-lock.yaml": "", "package.json": "{}"})
    listdir = os.listdir

    def unlistable(path: str | os.PathLike[str] = ".") -> list[str]:
        if os.fspath(path) == str(root):
            raise PermissionError(13, "Permission denied", str(path))
        return listdir(path)

    monkeypatch.setattr(os, "listdir", unlistable)
    with runmemo.run_memo():
        [(span, message, _)] = check(root / "AGENTS.md", "`npm install`\n")
    assert span == "npm install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message


# The commands PL034 judges are split and started where a shell would split and start them.
#
# Written against the pattern mutation of ``shell_commands.py`` (docs/mutation.md,
# "Module-level patterns"): each case is a line an instruction file shows in a shell fence,
# and the commands are the words PL034 then looks up in the repository's manifests.


@pytest.mark.parametrize(
    ("line", "split"),
    [
        ("npm start&", [["npm", "start"]]),
        ("npm start & npm test", [["npm", "start"], ["npm", "test"]]),
        ("npm test&&npm run lint", [["npm", "test"], ["npm", "run", "lint"]]),
        ("npm test||npm run lint", [["npm", "test"], ["npm", "run", "lint"]]),
        ("npm test|tee log", [["npm", "test"], ["tee", "log"]]),
        ("npm ci;npm test", [["npm", "ci"], ["npm", "test"]]),
    ],
    ids=["background", "background-spaced", "and", "or", "pipe", "semicolon"],
)
def test_a_line_is_split_at_shell_operators_even_without_spaces(
    line: str, split: list[list[str]]
) -> None:
    assert words(f"```sh\n{line}\n```\n") == split


@pytest.mark.parametrize(
    "assignment",
    ["NODE_ENV=production", "node_env=production", "_X=1", "X=1", "GO111MODULE=on", "CI="],
)
def test_environment_assignments_before_a_command_are_not_the_program(assignment: str) -> None:
    assert words(f"```sh\n{assignment} make lint\n```\n") == [["make", "lint"]]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_cd_on_its_own_line_ends_the_fence_whatever_the_line_breaks(newline: str) -> None:
    fence = newline.join(["```sh", "npm ci", "cd web", "npm test", "```", ""])
    assert words(fence) == [["npm", "ci"]]


def test_outside_a_repository_the_install_root_is_searched_for_other_packages(
    tmp_path: Path,
) -> None:
    """An unpacked archive has no `.git`: the nearest folder above with a lockfile beside
    its package.json is where installs run, so a script another package below it defines
    (`npm run dev` of the examples, in a package's AGENTS.md) is about that package."""
    root = tmp_path / "unpacked"
    for rel, text in {
        "package.json": '{"workspaces": ["packages/*", "examples/*"]}',
        "package-lock.json": "{}",
        "packages/core/package.json": '{"scripts": {"build": "x", "test": "y"}}',
        "examples/app/package.json": '{"scripts": {"dev": "vite"}}',
    }.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    core = root / "packages" / "core" / "AGENTS.md"
    assert check(core, "```bash\nnpm run dev\n```\n") == []
    [(span, message, _)] = check(core, "```bash\nnpm run serve\n```\n")
    assert (span, message) == (
        "serve",
        "package.json has no script `serve`: the agent's `npm run serve` fails "
        "(it has: build, test)",
    )
