"""Shared helpers for the analysis and ``promptls check`` tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import MARKER

__all__ = ["CORPUS", "MARKER", "codes"]

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"


def codes(text: str, path: str | None = None, **kwargs: object) -> list[str]:
    """The finding codes for a text, in order."""
    from promptls.analysis import analyze

    return [f.code for f in analyze(text, path=path, **kwargs).findings]  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _home(fake_home: Path) -> Path:
    """Discovery in ``check`` reads user-level files: point it at an empty fake home."""
    return fake_home


@pytest.fixture
def corpus() -> Path:
    """The shared corpus, or a skip with the reason when this clone has none."""
    if not (CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip(f"shared corpus not found at {CORPUS} (only CI and the dev box have it)")
    return CORPUS
