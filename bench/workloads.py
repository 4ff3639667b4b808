"""Deterministic generated documents for the benchmark.

Same seed, same bytes: every run and every server sees identical text. The text looks
like what the servers will meet: Markdown sections, lists, code fences, prose that talks
about prompt boundaries (which a naive scanner would flag), some non-ASCII (accents, CJK,
emoji outside the BMP, so UTF-16 position conversion is exercised) and, in prompt files,
the boundary marker plus a few real marker problems so diagnostics are not empty.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

MARKER = "__ZIDANE_SYSTEM_PROMPT_BOUNDARY__"
MB = 1_000_000

_VOCABULARY = (
    "agent tool file prompt cache model context user repository test build lint format "
    "review commit branch patch error warning output input request response session "
    "token budget section static dynamic half marker boundary instruction guideline "
    "always never prefer avoid before after run check write read keep the a of to and "
    "in for with on is are be it this that when if then each every only"
)
_WORDS = tuple(_VOCABULARY.split())
_ACCENTED = ("café", "naïve", "résumé", "Zürich", "façade")
_WIDE = ("日本語のテキスト", "中文说明", "한국어", "🙂", "🚀 deploy", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢")
_PROSE_TRAPS = (
    "The system prompt boundary separates the cached half from the dynamic half.",
    "Keep the dynamic boundary after the static doctrine.",
    "A PROMPT_BOUNDARY token in prose is just a word about markers.",
)


SCRIPTS = ("ascii", "cjk", "emoji")
"""The text kinds the analysis and first-open rows are measured on, besides the mixed
text of the other rows: plain ASCII; CJK-heavy (most prose in Japanese, Chinese and
Korean, three UTF-8 bytes a character, still inside the BMP); emoji-heavy (an emoji every
few words and checklist marks, so the text holds code points above U+FFFF throughout,
which makes CPython store it at four bytes a character)."""

_CJK_WORDS = (
    "エージェント",
    "ツール",
    "ファイル",
    "プロンプト",
    "キャッシュ",
    "モデル",
    "文脈",
    "利用者",
    "リポジトリ",
    "試験",
    "構築",
    "書式",
    "確認",
    "変更",
    "分岐",
    "修正",
    "警告",
    "出力",
    "入力",
    "要求",
    "応答",
    "境界",
    "指示",
    "常に",
    "決して",
    "前に",
    "後に",
    "代码",
    "仓库",
    "测试",
    "构建",
    "提交",
    "缓存",
    "模型",
    "上下文",
    "工具",
    "文件",
    "说明",
    "规则",
    "에이전트",
    "도구",
    "파일",
    "저장소",
    "테스트",
    "빌드",
    "캐시",
    "모델",
)
_EMOJI = ("✅", "❌", "🚨", "🚀", "🙂", "🔥", "⚠️", "📦", "🧪", "👉", "💡", "🛑")


def _sentence(rng: random.Random, script: str = "mixed") -> str:
    """One plausible sentence in ``script`` (see ``SCRIPTS``; "mixed": mostly ASCII,
    sometimes a non-ASCII word)."""
    if script == "cjk":
        count = rng.randint(6, 16)
        return "".join(rng.choice(_CJK_WORDS) for _ in range(count)) + "。"
    words = [rng.choice(_WORDS) for _ in range(rng.randint(6, 16))]
    if script == "ascii":
        return " ".join(words).capitalize() + "."
    if script == "emoji":
        for at in range(len(words), 0, -3):
            words.insert(at, rng.choice(_EMOJI))
        return rng.choice(_EMOJI) + " " + " ".join(words).capitalize() + "."
    roll = rng.random()
    if roll < 0.08:
        words.insert(rng.randrange(len(words)), rng.choice(_WIDE))
    elif roll < 0.16:
        words.insert(rng.randrange(len(words)), rng.choice(_ACCENTED))
    return " ".join(words).capitalize() + "."


def _block(rng: random.Random, index: int, script: str = "mixed") -> str:
    """One Markdown block: heading, paragraph, list, fence or a prose trap."""
    kind = rng.random()
    if kind < 0.12:
        return f"## Section {index}: {rng.choice(_WORDS)} {rng.choice(_WORDS)}"
    if kind < 0.32:
        items = (_sentence(rng, script) for _ in range(rng.randint(2, 5)))
        return "\n".join(f"- {item}" for item in items)
    if kind < 0.40:
        body = "\n".join(f"    run {rng.choice(_WORDS)} --{rng.choice(_WORDS)}" for _ in range(3))
        return f"```sh\n{body}\n```"
    if kind < 0.43:
        return rng.choice(_PROSE_TRAPS)
    if kind < 0.46:
        return f"See [the guide](docs/{rng.choice(_WORDS)}.md) for details."
    return " ".join(_sentence(rng, script) for _ in range(rng.randint(2, 6)))


def _body(rng: random.Random, size: int, start_index: int = 0, script: str = "mixed") -> str:
    """Blocks separated by blank lines until ``size`` UTF-8 bytes are reached."""
    parts: list[str] = []
    used = 0
    index = start_index
    while used < size:
        block = _block(rng, index, script)
        index += 1
        parts.append(block)
        used += len(block.encode("utf-8")) + 2
    return "\n\n".join(parts)


def _fit(text: str, size: int) -> str:
    """Cut to at most ``size`` UTF-8 bytes at a line end (never inside a character)."""
    data = text.encode("utf-8")
    if len(data) <= size:
        return text if text.endswith("\n") else text + "\n"
    cut = data[:size].decode("utf-8", "ignore")
    return cut[: cut.rfind("\n") + 1] if "\n" in cut else cut


def instruction_file(size: int = 3_000, seed: int = 3) -> str:
    """An AGENTS.md-style instruction file without markers (the usual, clean case)."""
    rng = random.Random(seed)
    head = "# AGENTS.md\n\nGuidance for coding agents working in this repository.\n\n"
    return _fit(head + _body(rng, size), size)


FIRST_HEAD = "# AGENTS.md 🚀\n\nGuidance for coding agents 🙂 — café, 日本語, 𝔘𝔫𝔦𝔠𝔬𝔡𝔢.\n\n"
"""The first lines of the file a new user opens: emoji (outside the BMP) and accents."""


def first_instruction_file(size: int = 5_000, seed: int = 5) -> str:
    """The ~5 KB AGENTS.md a new user opens first: non-ASCII from its first line on."""
    rng = random.Random(seed)
    return _fit(FIRST_HEAD + _body(rng, size), size)


def non_bmp(text: str) -> bool:
    """Whether ``text`` has a character outside the BMP (two UTF-16 units, e.g. emoji)."""
    return any(ord(ch) > 0xFFFF for ch in text)


def prompt_file(size: int, seed: int = 1, script: str = "mixed") -> str:
    """A prompt template of ``size`` bytes: one proper marker at 40 %, plus problems.

    The problems (a duplicate marker, a near-miss with the wrong case, a glued marker)
    sit in the dynamic half so a linter has something to say and has to serialise it.
    ``script`` picks the prose (see ``SCRIPTS``); "mixed" is the text of the other rows.
    """
    rng = random.Random(seed)
    static = _body(rng, int(size * 0.4), 0, script)
    dynamic = _body(rng, int(size * 0.6), 10_000, script)
    lines = dynamic.split("\n\n")
    problems = (MARKER, MARKER.lower(), "x" + MARKER)
    for n, problem in enumerate(problems):
        lines.insert(len(lines) * (n + 1) // (len(problems) + 1), problem)
    text = f"{static}\n\n{MARKER}\n\n" + "\n\n".join(lines)
    return _fit(text, size)


def many_docs(count: int = 200, size: int = 100_000) -> list[tuple[str, str]]:
    """``count`` distinct prompt files (name, text) for the memory measurement."""
    return [(f"docs/doc-{i:03d}.prompt.md", prompt_file(size, seed=1000 + i)) for i in range(count)]


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, the unit LSP positions use by default."""
    return len(text.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class Position:
    """A 0-based LSP position (UTF-16 columns)."""

    line: int
    character: int
    offset: int = 0  # the same place as a str index, for building full texts


def hover_positions(text: str, count: int = 200) -> list[Position]:
    """``count`` positions spread evenly over the lines, including every marker line.

    Marker lines are where a prompt-aware hover does real work (it shows the halves), so
    leaving them out would flatter the p99.
    """
    lines = text.split("\n")
    marker_lines = [i for i, line in enumerate(lines) if MARKER.lower() in line.lower()]
    even = max(0, count - len(marker_lines))
    picked = [i * len(lines) // max(even, 1) for i in range(even)] + marker_lines
    out = []
    for line_no in sorted(picked)[:count]:
        line = lines[line_no]
        middle = line[: len(line) // 2]
        out.append(Position(line_no, utf16_len(middle)))
    return out


def edit_point(text: str) -> Position:
    """Where the typing burst happens: the end of a prose line in the middle of the file."""
    lines = text.split("\n")
    offset = sum(len(line) + 1 for line in lines[: len(lines) // 2])
    for line_no in range(len(lines) // 2, len(lines)):
        line = lines[line_no]
        if len(line) > 40 and not line.startswith(("#", "-", "```", " ")):
            return Position(line_no, utf16_len(line), offset + len(line))
        offset += len(line) + 1
    return Position(len(lines) - 1, 0, len(text) - len(lines[-1]))


TYPED = "Please keep the static half byte-stable so the provider cache hits. "
"""What the burst types, one character per edit (ASCII: one UTF-16 unit each)."""
