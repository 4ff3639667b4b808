"""promptls' test suite; constants every part of it shares."""

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
"""The static/dynamic boundary, spelled out here so the tests do not take it from the
code under test."""
