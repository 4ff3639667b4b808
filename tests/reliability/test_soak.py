"""Soak: many edits across many documents with opens and closes; nothing grows.

Default run: 6,000 edits over 50 documents (enough for a 2 KB-per-edit leak to
show as +25 %); ``--long``: 20,000 over 200. After a warm-up (every document opened,
a quarter of the edits, half the documents closed) the server's RSS is noted; at the
end it must be within 10 %. Every document's text must
still match the client's; with everything closed, the server holds no document, no
leftover task, no more threads than its pool allows, and every cache is within its
documented bound (``promptls.debug.stats``).
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.positions import lines

from .conftest import LONG, MARKER, assert_clean_log, position
from .rawlsp import RawClient

pytestmark = pytest.mark.slow  # thousands of edits against a server, then its caches

EDITS, DOCS = (20_000, 200) if LONG else (6_000, 50)
FRAGMENTS = ["word ", "\n", "\r\n", "é", "🎉", "中", "\u200b", MARKER, "__ZIDANE_", "x" * 40]
MAX_TEXT = 3000
"""Documents are trimmed at this size so their own growth is not mistaken for a leak."""
POOL_THREADS = min(32, (os.cpu_count() or 1) + 4)
"""Size of a default ``ThreadPoolExecutor``: the server has two (pygls reads stdin in
one, analyses run in asyncio's default executor), plus the main thread."""
MAX_THREADS = 1 + 2 * POOL_THREADS


class Model:
    """The client's copy of the documents, and the edits that keep the server's in step."""

    def __init__(self, client: RawClient, folder: Path, rng: random.Random) -> None:
        """Documents alternate between prompt files and instruction files in sub-folders."""
        self.client, self.rng = client, rng
        self.uris = [
            (folder / f"d{i}" / ("AGENTS.md" if i % 2 else "p.prompt")).as_uri()
            for i in range(DOCS)
        ]
        for i in range(DOCS):
            (folder / f"d{i}").mkdir()
        self.texts: dict[str, str] = {}
        self.versions: dict[str, int] = {}
        self.edits = 0

    def open(self, uri: str) -> None:
        """Open with a short random text."""
        text = "".join(self.rng.choice(FRAGMENTS) for _ in range(8))
        self.texts[uri] = text
        self.versions[uri] = self.versions.get(uri, 0) + 1
        self.client.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "markdown",
                    "version": self.versions[uri],
                    "text": text,
                }
            },
        )

    def close(self, uri: str) -> None:
        """Close and forget."""
        del self.texts[uri]
        self.client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def edit(self, uri: str) -> None:
        """One random incremental edit (a trim when the text is long)."""
        text = self.texts[uri]
        if len(text) > MAX_TEXT:
            start, end, new = 0, len(text) // 2, ""
        else:
            a, b = self._offset(text), self._offset(text)
            start, end = min(a, b), max(a, b)
            if end - start > 200:
                end = start
            new = "".join(self.rng.choice(FRAGMENTS) for _ in range(self.rng.randint(0, 3)))
        rng = {"start": position(text, start, "utf-16"), "end": position(text, end, "utf-16")}
        self.texts[uri] = text[:start] + new + text[end:]
        self.versions[uri] += 1
        self.edits += 1
        self.client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": uri, "version": self.versions[uri]},
                "contentChanges": [{"range": rng, "text": new}],
            },
        )

    def _offset(self, text: str) -> int:
        """A random offset that is a valid LSP position (not inside CRLF)."""
        line_start, line_end = self.rng.choice(lines(text))
        return self.rng.randint(line_start, line_end)

    def run(self, until: int) -> None:
        """Edit random open documents until ``until`` edits are done; closes and reopens
        are mixed in."""
        while self.edits < until:
            roll = self.rng.random()
            closed = [u for u in self.uris if u not in self.texts]
            if closed and (roll < 0.02 or not self.texts):
                self.open(self.rng.choice(closed))
            elif roll < 0.03 and len(self.texts) > 1:
                self.close(self.rng.choice(list(self.texts)))
            else:
                self.edit(self.rng.choice(list(self.texts)))

    def verify(self) -> None:
        """Every open document's server text equals the model (also syncs the stream)."""
        for uri, text in self.texts.items():
            answer = self.client.command("promptls.debug.documentHash", {"uri": uri})
            want = hashlib.sha256(text.encode("utf-8")).hexdigest()
            assert answer["result"]["sha256"] == want, uri


def stats(client: RawClient) -> dict[str, Any]:
    """The server's own counts (debug command)."""
    result: dict[str, Any] = client.request(
        "workspace/executeCommand", {"command": "promptls.debug.stats", "arguments": []}
    )
    return result


def test_soak_memory_tasks_threads_and_caches_stay_bounded(
    start_server: Callable[..., RawClient], workspace: Path
) -> None:
    client = start_server()
    client.initialize(workspace)
    baseline = stats(client)
    model = Model(client, workspace, random.Random(7))
    for uri in model.uris:  # warm-up: every document opened, edited and closed once
        model.open(uri)
    model.run(EDITS // 4)
    for uri in list(model.texts)[: DOCS // 2]:
        model.close(uri)
    model.verify()
    rss_warm = client.rss_kb()
    model.run(EDITS)
    model.verify()
    rss_end = client.rss_kb()
    print(
        f"\nsoak: {model.edits} edits over {DOCS} documents; "
        f"RSS after warm-up {rss_warm} KiB, at the end {rss_end} KiB "
        f"({100 * (rss_end - rss_warm) / rss_warm:+.1f} %)"
    )
    assert model.edits >= EDITS
    assert rss_end < rss_warm * 1.10, (rss_warm, rss_end)

    for uri in list(model.texts):
        model.close(uri)
    # the closes cancel every debounced analysis; these requests are answered after them
    final = stats(client)
    print(
        f"soak: tasks {baseline['tasks']} -> {final['tasks']}, "
        f"threads {baseline['threads']} -> {final['threads']}, caches {final}"
    )
    assert final["documents"] == 0
    assert final["tasks"] <= baseline["tasks"], "tasks leaked"
    assert final["threads"] <= MAX_THREADS, "threads leaked"
    for cache in ("discoveryCache", "settingsCache"):
        assert final[cache]["size"] <= final[cache]["max"], cache
    assert client.alive()
    assert_clean_log(client)


@pytest.mark.parametrize("folders", [300])
def test_caches_stay_within_their_bounds(
    start_server: Callable[..., RawClient], workspace: Path, folders: int
) -> None:
    # More folders than either cache holds: each instruction file opened in its own
    # folder costs a discovery and a settings entry, and both must evict.
    client = start_server()
    client.initialize(workspace)
    for i in range(folders):
        (workspace / f"f{i}").mkdir()
        uri = (workspace / f"f{i}" / "AGENTS.md").as_uri()
        client.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "markdown", "version": 1, "text": "x"}},
        )
        client.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
        client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    final = stats(client)
    for cache in ("discoveryCache", "settingsCache"):
        assert 0 < final[cache]["size"] <= final[cache]["max"] < folders, (cache, final)
    assert final["documents"] == 0
