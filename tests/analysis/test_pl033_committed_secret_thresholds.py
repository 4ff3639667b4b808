"""PL033's private-key thresholds at their exact values, in plain text and in JSON.

docs/rules.md states them: a block is reported when at least 64 base64 characters follow
its header in lines of 32 or more. A key right at either bound is reported and one
character fewer is not, and a JSON escape of a base64 character (``\\/``, ``\\u002B``)
counts as the one character it writes, so the same key reads the same in a JSON string
(docs/mutation.md, "Session 8's speed changes and the mention fence fix").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from .test_pl033_committed_secret_json_escapes import ENCODERS, PKCS8, service_account
from .test_pl033_patterns import pem, reported

END = "-----END PRIVATE KEY-----"
FOUND = [(PKCS8, f"Private key block ({PKCS8})")]

WRITERS: dict[str, Callable[[str], str]] = {
    "plain": str,
    **{name: partial(service_account, encode) for name, encode in ENCODERS.items()},
}


@pytest.mark.parametrize("write", WRITERS.values(), ids=WRITERS.keys())
def test_a_body_of_exactly_64_characters_is_a_key_and_63_are_not(
    write: Callable[[str], str],
) -> None:
    line = pem(lines=1)[0]  # 64 characters, a `+` and a `/` among them
    assert reported(write("\n".join([PKCS8, line, END, ""]))) == FOUND
    assert reported(write("\n".join([PKCS8, line[:-1], END, ""]))) == []


def test_lines_of_exactly_32_characters_are_key_lines_and_of_31_are_not() -> None:
    lines = pem(lines=4, width=32)
    assert reported("\n".join([PKCS8, *lines, END, ""])) == FOUND
    assert reported("\n".join([PKCS8, *(line[:-1] for line in lines), END, ""])) == []
