"""The Make targets and just recipes PL034 reads are the ones the tools would run.

Written against the pattern mutation of ``manifests.py`` (docs/mutation.md, "Module-level
patterns"): each Makefile or justfile below is one a repository holds, and the names are
what PL034 then accepts in ``make NAME`` or ``just NAME`` (``None``: it cannot know).
"""

from __future__ import annotations

import pytest

from promptls.analysis.manifests import just_recipes, make_targets


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
