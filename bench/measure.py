"""The LSP measurements: one function per question an editor user would ask.

Each function runs one repetition against a fresh server process and returns plain
numbers (seconds, counts, KiB); ``run.py`` repeats them and summarises. Every wait is
bounded by the session timeout, and every process is ended by the session's ``with``.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import workloads
from lsp_client import LspError
from session import PUBLISH, ServerSpec, Session


@dataclass(frozen=True)
class Workload:
    """The generated documents, made once per run and shared by every server."""

    small: str
    first: str
    mb1: str
    mb10: str | None
    many: list[tuple[str, str]]
    hovers: int
    edits: int
    edit_interval: float
    scripts: dict[str, str] = field(default_factory=dict)
    """1 MB prompts of each text kind (``workloads.SCRIPTS``) for the first-open rows."""


def _tmp_root(tag: str) -> tempfile.TemporaryDirectory[str]:
    """A fresh workspace folder per session, so no server sees another's files."""
    return tempfile.TemporaryDirectory(prefix=f"promptls-bench-{tag}-")


def editor_session(spec: ServerSpec, work: Workload, timeout: float) -> dict[str, Any]:
    """Start, open 3 KB / 1 MB / 10 MB, hover over 1 MB, then type a burst into 1 MB.

    One process per repetition, in the order an editor session goes: the first document
    opened after start is also reported on its own ("cold"), since lazy imports land there.
    """
    out: dict[str, Any] = {}
    with _tmp_root(spec.name) as tmp, Session(spec, Path(tmp), timeout) as s:
        out["start"] = s.initialize()
        out["start_cpu"] = s.start_cpu
        out["mode"] = s.mode
        diags: dict[str, int] = {}
        out["diags"] = diags
        cold_uri = s.write("cold/AGENTS.md", work.small)
        out["open_cold_3kb"], _ = s.open_and_wait(cold_uri, work.small)
        uri_small = s.write("AGENTS.md", work.small)
        out["open_3kb"], diags["3kb"] = s.open_and_wait(uri_small, work.small)
        uri_1mb = s.write("prompts/big.prompt.md", work.mb1)
        cpu = s.client.cpu_seconds()
        out["open_1mb"], diags["1mb"] = s.open_and_wait(uri_1mb, work.mb1)
        out["open_1mb_cpu"] = s.client.cpu_seconds() - cpu
        if s.has("hoverProvider"):
            # What a user sees who hovers the marker as soon as the diagnostics appear.
            positions = workloads.hover_positions(work.mb1, work.hovers)
            lines = work.mb1.split("\n")
            at = next((p for p in positions if workloads.MARKER in lines[p.line]), positions[0])
            _, out["hover_first"] = s.hover(uri_1mb, at.line, at.character)
        if work.mb10 is not None:
            uri_10mb = s.write("prompts/huge.prompt.md", work.mb10)
            cpu = s.client.cpu_seconds()
            out["open_10mb"], diags["10mb"] = s.open_and_wait(uri_10mb, work.mb10)
            out["open_10mb_cpu"] = s.client.cpu_seconds() - cpu
        if s.has("hoverProvider"):
            # Steady state: background work after the big opens is over (waited for, and
            # the wait is reported), so the row measures hover itself.
            out["idle_wait"] = s.wait_idle()
            out["hover"] = _hovers(s, uri_1mb, work)
        out["burst"] = _burst(s, uri_1mb, work)
        if not s.client.alive():
            raise LspError(f"server died: {s.client.describe_exit()}")
    return out


CODE_CACHE = "PROMPTLS_CODE_CACHE"


def prime_code_cache(spec: ServerSpec, text: str, timeout: float) -> bool:
    """One untimed session that leaves promptls' code cache (``lsp/codecache.py``) filled:
    the server saves it in a quiet moment after its first diagnostics, so the session
    stays open until the file is there. A file from an earlier run is removed first, so
    the cache holds what this code generates. False for a server without one."""
    folder = (spec.env or {}).get(CODE_CACHE)
    if not folder:
        return False
    for old in Path(folder).glob("generated-*.bin"):  # filled by this code, not a past one
        old.unlink()
    with _tmp_root(spec.name + "-prime") as tmp, Session(spec, Path(tmp), timeout) as s:
        s.initialize()
        uri = s.write("AGENTS.md", text)
        s.open_and_wait(uri, text)
        deadline = time.monotonic() + timeout
        while not any(Path(folder).glob("generated-*.bin")):
            if time.monotonic() > deadline or not s.client.alive():
                return False
            time.sleep(0.05)
    return True


def first_open_cold(spec: ServerSpec, name: str, text: str, timeout: float) -> dict[str, float]:
    """``first_open`` with an empty code cache: a user's very first start on a machine (or
    the first after an upgrade), before promptls has kept lsprotocol's generated code."""
    with tempfile.TemporaryDirectory(prefix="promptls-bench-cold-") as empty:
        cold = replace(spec, env={**(spec.env or {}), CODE_CACHE: empty})
        return first_open(cold, name, text, timeout)


