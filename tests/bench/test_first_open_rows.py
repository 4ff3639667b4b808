"""The new-user rows and the replicated corpus: the inputs are what the issue asks for,
and a budget relative to another column says how far promptls is from it.

The timings themselves are not asserted (machines differ); what is checked is that the
bench measures the right thing: non-ASCII texts of the stated sizes, a replicated tree
with real paths and the requested number of files, and the ratio printed beside a verdict.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))  # the bench's modules import each other by plain name

import budgets  # noqa: E402
import cli_bench  # noqa: E402
import report  # noqa: E402
import workloads  # noqa: E402


def test_first_file_is_a_5_kb_agents_md_with_emoji_from_its_first_line() -> None:
    text = workloads.first_instruction_file()
    first_line = text.splitlines()[0]
    assert 4_500 <= len(text.encode("utf-8")) <= 5_000
    assert workloads.non_bmp(first_line)


@pytest.mark.parametrize(
    "size", [workloads.MB, pytest.param(10 * workloads.MB, marks=pytest.mark.slow)]
)
def test_large_first_opens_are_non_ascii(size: int) -> None:
    text = workloads.prompt_file(size, seed=2)
    assert workloads.non_bmp(text)
    assert size * 0.99 <= len(text.encode("utf-8")) <= size


def test_replicated_corpus_keeps_real_paths_until_the_count_is_reached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "files").mkdir(parents=True)
    rows = ["repo\tpath\tfile"]
    for n, path in enumerate(("AGENTS.md", "CLAUDE.md", "docs/GEMINI.md")):
        (corpus / "files" / f"{n}.md").write_text(f"# file {n} 🙂\n", encoding="utf-8")
        rows.append(f"owner/repo{n}\t{path}\tfiles/{n}.md")
    (corpus / "MANIFEST.tsv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.setattr(cli_bench, "corpus_dir", lambda: corpus)

    tree = tmp_path / "tree"
    count = cli_bench.lay_out_replicated(tree, want=10)

    files = sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file())
    assert count == len(files) == 12  # four whole copies: never a partial corpus
    assert "copy-03/owner__repo2/docs/GEMINI.md" in files
    assert (tree / "copy-02/owner__repo1/CLAUDE.md").read_text(encoding="utf-8") == "# file 1 🙂\n"


def test_a_relative_budget_shows_promptls_against_its_base() -> None:
    over = budgets._budget("x", 0.356, 0.343, "ms", "≤ 1.05 × floor", ("floor", 0.327))
    under = budgets._budget("y", 0.864, 1.690, "ms", "≤ 0.5 × agnix", ("agnix", 3.379))
    assert over["met"] is False and under["met"] is True
    assert report.against(over) == "1.09× floor (+29.0 ms)"
    assert report.against(under) == "0.26× agnix (−2515 ms)"
    assert "| 1.09× floor (+29.0 ms) | **NOT met** |" in report._budget_line(over)
    assert report.against(budgets._budget("z", 0.001, 0.02, "ms", "≤ 20 ms")) == ""


def test_a_cli_row_and_its_peer_run_in_turn_so_drift_moves_both() -> None:
    import run  # the bench's runner (imports the peers' settings, no process started)

    order: list[str] = []

    def runner(key: str, ok: bool = True) -> object:
        def sample() -> dict[str, object]:
            order.append(key)
            return {"ok": ok, "exit": 0 if ok else 2, "stderr": "", "seconds": 1.0, "cpu": 0.5}

        return sample

    out: dict[str, object] = {"why": {}}
    pair = {"promptls_check_many": runner("p"), "agnix_many": runner("a")}
    run._run_in_turn(pair, 3, out)
    assert order == ["p", "a", "p", "a", "p", "a", "p", "a"]  # a warm-up each, then in turn
    assert out["promptls_check_many"] == [1.0] * 3 and out["agnix_many_cpu"] == [0.5] * 3
    order.clear()
    out = {"why": {}}
    run._run_in_turn({"promptls_check": runner("p"), "agnix": runner("a", ok=False)}, 2, out)
    assert order == ["p", "a", "p", "p"] and "agnix" not in out
    assert "exit 2" in out["why"]["agnix"]
