"""Settings for the analysis and the commands, from a config file or an editor.

Two entry points with different temperaments:

* ``settings_from_mapping`` is lenient: the language server feeds it whatever an editor
  sends, so a bad key or value becomes a ``ConfigProblem`` (naming the key) and the
  default is used — a typo in settings must never switch the linter off.
* ``load_config`` is strict: CI should fail loudly on a broken ``.promptls.toml`` or
  ``[tool.promptls]`` table, so any problem raises ``ConfigError(file, key, message)``.

Keys are accepted in ``kebab-case``, ``snake_case`` and ``camelCase``. Rule codes in
``select``, ``ignore`` and ``severity`` are checked against the rule registry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from promptls import later
from promptls.agents.registry import AUTO_PROFILE, PROFILES
from promptls.analysis.model import Severity
from promptls.analysis.settings import (
    DEFAULT_MODEL,
    DEFAULT_PROMPT_FILES,
    DEFAULT_SETTINGS,
    Settings,
)
from promptls.record import Record, replace

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "CONFIG_FILE",
    "DEFAULT_MODEL",
    "DEFAULT_PROMPT_FILES",
    "DEFAULT_SETTINGS",
    "ConfigError",
    "ConfigProblem",
    "LoadedConfig",
    "Settings",
    "load_config",
    "settings_from_mapping",
]

CONFIG_FILE = ".promptls.toml"


class ConfigProblem(Record):
    """One key the lenient loader could not use, in words a user can act on."""

    key: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        """``source: key: message``, the form editors and the CLI show."""
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.key}: {self.message}"


class ConfigError(Exception):
    """A config file that cannot be used; names the file and the key."""

    def __init__(self, file: str, key: str, message: str) -> None:
        """Keep the parts so callers can show them separately."""
        self.file = file
        self.key = key
        self.message = message
        super().__init__(f"{file}: {key}: {message}" if key else f"{file}: {message}")


class LoadedConfig(Record):
    """Settings plus the file they came from (None: defaults, no file found)."""

    settings: Settings
    path: Path | None


_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def normalize_key(key: str) -> str:
    """Map ``promptFiles``/``prompt_files``/``prompt-files`` to one spelling."""
    return _CAMEL.sub(r"-\1", key).replace("_", "-").lower()


def _known_codes() -> frozenset[str]:
    """Rule codes, from the rule modules' names (no rule is imported), through a seam so
    config does not load the registry: only a config that names codes asks."""
    return frozenset(later.analysis_rules.codes())


def _string_list(key: str, value: object) -> tuple[str, ...]:
    """A list of strings (a single string is accepted as a one-item list)."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of strings")
    return tuple(value)


def _codes(key: str, value: object, *, allow_all: bool) -> tuple[str, ...]:
    """Rule codes, upper-cased; unknown codes are an error naming them."""
    raw = _string_list(key, value)
    codes = tuple(c.strip().upper() for c in raw if c.strip())
    known = _known_codes()
    bad = [c for c in codes if c not in known and not (allow_all and c == "ALL")]
    if bad:
        raise ValueError(f"unknown rule code(s): {', '.join(bad)}")
    return codes


def _severity_map(key: str, value: object) -> dict[str, Severity]:
    """``{PL008 = "error"}``: known codes to known severities."""
    if not isinstance(value, Mapping):
        raise ValueError('expected a table like {PL008 = "error"}')
    known = _known_codes()
    out: dict[str, Severity] = {}
    for code, level in value.items():
        name = str(code).strip().upper()
        if name not in known:
            raise ValueError(f"unknown rule code: {code}")
        try:
            out[name] = Severity(str(level).lower())
        except ValueError:
            choices = ", ".join(s.value for s in Severity)
            raise ValueError(f"{code}: severity must be one of {choices}") from None
    return out


def _markers(key: str, value: object) -> tuple[str, ...]:
    """Non-empty, single-line marker strings."""
    markers = _string_list(key, value)
    if not markers:
        raise ValueError("needs at least one marker")
    for marker in markers:
        if not marker.strip() or "\n" in marker or "\r" in marker:
            raise ValueError(f"invalid marker {marker!r}: must be non-empty and one line")
    return tuple(dict.fromkeys(markers))


