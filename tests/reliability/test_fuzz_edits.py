"""Edit fuzzing: random incremental edits against a real server, checked after every step.

A hypothesis state machine keeps the client's model of one document and sends random
``didChange`` notifications: multi-line replacements, inserts at line ends (and past
them, which LSP clamps), deletions across CRLF pairs, astral-plane characters, combining
marks, markers typed one key at a time and half deleted, several changes in one
notification, and whole-document replacements. After every step the server's text hash
(``promptls.debug.documentHash``) must equal the model's, and the pulled diagnostics
must equal what ``promptls.analysis.analyze`` finds in the model's text, converted to
positions here. The push path is checked at the end of every example.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from promptls.analysis import analyze
from tests.positions import lines

from .conftest import LONG, MARKER, assert_clean_log, lsp_range, position
from .rawlsp import RawClient

FRAGMENTS = [
    "a",
    "word ",
    " ",
    "\n",
    "\r\n",
    "\r",
    "\t",
    "é",
    "e\u0301",  # e + combining acute
    "\u0301\u0308",  # two combining marks with no base
    "🎉",
    "𝕏",
    "👩\u200d💻",  # ZWJ sequence
    "中文",
    "\u202e",  # bidi override
    "\u200b",  # zero-width space
    MARKER,
    MARKER[:14],
    MARKER[14:],
    "__ZIDANE_SYSTEM_PROMPT_BOUNDRY__",  # near miss
    "\n\n" + MARKER + "\n\n",
]
SNIPPETS = st.lists(st.sampled_from(FRAGMENTS), max_size=5).map("".join)
LSP_SEVERITY = {"error": 1, "warning": 2, "info": 3, "hint": 4}
EXAMPLES, STEPS = (150, 80) if LONG else (15, 30)

_SEQ = itertools.count()


class EditMachine(RuleBasedStateMachine):
    """One open document per example; the server is shared by every example of a test."""

    client: ClassVar[RawClient]
    folder: ClassVar[Path]
    encoding: ClassVar[str]
    pull: ClassVar[bool]
    edits: ClassVar[int] = 0
    steps: ClassVar[int] = 0

    def __init__(self) -> None:
        """A fresh document URI; the text arrives with the ``open`` initializer."""
        super().__init__()
        self.path = self.folder / f"fuzz-{next(_SEQ)}.prompt"
        self.uri = self.path.as_uri()
        self.text = ""
        self.version = 0

    # -- sending ------------------------------------------------------------------------

    def send(self, changes: list[dict[str, Any]]) -> None:
        """One ``didChange`` with these content changes (already applied to the model)."""
        self.version += 1
        type(self).edits += len(changes)
        self.client.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": self.uri, "version": self.version},
                "contentChanges": changes,
            },
        )

    def change(self, start: int, end: int, new: str) -> dict[str, Any]:
        """Apply a replacement to the model and return the LSP change that describes it."""
        event = {"range": lsp_range(self.text, start, end, self.encoding), "text": new}
        self.text = self.text[:start] + new + self.text[end:]
        return event

    def boundary(self, offset: int) -> int:
        """Move an offset out of a CRLF pair (no LSP position can point there)."""
        offset = max(0, min(offset, len(self.text)))
        if 0 < offset < len(self.text) and self.text[offset - 1 : offset + 1] == "\r\n":
            offset -= 1
        return offset

    # -- rules --------------------------------------------------------------------------

    @initialize(text=SNIPPETS)
    def open(self, text: str) -> None:
        """Open the document with random initial text."""
        self.text, self.version = text, 1
        self.client.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": self.uri,
                    "languageId": "markdown",
                    "version": 1,
                    "text": text,
                }
            },
        )

    @rule(data=st.data(), new=SNIPPETS)
    def replace(self, data: st.DataObject, new: str) -> None:
        """Replace a random (possibly multi-line) range."""
        a = self.boundary(data.draw(st.integers(0, len(self.text))))
        b = self.boundary(data.draw(st.integers(0, len(self.text))))
        self.send([self.change(min(a, b), max(a, b), new)])

    @rule(data=st.data(), new=SNIPPETS, past=st.integers(0, 3))
    def insert_at_line_end(self, data: st.DataObject, new: str, past: int) -> None:
        """Insert at the end of a line; ``past`` > 0 sends a column beyond it (clamped)."""
        all_lines = lines(self.text)
        line = data.draw(st.integers(0, len(all_lines) - 1))
        end = all_lines[line][1]
        pos = position(self.text, end, self.encoding)
        pos["character"] += past
        self.send([{"range": {"start": pos, "end": pos}, "text": new}])
        self.text = self.text[:end] + new + self.text[end:]

    @precondition(lambda self: "\r\n" in self.text)
    @rule(data=st.data(), new=st.sampled_from(["", "\n", "\r", "x"]))
    def delete_across_crlf(self, data: st.DataObject, new: str) -> None:
        """Delete a range that swallows a whole CRLF pair (and maybe some text around it)."""
        pairs = [i for i in range(len(self.text) - 1) if self.text[i : i + 2] == "\r\n"]
        at = data.draw(st.sampled_from(pairs))
        start = self.boundary(at - data.draw(st.integers(0, 3)))
        end = self.boundary(at + 2 + data.draw(st.integers(0, 3)))
        self.send([self.change(start, max(end, at + 2), new)])

    @rule(data=st.data())
    def type_marker(self, data: st.DataObject) -> None:
        """Type the marker one character per ``didChange``, as an editor would."""
        at = self.boundary(data.draw(st.integers(0, len(self.text))))
        for i, char in enumerate(MARKER):
            self.send([self.change(at + i, at + i, char)])

    @precondition(lambda self: MARKER in self.text)
    @rule(data=st.data())
    def half_delete_marker(self, data: st.DataObject) -> None:
        """Delete part of a marker, one backspace at a time from its end."""
        start = self.text.index(MARKER)
        keep = data.draw(st.integers(1, len(MARKER) - 1))
        for end in range(start + len(MARKER), start + keep, -1):
            self.send([self.change(end - 1, end, "")])

    @rule(data=st.data(), count=st.integers(2, 4))
    def batch(self, data: st.DataObject, count: int) -> None:
        """Several changes in one notification, each against the text the last one left."""
        changes = []
        for _ in range(count):
            a = self.boundary(data.draw(st.integers(0, len(self.text))))
            b = self.boundary(data.draw(st.integers(0, len(self.text))))
            changes.append(self.change(min(a, b), max(a, b), data.draw(SNIPPETS)))
        self.send(changes)

    @rule(new=SNIPPETS)
    def replace_all(self, new: str) -> None:
        """A change without a range replaces the whole document."""
        self.text = new
        self.send([{"text": new}])

    # -- checks -------------------------------------------------------------------------

    def expected(self) -> list[tuple[Any, ...]]:
        """What the analysis finds in the model's text, as comparable diagnostics."""
        analysis = analyze(self.text, path=str(self.path))
        return sorted(
            (
                _key(lsp_range(self.text, f.start, f.end, self.encoding)),
                f.code,
                f.message,
                LSP_SEVERITY[f.severity.value],
            )
            for f in analysis.findings
        )

    @invariant()
    def server_agrees(self) -> None:
        """Same text (by hash) and the same diagnostics as the analysis of the model."""
        if not self.version:
            return
        type(self).steps += 1
        answer = self.client.command("promptls.debug.documentHash", {"uri": self.uri})
        assert "result" in answer, answer
        want = hashlib.sha256(self.text.encode("utf-8", "surrogatepass")).hexdigest()
        assert answer["result"]["version"] == self.version
        assert answer["result"]["sha256"] == want, f"text diverged: model is {self.text!r}"
        report = self.client.request("textDocument/diagnostic", {"textDocument": {"uri": self.uri}})
        assert _diagnostics(report["items"]) == self.expected()

    def teardown(self) -> None:
        """Check the pushed diagnostics of the final version, then close the document."""
        if self.version and not self.pull:
            published = self.client.wait_notification(
                lambda n: (
                    n["method"] == "textDocument/publishDiagnostics"
                    and n["params"]["uri"] == self.uri
                    and n["params"].get("version") == self.version
                )
            )
            assert _diagnostics(published["params"]["diagnostics"]) == self.expected()
        if self.version:
            self.client.notify("textDocument/didClose", {"textDocument": {"uri": self.uri}})


