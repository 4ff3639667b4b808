"""``promptls diff BASE [HEAD]``: what a change does for each agent, on a real git
history (and two folders): files that start or stop loading, new statuses with their
reasons, sizes, the cached prefix, budgets, new findings, and the exit status."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import markdown_it
import pytest

from tests.cli.conftest import Result, assert_usage_error, run_cli
from tests.cli.gitrepo import commit, git, new_repo, write

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
AGENTS = "# Rules\n\nNever edit vendor/.\nRun the tests before you commit.\n"
GOLDEN = Path(__file__).parent / "golden" / "diff.md"
REPO_FILES = {
    ".codex/.keep": "",
    "AGENTS.md": AGENTS,
    "CLAUDE.md": "# Claude\n\nKeep answers short.\n",
    "pkg/main.py": "print()\n",
}


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """Set up for codex and claude, with an AGENTS.md and a CLAUDE.md committed."""
    return new_repo(tmp_path / "repo", REPO_FILES)


def _diff(repo: Path, home: Path, *args: str) -> tuple[Result, dict[str, Any]]:
    """``promptls diff ARGS --format json`` in ``repo``: the run and its JSON."""
    result = run_cli("diff", *args, "--format", "json", home=home, cwd=repo)
    assert result.code in (0, 1), result.err
    return result, json.loads(result.text)


def _agent(data: dict[str, Any], profile: str) -> dict[str, Any]:
    return next(a for a in data["agents"] if a["profile"] == profile)


def test_a_clean_diff_exits_0_and_says_nothing_changes(repo: Path, fake_home: Path) -> None:
    result, data = _diff(repo, fake_home, "HEAD")
    assert result.code == 0
    assert [a["profile"] for a in data["agents"]] == ["claude", "codex"]
    assert not any(a["changed"] for a in data["agents"])
    assert data["findings"] == []
    text = run_cli("diff", "HEAD", home=fake_home, cwd=repo)
    assert text.code == 0
    assert "claude (Claude Code): nothing changes" in text.text
    assert "no new findings; no budget newly exceeded" in text.text


def test_an_edit_inside_the_cached_prefix_names_the_file_and_byte(
    repo: Path, fake_home: Path
) -> None:
    before = run_cli("preview", repo, "--profile", "codex", "--format", "wire", home=fake_home)
    (repo / "AGENTS.md").write_text(AGENTS.replace("vendor/", "third_party/"), encoding="utf-8")
    result, data = _diff(repo, fake_home, "HEAD")
    assert result.code == 0  # a changed prefix is reported, not a failure
    codex = _agent(data, "codex")
    prefix = codex["prefix"]
    assert prefix["changes"] is True
    wire = before.text
    assert prefix["difference"]["byte"] == len(wire[: wire.index("vendor/")].encode())
    assert prefix["difference"]["new"]["path"] == "AGENTS.md"
    size = len(AGENTS.encode())
    assert codex["files"] == [
        {
            "path": "AGENTS.md",
            "before": {"bytes": size, "tokens": codex["files"][0]["before"]["tokens"]},
            "after": {"bytes": size + 5, "tokens": codex["files"][0]["after"]["tokens"]},
        }
    ]
    assert codex["total"]["after"]["bytes"] - codex["total"]["before"]["bytes"] == 5
    assert not _agent(data, "claude")["changed"]  # claude does not read AGENTS.md
    byte = prefix["difference"]["byte"]
    assert f"cached prefix: changes at byte {byte} in AGENTS.md" in data["text"]


def test_rename_and_move_of_instruction_files(repo: Path, fake_home: Path) -> None:
    """AGENTS.md renamed to AGENTS.override.md (same content) and CLAUDE.md moved into
    pkg/: codex starts loading the override, moved from AGENTS.md; claude stops loading
    CLAUDE.md when started at the top."""
    write(repo, {"AGENTS.md": AGENTS + f"Never write {MARKER} here.\n"})
    commit(repo, "a marker in AGENTS.md")
    git(repo, "mv", "AGENTS.md", "AGENTS.override.md")
    git(repo, "mv", "CLAUDE.md", "pkg/CLAUDE.md")
    commit(repo, "moves")
    result, data = _diff(repo, fake_home, "HEAD~1", "HEAD")
    codex, claude = _agent(data, "codex"), _agent(data, "claude")
    assert codex["started"] == [{"path": "AGENTS.override.md", "movedFrom": "AGENTS.md"}]
    assert codex["stopped"] == ["AGENTS.md"]
    assert claude["stopped"] == ["CLAUDE.md"]
    # claude's set-up marker went with CLAUDE.md; the marker finding moved, it is not new
    assert claude["setUp"] == {"before": True, "after": False}
    assert data["findings"] == []
    assert result.code == 0


def test_a_new_override_newly_shadows_agents_md_with_its_reason(
    repo: Path, fake_home: Path
) -> None:
    write(repo, {"AGENTS.override.md": "# Override\n\nOnly this.\n"})
    result, data = _diff(repo, fake_home, "HEAD")
    codex = _agent(data, "codex")
    [shadowed] = [s for s in codex["statuses"] if s["after"] == "shadowed"]
    assert shadowed["path"] == "AGENTS.md" and shadowed["before"] == "loaded"
    assert "AGENTS.override.md" in shadowed["reason"]
    assert codex["started"] == [{"path": "AGENTS.override.md", "movedFrom": None}]
    assert codex["stopped"] == ["AGENTS.md"]
    assert [(f["path"], f["code"]) for f in data["findings"]] == [("AGENTS.md", "PL015")]
    assert result.code == 1


def test_a_file_pushed_over_the_budget_fails_the_diff(repo: Path, fake_home: Path) -> None:
    rule = "- rule {}: keep the build green and the logs quiet.\n"
    big = AGENTS + "".join(rule.format(n) for n in range(800))
    assert len(big.encode()) > 32 * 1024
    write(repo, {"AGENTS.md": big})
    result, data = _diff(repo, fake_home, "HEAD")
    assert result.code == 1
    codex = _agent(data, "codex")
    assert codex["budget"] == {
        "limit": 32 * 1024,
        "overBefore": False,
        "overAfter": True,
        "newlyExceeded": True,
    }
    [cut] = [s for s in codex["statuses"] if s["path"] == "AGENTS.md"]
    assert cut["after"] == "cut" and cut["before"] == "loaded"
    assert codex["files"][0]["after"]["bytes"] <= 32 * 1024 < len(big.encode())
    text = run_cli("diff", "HEAD", home=fake_home, cwd=repo)
    assert text.code == 1
    assert "newly over budget: codex" in text.text
    # committed, the same change compared as two revisions says the same
    commit(repo, "big")
    again, _ = _diff(repo, fake_home, "HEAD~1", "HEAD")
    assert again.code == 1


def test_a_new_finding_fails_and_a_shifted_old_one_does_not(repo: Path, fake_home: Path) -> None:
    write(repo, {"AGENTS.md": AGENTS + f"Keep {MARKER} out.\n"})
    commit(repo, "an old finding")
    shifted = "# Intro\n\nMore words.\n\n" + AGENTS + f"Keep {MARKER} out.\n"
    write(repo, {"AGENTS.md": shifted})
    result, data = _diff(repo, fake_home, "HEAD")
    assert data["findings"] == [] and result.code == 0
    write(repo, {"AGENTS.md": shifted + f"\nAnd {MARKER} again.\n"})
    result, data = _diff(repo, fake_home, "HEAD")
    assert result.code == 1
    assert [(f["path"], f["code"], f["line"]) for f in data["findings"]] == [
        ("AGENTS.md", "PL003", 11)
    ]
    low = run_cli("diff", "HEAD", "--fail-on", "error", home=fake_home, cwd=repo)
    assert low.code == 1  # PL003 is an error


def test_two_folders(tmp_path: Path, fake_home: Path) -> None:
    """Two folders compare by relative path: only the content counts, not where each
    folder is (gemini's framing names the file's path)."""
    old, new = tmp_path / "old", tmp_path / "new-and-longer"
    write(old, {"GEMINI.md": "# Gemini\n\nBe brief.\n"})
    write(new, {"GEMINI.md": "# Gemini\n\nBe brief.\n"})
    same = run_cli("diff", old, new, "--format", "json", home=fake_home, cwd=tmp_path)
    assert same.code == 0, same.err
    assert not _agent(json.loads(same.text), "gemini")["changed"]
    write(new, {"GEMINI.md": "# Gemini\n\nBe brief. Be kind.\n"})
    result = run_cli("diff", old, new, "--format", "json", home=fake_home, cwd=tmp_path)
    assert result.code == 0, result.err
    gemini = _agent(json.loads(result.text), "gemini")
    [file] = gemini["files"]
    assert file["path"] == "GEMINI.md"
    assert file["after"]["bytes"] - file["before"]["bytes"] == len(" Be kind.")
    assert gemini["prefix"]["difference"]["new"]["excerpt"].startswith(" Be kind.")
    here = run_cli("diff", old, "--format", "json", home=fake_home, cwd=new)  # HEAD: .
    assert here.code == 0, here.err
    assert _agent(json.loads(here.text), "gemini")["files"] == gemini["files"]


@pytest.mark.parametrize("rev", ["--output=/tmp/x", "--exec=touch pwned"])
def test_option_shaped_revisions_are_refused(repo: Path, fake_home: Path, rev: str) -> None:
    for args in (
        ("diff", "--", rev),
        ("diff", "HEAD", "--", rev),
        ("check", f"--since={rev}"),
        ("preview", ".", f"--diff={rev}"),
    ):
        result = run_cli(*args, home=fake_home, cwd=repo)
        assert_usage_error(result, rev, "may not start with '-'")
    assert not (repo / "pwned").exists()


def test_unknown_revision_and_no_repository_are_usage_errors(
    repo: Path, tmp_path: Path, fake_home: Path
) -> None:
    assert_usage_error(run_cli("diff", "no-such-rev", home=fake_home, cwd=repo), "no-such-rev")
    outside = tmp_path / "plain"
    outside.mkdir()
    assert_usage_error(run_cli("diff", "HEAD", home=fake_home, cwd=outside), "git")


def test_the_working_tree_and_index_are_untouched(repo: Path, fake_home: Path) -> None:
    write(repo, {"AGENTS.md": AGENTS + "staged\n"})
    git(repo, "add", "AGENTS.md")
    write(repo, {"AGENTS.md": AGENTS + "staged\nunstaged\n"})
    status = git(repo, "status", "--porcelain")
    run_cli("diff", "HEAD", home=fake_home, cwd=repo)
    run_cli("check", "--since", "HEAD", home=fake_home, cwd=repo)
    assert git(repo, "status", "--porcelain") == status
    assert (repo / "AGENTS.md").read_text() == AGENTS + "staged\nunstaged\n"
    assert not [p for p in os.listdir(repo) if p.startswith("promptls")]


@pytest.fixture
def fixed_length_repo() -> Iterator[Path]:
    """The ``repo`` set-up at a path of the same length on every machine: Claude frames
    each file with its absolute path, so the golden's byte counts depend on its length
    (``/tmp/`` and eight random characters, whatever ``TMPDIR`` or pytest's numbering)."""
    folder = Path(tempfile.mkdtemp(prefix="promptls-golden-", dir="/tmp"))
    try:
        yield new_repo(folder / "repo", REPO_FILES)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_markdown_matches_the_golden_and_file_content_cannot_break_it(
    fixed_length_repo: Path, fake_home: Path
) -> None:
    """The numbers are the same wherever the test runs (``fixed_length_repo``). A rules
    file with a hostile name (a pipe, backticks, a closing </details>) and a new finding
    whose text has Markdown in it stay inert."""
    repo = fixed_length_repo
    hostile = ".claude/rules/x|`y`</details>.md"
    write(
        repo,
        {
            "CLAUDE.md": "# Claude\n\nKeep answers short. **Always** <b>[click](http://x)</b>\n"
            f"| cell | {MARKER} |\n",
            hostile: "---\npaths:\n  - 'src/**/*.ts'\n  - 'Docs/<b>x</b>|@all`[a](b)`.md'\n---\n"
            "TypeScript `only`.\n",
            # The second glob matches this file only in another case (`[a]` is a class):
            # PL021 reports it, and its message quotes both the glob and the file name.
            "docs/<b>x</b>|@all`a(b)`.md": "Notes.\n",
        },
    )
    result = run_cli(
        "diff", "HEAD", "--profile", "claude", "--format", "markdown", home=fake_home, cwd=repo
    )
    assert result.code == 1, result.err
    if os.environ.get("PROMPTLS_UPDATE_GOLDEN"):
        GOLDEN.write_text(result.text, encoding="utf-8")
    assert result.text == GOLDEN.read_text(encoding="utf-8")
    html = markdown_it.MarkdownIt("commonmark").enable("table").render(result.text)
    assert html.count("<details>") == html.count("</details>") == 1
    name_cell = "<td><code>.claude/rules/x|`y`&lt;/details&gt;.md"
    assert html.rindex("</details>") > html.index(name_cell)
    assert "<b>" not in html and "<a " not in html
    # the glob from the front matter reads as written: no bold, no HTML, no link or code
    assert "'Docs/&lt;b&gt;x&lt;/b&gt;|@all`[a](b)`.md' matches none" in html
    for table in html.split("<table>")[1:]:
        rows = table.split("</table>")[0].split("<tr>")[1:]
        widths = {row.count("<td") + row.count("<th") for row in rows}
        assert len(widths) == 1, table  # no cell split by a pipe from the content


def test_a_new_subfolder_compares_from_the_folders_above(repo: Path, fake_home: Path) -> None:
    """Run in a folder BASE did not have: an agent started there at BASE would have seen
    only the files above it, so only the new folder's own file starts loading."""
    write(repo, {"tools/AGENTS.md": "# Tools\n\nUse the wrapper scripts.\n"})
    result = run_cli(
        "diff",
        "HEAD",
        "--dir",
        "tools",
        "--profile",
        "codex",
        "--format",
        "json",
        home=fake_home,
        cwd=repo,
    )
    assert result.code == 0, result.err
    codex = _agent(json.loads(result.text), "codex")
    assert codex["started"] == [{"path": "tools/AGENTS.md", "movedFrom": None}]
    assert codex["stopped"] == [] and codex["filesSent"] == {"before": 1, "after": 2}
    assert [f["path"] for f in codex["files"]] == ["tools/AGENTS.md"]


def test_committed_links_out_of_the_tree_are_read_as_in_the_working_tree(
    repo: Path, fake_home: Path, tmp_path: Path
) -> None:
    """A revision with a link to an absolute path, one that climbs out with ``..`` and a
    CLAUDE.md that links to AGENTS.md: the temporary tree holds the same links (made
    after every file, so nothing is written through them) and nothing changes."""
    outside = tmp_path / "outside.md"
    outside.write_text("# Shared\n\nFrom outside the repository.\n", encoding="utf-8")
    (repo / "CLAUDE.md").unlink()
    (repo / "CLAUDE.md").symlink_to("AGENTS.md")
    (repo / "pkg" / "AGENTS.md").symlink_to(outside)
    (repo / "docs").symlink_to("../..")
    commit(repo, "links")
    result, data = _diff(repo, fake_home, "HEAD")
    assert result.code == 0, result.err
    assert not any(a["changed"] for a in data["agents"]), data["text"]
    assert outside.read_text(encoding="utf-8").startswith("# Shared")
    in_pkg, pkg_data = _diff(repo, fake_home, "HEAD", "--dir", "pkg")
    assert in_pkg.code == 0 and not any(a["changed"] for a in pkg_data["agents"])
