"""The oracle run against the user's own setup (``promptls observe``): what each agent
needs beyond its test adapter, the temporary home it runs in, and its start-up hooks.

The oracle's tests give an agent a fake, empty home. ``observe`` must show what the
user's agent sends, so it reads the user-level instruction files and settings too, but
must leave the user's agent state exactly as it was. The agent therefore never gets the
real home: it gets an *overlay*, a temporary folder holding copies of only the
user-level files that agent reads (``UserSetup.carry``), never its credentials, session
history or state, and the overlay is deleted after the run. Where the agent has a
no-persistence mode it is used as well (``UserSetup.ephemeral``).

Hooks the user configured run as they would in a real session; :func:`find_hooks` lists
them so ``observe`` can say so before it runs, and ``UserSetup.skip_hooks`` is the
agent's own switch to turn them off.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from promptls.oracle.adapter import Adapter, Launch, Observation, merge_json_file
from promptls.oracle.mock import Reply, Request
from promptls.record import Record, field

VERSION = re.compile(r"\b(\d+)\.(\d+)\.(\d+)\b")


class HookSource(Record):
    """A settings file that may configure code run at start-up: its path (relative to
    the home or to the working folder, per ``in_home``) and the JSON key holding it (an
    object of events, or a list of plugins)."""

    path: str
    key: str = "hooks"
    in_home: bool = True


class UserSetup(Record):
    """One agent as ``observe`` runs it against the user's own setup.

    ``title``: the agent's name for people. ``package``: its npm package (for "install
    it" messages). ``minimum``: the oldest release its adapter is known to drive (the
    oracle's pin; an older one gets "too old"). ``carry``: home-relative files and
    folders copied into the overlay (the user-level instructions and settings it reads).
    ``ephemeral``: arguments for its no-persistence mode (the switches that keep it off
    every host but the mock are in its adapter's launch, for the oracle's runs too).
    ``env``: variables its user runs need. ``hooks``: where its settings may configure
    hooks; ``skip_hooks``: the arguments that switch them off, and
    ``skip_hooks_settings``: settings merged into the overlay for the same purpose (for
    agents whose switch is a setting). ``drop_settings``: a carried settings file and
    the keys removed from its copy (settings that fetch a real credential or force a
    real login). ``login``: how its output reads when it insists on a login the mock
    cannot satisfy, and ``login_advice`` what the user can do then.
    """

    title: str
    package: str
    minimum: str
    carry: tuple[str, ...]
    ephemeral: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    hooks: tuple[HookSource, ...] = ()
    skip_hooks: tuple[str, ...] = ()
    skip_hooks_settings: tuple[str, Mapping[str, object]] | None = None
    drop_settings: tuple[str, tuple[str, ...]] | None = None
    login: str = r"(?i)\b(log ?in|sign ?in|authenticat|credential|api key)"
    login_advice: str = ""


class Hook(Record):
    """Hooks found in one settings file: its path and the events they run on."""

    path: str
    events: tuple[str, ...]


def parse_version(text: str) -> tuple[int, int, int] | None:
    """The first ``X.Y.Z`` in a ``--version`` output, or None."""
    found = VERSION.search(text)
    return (int(found[1]), int(found[2]), int(found[3])) if found else None


def build_overlay(setup: UserSetup, real_home: Path, overlay: Path) -> tuple[str, ...]:
    """Copy what ``setup`` carries from ``real_home`` into ``overlay``; the home-relative
    paths copied. Symlinks are followed (the agent reads their targets); a file that
    cannot be read is left out rather than failing the run."""
    overlay.mkdir(parents=True, exist_ok=True)
    copied: list[str] = []
    for rel in setup.carry:
        source = real_home / rel
        target = overlay / rel
        try:
            if source.is_dir():
                shutil.copytree(source, target, symlinks=False, ignore_dangling_symlinks=True)
            elif source.is_file():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            else:
                continue
        except (OSError, shutil.Error):
            continue
        copied.append(rel)
    if setup.drop_settings is not None:
        rel, keys = setup.drop_settings
        _drop_keys(overlay / rel, keys)
    return tuple(copied)


def _drop_keys(path: Path, keys: tuple[str, ...]) -> None:
    """Remove ``keys`` from the JSON object at ``path`` (an unreadable file is removed:
    the agent would reject it anyway, and it must not carry what cannot be checked)."""
    if not path.is_file():
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        path.unlink()
        return
    if not isinstance(data, dict):
        path.unlink()
        return
    for key in keys:
        data.pop(key, None)
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


def find_hooks(setup: UserSetup, home: Path, work: Path) -> tuple[Hook, ...]:
    """The settings files (user-level and in the working folder) that configure hooks."""
    found: list[Hook] = []
    for source in setup.hooks:
        path = (home if source.in_home else work) / source.path
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        hooks = data.get(source.key) if isinstance(data, dict) else None
        if isinstance(hooks, (dict, list)) and hooks:
            found.append(Hook(str(path), tuple(str(name) for name in hooks)))
    return tuple(found)


class UserAdapter:
    """An agent's oracle adapter with the user-run additions of its ``UserSetup``: the
    no-persistence arguments and, when asked, the hook switch (both placed before the
    prompt, the launch's last argument), and the extra variables."""

    def __init__(self, inner: Adapter, setup: UserSetup, *, skip_hooks: bool) -> None:
        self.inner = inner
        self.setup = setup
        self.skip_hooks = skip_hooks

    @property
    def profile(self) -> str:
        return self.inner.profile

    @property
    def executable(self) -> str:
        return self.inner.executable

    def launch(self, exe: Path, url: str, work: Path, home: Path, scratch: Path) -> Launch:
        base = self.inner.launch(exe, url, work, home, scratch)
        extra = [*self.setup.ephemeral]
        if self.skip_hooks:
            extra += self.setup.skip_hooks
            if self.setup.skip_hooks_settings is not None:
                rel, settings = self.setup.skip_hooks_settings
                merge_json_file(home / rel, settings)
        argv = (*base.argv[:-1], *extra, base.argv[-1])
        return Launch(argv=argv, env={**self.setup.env, **base.env})

    def respond(self, request: Request, seen: Sequence[Request]) -> Reply:
        return self.inner.respond(request, seen)

    def main_request(self, requests: Sequence[Request]) -> Request | None:
        return self.inner.main_request(requests)

    def observe(self, request: Request) -> Observation:
        return self.inner.observe(request)

    def reading(self, target: Path) -> Adapter | None:
        """None: observe never scripts a read (its mock answers no tool call)."""
        return None
