"""promptls' test suite; constants and helpers every part of it shares."""

from hypothesis import settings

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
"""The static/dynamic boundary, spelled out here so the tests do not take it from the
code under test."""


def examples(full: int) -> int:
    """How many examples a property test that wants ``full`` of them runs (or rounds a
    stress loop makes): all of them under Hypothesis' default profile (100 examples a
    test: the full run), proportionally fewer under a profile with fewer, at least 10.
    ``scripts/test --quick`` selects the ``quick`` profile (10 a test, registered in
    ``tests/conftest.py``), so there a test asking for 1,500 runs 150."""
    return max(10, full * settings.default.max_examples // 100)


def every_agent_but(*names: str) -> list[str]:
    """The registry's agents, in its order, without ``names``: for a message that lists
    every agent reading a file, so that a new agent reading it too is covered without an
    edit here (one that does not fails the test, which is the point)."""
    from promptls.agents.registry import PROFILES

    return [name for name in PROFILES if name not in names]


def in_words(names: list[str]) -> str:
    """``a, b and c``: names as the findings list them."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
