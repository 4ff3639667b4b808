"""PL033 and private-key blocks with header lines between the header and the key.

OpenSSL writes a passphrase-protected RSA or EC key in the old PEM form, with
``Proc-Type: 4,ENCRYPTED`` and ``DEK-Info: <cipher>,<iv>`` lines and a blank line
before the base64; an OpenPGP armoured key may carry ``Version:`` and ``Comment:``
lines (GnuPG, OpenPGP.js, Keybase). Such a key is still committed, and still only as
safe as its passphrase: the block is reported at its header, however its line breaks
were written (docs/mutation.md, "PL025 and PL033 (session 8)").
"""

from __future__ import annotations

import random
import string

import pytest

from .test_pl033_patterns import pem, reported

RSA = "-----BEGIN RSA PRIVATE KEY-----"
PGP = "-----BEGIN PGP PRIVATE KEY BLOCK-----"


def iv(seed: int = 1) -> str:
    """A DEK-Info initialisation vector as OpenSSL prints it: 32 upper-case hex digits."""
    rng = random.Random(seed)
    return "".join(rng.choice("0123456789ABCDEF") for _ in range(32))


def block(header: str, headers: list[str], footer: str, checksum: str = "") -> list[str]:
    """The block's lines: header, header lines, a blank line, the base64, the footer."""
    return [header, *headers, "", *pem(), *([checksum] if checksum else []), footer]


ENCRYPTED_RSA = block(
    RSA,
    ["Proc-Type: 4,ENCRYPTED", f"DEK-Info: AES-128-CBC,{iv()}"],
    "-----END RSA PRIVATE KEY-----",
)
ARMOURED_PGP = block(
    PGP,
    ["Version: GnuPG v2", "Comment: https://gnupg.org/faq"],
    "-----END PGP PRIVATE KEY BLOCK-----",
    checksum="=" + "".join(random.Random(2).choice(string.ascii_letters) for _ in range(4)),
)


@pytest.mark.parametrize(
    ("lines", "header"), [(ENCRYPTED_RSA, RSA), (ARMOURED_PGP, PGP)], ids=["pem", "pgp"]
)
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"])
def test_a_block_with_header_lines_is_reported_at_its_header(
    lines: list[str], header: str, newline: str
) -> None:
    text = newline.join(["Deploy key:", *lines, ""])
    assert reported(text) == [(header, f"Private key block ({header})")]


@pytest.mark.parametrize("escape", ["\\n", "\\r\\n"], ids=["n", "rn"])
def test_a_block_with_header_lines_in_a_json_string_is_reported(escape: str) -> None:
    text = '{"key": "' + escape.join([*ENCRYPTED_RSA, ""]) + '"}\n'
    assert reported(text) == [(RSA, f"Private key block ({RSA})")]


def test_an_indented_block_with_header_lines_is_reported() -> None:
    """A YAML block scalar (a Kubernetes secret pasted into a rules file)."""
    text = "key: |\n" + "".join(f"  {line}\n" for line in ENCRYPTED_RSA)
    assert reported(text) == [(RSA, f"Private key block ({RSA})")]


def test_a_header_line_with_an_empty_value_is_still_a_header_line() -> None:
    lines = block(PGP, ["Comment:", "Version: Keybase OpenPGP v2.0.76"], ARMOURED_PGP[-1])
    assert reported("\n".join(lines) + "\n") == [(PGP, f"Private key block ({PGP})")]


def test_a_first_header_line_that_lost_its_line_break_is_still_a_header_line() -> None:
    lines = list(ENCRYPTED_RSA)
    lines[0:2] = [lines[0] + lines[1]]
    assert reported("\n".join(lines) + "\n") == [(RSA, f"Private key block ({RSA})")]


def test_header_lines_with_no_key_under_them_are_quiet() -> None:
    text = "\n".join([RSA, "Proc-Type: 4,ENCRYPTED", "DEK-Info: AES-128-CBC,…", "", "…", ""])
    assert reported(text) == []


def test_prose_lines_holding_a_colon_after_a_named_header_are_no_key() -> None:
    """The header lines are skipped, and what follows is still prose, not key lines."""
    text = (
        "The file starts with -----BEGIN PRIVATE KEY-----\n"
        "Note: what follows it are lines of sixty four characters each until the end\n"
        "line, and the tool reads them all before it answers with the decoded key\n"
    )
    assert reported(text) == []


@pytest.mark.parametrize("name", ["Comment", "Comment_2", "X-Note.1", ""])
def test_any_line_whose_first_word_holds_a_colon_is_a_header_line(name: str) -> None:
    """GnuPG takes any line holding a colon as an armour header, whatever its name (even
    none: it looks for the first colon), and reads the key after the blank line."""
    lines = block(PGP, [f"{name}: exported for the staging host"], ARMOURED_PGP[-1])
    assert reported("\n".join(lines) + "\n") == [(PGP, f"Private key block ({PGP})")]


def test_a_one_line_key_followed_by_a_colon_on_its_line_is_reported() -> None:
    header = "-----BEGIN PRIVATE KEY-----"
    text = f'KEY="{header} {" ".join(pem())} -----END PRIVATE KEY-----"  # note: rotate\n'
    assert reported(text) == [(header, f"Private key block ({header})")]


def test_a_minified_service_account_json_is_reported() -> None:
    """As ``JSON.stringify`` writes it: the key's lines joined by ``\\n`` escapes, and
    more keys and colons after it with no blank between."""
    header = "-----BEGIN PRIVATE KEY-----"
    key = "\\n".join([header, *pem(), "-----END PRIVATE KEY-----", ""])
    text = f'{{"type":"service_account","private_key":"{key}","client_id":"1"}}\n'
    assert reported(text) == [(header, f"Private key block ({header})")]
