"""PL032's pre-check reads the text's UTF-8 bytes the engine already made: a text holding
a lone surrogate (an editor can send one) still has its home path reported, and nothing
crashes on the way.

Written from the mutation run of session 5's speed branch (docs/mutation.md): with the
engine's bytes ignored (``x_check__mutmut_3``) the text was encoded again, strictly.
"""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


def test_a_home_path_next_to_a_lone_surrogate_is_reported() -> None:
    text = "Build in /home/alice/build \ud800 first.\n"
    found = analyze(text, path="/tmp/project/AGENTS.md", settings=Settings(select=("PL032",)))
    assert [(f.code, text[f.start : f.end]) for f in found.findings] == [("PL032", "/home/alice")]
