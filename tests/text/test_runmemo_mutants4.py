"""Inside a run, answers of different kinds asked with the same key stay apart (a
folder's listing and a settings file read under one path, say).

Written from the mutation run of session 5's speed branch (docs/mutation.md): with every
kind filed under one table (``x_remembered__mutmut_1``) the second kind got the first
kind's answer.
"""

from __future__ import annotations

from promptls.text import runmemo


def test_two_kinds_with_one_key_keep_their_own_answers() -> None:
    with runmemo.run_memo():
        assert runmemo.remembered("toml", "/repo/x", lambda: "parsed") == "parsed"
        assert runmemo.remembered("comments", "/repo/x", lambda: "stripped") == "stripped"
        assert runmemo.remembered("toml", "/repo/x", lambda: "again") == "parsed"
