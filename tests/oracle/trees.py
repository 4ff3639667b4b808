"""Generated scenario trees for the oracle (a Hypothesis strategy).

A tree is a repository ``ws`` with up to three nested folders, a working folder at any
level, and at each level any of the instruction files the agents read (AGENTS.md,
CLAUDE.md, CLAUDE.local.md, .claude/CLAUDE.md, GEMINI.md, QWEN.md, AGENTS.override.md, a
``.claude/rules`` or ``.clinerules`` file with or without ``paths:``, a ``.kilocode/rules``
or ``.continue/rules`` file), plus user-level files in the fake home and the agents' own
settings files. File bodies vary over what the agents treat differently: empty and
whitespace-only files, padding, block HTML comments, fenced, indented and inline code,
imports (relative, missing, cyclic, repeated, three deep, with punctuation after the
path, in code), sizes around codex's 32 KiB budget, and symlinked copies. Every file
that has text holds its own ``fid-`` token.

Left out on purpose, because they are named differences (tests/oracle/scenarios.py):
more than one rule file in one rules folder, more than one glob match in one folder,
and file names ending in punctuation.
"""

from __future__ import annotations

from hypothesis import strategies as st

from tests.oracle.harness import Scenario

LEVELS = ("ws", "ws/d1", "ws/d1/d2", "ws/d1/d2/d3")
NAMES = (
    "AGENTS.md",
    "CLAUDE.md",
    "CLAUDE.local.md",
    ".claude/CLAUDE.md",
    "GEMINI.md",
    "QWEN.md",
    "AGENTS.override.md",
    ".claude/rules/rule.md",
    ".clinerules/rule.md",
    ".kilocode/rules/rule.md",
    ".continue/rules/rule.md",
)
USER_FILES = (
    "home/.claude/CLAUDE.md",
    "home/.claude/rules/mine.md",
    "home/.gemini/GEMINI.md",
    "home/.codex/AGENTS.md",
    "home/.config/opencode/AGENTS.md",
    "home/.qwen/QWEN.md",
    "home/.cline/rules/mine.md",
    "home/.config/kilo/AGENTS.md",
    "home/.continue/rules/mine.md",
)
SETTINGS = (
    ("home/.gemini/settings.json", '{"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}}'),
    ("home/.codex/config.toml", 'project_doc_fallback_filenames = ["CLAUDE.md"]\n'),
    ("ws/opencode.json", '{"instructions": ["docs/*.md"]}'),
    ("home/.codex/config.toml", "project_doc_max_bytes = 200\n"),
    ("home/.qwen/settings.json", '{"context": {"fileName": ["CLAUDE.md", "QWEN.md"]}}'),
    ("ws/kilo.json", '{"instructions": ["docs/*.md"]}'),
)
BODIES = (
    "plain",
    "empty",
    "whitespace",
    "padded",
    "comment",
    "code",
    "import",
    "import-missing",
    "import-punctuation",
    "import-cycle",
    "import-repeated",
    "import-deep",
    "big",
)


class _Builder:
    """Collects files while bodies are drawn, numbering the tokens."""

    def __init__(self) -> None:
        self.files: dict[str, str] = {}
        self.count = 0

    def token(self) -> str:
        self.count += 1
        return f"fid-f{self.count}"

    def body(self, kind: str, folder: str) -> str:
        """The text of one file in ``folder`` (imported files are added next to it)."""
        token = self.token()
        if kind == "empty":
            return ""
        if kind == "whitespace":
            return "  \n\t\n\n"
        if kind == "padded":
            return f"\n\n   {token} padded   \n\n\n"
        if kind == "comment":
            return f"{token} before\n<!-- note for humans\nstill hidden -->\nafter\n"
        if kind == "code":
            return f"{token}\n\n```sh\n@not-an-import.md\nmake test\n```\n\n    indented code\n"
        if kind == "big":
            return f"{token} " + "b" * 33000 + "\n"
        if kind.startswith("import"):
            return self.imports(kind, folder, token)
        return f"{token} plain instructions\n- one rule\n"

    def imports(self, kind: str, folder: str, token: str) -> str:
        name = f"imp{self.count}.md"
        target = f"{folder}/{name}"
        if kind == "import-missing":
            return f"{token} see\n@./{name}\n"
        if kind == "import-punctuation":
            self.files[target] = f"{self.token()} imported\n"
            return f"{token} see @./{name}, and `@./{name}` too\n"
        if kind == "import-cycle":
            self.files[target] = f"{self.token()} back\n@./{name}\n"
            return f"{token} see\n@./{name}\n"
        if kind == "import-repeated":
            self.files[target] = f"{self.token()} once\n"
            return f"{token} see\n@./{name}\nagain\n@./{name}\n"
        if kind == "import-deep":
            second = f"deep{self.count}.md"
            self.files[f"{folder}/{second}"] = f"{self.token()} deepest\n"
            self.files[target] = f"{self.token()} middle\n@./{second}\n"
            return f"{token} see\n@./{name}\n"
        self.files[target] = f"{self.token()} imported\n"
        return f"{token} see\n@./{name}\n"


@st.composite
def trees(draw: st.DrawFn) -> Scenario:
    """One generated scenario."""
    depth = draw(st.integers(0, len(LEVELS) - 1))
    work = LEVELS[draw(st.integers(0, depth))]
    build = _Builder()
    placed = draw(
        st.lists(
            st.tuples(st.integers(0, depth), st.sampled_from(NAMES), st.sampled_from(BODIES)),
            max_size=6,
            unique_by=lambda t: (t[0], t[1]),
        )
    )
    for level, name, kind in placed:
        folder = LEVELS[level]
        if "/" in name:
            # no imports from files in subfolders: an imported file beside a rule would
            # be a second rule file in its folder (a named difference)
            kind = "plain" if kind.startswith("import") else kind
        text = build.body(kind, folder)
        if name.endswith("rule.md") and draw(st.booleans()):
            text = '---\npaths: "**/*.py"\n---\n' + text
        build.files[f"{folder}/{name}"] = text
    for path in draw(st.lists(st.sampled_from(USER_FILES), max_size=3, unique=True)):
        build.files[path] = build.body(draw(st.sampled_from(("plain", "padded", "comment"))), "")
    links: dict[str, str] = {}
    if draw(st.booleans()):
        level = LEVELS[draw(st.integers(0, depth))]
        if f"{level}/AGENTS.md" not in build.files and f"{level}/CLAUDE.md" not in build.files:
            build.files[f"{level}/AGENTS.md"] = build.body("plain", level)
            links[f"{level}/CLAUDE.md"] = f"{level}/AGENTS.md"
    for path, text in draw(st.lists(st.sampled_from(SETTINGS), max_size=1)):
        build.files[path] = text
        if path.endswith(("opencode.json", "kilo.json")):
            build.files["ws/docs/extra.md"] = build.body("plain", "ws/docs")
    return Scenario(files=dict(build.files), work=work, links=links)
