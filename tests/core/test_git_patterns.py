"""The branch promptls shows (``promptls context``, the environment block) from ``HEAD``.

``HEAD`` names a branch (``ref: refs/heads/x``) or holds a detached commit: 40 hex digits
(SHA-1) or 64 (SHA-256), either case. A ref that Git itself refuses (``git
check-ref-format``: no control character, space, ``~ ^ : ? * [ \\`` or DEL) or a hex run
of any other length is garbage, shown as no branch rather than a wrong one. Found by
mutating git.py's patterns (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.git import branch_from_head

SHA1 = "0123456789abcdef0123456789abcdef01234567"
SHA256 = "fedcba9876543210" * 4


@pytest.mark.parametrize(
    ("head", "shown"),
    [
        (SHA1, "0123456"),
        (SHA1.upper(), "0123456"),
        ("9" * 40, "9999999"),
        ("A" * 40, "aaaaaaa"),
        (SHA256, "fedcba9"),
        (SHA256.upper(), "fedcba9"),
        ("7" * 64, "7777777"),
    ],
)
def test_a_detached_commit_is_shown_short_and_lower_case(head: str, shown: str) -> None:
    assert branch_from_head(head + "\n") == shown


@pytest.mark.parametrize("length", [39, 41, 63, 65])
def test_a_hex_run_of_another_length_is_no_commit(length: int) -> None:
    assert branch_from_head("a" * length + "\n") == ""


@pytest.mark.parametrize(
    "bad", ["\t", "\x01", "\x7f", "~1", "^", ":", "?", "*", "[", "\\"], ids=repr
)
def test_a_ref_git_would_refuse_is_no_branch(bad: str) -> None:
    assert branch_from_head(f"ref: refs/heads/topic{bad}x\n") == ""


def test_a_ref_with_dashes_dots_and_slashes_is_shown_without_refs_heads() -> None:
    assert branch_from_head("ref: refs/heads/feat/x-1.2_y\n") == "feat/x-1.2_y"
