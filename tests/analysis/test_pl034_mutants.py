"""PL034's edges, each pinned by what a user sees (written against surviving mutants)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptls.analysis import DocumentKind, analyze, shell_commands
from promptls.analysis import manifests as manifests_module
from promptls.analysis.code import Code
from promptls.analysis.manifests import MAX_MANIFEST, Manifests
from promptls.analysis.rules import pl034_command_drift as rule
from promptls.analysis.settings import Settings
from promptls.analysis.shell_commands import commands
from tests.analysis.test_pl034_drift import check, repo

ONLY = Settings(select=("PL034",))
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
