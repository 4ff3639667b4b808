"""Qwen Code's ``@path`` imports: gemini-cli's tokens, CommonMark's code.

Qwen Code 0.24.4 (``@qwen-code/qwen-code``, its bundled
``packages/core/src/utils/memoryImportProcessor.ts``, read 2026-12-06) keeps the token
rule of the gemini-cli it was forked from (``findImports``: ``@`` after whitespace, a
path starting with ``.``, ``/`` or a letter, up to the next whitespace), but finds code
with the ``marked`` lexer: code spans, fenced and indented code blocks, also inside
list items and block quotes. The oracle shows it: scenario "qwen: imports in code are
not followed" (Qwen Code 0.24.4). A missing file leaves the token as written with no
comment; the top-level file is part of every import chain, so importing it back is a
cycle (``<!-- File already processed -->``).
"""

from __future__ import annotations

from promptls.agents.claude.imports import in_code
from promptls.agents.gemini.imports import tokens
from promptls.agents.model import ImportRef, ImportStyle
from promptls.text.markdown import Code


def parse(text: str) -> tuple[ImportRef, ...]:
    """The tokens Qwen Code imports, in order: gemini-cli's, outside CommonMark code."""
    if "@" not in text:
        return ()
    code = Code(text)
    return tokens(text, lambda at: in_code(code, at))


STYLE = ImportStyle(
    "qwen", "Qwen Code", parse, home=False, silent_misses=True, confined=True,
    per_chain=True, approval=False, comments=True, escaped_spaces=False, top_in_chain=True,
    missing_comment=False,
)  # fmt: skip
"""Qwen Code's dialect: no ``~/``, imports confined to the importing file's git root, a
cycle includes the top-level file, a file imported from two places is inlined twice; a
missing file leaves its token as written, with no comment (oracle: "qwen: imports
inlined, a cycle back to the top-level file marked, a missing import left as written"),
so a token that is no explicit path (``@scope/pkg``) and names no file leaves no trace."""
