"""The SHA-256 primitive gives hashlib's digest, so revisions and fingerprints stay put."""

from __future__ import annotations

import hashlib

from hypothesis import given
from hypothesis import strategies as st

from promptls.text.digest import sha256_hex


@given(st.binary(max_size=4096))
def test_the_digest_is_hashlibs(data: bytes) -> None:
    assert sha256_hex(data) == hashlib.sha256(data).hexdigest()


def test_a_known_digest() -> None:
    assert sha256_hex(b"") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
