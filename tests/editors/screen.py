"""A terminal editor's screen as a PNG a person can look at.

The Neovim scenarios that need screenshots run in a real terminal (tmux) instead of
headless; ``tmux capture-pane -e`` gives the screen as text with SGR colour sequences.
:func:`ansi_to_html` turns that into an HTML page (escaped: file names on the screen stay
text), and :func:`html_to_png` has Debian's headless Chromium (the one the VS Code tests
drive) take the picture. Only the SGR codes tmux emits are read: colours (16, 256 and
RGB), bold, italic, underline, reverse and their resets.
"""

from __future__ import annotations

import html
import re
import subprocess
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
_SGR = re.compile(r"\x1b\[([\d;:]*)m")
_BASE16 = [
    "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
    "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
]  # fmt: skip
FOREGROUND = "#e5e5e5"
BACKGROUND = "#1e1e1e"


def _xterm256(n: int) -> str:
    """An xterm 256-colour index as #rrggbb."""
    if n < 16:
        return _BASE16[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return f"#{steps[n // 36]:02x}{steps[(n // 6) % 6]:02x}{steps[n % 6]:02x}"
    level = 8 + 10 * (n - 232)
    return f"#{level:02x}{level:02x}{level:02x}"


class _Style:
    """The attributes in force at a point of the screen."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.fg: str | None = None
        self.bg: str | None = None
        self.bold = self.italic = self.underline = self.reverse = False

    def apply(self, params: str) -> None:
        """Apply one SGR sequence's parameters."""
        codes = [int(c) if c else 0 for c in re.split("[;:]", params)] if params else [0]
        i = 0
        while i < len(codes):
            code = codes[i]
            if code == 0:
                self.reset()
            elif code == 1:
                self.bold = True
            elif code == 3:
                self.italic = True
            elif code == 4:
                self.underline = True
            elif code == 7:
                self.reverse = True
            elif code == 22:
                self.bold = False
            elif code == 23:
                self.italic = False
            elif code == 24:
                self.underline = False
            elif code == 27:
                self.reverse = False
            elif 30 <= code <= 37 or 90 <= code <= 97:
                self.fg = _BASE16[code - 30 if code < 90 else code - 82]
            elif 40 <= code <= 47 or 100 <= code <= 107:
                self.bg = _BASE16[code - 40 if code < 100 else code - 92]
            elif code == 39:
                self.fg = None
            elif code == 49:
                self.bg = None
            elif code in (38, 48) and i + 1 < len(codes):
                colour, used = _extended(codes[i + 1 :])
                if code == 38:
                    self.fg = colour
                else:
                    self.bg = colour
                i += used
            i += 1

    def css(self) -> str:
        """The inline style of a run of text in these attributes."""
        fg, bg = self.fg or FOREGROUND, self.bg or BACKGROUND
        if self.reverse:
            fg, bg = bg, fg
        parts = [f"color:{fg}", f"background:{bg}"]
        if self.bold:
            parts.append("font-weight:bold")
        if self.italic:
            parts.append("font-style:italic")
        if self.underline:
            parts.append("text-decoration:underline")
        return ";".join(parts)


def _extended(rest: list[int]) -> tuple[str | None, int]:
    """``5;N`` or ``2;R;G;B`` after 38/48: the colour and how many codes it used."""
    if rest[0] == 5 and len(rest) > 1:
        return _xterm256(rest[1]), 2
    if rest[0] == 2 and len(rest) > 3:
        return f"#{rest[1]:02x}{rest[2]:02x}{rest[3]:02x}", 4
    return None, 1


def ansi_to_html(screen: str, title: str) -> str:
    """The captured screen as a dark terminal page in a monospace font."""
    style = _Style()
    lines = []
    for raw in screen.rstrip("\n").split("\n"):
        out, pos = [], 0
        for match in _SGR.finditer(raw):
            if match.start() > pos:
                out.append(
                    f'<span style="{style.css()}">{html.escape(raw[pos : match.start()])}</span>'
                )
            style.apply(match.group(1))
            pos = match.end()
        if pos < len(raw):
            out.append(f'<span style="{style.css()}">{html.escape(raw[pos:])}</span>')
        lines.append("".join(out))
    body = "\n".join(lines)
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(title)}</title><style>"
        f"body{{margin:0;background:{BACKGROUND};}}"
        "pre{margin:0;padding:8px;font:15px/1.25 'DejaVu Sans Mono',monospace;white-space:pre;}"
        f"</style></head><body><pre>{body}</pre></body></html>"
    )


def html_to_png(page: Path, png: Path, width: int, height: int) -> None:
    """A screenshot of a local HTML page by headless Chromium (no network involved)."""
    run = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--disable-background-networking",
            "--no-first-run",
            f"--user-data-dir={png.parent / '.chromium'}",
            f"--window-size={width},{height}",
            f"--screenshot={png}",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if not png.exists():
        raise RuntimeError(
            f"chromium made no screenshot (exit {run.returncode}): {run.stderr[-2000:]}"
        )


def screenshot(socket: str, target: str, png: Path, size: tuple[int, int]) -> Path:
    """Photograph tmux pane ``target`` (on the tmux server ``socket``) into ``png``."""
    ansi = subprocess.run(
        ["tmux", "-L", socket, "capture-pane", "-p", "-e", "-t", target],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    page = png.with_suffix(".html")
    page.write_text(ansi_to_html(ansi, png.stem), encoding="utf-8")
    html_to_png(page, png, width=size[0], height=size[1])
    return png
