"""PL033's gate (one search deciding whether a text is searched for keys at all) must let
every public prefix through on its own: the other tests hold a temporary AWS key id only
beside other keys, so a gate that missed ``ASIA`` went unnoticed (docs/mutation.md,
"PL030 and PL033 after the speed work")."""

from __future__ import annotations

from promptls.analysis import analyze
from promptls.analysis.settings import Settings


def test_a_temporary_aws_key_id_alone_in_a_file_is_reported() -> None:
    key = "ASIAKVQZ5GX4BRTL3CZV"
    text = f"Temporary credentials for staging: {key}\n"
    found = analyze(text, path="AGENTS.md", settings=Settings(select=("PL033",))).findings
    assert [(text[f.start : f.end], f.message.split(" committed")[0]) for f in found] == [
        (key, "AWS access key id (ASIA…, 20 characters)")
    ]
