"""Kilo Code's rules folders and settings files: the names its profile and its walk share.

Beside the profile, not in the walk (``walk.py``): the profile names them (so check and
the editors take the rule files for instruction files and watch the settings files), and
the profiles load without the agents' walks, which only discovery imports
(``Profile.hooks``).
"""

from __future__ import annotations

RULES_DIRS = (".kilo/rules", ".kilocode/rules")
"""The rules folders, first wins a name (in the home folder and the working folder)."""
LEGACY_RULES = ".kilocoderules"
MODES = ("code", "architect", "ask", "debug", "orchestrator")
"""The modes whose ``rules-MODE`` folders are read, in this order."""
MORE_RULES_DIRS = (
    *RULES_DIRS[:1],
    *(f"{folder}-{mode}" for mode in MODES for folder in RULES_DIRS),
)
"""The rules folders besides ``.kilocode/rules`` (the profile's ``project_rules_dir``)."""

PROJECT_CONFIGS = (
    "kilo.jsonc",
    "kilo.json",
    "opencode.jsonc",
    "opencode.json",
    ".kilocode/kilo.jsonc",
    ".kilocode/kilo.json",
    ".kilo/kilo.jsonc",
    ".kilo/kilo.json",
)
"""Its settings files in a workspace, as its walk reads them (first wins a key)."""
