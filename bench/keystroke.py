"""What one keystroke costs the server's document store, for 1 KB, 100 KB and 1 MB.

In process: the server's own ``Documents.change`` (the document store every feature
reads) applies ``didChange`` events as an editor sends them while the user types one
character after another at a line in the middle of the document (the burst's edit
point); the debounced analysis is not scheduled, so what is timed is the store alone.
A cost that grows with the edit and not with the document is flat across the sizes.
Each text kind of ``workloads.SCRIPTS`` is measured: the emoji text's code units differ
from its code points, so every position is a real conversion.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import workloads

SIZES = (1_000, 100_000, workloads.MB)
KEYS = 400


def _events(text: str, keys: int) -> list[Any]:
    """``keys`` one-character insertions typed at the edit point, as lsprotocol events."""
    from lsprotocol import types  # type: ignore[import-not-found, unused-ignore]

    point = workloads.edit_point(text)
    line, column = point.line, point.character
    events = []
    for n in range(keys):
        char = workloads.TYPED[n % len(workloads.TYPED)]
        at = types.Position(line=line, character=column + n)
        events.append(types.TextDocumentContentChangePartial(range=types.Range(at, at), text=char))
    return events


def per_key_us(text: str, keys: int = KEYS) -> list[float]:
    """Microseconds each keystroke took in ``Documents.change``, in typing order."""
    from promptls.lsp.documents import Documents  # type: ignore[import-not-found, unused-ignore]

    store = Documents(lambda doc, _enc: None, lambda doc, snap: None, "utf-16")  # type: ignore[arg-type, return-value]
    store.schedule = lambda doc, delay: None  # type: ignore[method-assign]
    uri = "file:///bench/doc.prompt.md"
    store.open(uri, "/bench/doc.prompt.md", 1, text, "markdown")
    events = _events(text, keys)
    out: list[float] = []
    clock = time.perf_counter_ns
    for version, event in enumerate(events, start=2):
        began = clock()
        store.change(uri, version, [event])
        out.append((clock() - began) / 1000)
    doc = store.get(uri)
    assert doc is not None and len(doc.text) == len(text) + keys  # every key applied
    return out


def run(reps: int = 5) -> dict[str, Any]:
    """Median per-keystroke microseconds for each kind and size (medians over ``reps``)."""
    out: dict[str, Any] = {}
    for script in workloads.SCRIPTS:
        for size in SIZES:
            text = workloads.prompt_file(size, seed=11, script=script)
            medians = [statistics.median(per_key_us(text)) for _ in range(reps)]
            out[f"{script}/{size}"] = medians
    return out


if __name__ == "__main__":
    import sys

    for key, samples in run().items():
        low, high = min(samples), max(samples)
        sys.stdout.write(f"{key:16} {statistics.median(samples):8.1f} µs ({low:.1f}–{high:.1f})\n")
