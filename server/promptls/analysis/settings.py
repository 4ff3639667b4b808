"""The analysis settings: which rules run, how loud, on which files.

Pure data, so the analysis, the CLI and the language server share one immutable value;
where it comes from (a config file, an editor's settings) is ``promptls.config``'s
business, and that module imports this one, never the reverse.
"""

from __future__ import annotations

from collections.abc import Mapping

from promptls.analysis.model import Severity
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY
from promptls.record import Record, field

__all__ = ["DEFAULT_MODEL", "DEFAULT_PROMPT_FILES", "DEFAULT_SETTINGS", "Settings"]

DEFAULT_MODEL = "claude-sonnet-4-5"
"""A current Anthropic model; PL009 looks its minimum cacheable prefix up by name."""

DEFAULT_PROMPT_FILES = (
    "*.prompt",
    "*.prompt.md",
    "*.system.md",
    "**/prompts/**/*.md",
    "**/prompts/**/*.txt",
)


class Settings(Record):
    """Everything that changes what the analysis reports; immutable and cheap to share."""

    select: tuple[str, ...] = ("ALL",)
    """Codes to run; ``ALL`` means every rule."""
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, Severity] = field(default_factory=dict, hash=False)
    markers: tuple[str, ...] = (SYSTEM_PROMPT_BOUNDARY,)
    profile: str | None = None
    """The agent to answer for; None: every agent the repository is set up for
    (``promptls.discovery.setup``), the ``or`` reference agent when none is."""
    model: str = DEFAULT_MODEL
    prompt_files: tuple[str, ...] = DEFAULT_PROMPT_FILES
    instruction_files: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    system_prompt_file: str | None = None

    def enabled(self, code: str) -> bool:
        """Whether a rule runs: selected (or ALL) and not ignored."""
        if code in self.ignore:
            return False
        return "ALL" in self.select or code in self.select


DEFAULT_SETTINGS = Settings()
