"""Settings for the server: editor settings over project config files over defaults.

Precedence, lowest first (documented in docs/server.md, "Settings"):

1. built-in defaults;
2. the project file nearest to the document (``.promptls.toml`` or ``[tool.promptls]`` in
   ``pyproject.toml``), exactly as ``promptls check`` reads it;
3. ``initializationOptions`` sent by the editor at start-up;
4. the ``promptls`` section of ``workspace/configuration`` for the document's workspace
   folder (or, for clients without ``workspace/configuration``, the ``promptls`` object of
   the last ``workspace/didChangeConfiguration``).

An editor key only overrides when it is present and not ``null``, so an editor that sends
its whole settings schema with ``null`` defaults leaves the project file in charge. Every
value is validated by the core's lenient ``settings_from_mapping``: an invalid key is
named in a ``window/showMessage`` warning and falls back to the layer below; the server
keeps running.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from promptls import later
from promptls.analysis.settings import Settings
from promptls.apidesc.ids import MAX_WORKSPACE_FILES
from promptls.text.lazyre import lazy
from promptls.text.paths import within

if TYPE_CHECKING:
    from promptls.config import ConfigProblem

# promptls.config (and tomllib) is imported where settings are first resolved, not at
# start-up: nothing before the ``initialize`` answer needs it unless the client sent
# initializationOptions (measured ~3.5 ms of start-up with ``python -X importtime``).

log = logging.getLogger(__name__)

SECTION = "promptls"
"""The ``workspace/configuration`` section and the ``didChangeConfiguration`` key."""

LSP_ONLY_KEYS = frozenset({"debug", "trace", "workspace_diagnostics_max_files"})
"""Keys that configure the server itself, not the analysis (never passed to the core)."""

_CAMEL = lazy(r"(?<=[a-z0-9])([A-Z])")


def normalise_key(key: str) -> str:
    """``systemPromptFile``/``system-prompt-file`` → ``system_prompt_file``."""
    return _CAMEL.sub(r"_\1", key).replace("-", "_").lower()


def _clean(data: object) -> dict[str, Any]:
    """Editor settings without nulls or server-only keys, keys as the user spelled them."""
    if not isinstance(data, Mapping):
        return {}
    out: dict[str, Any] = {}
    for key, value in data.items():
        if not isinstance(key, str) or value is None:
            continue
        if normalise_key(key) in LSP_ONLY_KEYS:
            continue
        out[key] = value
    return out


def _overlay(base: Settings, layer: Mapping[str, Any], source: str, warn: Warn) -> Settings:
    """Apply the keys ``layer`` sets on top of ``base``; invalid keys keep ``base``'s value."""
    if not layer:
        return base

    parsed, problems = later.config.settings_from_mapping(layer, source=source, base=base)
    for problem in problems:
        warn(_problem_text(problem, source))
    return parsed


def _problem_text(problem: ConfigProblem, source: str) -> str:
    """One line naming the key, for ``window/showMessage``."""
    key = problem.key
    message = problem.message or str(problem)
    if key:
        return f"promptls: invalid setting '{key}' in {source}: {message} (using the default)"
    return f"promptls: invalid settings in {source}: {message} (using the defaults)"


Warn = Callable[[str], None]

SETTINGS_CACHE_SIZE = 256
"""Resolved settings kept per (directory, folder); least recently used go first."""


