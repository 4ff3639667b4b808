"""A screenshot of a terminal editor: a tmux pane's text with its colours (``tmux
capture-pane -e``) laid out as HTML and photographed by Debian's Chromium (the one the VS
Code test drives), so a test of Neovim leaves a PNG a person can look at."""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

SGR = re.compile(r"\x1b\[([0-9;]*)m")
BASE = [
    "#1e1e1e", "#e06c75", "#98c379", "#e5c07b", "#61afef", "#c678dd", "#56b6c2", "#dcdfe4",
    "#5c6370", "#ef8891", "#b5e890", "#f0d197", "#8ac6f2", "#d7a1e7", "#7fd0da", "#ffffff",
]  # fmt: skip
"""The 16 terminal colours (a dark theme: black, red, green, yellow, blue, magenta,
cyan, white, then the bright ones)."""
FOREGROUND, BACKGROUND = "#dcdfe4", "#1e1e1e"


def _palette(n: int) -> str:
    """xterm's 256-colour palette entry ``n``."""
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return f"#{steps[n // 36]:02x}{steps[n // 6 % 6]:02x}{steps[n % 6]:02x}"
    level = 8 + 10 * (n - 232)
    return f"#{level:02x}{level:02x}{level:02x}"


def _apply(codes: list[int], state: dict[str, object]) -> None:
    """Update the pen with one SGR sequence."""
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.clear()
        elif c == 1:
            state["bold"] = True
        elif c == 7:
            state["reverse"] = True
        elif c in (22, 27):
            state.pop("bold" if c == 22 else "reverse", None)
        elif 30 <= c <= 37 or 90 <= c <= 97:
            state["fg"] = BASE[c - 30 if c < 90 else c - 82]
        elif 40 <= c <= 47 or 100 <= c <= 107:
            state["bg"] = BASE[c - 40 if c < 100 else c - 92]
        elif c in (39, 49):
            state.pop("fg" if c == 39 else "bg", None)
        elif c in (38, 48) and i + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = _palette(codes[i + 2])
                i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                r, g, b = codes[i + 2 : i + 5]
                state[key] = f"#{r:02x}{g:02x}{b:02x}"
                i += 4
        i += 1


def pane_html(ansi: str) -> str:
    """The captured pane as a ``<pre>`` of coloured spans."""
    parts: list[str] = []
    state: dict[str, object] = {}
    at = 0
    for match in SGR.finditer(ansi + "\x1b[0m"):
        text = ansi[at : match.start()]
        if text:
            fg = str(state.get("fg", FOREGROUND))
            bg = str(state.get("bg", BACKGROUND))
            if state.get("reverse"):
                fg, bg = bg, fg
            weight = "bold" if state.get("bold") else "normal"
            style = f"color:{fg};background:{bg};font-weight:{weight}"
            parts.append(f'<span style="{style}">{html.escape(text)}</span>')
        codes = [int(c) for c in match.group(1).split(";") if c] or [0]
        _apply(codes, state)
        at = match.end()
    body = "".join(parts)
    return (
        "<!doctype html><meta charset=utf-8><body style='margin:0;background:"
        f"{BACKGROUND}'><pre style='margin:12px;font:15px/1.3 \"DejaVu Sans Mono\","
        f"monospace;color:{FOREGROUND}'>{body}</pre>"
    )


def screenshot(socket: str, target: str, png: Path, size: tuple[int, int]) -> Path:
    """Photograph tmux pane ``target`` (on server ``socket``) into ``png``."""
    ansi = subprocess.run(
        ["tmux", "-L", socket, "capture-pane", "-p", "-e", "-t", target],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    page = png.with_suffix(".html")
    page.write_text(pane_html(ansi), encoding="utf-8")
    subprocess.run(
        [
            "chromium",
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--window-size={size[0]},{size[1]}",
            f"--screenshot={png}",
            page.as_uri(),
        ],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return png
