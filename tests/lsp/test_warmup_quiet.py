"""Background loading after the first diagnostics waits for a quiet moment: a user who
opens a file often hovers or types at once, and an editor restoring a session opens its
files back to back; a module imported meanwhile would share the interpreter with them
(a hover right after a 1 MB file's diagnostics took 24 ms instead of 7)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from promptls import later
from promptls.later import When, names
from promptls.lsp import warmup

REST = names(When.AFTER_DIAGNOSTICS)
"""The seams the warm-up loads after the first diagnostics, one by one."""


class _Clock:
    """A monotonic clock that ``asyncio.sleep`` advances, so no test really waits."""

    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds + 1e-6  # a real sleep never ends early


def _server(last_message: float, settled: list[int]) -> Any:
    async def settle() -> None:
        settled.append(1)

    return SimpleNamespace(
        protocol=SimpleNamespace(last_message=last_message),
        documents=SimpleNamespace(settled=settle),
        code_cache=None,
    )


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    fake = _Clock()
    monkeypatch.setattr(warmup.time, "monotonic", fake.monotonic)
    monkeypatch.setattr(warmup.asyncio, "sleep", fake.sleep)
    return fake


def test_a_message_just_received_holds_background_loading_back(clock: _Clock) -> None:
    settled: list[int] = []
    loader = warmup.Warmup(_server(clock.now - 0.01, settled))
    asyncio.run(loader.quiet())
    assert clock.slept == [round(warmup.QUIET - 0.01, 6)]
    assert len(settled) == 2  # the documents are asked again after the wait


def test_a_quiet_server_loads_at_once(clock: _Clock) -> None:
    settled: list[int] = []
    loader = warmup.Warmup(_server(clock.now - 1.0, settled))
    asyncio.run(loader.quiet())
    assert clock.slept == []
    assert settled == [1]


def test_every_module_waits_for_its_own_quiet_moment(
    clock: _Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = _server(clock.now, [])
    loaded: list[str] = []

    async def in_thread(func: Any, name: str) -> None:
        loaded.append(name)
        server.protocol.last_message = clock.now  # a message came in during each import

    monkeypatch.setattr(warmup.asyncio, "to_thread", in_thread)
    rules = later.analysis_rules.not_loaded()  # what earlier analyses left (none loaded here)
    asyncio.run(warmup.Warmup(server).rest())
    assert loaded == [*REST, *rules]
    assert clock.slept == [warmup.QUIET] * (len(REST) + len(rules))


def test_a_client_that_never_pauses_still_gets_everything_loaded(clock: _Clock) -> None:
    server = _server(clock.now, [])

    async def busy() -> None:  # a message has always just arrived
        server.protocol.last_message = clock.now

    server.documents.settled = busy
    asyncio.run(warmup.Warmup(server).quiet())
    assert sum(clock.slept) <= warmup.QUIET_AT_MOST + 1e-3


class _Cache:
    """A code cache that records when it is saved."""

    def __init__(self, order: list[str]) -> None:
        self.order = order
        self.path = "cache.bin"
        self.reused = 0
        self.compiled = 1

    def save(self) -> bool:
        self.order.append("save")
        return True


def test_the_code_cache_is_saved_after_the_rest_in_its_own_quiet_moment(
    clock: _Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = _server(clock.now, [])
    order: list[str] = []
    server.code_cache = _Cache(order)

    async def in_thread(func: Any, *args: Any) -> None:
        if args:  # one module of the rest: not loaded here
            order.append(args[0])
        else:  # the save
            order.append("save-call")
            func()
        server.protocol.last_message = clock.now

    monkeypatch.setattr(warmup.asyncio, "to_thread", in_thread)
    rules = later.analysis_rules.not_loaded()
    asyncio.run(warmup.Warmup(server).rest())
    assert order == [*REST, *rules, "save-call", "save"]
    assert clock.slept == [warmup.QUIET] * (len(REST) + len(rules) + 1)
