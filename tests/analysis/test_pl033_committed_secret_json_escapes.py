"""PL033 and private keys in JSON written by encoders that escape a base64 character.

PHP's ``json_encode`` writes ``/`` as ``\\/`` unless told not to, and .NET's
``System.Text.Json`` writes ``+`` as ``\\u002B`` (its default encoder escapes the
HTML-sensitive characters); any JSON reader decodes both, in either hex case, to the
character, so the key is committed all the same. A base64 line of 64 characters holds
about two of each, so before the rule read these escapes nearly every such key was
missed (docs/mutation.md, "PL033's JSON escapes (session 8)").
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from .test_pl033_key_headers import ARMOURED_PGP, ENCRYPTED_RSA, PGP, RSA, block
from .test_pl033_patterns import pem, reported

PKCS8 = "-----BEGIN PRIVATE KEY-----"
END = "-----END PRIVATE KEY-----"


def php(value: str) -> str:
    """A JSON string as ``json_encode`` writes it by default (``/`` escaped)."""
    return json.dumps(value).replace("/", "\\/")


def dotnet(value: str) -> str:
    """A JSON string as ``System.Text.Json``'s default encoder writes a key (``+``)."""
    return json.dumps(value).replace("+", "\\u002B")


def escaped(char: str, escape: str) -> Callable[[str], str]:
    """A JSON encoder that writes ``char`` as ``escape`` (any reader takes both)."""
    return lambda value: json.dumps(value).replace(char, escape)


ENCODERS = {
    "php": php,
    "dotnet": dotnet,
    "plus-lower": escaped("+", "\\u002b"),
    "slash-upper": escaped("/", "\\u002F"),
    "slash-lower": escaped("/", "\\u002f"),
    "both": lambda value: php(value).replace("+", "\\u002B"),
}


def service_account(encode: Callable[[str], str], key: str) -> str:
    """A minified service-account JSON holding ``key``, encoded by ``encode``."""
    return f'{{"type":"service_account","private_key":{encode(key)},"client_id":"1"}}\n'


@pytest.mark.parametrize("encode", ENCODERS.values(), ids=ENCODERS.keys())
def test_a_key_in_json_with_escaped_base64_characters_is_reported(
    encode: Callable[[str], str],
) -> None:
    key = "\n".join([PKCS8, *pem(), END, ""])
    assert reported(service_account(encode, key)) == [(PKCS8, f"Private key block ({PKCS8})")]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
@pytest.mark.parametrize("encode", [php, dotnet], ids=["php", "dotnet"])
@pytest.mark.parametrize(
    ("lines", "header"), [(ENCRYPTED_RSA, RSA), (ARMOURED_PGP, PGP)], ids=["pem", "pgp"]
)
def test_a_block_with_header_lines_in_escaping_json_is_reported(
    encode: Callable[[str], str], lines: list[str], header: str, newline: str
) -> None:
    """The armour's ``Comment: https://gnupg.org/faq`` comes out as ``https:\\/\\/…`` from
    PHP: the escape is part of the header line's value, which ends at the ``\\n`` or
    ``\\r`` escape of its line break."""
    text = '{"key": ' + encode(newline.join([*lines, ""])) + "}\n"
    assert reported(text) == [(header, f"Private key block ({header})")]


@pytest.mark.parametrize("encode", ENCODERS.values(), ids=ENCODERS.keys())
@pytest.mark.parametrize(
    "body",
    [
        "/" * 64,  # a divider: one character over and over
        "+" * 64,
        "a+B/3+d/E+5/g+H/7+j/K+9/m+P/",  # 28 characters: a short line, however long
    ],  # its escapes make it
    ids=["slashes", "pluses", "short"],
)
def test_escapes_are_read_as_the_characters_they_write(
    encode: Callable[[str], str], body: str
) -> None:
    """A header over a typed or short body stays quiet in JSON as it does in plain text:
    an escape counts as the one character it stands for, not as six or two."""
    key = "\n".join([PKCS8, body, body, body, END, ""])
    assert reported(key) == []
    assert reported(service_account(encode, key)) == []


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_header_line_ending_in_a_backslash_still_ends_at_its_line_break(newline: str) -> None:
    """A Windows folder in an armour comment: the backslash is part of the value, and the
    key lines below it are read as before."""
    lines = block(PGP, ["Comment: exported from C:\\keys\\"], ARMOURED_PGP[-1])
    assert reported(newline.join([*lines, ""])) == [(PGP, f"Private key block ({PGP})")]
