"""Issue 36's rows measure what they say: the three text kinds are the kinds named, the
monorepo has its files and instruction files at many depths, the keystroke row applies
every key it times, the keystroke budget compares 1 MB with 100 KB, and the report says
how fast the machine ran.

Timings are not asserted (machines differ), only the inputs and the verdict's arithmetic.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))  # the bench's modules import each other by plain name

import budgets  # noqa: E402
import keystroke  # noqa: E402
import monorepo  # noqa: E402
import report  # noqa: E402
import workloads  # noqa: E402

from promptls.analysis import DocumentKind, document_kind  # noqa: E402


def test_each_text_kind_is_what_its_name_says() -> None:
    texts = {k: workloads.prompt_file(100_000, script=k) for k in workloads.SCRIPTS}
    assert texts["ascii"].isascii()
    cjk = texts["cjk"]
    assert sum("\u3040" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in cjk) > len(cjk) / 3
    emoji = texts["emoji"]
    assert sum(ord(c) > 0xFFFF for c in emoji) > emoji.count(" ") / 10  # one every few words
    for text in texts.values():
        assert 99_000 <= len(text.encode("utf-8")) <= 100_000
        assert workloads.MARKER in text


def test_the_monorepo_has_its_files_and_instruction_files_at_many_depths(tmp_path: Path) -> None:
    tree = monorepo.make_monorepo(tmp_path, files=1_500, instructions=150)
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert tree["files"] == len(files) == 1_500
    relative = [p.relative_to(tmp_path).as_posix() for p in files]
    instructions = [r for r in relative if document_kind(r) is DocumentKind.INSTRUCTION]
    assert len(instructions) == 149  # all but docs/agents/style.md, which CLAUDE.md imports
    depths = {r.count("/") for r in relative if r.endswith("/AGENTS.md")}
    assert max(depths) >= 6 and min(depths) <= 2
    assert any(r.endswith("SKILL.md") for r in relative)
    assert any(
        "@AGENTS.md" in (tmp_path / r).read_text() for r in relative if r.endswith("CLAUDE.md")
    )
    assert (tmp_path / tree["deepest"]).is_dir()


def test_the_keystroke_row_applies_every_key() -> None:
    text = workloads.prompt_file(5_000, script="emoji")
    times = keystroke.per_key_us(text, keys=20)  # asserts the final text itself
    assert len(times) == 20 and all(t > 0 for t in times)


def test_a_keystroke_budget_compares_1_mb_with_100_kb() -> None:
    results = {"keystroke": {"emoji/1000": [1.0], "emoji/100000": [20.0], "emoji/1000000": [29.0]}}
    (verdict,) = budgets._keystroke_budgets(results)
    assert verdict["met"]
    assert (verdict["limit"], verdict["base"]) == (pytest.approx(30e-6), pytest.approx(20e-6))
    results["keystroke"]["emoji/1000000"] = [31.0]
    assert not budgets._keystroke_budgets(results)[0]["met"]
    results["keystroke"]["emoji/100000"] = [2000.0]  # a millisecond at most, whatever 100 KB costs
    results["keystroke"]["emoji/1000000"] = [1100.0]
    assert not budgets._keystroke_budgets(results)[0]["met"]


def test_the_first_open_of_each_text_kind_is_timed_for_promptls_and_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import measure
    import run

    opened: list[tuple[str, str]] = []

    def first_open(spec: object, name: str, text: str, timeout: float) -> dict[str, float]:
        opened.append((getattr(spec, "name", ""), name))
        return {"spawn": 1.0, "open": 0.5, "spawn_cpu": 0.2}

    monkeypatch.setattr(measure, "first_open", first_open)
    kinds = {k: workloads.prompt_file(2_000, script=k) for k in workloads.SCRIPTS}
    work = measure.Workload("s", "f", "m", None, [], 1, 1, 0.01, kinds)
    specs = run.peers.server_specs()
    for name in ("promptls", "floor", "rumdl"):
        samples: dict[str, list[float]] = {}
        spec = dataclasses.replace(specs[name], env=None)  # no code cache: no cold row
        run._first_opens(samples, spec, work, 1.0)
        kinds_seen = {k for k in samples if any(f"_{kind}_" in k for kind in workloads.SCRIPTS)}
        if name == "rumdl":
            assert kinds_seen == set()
        else:
            assert {f"first_1mb_{k}_open" for k in workloads.SCRIPTS} <= kinds_seen
    assert ("floor", "prompts/emoji.prompt.md") in opened


def test_the_report_says_how_fast_the_machine_ran() -> None:
    assert report.speed_line({"loop_ms_before": 41.5, "loop_ms_after": 63.0}) == (
        "Machine speed: a loop of 10⁶ Python additions took 41.5 ms before the run and"
        " 63.0 ms after (best of three)."
    )
    assert report.speed_line({}) == "Machine speed: not recorded."