def _profile(key: str, value: object) -> str | None:
    """One of the discovery profiles, or ``auto`` (None: the agents the repository is
    set up for)."""
    names = (*PROFILES, AUTO_PROFILE)
    if not isinstance(value, str) or value not in names:
        raise ValueError(f"unknown profile {value!r}; expected one of {', '.join(names)}")
    return None if value == AUTO_PROFILE else value


def _string(key: str, value: object) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a non-empty string")
    return value


_PARSERS: dict[str, tuple[str, Any]] = {
    "select": ("select", lambda k, v: _codes(k, v, allow_all=True)),
    "ignore": ("ignore", lambda k, v: _codes(k, v, allow_all=False)),
    "severity": ("severity", _severity_map),
    "markers": ("markers", _markers),
    "profile": ("profile", _profile),
    "model": ("model", _string),
    "prompt-files": ("prompt_files", _string_list),
    "instruction-files": ("instruction_files", _string_list),
    "exclude": ("exclude", _string_list),
    "system-prompt-file": ("system_prompt_file", _string),
}


def settings_from_mapping(
    data: object,
    *,
    source: str = "",
    base: Settings = DEFAULT_SETTINGS,
) -> tuple[Settings, list[ConfigProblem]]:
    """Build settings leniently: every unusable key is reported and left at its default.

    ``base`` lets a caller layer editor settings over a config file's settings.
    """
    problems: list[ConfigProblem] = []
    if data is None:
        return base, problems
    if not isinstance(data, Mapping):
        problems.append(ConfigProblem("", "expected a table of settings", source))
        return base, problems
    changes: dict[str, object] = {}
    for raw_key, value in data.items():
        key = normalize_key(str(raw_key))
        parser = _PARSERS.get(key)
        if parser is None:
            known = ", ".join(_PARSERS)
            problems.append(ConfigProblem(str(raw_key), f"unknown key (known: {known})", source))
            continue
        attr, parse = parser
        if value is None:
            continue  # editors send null for settings the user never set
        try:
            changes[attr] = parse(str(raw_key), value)
        except ValueError as exc:
            problems.append(ConfigProblem(str(raw_key), str(exc), source))
    return replace(base, **changes), problems


def _table_in(path: Path) -> Mapping[str, object] | None:
    """The promptls table of a config file, or None when a pyproject has none."""
    try:
        with path.open("rb") as handle:
            data = later.tomllib.load(handle)
    except (later.tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:  # TOML must be UTF-8
        raise ConfigError(str(path), "", f"invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    if path.name == CONFIG_FILE:
        table: object = data.get("tool", {}).get("promptls", data) if "tool" in data else data
    else:
        tool = data.get("tool")
        if not isinstance(tool, dict) or "promptls" not in tool:
            return None
        table = tool["promptls"]
    if not isinstance(table, dict):
        raise ConfigError(str(path), "tool.promptls", "expected a table")
    return table


def find_config(start_dir: str | Path) -> Path | None:
    """Nearest ``.promptls.toml`` or ``pyproject.toml`` with ``[tool.promptls]``, upward.

    In one directory ``.promptls.toml`` wins over ``pyproject.toml``. A pyproject without
    a promptls table does not stop the walk: it says nothing about promptls.
    """
    try:
        current = later.pathlib.Path(start_dir).resolve()
    except OSError:
        return None
    if current.is_file():
        current = current.parent
    for folder in (current, *current.parents):
        dedicated = folder / CONFIG_FILE
        if dedicated.is_file():
            return dedicated
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file():
            try:
                if _table_in(pyproject) is not None:
                    return pyproject
            except ConfigError:
                return pyproject
    return None


def load_config(start_dir: str | Path) -> LoadedConfig:
    """Load the nearest config strictly; no file means the defaults.

    Raises ``ConfigError`` naming the file and the first bad key.
    """
    path = find_config(start_dir)
    if path is None:
        return LoadedConfig(DEFAULT_SETTINGS, None)
    table = _table_in(path)
    settings, problems = settings_from_mapping(table or {}, source=str(path))
    if problems:
        first = problems[0]
        raise ConfigError(str(path), first.key, first.message)
    return LoadedConfig(settings, path)
