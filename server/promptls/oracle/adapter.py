"""What the oracle needs to know about one agent, behind one small interface.

Each agent's adapter (``promptls/agents/<home>/oracle.py``) says how to run that agent
headless against the recording mock (its command line, its environment and the settings it needs
to talk to 127.0.0.1 with a fake credential), how to answer its requests so it gets as
far as sending the one request that carries its instructions, which request that is,
and how to read the instruction files and their framed text out of it. The runner and
the tests use only this interface, so nothing generic compares an agent's name.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Protocol

from promptls.oracle.mock import Reply, Request
from promptls.record import Record


class Launch(Record):
    """How to start the agent: its arguments and the variables added to a clean
    environment (``HOME``, ``PATH``, ``PWD`` and ``TMPDIR`` are the runner's)."""

    argv: tuple[str, ...]
    env: Mapping[str, str]


class Observation(Record):
    """What the agent sent of its instruction files.

    ``files``: the files in the order the request names them, or None when the agent's
    framing names no path (then the caller tells the files apart by their content).
    ``wire``: the instruction context exactly as framed, in the form ``promptls preview
    --profile NAME --format wire`` prints it (each adapter's docstring says which part
    of the request that is).
    """

    files: tuple[str, ...] | None
    wire: str


class Adapter(Protocol):
    """One agent as the oracle runs it."""

    @property
    def profile(self) -> str:
        """The promptls profile this agent's behaviour is compared with."""
        ...

    @property
    def executable(self) -> str:
        """The program's name in the installed package's ``node_modules/.bin``."""
        ...

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        """The command for one headless run in ``work`` talking to the mock at ``url``.
        Settings the agent needs are written below ``scratch`` (never the user's home)
        or merged into the fake ``home`` the run owns."""
        ...

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        """The mock's answer to one request (never a tool call)."""
        ...

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        """The request that carries the instructions (the one with the tools), or None
        while it has not come."""
        ...

    def observe(self, request: Request) -> Observation:
        """The instruction files and their framed text in ``request``."""
        ...

    def reading(self, target: Path) -> Adapter | None:
        """The agent scripted to read ``target`` once on its first turn, observing what
        it attaches to that read (lazy loads); None where that is not scripted."""
        ...


def text_between(text: str, start: str, end: str) -> str:
    """The text from the first ``start`` to the next ``end``, both included ("" when
    either is missing)."""
    at = text.find(start)
    if at < 0:
        return ""
    stop = text.find(end, at + len(start))
    return "" if stop < 0 else text[at : stop + len(end)]


def system_text(body: Mapping[str, object]) -> str:
    """The text of every ``system`` message of an OpenAI chat completions body, joined
    by a newline (a message's content is a string or a list of text parts)."""
    messages = body.get("messages")
    if not isinstance(messages, list):
        return ""
    texts = []
    for message in messages:
        if not isinstance(message, dict) or message.get("role") != "system":
            continue
        content = message.get("content")
        if isinstance(content, str):
            texts.append(content)
        elif isinstance(content, list):
            texts.extend(
                p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
            )
    return "\n".join(texts)


def first_with_tools(requests: Sequence[Request], key: str = "tools") -> Request | None:
    """The first request whose JSON body has a non-empty ``key`` list."""
    for request in requests:
        body = request.body
        if isinstance(body, dict) and body.get(key):
            return request
    return None


def merge_json_file(path: Path, extra: Mapping[str, object]) -> None:
    """Write ``extra`` into the JSON object at ``path``, keeping what a scenario put
    there (nested objects merged key by key); a file that is not an object is kept
    aside and replaced."""
    current: object = {}
    if path.is_file():
        try:
            current = json.loads(path.read_text(encoding="utf-8"))
        except ValueError:
            current = {}
    merged = _merge(current if isinstance(current, dict) else {}, extra)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(merged, indent=2), encoding="utf-8")


def _merge(base: Mapping[str, object], extra: Mapping[str, object]) -> dict[str, object]:
    out = dict(base)
    for key, value in extra.items():
        old = out.get(key)
        if isinstance(old, Mapping) and isinstance(value, Mapping):
            out[key] = _merge(old, value)
        else:
            out[key] = value
    return out
