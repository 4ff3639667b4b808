"""The documentation stays in step with the code it describes.

Editors link to the rule anchors in docs/rules.md, the README's rule table is the first
thing a newcomer reads, docs/cli.md is the only reference for the CLI's options, and the
benchmark writes its results between markers in docs/performance.md: each of these
breaks silently when the code moves on, so each is checked here.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
from pathlib import Path
from types import ModuleType

import pytest

from promptls.analysis import RULES, analyze
from promptls.cli import build_parser
from promptls.commands import COMMAND_MODULES
from promptls.text.markdown import fences

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
RULES_DOC = DOCS / "rules.md"
CLI_DOC = DOCS / "cli.md"


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


# -- rules ---------------------------------------------------------------------------------


def test_every_rule_has_an_anchor_heading_and_its_severity() -> None:
    text = _read(RULES_DOC)
    for code, rule in RULES.items():
        assert f'<a id="{code.lower()}"></a>' in text, code
        section = text.split(f"### {code} `{rule.name}`", 1)
        assert len(section) == 2, f"no heading for {code}"
        assert f"**Default severity:** {rule.severity.value}" in section[1][:300], code
        assert rule.explanation in section[1], f"{code}: explanation out of date"


def test_the_rules_page_lints_clean() -> None:
    assert analyze(_read(RULES_DOC), path="docs/rules.md").findings == ()


def test_the_readme_rule_table_is_the_rule_registry() -> None:
    rows = re.findall(
        r"^\| \[(PL\d{3})\]\(docs/rules\.md#(pl\d{3})\) \| (.+) \| (\w+) \| (yes|-) \|$",
        _read(README),
        flags=re.MULTILINE,
    )
    assert [row[0] for row in rows] == list(RULES), "README rule table: codes or order"
    for code, anchor, summary, severity, fix in rows:
        rule = RULES[code]
        assert anchor == code.lower()
        assert summary == rule.summary, f"{code}: README summary out of date"
        assert severity == rule.severity.value, code
        assert (fix == "yes") == rule.fixable, code


# -- the CLI reference ---------------------------------------------------------------------


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("the CLI has no subcommands")


def _section(text: str, command: str) -> str:
    """The part of docs/cli.md under the heading that names ``promptls COMMAND``."""
    match = re.search(rf"^## .*`promptls {command}`.*$", text, flags=re.MULTILINE)
    assert match is not None, f"docs/cli.md has no section for promptls {command}"
    end = text.find("\n## ", match.end())
    return text[match.end() : end if end >= 0 else len(text)]


COMMAND_NAMES = [importlib.import_module(f"promptls.commands.{m}").NAME for m in COMMAND_MODULES]
"""What the user types (``api-json`` lives in ``api_json.py``)."""


@pytest.mark.parametrize("command", COMMAND_NAMES)
def test_every_cli_option_and_choice_is_documented(command: str) -> None:
    section = _section(_read(CLI_DOC), command)
    for action in _subparsers()[command]._actions:
        if "-h" in action.option_strings:
            continue
        for option in action.option_strings:
            assert option in section, f"promptls {command} {option}: not in docs/cli.md"
        for choice in action.choices or ():
            assert str(choice) in section, f"promptls {command}: choice {choice!r} undocumented"


PROFILES_DOC = DOCS / "profiles.md"


def _first_column(page: str, header: str) -> set[str]:
    """The names in the first column of the table whose header row starts ``header``
    (cells like ``or, gemini, copilot``)."""
    lines = page.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    names: set[str] = set()
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cell = line.split("|")[1]
        names.update(n.strip() for n in cell.split(",") if n.strip())
    return names


@pytest.mark.parametrize(
    "header",
    [
        "| agent | what happens to `<root>/.claude/skills/NAME/AGENTS.md`",
        "| agent | limit | what happens |",
    ],
)
def test_every_profile_states_its_bundle_and_size_behaviour(header: str) -> None:
    """A new agent says what it does with a skill bundle's AGENTS.md and how large a
    file it sends, with a source: a profile missing from either table fails here."""
    from promptls.agents.registry import PROFILES

    named = _first_column(_read(PROFILES_DOC), header)
    assert named == set(PROFILES), (
        f"missing {set(PROFILES) - named}, unknown {named - set(PROFILES)}"
    )


def test_the_readme_names_every_profile() -> None:
    """The front door's docs table lists the agents promptls knows: all of them."""
    from promptls.agents.registry import PROFILES

    row = next(line for line in _read(README).splitlines() if "[docs/profiles.md]" in line)
    named = set(re.findall(r"`([a-z]+)`", row))
    assert named == set(PROFILES), (
        f"missing {set(PROFILES) - named}, unknown {named - set(PROFILES)}"
    )


