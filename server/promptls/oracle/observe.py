"""``promptls observe``: run the user's own agent once against the recording mock and
put what it sent next to what promptls predicts for it.

The run follows the oracle's contract (``runner``: mock on 127.0.0.1, a clean
environment with a fake credential, the process group killed at the end) with the
user-run additions of ``user``: a temporary overlay home carrying the user-level files
the agent reads, its no-persistence mode, and its hooks listed before it runs. The
prediction is ``discover`` + the agent's renderer on the same folder, the same overlay
home and the same environment the agent got, so both sides see one world. Paths in the
overlay are shown as the user's own home paths.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from promptls.assembly.agents import render_agent
from promptls.assembly.agents.model import Measured, measure, utf8_len
from promptls.discovery import discover
from promptls.oracle.agents import ADAPTERS, USERS
from promptls.oracle.runner import Capture, clean_env, read_version, run
from promptls.oracle.user import (
    Hook,
    UserAdapter,
    UserSetup,
    build_overlay,
    find_hooks,
    parse_version,
)
from promptls.record import Record
from promptls.tokens import TokenCount, count_tokens

DEFAULT_TIMEOUT = 90.0
"""Seconds the agent gets to send its instruction request (the pinned agents take 2-20
s on a busy 2-core machine)."""


class ObserveError(Exception):
    """Why observe could not run or read the agent: one line saying which and what to do."""


class Plan(Record):
    """What observe knows before the agent's session starts."""

    agent: str
    title: str
    program: str
    version: str
    folder: str
    carried: tuple[str, ...]
    hooks: tuple[Hook, ...]
    skip_hooks: bool
    can_skip_hooks: bool


class SentFile(Record):
    """One instruction file in a wire text: its path, UTF-8 bytes (its framing header
    included when the agent names files) and tokens."""

    path: str
    bytes: int
    tokens: TokenCount


class RequestPart(Record):
    """One top-level field of the instruction request's body and its size as JSON."""

    name: str
    bytes: int


class Report(Record):
    """Observed and predicted, side by side; ``differences`` holds one "your agent
    sends X; promptls predicted Y" line per disagreement (empty when they agree)."""

    plan: Plan
    files: tuple[SentFile, ...]
    wire: str
    wire_tokens: TokenCount
    predicted_files: tuple[SentFile, ...]
    predicted_wire: str
    request_bytes: int
    request_parts: tuple[RequestPart, ...]
    differences: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.differences


def supported() -> tuple[str, ...]:
    """The agents observe can run (those the oracle has an adapter for)."""
    return tuple(USERS)


def find_program(agent: str, agent_bin: str | None, environ: Mapping[str, str]) -> Path:
    """The agent's program: ``agent_bin``, else its name on the user's PATH."""
    setup = _setup(agent)
    name = ADAPTERS[agent].executable
    if agent_bin is not None:
        path = Path(agent_bin).expanduser()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise ObserveError(f"--agent-bin {agent_bin} is not an executable file")
        return path.resolve()
    found = shutil.which(name, path=environ.get("PATH", ""))
    if found is None:
        raise ObserveError(
            f"{setup.title} is not installed: no `{name}` on PATH; install it "
            f"(npm install -g {setup.package}) or name the program with --agent-bin"
        )
    return Path(found)


def observe(
    agent: str,
    folder: Path,
    *,
    agent_bin: str | None = None,
    home: Path | None = None,
    environ: Mapping[str, str] | None = None,
    timeout: float = DEFAULT_TIMEOUT,
    skip_hooks: bool = False,
    before_run: Callable[[Plan], bool] | None = None,
) -> Report | Plan:
    """Run ``agent`` in ``folder`` and compare. ``before_run`` sees the plan (version,
    hooks) before the session starts; when it returns False no session runs and the
    plan is returned. Raises ObserveError for anything the user must fix."""
    environ = os.environ if environ is None else environ
    setup = _setup(agent)
    exe = find_program(agent, agent_bin, environ)
    work = Path(os.path.abspath(folder))  # noqa: PTH100 (symlinks kept, as the agent sees it)
    real_home = (home or Path(environ.get("HOME") or Path.home())).resolve()
    with tempfile.TemporaryDirectory(prefix="promptls-observe-") as tmp:
        overlay, scratch = Path(tmp) / "home", Path(tmp) / "scratch"
        carried = build_overlay(setup, real_home, overlay)
        extra = {"PATH": environ.get("PATH", "")}
        env = clean_env(overlay, work, scratch, extra)
        adapter = UserAdapter(ADAPTERS[agent], setup, skip_hooks=skip_hooks)
        version = read_version(adapter, exe, work, overlay, scratch / "version", extra_env=extra)
        plan = Plan(
            agent=agent,
            title=setup.title,
            program=str(exe),
            version=_checked_version(setup, version),
            folder=str(work),
            carried=carried,
            hooks=find_hooks(setup, real_home, work),
            skip_hooks=skip_hooks,
            can_skip_hooks=bool(setup.skip_hooks or setup.skip_hooks_settings),
        )
        if before_run is not None and not before_run(plan):
            return plan
        capture = run(adapter, exe, work, overlay, scratch, timeout=timeout, extra_env=extra)
        _check_capture(setup, capture, timeout)
        predicted = measure(render_agent(discover(work, agent, home=overlay, environ=env)))
        return _report(plan, capture, predicted, str(overlay), str(real_home))


def _setup(agent: str) -> UserSetup:
    setup = USERS.get(agent)
    if setup is None:
        raise ObserveError(f"observe runs {', '.join(USERS)}; not {agent!r}")
    return setup


