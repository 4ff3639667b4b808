"""PL027 (drifted-copy) beyond its fixtures: exact messages, spans and fixes at
the edges of what it reports.

Its positive and negative cases are files in ``tests/analysis/testdata/PL027/``
(run by ``tests/analysis/test_fixtures.py``); ``scripts/test --rule PL027`` runs
this module, those fixtures and its docs check.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from promptls.analysis import analyze
from promptls.analysis.drift import SIMILARITY_THRESHOLD, compare, front_matter_end
from promptls.analysis.model import Related
from promptls.analysis.settings import Settings
from promptls.analysis.shim import shim_text, shims
from promptls.assembly.agents import render_agent
from promptls.discovery import discover
from promptls.discovery.api import owning_folder
from tests import every_agent_but, examples, in_words

# PL027 and its shim: drifted copies of one instruction text, read by different agents.
#
# The fixtures under ``testdata/PL027`` show the findings; these tests cover what a
# fixture cannot: the similarity threshold from both sides, symbolic links, and the shim
# applied on disk and re-discovered per agent.


SHARED = [f"Rule {i}: keep the {i}th convention of this project." for i in range(10)]


ONLY_PL027 = replace(Settings(), select=("PL027",))


def _text(lines: list[str]) -> str:
    return "# Project\n\n" + "\n".join(lines) + "\n"


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="")
    return root


def _drift(path: Path, home: Path) -> list[str]:
    """PL027 messages for a file on disk, checked as ``promptls check`` checks it."""
    discovery = discover(owning_folder(str(path)), "or", home=home)
    text = path.read_text(encoding="utf-8")
    found = analyze(text, path=str(path), settings=ONLY_PL027, discovery=discovery)
    return [f.message for f in found.findings]


def _extra(n: int) -> list[str]:
    return [f"Claude only {i}: something the other copy never says." for i in range(n)]


@pytest.mark.parametrize(("extra", "drifts"), [(13, True), (14, False)])
def test_the_threshold_from_both_sides(
    tmp_path: Path, fake_home: Path, extra: int, drifts: bool
) -> None:
    # 10 rules in common (the title is not compared), ``extra`` more in CLAUDE.md:
    # ratio 2*10 / (10 + 10 + extra) is 0.606 for 13 and 0.588 for 14.
    here, there = _text(SHARED), _text(SHARED + _extra(extra))
    diff = compare(there, here)
    assert (20 / (20 + extra) >= SIMILARITY_THRESHOLD) is drifts
    assert (diff is not None) is drifts
    root = _repo(tmp_path, {"AGENTS.md": here, "CLAUDE.md": there})
    assert bool(_drift(root / "CLAUDE.md", fake_home)) is drifts
    assert bool(_drift(root / "AGENTS.md", fake_home)) is drifts


def test_identical_copies_up_to_blank_lines_and_indentation_are_quiet(
    tmp_path: Path, fake_home: Path
) -> None:
    spaced = "\n\n".join("  " + line for line in SHARED)
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED), "CLAUDE.md": _text([spaced])})
    assert compare(_text(SHARED), _text([spaced])) is None
    assert _drift(root / "CLAUDE.md", fake_home) == []


def test_a_mirror_that_differs_only_in_title_sync_note_and_names_is_quiet(
    tmp_path: Path, fake_home: Path
) -> None:
    # The shape of real mirrors: their own title, an HTML comment saying "edit the other
    # copy too", and each naming itself where the other names itself.
    def mirror(title: str, name: str, other: str) -> str:
        note = f"<!--\n  {name} mirrors {other}: edit both.\n-->\n"
        return f"# {title}\n\n{note}\n" + _text([*SHARED, f"See {name} for more."])

    claude = mirror("Development notes", "CLAUDE.md", "AGENTS.md")
    agents = mirror("AGENTS.md", "AGENTS.md", "CLAUDE.md")
    root = _repo(tmp_path, {"AGENTS.md": agents, "CLAUDE.md": claude})
    assert _drift(root / "CLAUDE.md", fake_home) == []
    assert _drift(root / "AGENTS.md", fake_home) == []
    (root / "AGENTS.md").write_text(agents.replace("Rule 4:", "Rule four:"), encoding="utf-8")
    [message] = _drift(root / "CLAUDE.md", fake_home)
    assert "(91% the same: 1 line changed)" in message  # 11 of 12 lines match


def test_the_message_counts_lines_and_the_range_is_the_first_difference(
    tmp_path: Path, fake_home: Path
) -> None:
    changed = [*SHARED[:3], "Rule 3: CHANGED here.", *SHARED[4:6], "Only here.", *SHARED[6:8]]
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED), "CLAUDE.md": _text(changed)})
    text = (root / "CLAUDE.md").read_text()
    discovery = discover(str(root), "claude", home=fake_home)
    [finding] = analyze(
        text, path=str(root / "CLAUDE.md"), settings=ONLY_PL027, discovery=discovery
    ).findings
    assert text[finding.start : finding.end] == "Rule 3: CHANGED here."
    assert "1 line changed, 1 line only here, 2 lines only in AGENTS.md" in finding.message
    assert "claude reads this copy" in finding.message
    [related] = finding.related
    assert related.path == str(root / "AGENTS.md")
    there = (root / "AGENTS.md").read_text()
    assert there[related.start : related.end] == SHARED[3]  # the line CLAUDE.md changed


def test_without_a_discovery_the_rule_reads_nothing(tmp_path: Path, fake_home: Path) -> None:
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED), "CLAUDE.md": _text(SHARED[:-1])})
    text = (root / "CLAUDE.md").read_text()
    assert analyze(text, path=str(root / "CLAUDE.md"), settings=ONLY_PL027).findings == ()
    assert _drift(root / "CLAUDE.md", fake_home)


def test_a_symlinked_copy_is_one_source(tmp_path: Path, fake_home: Path) -> None:
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED)})
    (root / "CLAUDE.md").symlink_to("AGENTS.md")
    (root / ".github").mkdir()
    (root / ".github" / "copilot-instructions.md").symlink_to("../AGENTS.md")
    assert _drift(root / "CLAUDE.md", fake_home) == []
    assert _drift(root / "AGENTS.md", fake_home) == []
    assert _drift(root / ".github" / "copilot-instructions.md", fake_home) == []
    [entry] = [
        e for e in discover(str(root), "claude", home=fake_home).entries if e.order is not None
    ]
    assert entry.path.endswith("CLAUDE.md") and "a link to AGENTS.md" in entry.reason


# -- the shim, per agent -------------------------------------------------------------------
CASES = {
    "claude": "CLAUDE.md",
    "gemini": "GEMINI.md",
    "copilot": ".github/copilot-instructions.md",
    "cursor": ".cursor/rules/conventions.mdc",
    "qwen": "QWEN.md",
    "windsurf": ".windsurf/rules/conventions.md",
    "kiro": ".kiro/steering/conventions.md",
}


def _copy_for(rel: str, lines: list[str]) -> str:
    body = _text(lines)
    if rel.endswith(".mdc"):
        return "---\ndescription: Conventions\nalwaysApply: true\n---\n" + body
    if rel.startswith(".windsurf/"):
        return "---\ntrigger: always_on\n---\n" + body
    return body


@pytest.mark.parametrize("own", [False, True], ids=["no-own-lines", "own-lines"])
@pytest.mark.parametrize("agent", list(CASES))
def test_the_shim_makes_the_agent_read_the_shared_text_once(
    tmp_path: Path, fake_home: Path, agent: str, own: bool
) -> None:
    rel = CASES[agent]
    copy_lines = [*SHARED[:5], "Rule 5: an older wording.", *SHARED[6:]]
    if own:
        copy_lines.append(f"Only {agent} is told this.")
    shared = _text(SHARED)
    root = _repo(tmp_path, {"AGENTS.md": shared, rel: _copy_for(rel, copy_lines)})
    path = root / rel
    original = path.read_text()
    assert _drift(path, fake_home)
    [shim] = shims(str(path), original, str(fake_home))
    assert shim.path == str(path) and shim.shared == str(root / "AGENTS.md")
    if shim.new_text is None:
        assert agent in ("copilot", "cursor", "qwen", "windsurf", "kiro") and not own
        path.unlink()
    else:
        path.write_text(shim.new_text, encoding="utf-8")
    sent = discover(str(root), agent, home=fake_home).files
    joined = "".join(f.content for f in sent)
    assert joined.count(shared) == 1, [f.path for f in sent]
    for line in original.splitlines():
        if line not in shared.splitlines():
            assert path.exists() and line in path.read_text().splitlines(), line
    for rest in (root / "AGENTS.md", path):
        if rest.exists():
            assert _drift(rest, fake_home) == []


def test_the_import_shim_says_which_agents_will_send_the_shared_file_twice(
    tmp_path: Path, fake_home: Path
) -> None:
    """Copilot CLI reads CLAUDE.md and AGENTS.md and inlines CLAUDE.md's import: after the
    shim it sends AGENTS.md twice, and the fix's title says so; GEMINI.md's shim (Copilot
    does not read GEMINI.md) says nothing of the kind."""
    copy_lines = [*SHARED[:5], "Rule 5: an older wording.", *SHARED[6:]]
    shared = _text(SHARED)
    root = _repo(tmp_path, {"AGENTS.md": shared, "CLAUDE.md": _text(copy_lines)})
    [shim] = shims(str(root / "CLAUDE.md"), _text(copy_lines), str(fake_home))
    assert shim.title.endswith("(Copilot CLI will send AGENTS.md twice: it inlines the import)")
    assert shim.new_text is not None
    (root / "CLAUDE.md").write_text(shim.new_text, encoding="utf-8")
    found = discover(str(root), "copilot", home=fake_home)
    assert render_agent(found).wire.count(SHARED[0]) == 2
    (root / "CLAUDE.md").unlink()
    (root / "GEMINI.md").write_text(_text(copy_lines), encoding="utf-8")
    [shim] = shims(str(root / "GEMINI.md"), _text(copy_lines), str(fake_home))
    assert shim.title == "Replace GEMINI.md with an import of AGENTS.md, keeping its own lines"


def test_no_shim_for_the_shared_file_itself(tmp_path: Path, fake_home: Path) -> None:
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED), "CLAUDE.md": _text(SHARED[:-1])})
    assert shims(str(root / "AGENTS.md"), _text(SHARED), str(fake_home)) == []


def test_the_shim_keeps_crlf(tmp_path: Path) -> None:
    copy = _text([*SHARED, "Mine."]).replace("\n", "\r\n")
    new = shim_text(copy, _text(SHARED), "AGENTS.md", "import")
    assert new == "@AGENTS.md\r\n\r\nMine.\r\n"


_LINE = st.sampled_from([*SHARED, "---", "", "@AGENTS.md"]) | st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Zl", "Zp", "Cc")), max_size=12
)


@settings(max_examples=examples(200), deadline=None)
@given(
    copy=st.lists(_LINE, max_size=25),
    shared=st.lists(_LINE, max_size=25),
    how=st.sampled_from(["import", "native"]),
    crlf=st.booleans(),
)
def test_the_shim_never_loses_a_line(
    copy: list[str], shared: list[str], how: str, crlf: bool
) -> None:
    # Every non-blank line of the copy that the shared text lacks survives. The one
    # exception is by design: a Copilot or Cursor copy with no line of its own is
    # deleted, and its front matter (that copy's metadata, not instructions) with it.
    eol = "\r\n" if crlf else "\n"
    copy_text, shared_text = eol.join(copy) + eol, "\n".join(shared) + "\n"
    new = shim_text(copy_text, shared_text, "AGENTS.md", how)
    lines = copy_text.splitlines()
    if how == "native" and new is None:
        lines = lines[front_matter_end(lines) :]
    kept = set() if new is None else set(new.splitlines())
    for line in lines:
        if line.strip() and line not in shared_text.splitlines():
            assert line in kept, (line, new)
    if how == "import":
        assert new is not None and new.startswith("@AGENTS.md")


def test_relative_names_use_the_folder_the_copies_share(tmp_path: Path, fake_home: Path) -> None:
    changed = [*SHARED[:-1], "Rule 9: changed."]
    root = _repo(
        tmp_path,
        {"AGENTS.md": _text(SHARED), ".github/copilot-instructions.md": _text(changed)},
    )
    [message] = _drift(root / ".github" / "copilot-instructions.md", fake_home)
    assert message.startswith("drifted from AGENTS.md ")
    [message] = _drift(root / "AGENTS.md", fake_home)
    assert message.startswith("drifted from .github/copilot-instructions.md ")


def test_a_copy_created_after_the_first_check_is_seen(tmp_path: Path, fake_home: Path) -> None:
    # The agents' view of a folder is remembered between checks; a new file changes it.
    root = _repo(tmp_path, {"AGENTS.md": _text(SHARED)})
    assert _drift(root / "AGENTS.md", fake_home) == []
    (root / "GEMINI.md").write_text(_text(SHARED[:-1]), encoding="utf-8")
    [message] = _drift(root / "AGENTS.md", fake_home)
    assert message.startswith("drifted from GEMINI.md ")
    (root / "GEMINI.md").unlink()
    assert _drift(root / "AGENTS.md", fake_home) == []


# PL027 and PL028 as a user reads them: the home whose settings decide what each agent
# reads, the related span's words, where the agent is set up (written from the file's
# folder) and a file checked by a bare relative name.
#
# Written from the mutation run of PL027 and PL028 (docs/mutation.md, "Fourth round").


def test_pl027_follows_the_home_the_discovery_used(tmp_path: Path) -> None:
    # Only the given home's gemini settings make gemini read NOTES.md, a drifted copy of
    # AGENTS.md; the machine's own home plays no part.
    home = tmp_path / "home"
    (home / ".gemini").mkdir(parents=True)
    settings_json = json.dumps({"context": {"fileName": ["NOTES.md"]}})
    (home / ".gemini" / "settings.json").write_text(settings_json, encoding="utf-8")
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "AGENTS.md").write_text(_text(SHARED), encoding="utf-8")
    notes = _text([*SHARED[:9], "Rule 9: changed."])
    (root / "NOTES.md").write_text(notes, encoding="utf-8")
    path = root / "AGENTS.md"
    discovery = discover(str(root), "or", home=str(home))
    found = analyze(
        path.read_text(encoding="utf-8"),
        path=str(path),
        settings=replace(Settings(), select=("PL027",)),
        discovery=discovery,
    ).findings
    readers = in_words(sorted(every_agent_but("gemini")))
    assert [f.message for f in found] == [
        f"drifted from NOTES.md (90% the same: 1 line changed); {readers} read this copy, "
        "gemini reads NOTES.md"
    ]
    at = notes.index("Rule 9: changed.")
    assert found[0].related == (
        Related(
            at,
            at + len("Rule 9: changed."),
            "the other copy, read by gemini",
            str(root / "NOTES.md"),
        ),
    )
