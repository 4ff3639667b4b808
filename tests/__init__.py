"""promptls' test suite; constants and helpers every part of it shares."""

from hypothesis import settings

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
"""The static/dynamic boundary, spelled out here so the tests do not take it from the
code under test."""


def examples(full: int) -> int:
    """How many examples a property test that wants ``full`` of them runs: all of them under
    Hypothesis' default profile (100 examples a test: the full run), proportionally fewer
    under a profile with fewer, at least 10. ``scripts/test --quick`` selects the ``quick``
    profile (10 a test, registered in ``tests/conftest.py``), so there a test asking for
    1,500 runs 150."""
    return max(10, full * settings.default.max_examples // 100)
