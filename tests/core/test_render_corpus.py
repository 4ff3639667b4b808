"""Rendering real instruction files: framing holds and ordinary text is left untouched.

Uses the shared corpus of public instruction files (read in place, never copied).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from promptls.render import render_base_context
from tests.core.helpers import Env, File

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
FILES = sorted((CORPUS / "files").glob("*")) if CORPUS.is_dir() else []
_TAGS = re.compile(r"<\s*/?\s*(?:environment|instructions|context|skills)\b", re.I)

pytestmark = pytest.mark.skipif(
    not FILES, reason=f"instruction-file corpus not found at {CORPUS} (shared test data)"
)


ENV = Env(shell="", date="2026-01-15", git_repo=False, git_branch="")
"""A plain environment outside any repository, so only the files' own text varies."""


def _read(path: Path) -> str:
    """Corpus files are UTF-8; replace keeps a damaged copy from crashing the run."""
    return path.read_text(encoding="utf-8", errors="replace")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name[:40])
def test_real_file_renders_verbatim_inside_one_block(path: Path) -> None:
    content = _read(path)
    text = render_base_context(ENV, [File(f"/work/app/{path.name}", content)])
    tags = [m.group() for m in _TAGS.finditer(text)]
    assert tags == ["<environment", "</environment", "<instructions", "</instructions"]
    if not _TAGS.search(content):
        # Nothing that looks like our framing: the model reads the file exactly as written.
        assert f"\n{content.rstrip()}\n</instructions>" in text


def test_whole_corpus_in_one_context_keeps_one_block_per_file() -> None:
    files = [File(f"/work/{i}/AGENTS.md", _read(p)) for i, p in enumerate(FILES)]
    text = render_base_context(ENV, files)
    closes = [m.group() for m in _TAGS.finditer(text) if m.group().startswith("</")]
    shown = sum(1 for f in files if f.content.strip())
    assert closes.count("</instructions") == shown
