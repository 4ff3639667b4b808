"""The workspace scan leaves files open in the editor to their live text.

An editor that just started often opens a file the scan is about to reach. Read and
analysed from disk as well, a 1 MB prompt cost the diagnostics of the user's own open
~15 ms more (the two analyses share the interpreter), for a disk result no client is
shown while the file is open. So the scan skips open files, and a large file waits for a
quiet moment first: its ``didOpen`` may still be on its way. The server here is a
stand-in with just what the scan reads; the file system is real.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from pygls.uris import from_fs_path

from promptls.analysis import check_files
from promptls.analysis.model import DocumentKind
from promptls.analysis.settings import Settings
from promptls.lsp.workspace_diagnostics import LARGE_FILE, WorkspaceScan
from tests import MARKER

DUPLICATE = f"static\n{MARKER}\ndynamic 😀\n{MARKER}\n"


def _scan(open_uris: set[str], on_quiet: Any = None) -> tuple[WorkspaceScan, list[str]]:
    """A scan over a stand-in server whose open documents are ``open_uris``; the list
    records each quiet moment waited for."""
    waited: list[str] = []

    async def quiet() -> None:
        waited.append("quiet")
        if on_quiet is not None:
            on_quiet()

    server = SimpleNamespace(
        documents=SimpleNamespace(
            get=lambda uri: object() if uri in open_uris else None, encoding="utf-16"
        ),
        warmup=SimpleNamespace(quiet=quiet),
        pull=False,
        client_capabilities=None,
        open_index=None,
        text_document_publish_diagnostics=lambda params: None,
    )
    return WorkspaceScan(server), waited  # type: ignore[arg-type]


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files the scan reads from disk."""
    names: list[str] = []
    real = check_files.read_text

    def counted(path: Path) -> tuple[str, bytes] | None:
        names.append(path.name)
        return real(path)

    monkeypatch.setattr(check_files, "read_text", counted)
    return names


def _check(scan: WorkspaceScan, path: Path) -> DocumentKind | None:
    return asyncio.run(scan._check(path, Settings()))


def test_an_unopened_file_is_read_and_its_findings_kept(tmp_path: Path, reads: list[str]) -> None:
    prompt = tmp_path / "a.prompt"
    prompt.write_text(DUPLICATE, encoding="utf-8")
    scan, waited = _scan(set())
    assert _check(scan, prompt) is DocumentKind.PROMPT
    assert reads == ["a.prompt"] and waited == []  # small: no waiting
    assert "PL001" in {d.code for d in scan.results[from_fs_path(str(prompt)) or ""]}


def test_an_open_file_is_not_read_from_disk(tmp_path: Path, reads: list[str]) -> None:
    prompt = tmp_path / "a.prompt"
    prompt.write_text(DUPLICATE, encoding="utf-8")
    scan, _ = _scan({from_fs_path(str(prompt)) or ""})
    assert _check(scan, prompt) is DocumentKind.PROMPT  # still in the scan's file set
    assert reads == [] and scan.results == {}


def test_a_large_file_opened_while_the_scan_waits_is_not_read(
    tmp_path: Path, reads: list[str]
) -> None:
    big = tmp_path / "big.prompt"
    big.write_text(DUPLICATE + "😀 filler\n" * (LARGE_FILE // 10), encoding="utf-8")
    assert big.stat().st_size > LARGE_FILE
    opened: set[str] = set()
    # The editor's didOpen arrives during the quiet moment the large file waits for.
    scan, waited = _scan(opened, lambda: opened.add(from_fs_path(str(big)) or ""))
    assert _check(scan, big) is DocumentKind.PROMPT
    assert waited == ["quiet"] and reads == [] and scan.results == {}


def test_a_large_unopened_file_is_read_after_the_quiet_moment(
    tmp_path: Path, reads: list[str]
) -> None:
    big = tmp_path / "big.prompt"
    big.write_text(DUPLICATE + "😀 filler\n" * (LARGE_FILE // 10), encoding="utf-8")
    scan, waited = _scan(set())
    assert _check(scan, big) is DocumentKind.PROMPT
    assert waited == ["quiet"] and reads == ["big.prompt"]
    assert "PL001" in {d.code for d in scan.results[from_fs_path(str(big)) or ""]}


def test_a_file_gone_before_the_scan_reaches_it_is_dropped(tmp_path: Path) -> None:
    scan, waited = _scan(set())
    assert _check(scan, tmp_path / "gone.prompt") is None
    assert waited == [] and scan.results == {}
