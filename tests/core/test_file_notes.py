"""The notes ``promptls context`` adds about a file's bytes (``discovery/record.py``): which
UTF-16 shape a Windows editor saved, and where a NUL is.
"""

from __future__ import annotations

from promptls.discovery.record import content_notes, utf16_kind

LE = "saved as UTF-16 (little-endian, no byte order mark)"


BE = "saved as UTF-16 (big-endian, no byte order mark)"


def test_a_big_endian_byte_order_mark_is_named() -> None:
    note = "saved as UTF-16 (big-endian, with a byte order mark)"
    assert utf16_kind(b"\xfe\xff\x00a") == note
    assert utf16_kind(b"\xff\xfe" + b"a\x00") == note.replace("big", "little")


def test_utf16_without_a_mark_is_named_by_its_zero_bytes() -> None:
    assert utf16_kind("abcd".encode("utf-16-le")) == LE, "8 bytes are enough"
    assert utf16_kind("abcd".encode("utf-16-be")) == BE
    assert utf16_kind("abc".encode("utf-16-le")) == "", "6 bytes are not"


def test_any_non_zero_byte_counts_as_the_letter_half() -> None:
    assert utf16_kind(b"\x01\x00a\x00b\x00c\x00") == LE
    assert utf16_kind(b"\x00\x01\x00b\x00c\x00d") == BE


def test_only_the_first_64_bytes_are_looked_at() -> None:
    data = "a".encode("utf-16-le") * 32 + b"\x00\x00 then something else"
    assert utf16_kind(data) == LE


def test_a_nul_at_the_first_byte_is_reported() -> None:
    assert content_notes(b"\x00abc", None) == ["NUL byte at 0: this looks like a binary file"]
