"""``analyze``: scan once, run the applicable rules, apply config and suppressions;
``fix_all``: analyse and fix to a fixpoint.

Linear in the text: the scanner is a handful of C-speed searches, every rule works from
the scanner's hits or one compiled-regex pass, and findings are sorted once at the end.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from promptls.analysis.document import Document
from promptls.analysis.fixes import apply_fixes
from promptls.analysis.globs import matches
from promptls.analysis.loaded_paths import LOADED_SUFFIXES, SKILL_FILE, is_loaded_path
from promptls.analysis.mentions import without_mentions
from promptls.analysis.model import Analysis, DocumentKind, Finding, Severity
from promptls.analysis.rules import codes, of_kind
from promptls.analysis.scanner import FOREIGN_MARKERS, scan
from promptls.analysis.settings import DEFAULT_SETTINGS, Settings
from promptls.analysis.skill_files import unreferenced_skill_file
from promptls.analysis.suppress import parse_suppressions
from promptls.discovery.api import instruction_file_names, is_instruction_path, rule_file_endings
from promptls.record import replace

if TYPE_CHECKING:
    from promptls.analysis.coverage import Hole
    from promptls.analysis.rules.base import Rule
    from promptls.discovery.model import Discovery

MAX_FIX_PASSES = 10
"""``fix_all`` stops here even if fixes keep changing the text (they should not)."""


def document_kind(path: str | None, settings: Settings | None = None) -> DocumentKind:
    """Instruction file (a name a profile loads, a skill, command or custom agent the
    model reads, or ``instruction-files``), prompt file (``prompt-files`` globs) or other
    text. No path: a prompt (a library caller's text). A file beside a skill's
    ``SKILL.md`` is read by the model only when ``SKILL.md`` names it (``skill_files``)."""
    if path is None:
        return DocumentKind.PROMPT
    settings = settings or DEFAULT_SETTINGS
    normal = str(path).replace("\\", "/")
    if not named_other(normal.rpartition("/")[2]) and (
        is_instruction_path(normal)
        or (is_loaded_path(normal) and not unreferenced_skill_file(normal))
    ):
        return DocumentKind.INSTRUCTION
    if matches(normal, settings.instruction_files):
        return DocumentKind.INSTRUCTION
    if matches(normal, settings.prompt_files):
        return DocumentKind.PROMPT
    return DocumentKind.OTHER


def named_other(name: str) -> bool:
    """Whether a file's base name alone rules out every way but the settings' globs of
    being an instruction file: no profile loads that name, and it ends like no rule,
    skill, command or custom-agent file (``.md``, ``.mdc``, ...), wherever it sits.
    ``document_kind`` asks it first: a large tree's files are mostly source files, and
    for them the folder-by-folder tests are skipped. An empty name, ``.`` or ``..`` (a
    path ending in a separator, where the last component is not the file's) is never
    ruled out here."""
    if name in ("", ".", ".."):
        return False
    exact, endings = name_tests()
    return name not in exact and not name.endswith(endings)


@lru_cache(maxsize=1)
def name_tests() -> tuple[frozenset[str], tuple[str, ...]]:
    """The whole names and the name endings ``named_other`` looks for (the walk of
    ``check`` asks them too, for a folder's names at a time)."""
    exact = {*instruction_file_names(), SKILL_FILE}
    endings = {".md", *LOADED_SUFFIXES}
    for ending in rule_file_endings():
        if ending.startswith("/"):
            exact.add(ending[1:])  # a folder rule's file (``/RULE.md``): a whole name
        else:
            endings.add(ending)
    return frozenset(exact), tuple(sorted(endings))


def analyze(
    text: str,
    *,
    path: str | None = None,
    settings: Settings | None = None,
    discovery: Discovery | None = None,
    kind: DocumentKind | None = None,
    coverage: tuple[Hole, ...] = (),
) -> Analysis:
    """Every finding for one text, sorted by offset then code; never raises on input.

    ``coverage`` holds the set-up agents that load nothing (``analysis.agents`` computes
    it from every profile's discovery); without it PL028 is quiet."""
    settings = settings or DEFAULT_SETTINGS
    doc = prepare(text, path, settings, kind or document_kind(path, settings))
    doc.discovery, doc.coverage = discovery, coverage
    return finish(doc, run_rules(doc, None))


def prepare(text: str, path: str | None, settings: Settings, kind: DocumentKind) -> Document:
    """The document every rule sees: scanned once, suppressions parsed once; its
    discovery and coverage are set by the caller (per agent, ``analysis.agents``)."""
    suppressions = parse_suppressions(text, codes())
    doc = Document(text, kind, settings, (), path, None, suppressions)
    doc.markers = scan(
        text,
        settings.markers,
        FOREIGN_MARKERS,
        # The bytes and their piece starts are for the scanner's plain search (which
        # maps byte offsets), which runs only for a text with invisible characters.
        data=doc.utf8 if doc.invisible else None,
        starts=doc.utf8_starts if doc.invisible else None,
        invisible=doc.invisible,
        dash_spots=doc.dashes.spots,
    )
    if kind is DocumentKind.OTHER:
        doc.markers = without_mentions(text, doc.markers)
    return doc


def run_rules(doc: Document, needs_discovery: bool | None) -> list[Finding]:
    """The findings of every enabled rule for the document's kind, with the configured
    severity; ``needs_discovery`` picks only the rules that do (True) or do not (False)
    depend on the discovery, None runs them all. In code order, not yet sorted."""
    findings: list[Finding] = []
    for rule, override in _plan(doc.settings, doc.kind, needs_discovery):
        for finding in rule.check(doc):
            if override is not None and finding.severity is not override:
                finding = replace(finding, severity=override)
            findings.append(finding)
    return findings


Plan = tuple[tuple["Rule", Severity | None], ...]
"""The rules to run, in code order, each with its configured severity (None: its own)."""


def _plan(settings: Settings, kind: DocumentKind, needs_discovery: bool | None) -> Plan:
    """The rules ``run_rules`` runs: the same for every file of a run (``check`` asks
    twice per file), so remembered per settings."""
    try:
        return _remembered_plan(settings, kind, needs_discovery)
    except TypeError:  # a caller's settings holding a list: no memo, same answer
        return _rules_for(settings, kind, needs_discovery)


@lru_cache(maxsize=64)
def _remembered_plan(settings: Settings, kind: DocumentKind, needs_discovery: bool | None) -> Plan:
    """``_rules_for``, once per distinct settings."""
    return _rules_for(settings, kind, needs_discovery)


def _rules_for(settings: Settings, kind: DocumentKind, needs_discovery: bool | None) -> Plan:
    """The plan itself: only the kind's rules are imported (``rules.of_kind``)."""
    return tuple(
        (rule, settings.severity.get(code))
        for code, rule in of_kind(kind).items()
        if settings.enabled(code)
        and (needs_discovery is None or rule.needs_discovery is needs_discovery)
    )


def finish(doc: Document, findings: list[Finding]) -> Analysis:
    """Suppressed findings set aside, the rest sorted by offset then code."""
    kept: list[Finding] = []
    silenced: list[Finding] = []
    for finding in findings:
        (silenced if doc.suppressions.covers(finding) else kept).append(finding)
    kept.sort(key=lambda f: (f.start, f.code, f.end))
    return Analysis(doc.text, doc.kind, doc.markers, tuple(kept), doc.path, tuple(silenced))


def fix_all(
    text: str,
    *,
    path: str | None = None,
    settings: Settings | None = None,
    discovery: Discovery | None = None,
) -> str:
    """Re-analyse and apply fixes until nothing changes (what ``check --fix`` writes).

    One pass may skip a fix that conflicts with another; the next pass picks it up. The
    result is a fixpoint, so running it again returns the same text.
    """
    for _ in range(MAX_FIX_PASSES):
        analysis = analyze(text, path=path, settings=settings, discovery=discovery)
        fixed = apply_fixes(text, (f.fix for f in analysis.findings if f.fix is not None))
        if fixed == text:
            return text
        text = fixed
    return text
