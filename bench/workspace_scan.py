"""Workspace diagnostics on a 5,000-file workspace: how long the first full result takes,
and what the background scan does to a hover on an open file meanwhile.

The workspace is generated (same seed, same bytes): 100 folders of 50 files, each folder
an instruction file or two (a shadowed ``AGENTS.md`` in every fifth, a broken import in
every seventh), a few prompt files and plain notes. The client pulls diagnostics, so the
server answers ``workspace/diagnostic`` when the scan is over: the time from
``initialized`` to that answer is the row. While it runs, hovers on the marker of an
open prompt file are timed one after another; the same hovers with the scan turned off
(``workspaceDiagnosticsMaxFiles: 0``) are the baseline.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import report
import workloads
from lsp_client import LspClient, cpu_clock_seconds

FOLDERS = 100
PER_FOLDER = 50
HOVERS_WITHOUT_SCAN = 200


def make_workspace(root: Path, folders: int = FOLDERS, per_folder: int = PER_FOLDER) -> int:
    """Write the workspace; returns how many files the scan will check."""
    instruction = workloads.instruction_file(1_500)
    prompt = workloads.prompt_file(4_000)
    count = 0
    (root / ".codex").mkdir(parents=True, exist_ok=True)
    for f in range(folders):
        folder = root / f"pkg{f:03d}"
        folder.mkdir(parents=True, exist_ok=True)
        names = ["AGENTS.md"]
        (folder / "AGENTS.md").write_text(instruction, encoding="utf-8")
        if f % 5 == 0:
            (folder / "AGENTS.override.md").write_text("# override\n", encoding="utf-8")
            names.append("AGENTS.override.md")
        if f % 7 == 0:
            (folder / "CLAUDE.md").write_text("# c\n\n@missing.md\n", encoding="utf-8")
            names.append("CLAUDE.md")
        for i in range(per_folder - len(names)):
            if i % 10 == 0:
                (folder / f"p{i:02d}.prompt").write_text(prompt, encoding="utf-8")
            else:
                (folder / f"note{i:02d}.md").write_text(f"# note {f}.{i}\n\nplain text\n")
        count += per_folder
    return count


def session(
    root: Path, home: str, cap: int | None, reps_hover: int, *, memory: bool = False
) -> dict[str, Any]:
    """One server: initialize (pull client), open a prompt file, time the workspace pull
    and the hovers sent while it is outstanding (or ``reps_hover`` of them without it);
    ``memory``: also the server's peak RSS once the result is in (``rss_kb``)."""
    env = {**os.environ, "HOME": home, "PROMPTLS_TEST": "1"}
    options: dict[str, Any] = {} if cap is None else {"workspaceDiagnosticsMaxFiles": cap}
    caps = {"textDocument": {"diagnostic": {}, "hover": {"contentFormat": ["markdown"]}}}
    with LspClient([sys.executable, "-m", "promptls", "serve"], env=env) as client:
        client.start()
        folder = {"uri": root.as_uri(), "name": root.name}
        client.request(
            "initialize",
            {
                "processId": None,
                "rootUri": root.as_uri(),
                "workspaceFolders": [folder],
                "capabilities": caps,
                "initializationOptions": options,
            },
            timeout=60,
        )
        text = workloads.prompt_file(4_000, seed=9)
        uri = (root / "open.prompt").as_uri()
        client.notify("initialized", {})
        began = time.perf_counter()
        cpu_began = cpu_clock_seconds(client.pid)
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": text}},
        )
        line = text[: text.index(workloads.MARKER)].count("\n")
        hover = {"textDocument": {"uri": uri}, "position": {"line": line, "character": 3}}
        client.timed_request("textDocument/hover", hover, timeout=60)  # analysed, warm
        rid = client.send_request("workspace/diagnostic", {"previousResultIds": []})
        hovers: list[float] = []
        done: float | None = None
        while done is None or (cap == 0 and len(hovers) < reps_hover):
            _, seconds = client.timed_request("textDocument/hover", hover, timeout=60)
            hovers.append(seconds * 1000)
            if done is None and client.answered(rid):
                done = time.perf_counter()
        result, _, received = client.wait_response(rid, 120)
        cpu = cpu_clock_seconds(client.pid) - cpu_began
        files = len(result.get("items", [])) if isinstance(result, dict) else 0
        out = {
            "full_s": received - began,
            "cpu_s": cpu,
            "files_with_findings": files,
            "hovers": hovers,
        }
        if memory:
            out["rss_kb"] = client.peak_rss_kb()
        return out


def run(reps: int, quick: bool) -> dict[str, Any]:
    """The rows: time to full workspace diagnostics, hover p50/p99 with and without."""
    home = tempfile.mkdtemp(prefix="promptls-bench-home-")
    with tempfile.TemporaryDirectory(prefix="promptls-bench-ws-") as tmp:
        root = Path(tmp)
        files = make_workspace(root, FOLDERS // 5 if quick else FOLDERS)
        full: list[float] = []
        cpu: list[float] = []
        during: list[float] = []
        without: list[float] = []
        findings = 0
        for _ in range(reps):
            scanned = session(root, home, None, 0)
            full.append(scanned["full_s"])
            cpu.append(scanned["cpu_s"])
            during += scanned["hovers"]
            findings = scanned["files_with_findings"]
            without += session(root, home, 0, HOVERS_WITHOUT_SCAN)["hovers"]
    return {
        "files": files,
        "files_with_findings": findings,
        "full_ms": round(1000 * sorted(full)[len(full) // 2], 1),
        "full_cpu_ms": round(1000 * sorted(cpu)[len(cpu) // 2], 1),
        "hover_during_scan_p50": round(report.percentile(during, 50), 2),
        "hover_during_scan_p99": round(report.percentile(during, 99), 2),
        "hover_during_scan_n": len(during),
        "hover_without_scan_p50": round(report.percentile(without, 50), 2),
        "hover_without_scan_p99": round(report.percentile(without, 99), 2),
    }


def markdown(rows: dict[str, Any]) -> str:
    """The rows as a small table (appended to the bench page)."""
    return (
        f"\n### Workspace diagnostics ({rows['files']} files)\n\n"
        "| measure | value |\n|---|---|\n"
        f"| initialized → full workspace diagnostics | {rows['full_ms']} ms "
        f"({rows['files_with_findings']} files with findings; server CPU "
        f"{rows['full_cpu_ms']} ms, hovers included) |\n"
        f"| hover p50 / p99 while the scan runs ({rows['hover_during_scan_n']} hovers) | "
        f"{rows['hover_during_scan_p50']} / {rows['hover_during_scan_p99']} ms |\n"
        f"| hover p50 / p99 without the scan | "
        f"{rows['hover_without_scan_p50']} / {rows['hover_without_scan_p99']} ms |\n"
    )