def _key(rng: dict[str, Any]) -> tuple[int, int, int, int]:
    """A range as a sortable tuple."""
    s, e = rng["start"], rng["end"]
    return (s["line"], s["character"], e["line"], e["character"])


def _diagnostics(items: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """Server diagnostics in the same comparable shape as :meth:`EditMachine.expected`."""
    return sorted((_key(d["range"]), d["code"], d["message"], d["severity"]) for d in items)


@pytest.mark.slow  # a fuzzed-edit session against a server
@pytest.mark.parametrize(("encoding", "pull"), [("utf-16", False), ("utf-8", True)])
def test_random_edits_keep_server_in_sync(
    encoding: str,
    pull: bool,
    start_server: Callable[..., RawClient],
    workspace: Path,
) -> None:
    client = start_server()
    result = client.initialize(
        workspace, encoding=None if encoding == "utf-16" else encoding, pull=pull
    )
    assert result["capabilities"]["positionEncoding"] == encoding

    machine = type(
        f"EditMachine_{encoding.replace('-', '')}",
        (EditMachine,),
        {"client": client, "folder": workspace, "encoding": encoding, "pull": pull},
    )
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            derandomize=not LONG,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
    print(f"\n{encoding}: {machine.edits} edits fuzzed in {machine.steps} checked steps")
    assert machine.steps >= EXAMPLES, "the state machine barely ran"
    assert client.alive(), "the server exited"
    assert_clean_log(client)
