"""PL034: reading the manifests, finding the commands, and judging them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import Severity, analyze, fix_all
from promptls.analysis.code import Code
from promptls.analysis.manifests import (
    Manifests,
    folders_up,
    just_recipes,
    make_targets,
    package_scripts,
)
from promptls.analysis.rules.pl034_command_drift import managed, swappable
from promptls.analysis.settings import Settings
from promptls.analysis.shell_commands import Word, commands, fence_tag

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


@settings(max_examples=60, deadline=None)
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