def _checked_version(setup: UserSetup, output: str) -> str:
    """The version ``--version`` printed; too old or unreadable is an error."""
    version = parse_version(output)
    if version is None:
        line = output.strip().splitlines()[-1:] or ["no output"]
        raise ObserveError(
            f"{setup.title} did not say its version ({line[0][:120]}): check that the "
            "program runs, or name it with --agent-bin"
        )
    minimum = parse_version(setup.minimum)
    shown = ".".join(map(str, version))
    if minimum is not None and version < minimum:
        raise ObserveError(
            f"{setup.title} {shown} is too old for observe (it drives {setup.minimum} or "
            f"newer): update it (npm install -g {setup.package})"
        )
    return shown


def _check_capture(setup: UserSetup, capture: Capture, timeout: float) -> None:
    """An error when the agent never sent its instruction request, saying why."""
    if capture.main is not None:
        return
    last = next((ln for ln in reversed(capture.output.splitlines()) if ln.strip()), "")
    if re.search(setup.login, capture.output):
        advice = f": {setup.login_advice}" if setup.login_advice else ""
        raise ObserveError(
            f"{setup.title} insists on a login the mock cannot satisfy "
            f"({last.strip()[:160]}){advice}"
        )
    if capture.returncode == -signal.SIGKILL:
        raise ObserveError(
            f"{setup.title} sent no instruction request within {timeout:g} s "
            "(stopped): give it more time with --timeout"
        )
    raise ObserveError(
        f"{setup.title} exited (status {capture.returncode}) before sending its "
        f"instruction request: {last.strip()[:160] or 'no output'}"
    )


def _report(
    plan: Plan, capture: Capture, predicted: Measured, overlay: str, real_home: str
) -> Report:
    """Both sides with overlay paths shown as the user's home, measured and compared."""
    encoding = predicted.rendering.encoding
    observation = capture.observation
    wire = observation.wire if observation else ""
    predicted_wire = predicted.rendering.wire
    predicted_paths = [span.path for span in predicted.files]
    if observation is not None and observation.files is not None:
        paths = list(observation.files)
    else:  # the agent names no file: find each predicted file's text on the wire
        texts = {p.piece.path: p.piece.text for p in predicted.pieces if p.piece.path}
        found = [(wire.find(t), path) for path, t in texts.items() if t and t in wire]
        paths = [path for _, path in sorted(found)]

    # an agent that names files relative to the working folder (Qwen Code) names the
    # overlay home relative to it too
    relative = (os.path.relpath(overlay, plan.folder), os.path.relpath(real_home, plan.folder))

    def shown(text: str) -> str:
        return text.replace(overlay, real_home).replace(*relative)

    spans = tuple(SentFile(s.path, s.bytes, s.tokens) for s in predicted.files)
    named = observation is not None and observation.files is not None
    files = _segments(wire, paths, encoding) if named else ()
    predicted_files = _segments(predicted_wire, predicted_paths, encoding) if named else ()
    if not files:
        files = tuple(f for f in spans if f.path in paths)
    if len(predicted_files) != len(spans):
        predicted_files = spans
    files = tuple(SentFile(shown(f.path), f.bytes, f.tokens) for f in files)
    predicted_files = tuple(SentFile(shown(f.path), f.bytes, f.tokens) for f in predicted_files)
    body = capture.main.body if capture.main is not None else None
    parts = tuple(
        RequestPart(str(k), utf8_len(json.dumps(v, ensure_ascii=False)))
        for k, v in (body.items() if isinstance(body, dict) else ())
    )
    differences = _differences(
        [shown(p) for p in paths],
        [shown(p) for p in predicted_paths],
        shown(wire),
        shown(predicted_wire),
    )
    return Report(
        plan=plan,
        files=files,
        wire=shown(wire),
        wire_tokens=count_tokens(shown(wire), encoding),
        predicted_files=predicted_files,
        predicted_wire=shown(predicted_wire),
        request_bytes=sum(p.bytes for p in parts),
        request_parts=tuple(sorted(parts, key=lambda p: -p.bytes)),
        differences=differences,
    )


def _segments(wire: str, paths: Sequence[str], encoding: str | None) -> tuple[SentFile, ...]:
    """Each named file's run of the wire: from the line naming it to the next such line
    (empty when a path is not on the wire)."""
    if not paths:
        return ()
    starts: list[int] = []
    at = 0
    for path in paths:
        found = wire.find(path, at)
        if found < 0:
            return ()
        starts.append(wire.rfind("\n", 0, found) + 1)
        at = found + len(path)
    ends = [*starts[1:], len(wire)]
    return tuple(
        SentFile(path, utf8_len(wire[a:b]), count_tokens(wire[a:b], encoding))
        for path, a, b in zip(paths, starts, ends, strict=True)
    )


def _differences(
    sent: list[str], predicted: list[str], wire: str, predicted_wire: str
) -> tuple[str, ...]:
    """The "your agent sends X; promptls predicted Y" lines."""
    lines: list[str] = []
    if sent != predicted:
        lines.append(f"your agent sends {_files(sent)}; promptls predicted {_files(predicted)}")
    if wire != predicted_wire:
        at = len(os.path.commonprefix([wire, predicted_wire]))  # noqa: RUF071 (characters wanted)
        lines.append(
            f"your agent sends {utf8_len(wire):,} bytes of instruction text "
            f"({_excerpt(wire, at)} at byte {utf8_len(wire[:at]):,}); promptls predicted "
            f"{utf8_len(predicted_wire):,} ({_excerpt(predicted_wire, at)})"
        )
    return tuple(lines)


def _files(paths: list[str]) -> str:
    if not paths:
        return "no instruction file"
    names = ", ".join(paths)
    return f"{len(paths)} file{'s' if len(paths) != 1 else ''} ({names})"


def _excerpt(text: str, at: int) -> str:
    return repr(text[at : at + 40]) if at < len(text) else "the end"
