"""Which files beside a skill's ``SKILL.md`` reach the model: the ones ``SKILL.md`` names.

An agent puts ``SKILL.md`` in the model's context when the skill is used. The other
files in the skill's folder are not loaded with it: the model opens them when it needs
them, and it learns they exist because ``SKILL.md`` points at them. A README that
``SKILL.md`` never mentions is documentation for people browsing the folder, so the
rules about what the model is told (PL032, PL025, PL012...) have nothing to say about it.

Sources (read 2026-12-06):

- Agent Skills specification (agentskills.io/specification; agentskills/agentskills
  ``docs/specification.mdx``), "Progressive disclosure": metadata at start-up, the
  ``SKILL.md`` body on activation, other files only when required; "File references":
  ``SKILL.md`` refers to them by paths relative to the skill folder, one level deep.
- Claude Code docs, "Extend Claude with skills" (code.claude.com/docs/en/skills),
  "Add supporting files": supporting files are referenced from ``SKILL.md`` so that
  Claude knows what each holds and when to load it.
- VS Code docs, "Use Agent Skills" (microsoft/vscode-docs
  ``docs/copilot/customization/agent-skills.md``), "How Copilot uses skills", level 3:
  the skill folder's other files load only once Copilot references them.
- Codex's skills prompt (openai/codex ``codex-rs/core/src/skills/render.rs``): open
  ``SKILL.md``; when it points at folders such as ``references/``, load only the files
  the request needs; prefer files linked directly from ``SKILL.md``.

Decisions: a supporting file is referenced when the nearest ``SKILL.md`` above it (inside
the skill folder) contains its file name, or a path into a folder on its way
(``references/``, ``rules/one-rule.md``: the model lists a folder it is pointed into and
opens what the request needs); case-insensitively, as a link or as plain text. Only
``SKILL.md`` is read, not the files it names (one level deep, as the specification
advises). When the answer cannot be known (no ``SKILL.md`` found, or it cannot be read)
the file keeps counting as read by the model, which is what the path alone says.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from urllib.parse import unquote

from promptls.analysis.loaded_paths import SKILL_FILE, skill_folder_index
from promptls.text.fsread import decode, read_bounded

MAX_SKILL_BYTES = 256 * 1024
"""``SKILL.md`` is read this far: bodies are advised to stay under 500 lines."""


def unreferenced_skill_file(path: str) -> bool:
    """Whether a ``/``-separated path is a file inside a skill folder whose ``SKILL.md``
    exists and does not name it (so no agent shows it to the model)."""
    parts = PurePosixPath(path).parts
    top = skill_folder_index(parts)
    if top is None or parts[-1] == SKILL_FILE:
        return False
    for end in range(len(parts) - 1, top, -1):
        read = read_bounded(str(PurePosixPath(*parts[:end], SKILL_FILE)), MAX_SKILL_BYTES)
        if read.missing:
            continue
        if read.data is None:
            return False
        return not names(decode(read.data)[0], parts[end:])
    return False


def names(text: str, relative: tuple[str, ...]) -> bool:
    """Whether ``text`` names a file given by its path parts below the ``SKILL.md``
    folder: its file name, or a path into one of its folders (``references/`` or
    ``references/other.md`` points the model into ``references``)."""
    text = unquote(text).replace("\\", "/")
    name = _BEFORE + re.escape(relative[-1]) + r"(?![\w-])"
    folders = (_BEFORE + re.escape("/".join(relative[:n]) + "/") for n in range(1, len(relative)))
    return any(re.search(pattern, text, re.IGNORECASE) for pattern in (name, *folders))


_BEFORE = r"(?<![\w.-])"
"""A name starts a word or follows a slash: ``notes.md`` is not named by ``mynotes.md``."""
