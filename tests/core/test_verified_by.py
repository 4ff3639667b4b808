"""Every profile says how it was verified, and the claim matches the oracle's pins: a
profile labelled ``oracle`` has a pinned release the oracle runs, a pinned agent is
labelled ``oracle``, and a docs-sourced profile names its sources and the day they were
read (the views print both)."""

from __future__ import annotations

import re

from promptls.agents.model import Verification
from promptls.agents.registry import PROFILES
from promptls.oracle.pins import PINS_FILE, load_pins


def test_every_profile_states_how_it_was_verified() -> None:
    assert [name for name, p in PROFILES.items() if p.verified_by is None] == []


def test_oracle_labels_and_pins_agree() -> None:
    pinned = set(load_pins(PINS_FILE))
    labelled = {
        name
        for name, p in PROFILES.items()
        if p.verified_by is not None and p.verified_by.method is Verification.ORACLE
    }
    assert labelled == pinned


def test_docs_sourced_profiles_name_their_sources_and_a_date() -> None:
    for name, p in PROFILES.items():
        verified = p.verified_by
        if verified is None or verified.method is not Verification.DOCS:
            continue
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", verified.date), name
        assert verified.what, name
        assert verified.label() == f"docs-sourced ({verified.what}, read {verified.date})"
