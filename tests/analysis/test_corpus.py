"""Real instruction files: no false marker findings, and injected problems are all found."""

from __future__ import annotations

import csv
import json
import os
import random
import re
from pathlib import Path

import pytest

from promptls.analysis import MARKER_RULES, DocumentKind, document_kind
from promptls.cli import main

from .conftest import MARKER


def _manifest(corpus: Path) -> list[dict[str, str]]:
    """Rows of MANIFEST.tsv."""
    with (corpus / "MANIFEST.tsv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def _lay_out(corpus: Path, root: Path) -> list[Path]:
    """Each file under <repo folder>/<manifest path>, named as an agent would load it."""
    paths = []
    for row in _manifest(corpus):
        target = root / row["repo"].replace("/", "__") / row["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((corpus / row["file"]).read_bytes())
        paths.append(target)
    return paths


def _check_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, object]]:
    """Run ``check --format json`` and parse the findings."""
    main(["check", "--format", "json", *args])
    return list(json.loads(capsys.readouterr().out))


@pytest.mark.parametrize("profile", ["or", "claude", "codex", "gemini"])
def test_corpus_has_no_marker_findings(
    corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    files = _lay_out(corpus, tmp_path)
    assert len(files) == len(_manifest(corpus))
    findings = _check_json(capsys, "--profile", profile, str(tmp_path))
    marker_findings = [f for f in findings if f["code"] in MARKER_RULES]
    assert marker_findings == []


NEAR_MISSES = [
    "__zidane_system_prompt_boundary__",
    "_ZIDANE_SYSTEM_PROMPT_BOUNDARY__",
    "__ZIDANE-SYSTEM-PROMPT-BOUNDARY__",
    "__ZIDANE SYSTEM PROMPT BOUNDARY__",
    "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__",
    "__ZIDANE_SYSTEM_PRMOPT_BOUNDARY__",
    "__ZIDANE_SYSTEM\u200b_PROMPT_BOUNDARY__",
    "__ZIDANE_SYSTEM_PROMPT_\nBOUNDARY__",
]
# (token, expected code in an instruction file, expected code in a prompt file)
INJECTIONS = [
    *((token, "PL002", "PL002") for token in NEAR_MISSES),
    (MARKER, "PL003", None),
    ("__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__", "PL003", "PL007"),
    ("__PROMPT_DYNAMIC_BOUNDARY__", "PL003", "PL007"),
    (f"x{MARKER}", "PL003", "PL004"),
]
PREFIXES = ["", "🎉", "中文テキスト", "👨\u200d👩\u200d👧 ", "Ünïcödé "]


def _insertion_points(text: str) -> list[int]:
    """Offsets right after a space or a line break (not inside a CRLF pair), outside
    fenced code blocks and inline code spans: a marker quoted in code is a mention (PL003
    says at most an info, PL007 nothing), so an injection there proves nothing."""
    in_code = [False] * len(text)
    opening = ""
    offset = 0
    for line in text.splitlines(keepends=True):
        stripped = line.lstrip(" ")
        fence = re.match(r"`{3,}|~{3,}", stripped) if len(line) - len(stripped) <= 3 else None
        inside = bool(opening)
        if fence and not opening:
            opening, inside = fence.group(), True
        elif fence and fence.group()[0] == opening[0] and len(fence.group()) >= len(opening):
            opening = ""
        for i in range(offset, offset + len(line)):
            in_code[i] = inside
        if not inside:
            runs = [m.span() for m in re.finditer(r"`+", line)]
            used: set[int] = set()
            for a, (start, end) in enumerate(runs):
                if a in used:
                    continue
                closer = next(
                    (b for b in range(a + 1, len(runs)) if runs[b][1] - runs[b][0] == end - start),
                    None,
                )
                if closer is not None:
                    used.update(range(a, closer + 1))
                    for i in range(offset + start, offset + runs[closer][1]):
                        in_code[i] = True
        offset += len(line)
    return [
        i + 1
        for i, ch in enumerate(text)
        if ch in " \n" and i + 1 < len(text) and not in_code[i + 1]
    ]


def _expected(text: str, offset: int) -> tuple[int, int]:
    """1-based line and code-point column, computed independently of the analysis."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


SEEDS = range(25) if os.environ.get("PROMPTLS_LONG") == "1" else range(1)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("crlf", [False, True], ids=["lf", "crlf"])
@pytest.mark.parametrize("as_prompt", [False, True], ids=["instruction", "prompt"])
def test_injected_problems_are_found(
    corpus: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    crlf: bool,
    as_prompt: bool,
    seed: int,
) -> None:
    rng = random.Random(f"promptls-{seed}-{crlf}-{as_prompt}")
    rows = rng.sample(_manifest(corpus), 6)
    cases = []
    for n, row in enumerate(rows):
        base = (corpus / row["file"]).read_text(encoding="utf-8")
        if crlf:
            base = base.replace("\n", "\r\n")
        name = "p.prompt.md" if as_prompt else Path(row["path"]).name
        # .github/copilot-instructions.md is loaded by no profile: it is "other" text
        kind = document_kind(name)
        promptish = kind is not DocumentKind.INSTRUCTION
        for k, (token, in_instruction, in_prompt) in enumerate(INJECTIONS):
            expected_code = in_prompt if promptish else in_instruction
            if expected_code is None:
                continue
            if crlf:
                token = token.replace("\n", "\r\n")
            prefix = rng.choice(PREFIXES)
            offset = rng.choice(_insertion_points(base))
            text = base[:offset] + prefix + token + " " + base[offset:]
            start = offset + len(prefix)
            if token.startswith("x") and not promptish:
                start += 1  # PL003 marks the marker itself
            elif token.startswith("x"):
                while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
                    start -= 1  # PL004 marks the glued run (letters of any script)
            folder = tmp_path / f"{n}-{k}"
            folder.mkdir()
            (folder / name).write_bytes(text.encode("utf-8"))
            cases.append((f"{folder / name}", expected_code, *_expected(text, start)))
    findings = _check_json(capsys, "--select", ",".join(sorted(MARKER_RULES)), str(tmp_path))
    got = {(f["path"], f["code"], f["line"], f["column"]) for f in findings}
    missing = [case for case in cases if case not in got]
    assert missing == [], [(c, [g for g in got if g[0] == c[0]]) for c in missing]
