"""Qwen Code's wire rendering against its bundled sources and the oracle.

Upstream: ``@qwen-code/qwen-code`` 0.24.4, its bundle's ``memoryDiscovery.ts``
``concatenateInstructions`` (``--- Context from: PATH ---`` blocks, PATH relative to the
working folder, content trimmed, joined by a blank line), ``memoryImportProcessor.ts``
``processImports`` (a missing file keeps its ``@path``) and ``rulesDiscovery.ts``
``formatRules`` / ``parseRuleFile`` (read 2026-12-06); the oracle shows the same text in
the system message of Qwen Code 0.24.4.
"""

from __future__ import annotations

from pathlib import Path

from promptls.agents.qwen.framing import rule_body
from promptls.assembly.agents import Framing, render_agent
from promptls.context import discover
from tests.core.helpers import write


def _wire(tree: Path, cwd: Path) -> str:
    found = discover(cwd, "qwen", home=tree / "home", environ={"HOME": str(tree / "home")})
    rendering = render_agent(found)
    assert rendering.framing is Framing.SOURCED
    return rendering.wire


def test_blocks_name_paths_from_the_working_folder_and_rules_follow(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "home/.qwen/QWEN.md", "  user  \n")
    write(tree / "ws/QWEN.md", "root\n")
    write(tree / "ws/.qwen/rules/style.md", "---\ndescription: d\n---\nuse tabs <!-- why -->\n")
    (tree / "ws/a").mkdir()
    assert _wire(tree, tree / "ws/a") == (
        "--- Context from: ../../home/.qwen/QWEN.md ---\nuser\n"
        "--- End of Context from: ../../home/.qwen/QWEN.md ---\n\n"
        "--- Context from: ../QWEN.md ---\nroot\n--- End of Context from: ../QWEN.md ---\n\n"
        "--- Rule from: .qwen/rules/style.md ---\nuse tabs\n"
        "--- End of Rule from: .qwen/rules/style.md ---"
    )


def test_a_missing_import_stays_as_written_and_a_found_one_is_inlined(tree: Path) -> None:
    write(tree / "ws/.git/HEAD", "ref: refs/heads/main\n")
    write(tree / "ws/QWEN.md", "see @./gone.md and @./here.md\n")
    write(tree / "ws/here.md", "here\n")
    assert _wire(tree, tree / "ws") == (
        "--- Context from: QWEN.md ---\nsee @./gone.md and <!-- Imported from: ./here.md -->\n"
        "here\n\n<!-- End of import from: ./here.md -->\n--- End of Context from: QWEN.md ---"
    )


def test_a_rule_body_loses_front_matter_and_every_html_comment() -> None:
    text = (
        "\ufeff---\r\npaths: []\r\n---\r\n\r\na <!-- x --> b <!-<!-- y -->- z --> c <!-- open\r\n"
    )
    assert rule_body(text) == "a  b  c  open"
