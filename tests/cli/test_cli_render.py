"""``promptls render``: wire text and halves of a prompt file, via a subprocess."""

from __future__ import annotations

import json
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from promptls.commands.render import marker_positions
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY as B
from promptls.prompt import render_system_for_wire, split_system_prompt
from tests.cli.conftest import Demo, assert_usage_error, run_cli, run_cli_process


def test_wire_text_of_a_prompt_file_has_no_marker(demo: Demo) -> None:
    path = demo.ws / "prompts" / "system.prompt.md"
    text = path.read_text(encoding="utf-8")
    result = run_cli("render", path, home=demo.home)
    assert result.code == 0 and result.err == ""
    assert B not in result.text
    assert result.text == render_system_for_wire(text)
    static, dynamic = split_system_prompt(text)
    assert result.text == f"{static}\n\n{dynamic}"


def test_bytes_are_preserved_crlf_and_non_ascii(tmp_path: Path) -> None:
    path = tmp_path / "p.md"
    path.write_bytes(f"Été 🙂\r\n\r\n{B}\r\n\r\ndyn\r\n".encode())
    result = run_cli("render", path, home=tmp_path)
    assert result.out == "Été 🙂\r\n\r\n\n\n\r\n\r\ndyn\r\n".encode()


def test_halves_json_with_marker_positions(tmp_path: Path) -> None:
    text = f"ab\r\nc🙂\rd\n\n{B}\n\nx 🙂 {B} y"
    path = tmp_path / "p.md"
    path.write_text(text, encoding="utf-8", newline="")
    result = run_cli("render", "--halves", path, home=tmp_path)
    assert result.code == 0
    data = json.loads(result.text)
    assert set(data) == {"static", "dynamic", "markers"}
    assert (data["static"], data["dynamic"]) == split_system_prompt(text)
    first = text.index(B)
    second = text.index(B, first + 1)
    # lines: "ab" | "c🙂" | "d" | "" | marker | "" | "x 🙂 marker y"  (CRLF and CR both end a line)
    assert data["markers"] == [
        {"offset": first, "line": 5, "column": 1},
        {"offset": second, "line": 7, "column": 5},
    ]


def test_file_without_marker_renders_verbatim(tmp_path: Path) -> None:
    path = tmp_path / "p.md"
    path.write_bytes(b"just text\n")
    assert run_cli("render", path, home=tmp_path).out == b"just text\n"
    data = json.loads(run_cli("render", "--halves", path, home=tmp_path).text)
    assert data == {"static": "just text\n", "dynamic": "", "markers": []}


def test_stdin_is_read_with_dash(tmp_path: Path) -> None:
    result = run_cli_process("render", "-", home=tmp_path, stdin=f"a\n\n{B}\n\nb".encode())
    assert result.out == b"a\n\nb"


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    assert_usage_error(
        run_cli("render", tmp_path / "nope.md", home=tmp_path), "file not found", "nope.md"
    )


def test_directory_is_a_usage_error(tmp_path: Path) -> None:
    assert_usage_error(run_cli("render", tmp_path, home=tmp_path), "is a directory")


def test_invalid_utf8_is_a_usage_error_with_the_offset(tmp_path: Path) -> None:
    path = tmp_path / "bad.md"
    path.write_bytes(b"fine\xff\xfe")
    assert_usage_error(
        run_cli("render", path, home=tmp_path), "not valid UTF-8", "0xff", "offset 4"
    )
    assert_usage_error(run_cli_process("render", "-", home=tmp_path, stdin=b"\xc3("), "stdin")


def test_ten_megabyte_prompt_renders_completely(tmp_path: Path) -> None:
    chunk = "Doctrine line with some words, ünïcode and 🙂.\n" * 40
    text = f"{chunk * 2500}\n\n{B}\n\n{chunk * 2500}{B}tail"
    path = tmp_path / "big.md"
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size > 10_000_000
    started = time.perf_counter()
    result = run_cli("render", path, home=tmp_path)
    wire_seconds = time.perf_counter() - started
    started = time.perf_counter()
    halves = run_cli("render", "--halves", path, home=tmp_path)
    halves_seconds = time.perf_counter() - started
    # Timing is reported, never asserted (machines differ); correctness is asserted.
    print(f"render 10 MB: wire {wire_seconds:.3f}s, halves {halves_seconds:.3f}s")
    assert result.text == render_system_for_wire(text)
    markers = json.loads(halves.text)["markers"]
    assert [m["offset"] for m in markers] == [text.index(B), text.rindex(B)]
    assert markers[1]["line"] == text.count("\n", 0, text.rindex(B)) + 1


def _naive_position(text: str, offset: int) -> tuple[int, int]:
    """Line/column the slow, obvious way: split on every line end LSP knows."""
    lines = text[:offset].replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return len(lines), len(lines[-1]) + 1


@given(
    st.lists(
        st.sampled_from(["a", "é", "🙂", "\n", "\r", "\r\n", " ", B, "__ZIDANE"]), max_size=40
    ).map("".join)
)
def test_marker_positions_match_a_naive_count(text: str) -> None:
    positions = marker_positions(text, B)
    offsets = []
    index = text.find(B)
    while index >= 0:
        offsets.append(index)
        index = text.find(B, index + len(B))
    assert [p["offset"] for p in positions] == offsets
    assert [(p["line"], p["column"]) for p in positions] == [
        _naive_position(text, o) for o in offsets
    ]


def test_help_lists_the_commands(tmp_path: Path) -> None:
    result = run_cli("--help", home=tmp_path)
    assert result.code == 0
    for name in ("render", "context", "preview"):
        assert name in result.text