def test_every_documented_cli_option_exists() -> None:
    known = {"--help", "--version"}
    for parser in _subparsers().values():
        known.update(o for a in parser._actions for o in a.option_strings)
    documented = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", _read(CLI_DOC)))
    assert documented, "docs/cli.md names no option at all"
    assert documented <= known, f"documented but not accepted: {sorted(documented - known)}"


# -- links ---------------------------------------------------------------------------------


def _prose(text: str) -> str:
    """A page without its fenced blocks (``promptls.text.markdown``: a rule's example may
    hold a fence of its own), where no heading or link is one."""
    kept, cursor = [], 0
    for block in fences(text):
        kept.append(text[cursor : block.start])
        cursor = block.end
    return "".join(kept) + text[cursor:]


_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(text: str) -> set[str]:
    """GitHub's heading anchors (and explicit ``<a id>``s) of a Markdown page."""
    out = set(re.findall(r'<a id="([^"]+)"', text))
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} (.+)$", _prose(text), flags=re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def _pages() -> list[Path]:
    editors = sorted(ROOT.glob("editors/*/README.md"))
    return [README, ROOT / "CONTRIBUTING.md", *sorted(DOCS.glob("*.md")), *editors]


@pytest.mark.parametrize("page", _pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_point_at_files_and_headings_that_exist(page: Path) -> None:
    text = _read(page)
    broken = []
    for target in _LINK.findall(_prose(text)):
        if re.match(r"[a-z]+:", target):
            continue
        path_part, _, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            broken.append(target)
            continue
        if anchor and dest.suffix == ".md" and anchor not in _anchors(_read(dest)):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: broken links {broken}"


def test_the_front_door_stays_short_and_its_setup_commands_exist() -> None:
    text = _read(README)
    assert len(text.splitlines()) <= 150, "README.md is a front door; reference goes in docs/"
    for script in ("scripts/demo", "scripts/test"):
        assert f"\n{script} " in text, f"README lost the {script} set-up command"
        assert os.access(ROOT / script, os.X_OK), f"{script} is not executable"


# -- the benchmark's results table ---------------------------------------------------------


def _bench_report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", ROOT / "bench" / "report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_writes_its_table_into_the_performance_page() -> None:
    report = _bench_report()
    page_path = ROOT / report.RESULTS_DOC
    page = _read(page_path)
    new = report.splice_table(page, "| fresh | table |\n")
    assert new is not None, f"{report.RESULTS_DOC} lost its bench:table markers"
    before, _, rest = page.partition(report.TABLE_START)
    _, _, after = rest.partition(report.TABLE_END)
    assert new == f"{before}{report.TABLE_START}\n| fresh | table |\n{report.TABLE_END}{after}"
    assert report.TABLE_START not in _read(README), "the results table moved to docs/"


def test_the_benchmark_leaves_a_page_without_markers_alone() -> None:
    report = _bench_report()
    assert report.splice_table("# Performance\n\nprose only\n", "| t |\n") is None
    twice = f"{report.TABLE_START}\n{report.TABLE_END}\n" * 2
    assert report.splice_table(twice, "| t |\n") is None


def test_a_release_is_one_version_tag_that_publishes_every_artefact() -> None:
    import yaml

    workflow = yaml.safe_load(_read(ROOT / ".github" / "workflows" / "release.yml"))
    assert list(workflow[True]["push"]) == ["tags"], "released by a tag push only"
    steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
    used = {s.get("uses", "").split("@")[0] for s in steps}
    run = "\n".join(s.get("run", "") for s in steps)
    assert "pypa/gh-action-pypi-publish" in used, "wheel and sdist to PyPI"
    assert workflow["jobs"]["pypi"]["permissions"] == {"id-token": "write"}, "trusted publishing"
    assert "python -m build" in run and "npm run package" in run
    assert "vsce publish" in run and "ovsx publish" in run, "the .vsix to both marketplaces"
