"""The agents' own settings files, where they change what discovery loads.

An agent's loader is shaped by its configuration as much as by its code. Each agent's
home reads its own files (``promptls.agents.<home>.settings``) with the readers here,
shows which values shaped the result and from which file, and reports a malformed file
with its path and line while going on with the agent's defaults, as the agent itself does.

Reads are bounded (``promptls.text.fsread``) and a settings file that is not a regular
file, not UTF-8 or not valid TOML never stops discovery.
"""

# Plain str paths on purpose: cheap stats and comparable cache keys.

from __future__ import annotations

import json

from promptls import later
from promptls.record import Record
from promptls.text import runmemo
from promptls.text.fsread import human_bytes, read_bounded

_SETTINGS_CAP = 256 * 1024
"""Agents' settings files are a few KiB; a larger one is reported and not used."""


class AgentSetting(Record):
    """One setting that shaped a discovery: its key, value as shown, and where it came from.

    ``source`` is the settings file's path, or ``"default"`` for the agent's built-in value.
    """

    key: str
    value: str
    source: str


class SettingsProblem(Record):
    """A settings file the agent would complain about; discovery used the defaults."""

    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        """``path:line: message``, the form editors and the CLI show."""
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


def read_settings_text(path: str, encoding: str) -> tuple[str | None, SettingsProblem | None]:
    """A settings file's text: (None, None) when absent, (None, problem) when it cannot
    be read or decoded. Bounded and non-blocking like every read of discovery."""
    result = read_bounded(path, _SETTINGS_CAP)
    if result.missing:
        return None, None
    if result.data is None:
        return None, SettingsProblem(path, f"cannot be read: {result.problem}")
    if result.truncated:  # a cut file would parse as broken, or worse, as valid but partial
        cap = human_bytes(_SETTINGS_CAP)
        return None, SettingsProblem(path, f"not read: larger than the {cap} promptls reads")
    try:
        return result.data.decode(encoding), None
    except UnicodeDecodeError as exc:
        return None, SettingsProblem(path, f"not valid UTF-8 at byte {exc.start}")


def read_toml(path: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """A TOML table from ``path``: (None, None) when absent, (None, problem) when broken.
    Parsed once per ``check`` run; the table is shared, so callers only read it."""
    return runmemo.remembered("toml", path, lambda: _read_toml(path))


def _read_toml(path: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """``read_toml`` itself."""
    text, problem = read_settings_text(path, "utf-8")
    if text is None:
        return None, problem

    try:
        return later.tomllib.loads(text), None
    except later.tomllib.TOMLDecodeError as exc:
        message, line = _toml_error(str(exc), text)
        return None, SettingsProblem(path, f"invalid TOML: {message}", line)


def _toml_error(text: str, document: str) -> tuple[str, int | None]:
    """Split tomllib's ``message (at line N, column M)`` into the message and N.

    ``(at end of document)`` becomes the document's last line, so every problem has one.
    """
    end = " (at end of document)"
    if text.endswith(end):
        return text[: -len(end)], max(1, len(document.rstrip("\n").split("\n")))
    marker = " (at line "
    at = text.rfind(marker)
    if at < 0:
        return text, None
    rest = text[at + len(marker) :]
    digits = rest.split(",", 1)[0].rstrip(")")
    return text[:at], int(digits) if digits.isdigit() else None


def strip_comments(text: str) -> str:
    """Blank out ``//`` and ``/* */`` comments outside strings, keeping line numbers."""
    out: list[str] = []
    i, n = 0, len(text)
    in_string = False
    while i < n:
        ch = text[i]
        if in_string:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(text[i + 1])
                i += 1
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
            out.append(ch)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            stop = n if end < 0 else end + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:stop]))
            i = stop
            continue
        else:
            out.append(ch)
        i += 1
    return "".join(out)


def read_json(
    path: str, *, refuses: str = ""
) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """A JSON object (comments allowed) from ``path``: (None, None) when absent, (None,
    problem) when broken; ``refuses`` says what the agent itself does with such a file.
    Parsed once per ``check`` run; the table is shared, so callers only read it."""
    return runmemo.remembered("json", (path, refuses), lambda: _read_json(path, refuses))


def _read_json(path: str, refuses: str) -> tuple[dict[str, object] | None, SettingsProblem | None]:
    """``read_json`` itself."""
    text, problem = read_settings_text(path, "utf-8-sig")
    if text is None:
        return None, problem
    try:
        data = json.loads(strip_comments(text))
    except json.JSONDecodeError as exc:
        note = f" ({refuses})" if refuses else ""
        return None, SettingsProblem(path, f"invalid JSON: {exc.msg}{note}", exc.lineno)
    if not isinstance(data, dict):
        note = f" ({refuses})" if refuses else ""
        return None, SettingsProblem(path, f"not a JSON object{note}")
    return data, None
