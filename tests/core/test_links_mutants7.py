"""The agents an import link names (the editor's tooltip "Claude Code and gemini-cli
import …"), by their display names, once each, in the order of the profiles.

Written from the session 6 mutation run (docs/mutation.md, "Cache-decorated
functions"): ``ImportLink.agents`` is a property, which mutmut skipped until the staging
copy re-applied it; no test of the core suite read it (``xǁImportLinkǁagents__mutmut_1``
to ``4`` had no test).
"""

from __future__ import annotations

from pathlib import Path

from promptls.discovery.links import followed_imports

from .test_links import tree


def test_a_link_names_the_agents_that_follow_it(tmp_path: Path) -> None:
    root = tree(tmp_path / "repo", {"a.md": "x\n"})
    text = "See @a.md now.\n"
    both = followed_imports(text, str(root / "CLAUDE.md"), ["claude", "gemini"], home=None)
    assert [link.agents for link in both] == [("Claude Code", "gemini-cli")]
    one = followed_imports(text, str(root / "CLAUDE.md"), ["gemini"], home=None)
    assert [link.agents for link in one] == [("gemini-cli",)]
