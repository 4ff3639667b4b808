"""`promptls check --format sarif` validates against the official SARIF 2.1.0 schema.

The schema is not vendored: the npm package ``@microsoft/jest-sarif`` ships the OASIS
2.1.0 schema, so the test fetches that package once from the npm registry into the user
cache and validates with ``jsonschema``. Without npm the test skips locally and fails in
CI, where a skipped schema check would hide a broken SARIF writer.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest

from promptls.cli import main
from tests import MARKER

PACKAGE = "@microsoft/jest-sarif@1.0.0-beta.0"
MEMBER = "package/lib/schemas/sarif-2.1.0-rtm.5.json"
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "promptls" / "sarif"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"SARIF schema unavailable in CI: {reason}")
    pytest.skip(f"SARIF schema unavailable: {reason}")


def _schema() -> dict[str, Any]:
    """The SARIF 2.1.0 schema from the cache, fetched with `npm pack` the first time."""
    target = CACHE / "sarif-2.1.0-rtm.5.json"
    if not target.is_file():
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("npm is not installed")
        CACHE.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(
            [npm, "pack", PACKAGE, "--silent", "--pack-destination", str(CACHE)],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        tarballs = sorted(CACHE.glob("microsoft-jest-sarif-*.tgz"))
        if proc.returncode != 0 or not tarballs:
            _unavailable(f"npm pack {PACKAGE} failed: {proc.stderr.strip()[:200]}")
        with tarfile.open(tarballs[-1]) as archive:
            source = archive.extractfile(MEMBER)
            assert source is not None, f"{MEMBER} missing from {tarballs[-1]}"
            partial = target.with_suffix(".part")
            partial.write_bytes(source.read())
            partial.replace(target)
    data: dict[str, Any] = json.loads(target.read_text(encoding="utf-8"))
    return data


def test_sarif_output_is_valid_against_the_2_1_0_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = _schema()
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "broken.md").write_text(
        f"Today is 2026-01-15 😀 中文\r\n\r\n{MARKER}\r\n\r\nx\n\n{MARKER}\n\n"
        "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__\n",
        encoding="utf-8",
    )
    (tmp_path / "AGENTS.md").write_text(f"rules\u200b\n\n{MARKER}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status = main(["check", "--format", "sarif", "."])
    log = json.loads(capsys.readouterr().out)
    assert status == 1
    results = log["runs"][0]["results"]
    assert {r["ruleId"] for r in results} >= {"PL001", "PL002", "PL003", "PL010"}
    validator = jsonschema.Draft7Validator(schema)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert [f"{list(e.absolute_path)}: {e.message}" for e in errors] == []


def test_the_schema_check_catches_an_invalid_log() -> None:
    """Guard against a schema that accepts anything (wrong file, empty schema)."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft7Validator(_schema())
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": []}]}
    assert not validator.is_valid(bad)  # driver.name is required
