"""PL034's early returns, pinned by what a user sees: the rule reads a file's commands
whenever there is a lockfile or any manifest to hold them against, and whatever words
the text holds besides.

Written from the mutation run of session 5 (docs/mutation.md) over the early return
added for files with no lockfile and no manifest.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.analysis.test_pl034_drift import check, repo

SCRIPTS = json.dumps({"scripts": {"build": "x", "test": "y"}})


def test_a_lockfile_alone_is_enough_to_report_the_wrong_manager(tmp_path: Path) -> None:
    root = repo(tmp_path, {"pnpm-lock.yaml": ""})
    [(span, message, _)] = check(root / "AGENTS.md", "`npm install`\n")
    assert span == "npm install"
    assert "(its only lockfile is pnpm-lock.yaml)" in message


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