def first_open(spec: ServerSpec, name: str, text: str, timeout: float) -> dict[str, float]:
    """What a new user meets: a fresh process, the handshake, then the one file they opened.

    The didOpen follows ``initialized`` (and the settings, for servers that take them) at
    once, as an editor sends it; nothing has been opened before, so whatever the server
    defers to its first document is paid here. Returns the seconds from spawn to the first
    diagnostics and from the didOpen to them, and the server's CPU seconds when they came.
    """
    with _tmp_root(spec.name + "-first") as tmp, Session(spec, Path(tmp), timeout) as s:
        s.initialize()
        uri = s.write(name, text)
        mark = s.client.mark()
        sent = s.open(uri, text)
        if s.mode == "pull":
            _, received = s.pull(uri)
        else:
            received = s.wait_publish(uri, mark, 1).at
        cpu = s.client.cpu_clock()
        if not s.client.alive():
            raise LspError(f"server died: {s.client.describe_exit()}")
        return {"spawn": received - s.client.started_at, "open": received - sent, "spawn_cpu": cpu}


def _hovers(s: Session, uri: str, work: Workload) -> list[float]:
    """Sequential hovers over the 1 MB document; each latency in seconds."""
    latencies = []
    for pos in workloads.hover_positions(work.mb1, work.hovers):
        _, seconds = s.hover(uri, pos.line, pos.character)
        latencies.append(seconds)
    return latencies


def _burst(s: Session, uri: str, work: Workload) -> dict[str, Any]:
    """Type ``edits`` characters at a fixed pace; how long until the final diagnostics?

    The pace is kept against a clock (not sleep-after-send), so a slow server cannot
    slow the typist down. Push servers: the publish for the final version (or, when the
    server sends no versions, the last publish before things go quiet). Pull servers: a
    pull right after the last edit, as an editor does.
    """
    start_mark = s.client.mark()
    pos = workloads.edit_point(work.mb1)
    head, tail = work.mb1[: pos.offset], work.mb1[pos.offset :]
    cpu_before = s.client.cpu_seconds()
    begin = time.perf_counter()
    last_sent = begin
    version = 1
    for i in range(work.edits):
        due = begin + i * work.edit_interval
        delay = due - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
        char = workloads.TYPED[i % len(workloads.TYPED)]
        typed = "".join(workloads.TYPED[j % len(workloads.TYPED)] for j in range(i + 1))
        version, last_sent = s.change(
            uri, pos.line, pos.character + i, char, _joiner(head, typed, tail)
        )
    result: dict[str, Any] = {"final_version": version}
    if s.mode == "pull":
        _, received = s.pull(uri)
        result["final"] = received - last_sent
        result["cpu_per_edit"] = (s.client.cpu_seconds() - cpu_before) / work.edits
        result["publishes"] = None
        result["stale"] = None
        return result
    final = s.wait_publish(uri, start_mark, version)
    versioned = final.msg["params"].get("version") is not None
    if not versioned:
        final = _last_before_quiet(s, uri, start_mark, last_sent)
    result["final"] = final.at - last_sent
    result["cpu_per_edit"] = (s.client.cpu_seconds() - cpu_before) / work.edits
    result["versioned"] = versioned
    s.settle(0.3)
    publishes = s.publishes_since(uri, start_mark)
    versions = [p.msg["params"].get("version") for p in publishes]
    result["publishes"] = max(0, len(publishes) - 1)
    result["stale"] = _out_of_order(versions) if versioned else None
    return result


def _joiner(head: str, typed: str, tail: str) -> Callable[[], str]:
    """The full text after typing, built only if the server wants whole texts."""
    return lambda: head + typed + tail


def _last_before_quiet(s: Session, uri: str, start: int, after: float, quiet: float = 1.0) -> Any:
    """For unversioned servers: the last publish after ``after`` once 1 s passes quietly."""
    deadline = time.perf_counter() + s.timeout
    while time.perf_counter() < deadline:
        late = [p for p in s.publishes_since(uri, start) if p.at >= after]
        if late and time.perf_counter() - late[-1].at >= quiet:
            return late[-1]
        s.settle(0.1)
    raise LspError("diagnostics never settled after the burst")


def _out_of_order(versions: list[Any]) -> int:
    """Publishes whose version is older than one already published (stale after newer)."""
    stale = 0
    newest = -1
    for version in versions:
        if isinstance(version, int):
            if version < newest:
                stale += 1
            newest = max(newest, version)
    return stale


def memory_session(spec: ServerSpec, work: Workload, timeout: float) -> dict[str, Any]:
    """Open every 100 KB document, wait until each is analysed, read peak RSS."""
    out: dict[str, Any] = {}
    with _tmp_root(spec.name + "-rss") as tmp, Session(spec, Path(tmp), timeout) as s:
        s.initialize()
        out["rss_idle_kb"] = s.client.peak_rss_kb()
        uris = [s.write(name, text) for name, text in work.many]
        mark = s.client.mark()
        for uri, (_, text) in zip(uris, work.many, strict=True):
            s.open(uri, text)
        if s.mode == "pull":
            for uri in uris:
                s.pull(uri)
        else:
            _wait_all_published(s, set(uris), mark)
        out["rss_kb"] = s.client.peak_rss_kb()
    return out


def _wait_all_published(s: Session, pending: set[str], mark: int) -> None:
    """Wait (bounded) until every URI has had a publish after ``mark``."""
    index = mark
    deadline = time.perf_counter() + s.timeout
    while pending:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise LspError(f"{len(pending)} documents never got diagnostics")
        item, index = s.client.wait_for(lambda m: m.get("method") == PUBLISH, left, index)
        pending.discard(item.msg["params"].get("uri"))
