"""How each agent uses a rule file (``discovery/rule_modes.py``), pinned by the exact entry
texts a user reads.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from promptls.context import Discovery, EntryStatus, discover
from tests.core.helpers import write


def run(profile: str, root: Path, target: Path | None = None) -> Discovery:
    """Discover as ``profile`` with an empty home next to the workspace."""
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    return discover(root, profile, home=home, environ={"HOME": str(home)}, target=target)


def entry(d: Discovery, path: Path) -> tuple[EntryStatus, str]:
    """The one entry recorded for ``path``."""
    [found] = [e for e in d.entries if e.path == str(path)]
    return found.status, found.reason


def copilot_rule(root: Path, front: str) -> Path:
    """A Copilot instructions file with the given front matter lines."""
    return write(root / ".github/instructions/r.instructions.md", f"---\n{front}\n---\nbody\n")


def cursor_rule(root: Path, front: str) -> Path:
    """A Cursor rule with the given front matter lines."""
    return write(root / ".cursor/rules/r.mdc", f"---\n{front}\n---\nbody\n")


def copilot_says(root: Path, front: str) -> tuple[EntryStatus, str]:
    """The entry of a Copilot instructions file with ``front`` as its front matter."""
    path = copilot_rule(root, front)
    return entry(run("copilot", root), path)


CODE_REVIEW = '; excludeAgent: "code-review" only hides it from code review'


DROPPED = (
    ", which VS Code drops (write one string, comma-separated): the file is only listed for "
    "the model"
)


@pytest.mark.parametrize(
    ("front", "status", "reason"),
    [
        (
            "applyTo: '**'\nexcludeAgent: coding-agent",
            EntryStatus.SKIPPED,
            'skipped: excludeAgent: "coding-agent" hides it from the Copilot coding agent and CLI',
        ),
        (
            "description: db",
            EntryStatus.ON_REQUEST,
            "on-request: no applyTo: listed for the model, which reads it when it decides to",
        ),
        (
            "applyTo: ' , '",
            EntryStatus.ON_REQUEST,
            "on-request: applyTo is empty: the file is only listed for the model",
        ),
        # ``excludeAgent: code-review`` does not hide the file from the CLI; each reason
        # says so.
        (
            "excludeAgent: code-review",
            EntryStatus.ON_REQUEST,
            "on-request: no applyTo: listed for the model, which reads it when it decides to"
            + CODE_REVIEW,
        ),
        (
            "applyTo: 'src/*.ts'\nexcludeAgent: code-review",
            EntryStatus.CONDITIONAL,
            f"conditional: loaded when copilot reads a file matching src/*.ts ({CODE_REVIEW})",
        ),
        (
            "applyTo: ''\nexcludeAgent: code-review",
            EntryStatus.ON_REQUEST,
            f"on-request: applyTo is empty: the file is only listed for the model{CODE_REVIEW}",
        ),
        # VS Code drops a list and a number alike; the reason names which it was.
        (
            "applyTo: ['src/*.ts']",
            EntryStatus.ON_REQUEST,
            f"on-request: applyTo is a YAML list{DROPPED}",
        ),
        ("applyTo: 5", EntryStatus.ON_REQUEST, f"on-request: applyTo is not a string{DROPPED}"),
    ],
)
def test_copilot_reasons(tmp_path: Path, front: str, status: EntryStatus, reason: str) -> None:
    assert copilot_says(tmp_path / "ws", front) == (status, reason)


@pytest.mark.parametrize(
    ("profile", "front", "ending"),
    [
        ("copilot", "applyTo: 'src/*.ts, **/*'", "a project rules file (applyTo **/*: every file)"),
        ("cursor", "alwaysApply: true", "a project rules file (alwaysApply: true)"),
    ],
)
def test_rules_loaded_every_time_say_why(
    tmp_path: Path, profile: str, front: str, ending: str
) -> None:
    """Copilot names the glob that applies everywhere; Cursor the ``alwaysApply``."""
    root = tmp_path / "ws"
    path = (copilot_rule if profile == "copilot" else cursor_rule)(root, front)
    status, reason = entry(run(profile, root), path)
    assert status is EntryStatus.LOADED
    assert reason.endswith(ending)


@pytest.mark.parametrize(
    ("profile", "front"),
    [
        # Not YAML (`*.ts` is an alias): each agent reads the lines one by one, and the
        # unquoted true is still a boolean.
        ("cursor", "description: Style\nglobs: *.ts\nalwaysApply: true"),
        ("cursor", "globs: *.ts\nalwaysApply: TRUE"),
        ("copilot", 'applyTo: "**"\nnotes: [unclosed'),
    ],
)
def test_a_block_read_line_by_line_keeps_its_booleans_and_unquotes_its_strings(
    tmp_path: Path, profile: str, front: str
) -> None:
    root = tmp_path / "ws"
    path = (copilot_rule if profile == "copilot" else cursor_rule)(root, front)
    status, reason = entry(run(profile, root), path)
    assert status is EntryStatus.LOADED, reason
    assert "not a boolean" not in reason


def test_a_quoted_true_read_line_by_line_is_still_a_string(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    path = cursor_rule(root, "globs: *.ts\nalwaysApply: 'true'")
    status, reason = entry(run("cursor", root), path)
    assert status is EntryStatus.CONDITIONAL
    assert "alwaysApply: 'true' is not a boolean, so Cursor reads it as false" in reason


def test_cursor_manual_and_requested_rules(tmp_path: Path) -> None:
    """No note about alwaysApply when it is absent or false."""
    root = tmp_path / "ws"
    manual = (
        "on-request: manual: no alwaysApply, globs or description, so it applies only when "
        "@-mentioned"
    )
    requested = (
        "on-request: agent-requested: Cursor shows the agent its description, and the agent "
        "decides whether to read it"
    )
    for front in ("title: x", "alwaysApply: false"):
        path = cursor_rule(root, front)
        assert entry(run("cursor", root), path) == (EntryStatus.ON_REQUEST, manual)
    path = cursor_rule(root, "alwaysApply: false\ndescription: Database migrations")
    assert entry(run("cursor", root), path) == (EntryStatus.ON_REQUEST, requested)


def test_cursor_globs_of_the_wrong_type_are_ignored_with_every_note(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    path = cursor_rule(root, "alwaysApply: 'true'\nglobs: 5")
    assert entry(run("cursor", root), path) == (
        EntryStatus.ON_REQUEST,
        "on-request: manual: no alwaysApply, globs or description, so it applies only when "
        "@-mentioned; alwaysApply: 'true' is not a boolean, so Cursor reads it as false"
        "; globs: must be a string or a list of strings, so Cursor ignores it",
    )


def test_cursor_auto_attached_reason(tmp_path: Path) -> None:
    """The glob may be a bare file name; the conditional entry says auto-attached."""
    root = tmp_path / "ws"
    path = cursor_rule(root, "globs: XXXX")
    assert entry(run("cursor", root), path) == (
        EntryStatus.CONDITIONAL,
        "conditional: loaded when cursor reads a file matching XXXX (auto-attached)",
    )
    target = write(root / "XXXX", "x\n")
    status, reason = entry(run("cursor", root, target), path)
    assert status is EntryStatus.LOADED
    assert reason.endswith("(matches XXXX) (auto-attached)")