class SettingsStore:
    """Collects the editor layers and resolves the effective settings per document."""

    def __init__(self, warn: Warn) -> None:
        """``warn`` shows a message to the user (deduplicated here)."""
        self._warn_cb = warn
        self._shown: set[str] = set()
        self.init_options: dict[str, Any] = {}
        self.debug = False
        self.max_workspace_files = MAX_WORKSPACE_FILES
        """Cap of the workspace diagnostics scan (``workspaceDiagnosticsMaxFiles``)."""
        self.global_settings: dict[str, Any] = {}
        """From ``didChangeConfiguration`` when the client cannot be asked per folder."""
        self.folder_settings: dict[str, dict[str, Any]] = {}
        """Folder path → that folder's ``promptls`` configuration section."""
        self._cache: dict[tuple[str, str | None], Settings] = {}
        self._lock = threading.Lock()

    def _warn(self, message: str) -> None:
        """Show each distinct problem once per change of settings, not per document."""
        if message not in self._shown:
            self._shown.add(message)
            self._warn_cb(message)

    def set_init_options(self, options: object) -> None:
        """Record ``initializationOptions`` (also where ``debug`` lives)."""
        raw = options if isinstance(options, Mapping) else {}
        if isinstance(raw, Mapping) and SECTION in raw and isinstance(raw[SECTION], Mapping):
            raw = raw[SECTION]
        self.debug = bool(raw.get("debug", False)) if isinstance(raw, Mapping) else False
        cap = raw.get("workspaceDiagnosticsMaxFiles") if isinstance(raw, Mapping) else None
        if isinstance(cap, int) and not isinstance(cap, bool) and cap >= 0:
            self.max_workspace_files = cap
        elif cap is not None:
            self._warn(
                "promptls: invalid setting 'workspaceDiagnosticsMaxFiles' in "
                "initializationOptions: not a whole number >= 0 (using the default)"
            )
        self.init_options = _clean(raw)
        self._changed()
        self.validate()

    def set_global(self, data: object) -> None:
        """Record settings pushed by ``didChangeConfiguration`` (no per-folder pull)."""
        if isinstance(data, Mapping) and isinstance(data.get(SECTION), Mapping):
            data = data[SECTION]
        self.global_settings = _clean(data)
        self._changed()
        self.validate()

    def set_folder(self, folder: str, data: object) -> None:
        """Record one folder's answer to ``workspace/configuration``."""
        self.folder_settings[folder] = _clean(data)
        self._changed()
        self.validate()

    def editor_layers(self) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        """The editor's settings as they stand (a copy), to tell whether an answer changed them."""
        return dict(self.global_settings), {f: s for f, s in self.folder_settings.items() if s}

    def forget_folder(self, folder: str) -> None:
        """A workspace folder was removed: drop its settings."""
        if self.folder_settings.pop(folder, None) is not None:
            self._changed()

    def project_changed(self) -> None:
        """A config file changed on disk: re-read project files on next use."""
        self._changed()

    def _changed(self) -> None:
        """Forget resolved settings and let problems be reported again."""
        with self._lock:
            self._cache.clear()
        self._shown.clear()

    def validate(self) -> None:
        """Report invalid editor keys now, not only when a document needs them."""
        if not (self.init_options or self.global_settings or any(self.folder_settings.values())):
            return  # no layer, nothing to report
        base = Settings()
        _overlay(base, self.init_options, "initializationOptions", self._warn)
        _overlay(base, self.global_settings, "workspace settings", self._warn)
        for folder, layer in self.folder_settings.items():
            _overlay(base, layer, f"settings for {folder}", self._warn)

    def folder_of(self, path: str | None) -> str | None:
        """The most specific configured workspace folder holding ``path``."""
        if path is None:
            return None
        best: str | None = None
        for folder in self.folder_settings:
            if within(path, folder) and (best is None or len(folder) > len(best)):
                best = folder
        return best

    def for_path(self, path: str | None) -> Settings:
        """Effective settings for a document (or folder) at ``path``."""
        directory = str(Path(path).parent) if path else None
        folder = self.folder_of(path)
        key = (directory or "", folder)
        with self._lock:  # worker threads resolve settings too
            cached = self._cache.pop(key, None)
            if cached is not None:
                self._cache[key] = cached  # most recently used last
                return cached
        settings = self._project(directory)
        settings = _overlay(settings, self.init_options, "initializationOptions", self._warn)
        settings = _overlay(settings, self.global_settings, "workspace settings", self._warn)
        if folder is not None:
            layer = self.folder_settings[folder]
            settings = _overlay(settings, layer, f"settings for {folder}", self._warn)
        with self._lock:
            self._cache[key] = settings
            while len(self._cache) > SETTINGS_CACHE_SIZE:
                del self._cache[next(iter(self._cache))]
        return settings

    def for_folder(self, folder: str) -> Settings:
        """Effective settings for commands that name a folder rather than a file."""
        return self.for_path(str(Path(folder) / ".promptls-folder"))

    def _project(self, directory: str | None) -> Settings:
        """The project file's settings, or defaults when there is none or it is broken."""
        if directory is None:
            return Settings()
        try:
            loaded = later.config.load_config(Path(directory))
        except later.config.ConfigError as exc:
            what = f"'{exc.key}' in {exc.file}" if exc.key else exc.file
            self._warn(f"promptls: invalid setting {what}: {exc.message}")
            return Settings()
        except Exception:
            log.exception("reading the project config for %s failed", directory)
            return Settings()
        return loaded.settings
