"""``promptls check`` places findings where the mapper says, in every output format.

Text, JSON and GitHub annotations print 1-based code-point columns; SARIF prints 1-based
UTF-16 columns (``columnKind: utf16CodeUnits``). Findings sit after emoji and CJK on
lines ended by CRLF, a lone CR and LF, and are checked against the encoded-prefix oracle.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from promptls.cli import main
from tests.positions import encoded_position

INVISIBLE = ("\u200b", "\u2060", "\u00ad", "\u180e", "\u2062")
"""Five different invisible characters: PL010 groups repeats of one kind in a file into
one finding, and these tests need one finding (one printed position) per character."""
TEXT = (
    f"😀 漢字{INVISIBLE[0]} end\r\n"  # after an astral emoji and CJK, CRLF line
    f"é{INVISIBLE[1]}\r"  # lone CR line
    f"👩\u200d💻 {INVISIBLE[2]}x\n"  # after a ZWJ emoji sequence (the joiner itself is fine)
    f"{INVISIBLE[3]}\n"  # at the start of a line
    f"字字字 😀😀{INVISIBLE[4]}"  # at the end of the text, no final break
)


@pytest.fixture
def prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """One prompt file with five invisible characters, in an isolated home."""
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("PROMPTLS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CODEX_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.prompt").write_bytes(TEXT.encode("utf-8"))
    return "p.prompt"


def _check(capsys: pytest.CaptureFixture[str], path: str, fmt: str) -> str:
    assert main(["check", "--format", fmt, path]) == 1  # warnings fail the check
    return capsys.readouterr().out


def _one_based(offset: int, encoding: str) -> tuple[int, int]:
    line, column = encoded_position(TEXT, offset, encoding)
    return line + 1, column + 1


def _spans(capsys: pytest.CaptureFixture[str], path: str) -> list[tuple[int, int]]:
    items = json.loads(_check(capsys, path, "json"))
    spans = [(item["start"], item["end"]) for item in items if item["code"] == "PL010"]
    assert tuple(TEXT[start:end] for start, end in spans) == INVISIBLE
    return spans


def test_json_columns_count_code_points(prompt: str, capsys: pytest.CaptureFixture[str]) -> None:
    items = [i for i in json.loads(_check(capsys, prompt, "json")) if i["code"] == "PL010"]
    assert len(items) == len(INVISIBLE)
    for item in items:
        expected = (*_one_based(item["start"], "utf-32"), *_one_based(item["end"], "utf-32"))
        assert (item["line"], item["column"], item["end_line"], item["end_column"]) == expected


def test_text_and_github_columns_count_code_points(
    prompt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    starts = [_one_based(start, "utf-32") for start, _ in _spans(capsys, prompt)]
    text = _check(capsys, prompt, "text")
    assert [(int(a), int(b)) for a, b in re.findall(r"p\.prompt:(\d+):(\d+): PL010", text)] == (
        starts
    )
    github = _check(capsys, prompt, "github")
    found = re.findall(r"line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+),title=PL010", github)
    assert [(int(a), int(b)) for a, b, _, _ in found] == starts
    # Each invisible character is one code point: it ends one column after it starts.
    assert all(int(c) == int(a) and int(d) == int(b) + 1 for a, b, c, d in found)


def test_sarif_columns_count_utf16_units(prompt: str, capsys: pytest.CaptureFixture[str]) -> None:
    spans = _spans(capsys, prompt)
    (run,) = json.loads(_check(capsys, prompt, "sarif"))["runs"]
    assert run["columnKind"] == "utf16CodeUnits"
    regions = [
        r["locations"][0]["physicalLocation"]["region"]
        for r in run["results"]
        if r["ruleId"] == "PL010"
    ]
    expected = [
        dict(
            zip(
                ("startLine", "startColumn", "endLine", "endColumn"),
                (*_one_based(start, "utf-16"), *_one_based(end, "utf-16")),
                strict=True,
            )
        )
        for start, end in spans
    ]
    assert regions == expected
    # The emoji make UTF-16 columns differ from code-point columns on three lines.
    assert sum(_one_based(s, "utf-16") != _one_based(s, "utf-32") for s, _ in spans) == 3
