"""The generated parts of the documentation, written by ``scripts/gen-api``.

Each fact has one home in the code and the pages are written from it, so a page cannot
describe another project:

* ``docs/rules.md``, the rule table and one section per rule, from the ``Rule`` objects
  (``promptls.analysis.rules``), each section the page ``promptls rule CODE`` prints
  (``promptls.commands.rule``);
* the README's rule table, from the same objects (found by its header row);
* ``server/promptls/analysis/rules/index.py``, which kinds of document each rule module
  reports on, from the same objects, so the server loads a kind's rules alone;
* ``docs/architecture.md``'s module map, from the first paragraph of each module's
  docstring: a module without one stops the generator;
* ``docs/profiles.md``'s table of set-up markers, from each profile's ``setup_markers``.

Each part sits between a ``<!-- NAME:generated:start -->`` and a matching ``end``
comment; the text around the markers is hand-written and kept as it is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

from promptls.agents.registry import PROFILES
from promptls.analysis.model import DocumentKind
from promptls.analysis.rules import RULES, Rule, code_of, module_names
from promptls.commands.rule import rule_page

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "server" / "promptls"
RULES_MD = ROOT / "docs" / "rules.md"
README = ROOT / "README.md"
ARCHITECTURE_MD = ROOT / "docs" / "architecture.md"
RULE_INDEX = PACKAGE / "analysis" / "rules" / "index.py"
PROFILES_MD = ROOT / "docs" / "profiles.md"


def splice(page: str, name: str, body: str) -> str:
    """``page`` with the text between its ``name`` markers replaced by ``body``."""
    start, end = f"<!-- {name}:generated:start -->", f"<!-- {name}:generated:end -->"
    head, found_start, rest = page.partition(start)
    _old, found_end, tail = rest.partition(end)
    if not found_start or not found_end:
        raise ValueError(f"the page lacks the {start} / {end} markers")
    return f"{head}{start}\n{body}{end}{tail}"


# --- rules --------------------------------------------------------------------------


def rule_section(rule: Rule) -> str:
    """One rule's section of docs/rules.md: the page ``promptls rule CODE`` prints, under
    the anchor the README and the rule table link to."""
    return f'<a id="{rule.code.lower()}"></a>\n\n{rule_page(rule)}'


def rules_table(rules: Iterable[Rule]) -> str:
    """The table at the top of docs/rules.md."""
    lines = ["| code | name | default severity | fix | applies to |", "|---|---|---|---|---|"]
    for r in rules:
        kinds = ", ".join(sorted(k.value for k in r.kinds))
        fix = "yes" if r.fixable else "—"
        lines.append(
            f"| [{r.code}](#{r.code.lower()}) | `{r.name}` | {r.severity.value} | {fix} | {kinds} |"
        )
    return "\n".join(lines) + "\n"


def rules_md(page: str) -> str:
    """docs/rules.md with its table and rule sections written from ``RULES``."""
    page = splice(page, "rule-table", "\n" + rules_table(RULES.values()) + "\n")
    sections = "\n".join(rule_section(r) for r in RULES.values())
    return splice(page, "rules", "\n" + sections + "\n")


README_TABLE = "| code | what | severity | fix |"
"""The README's rule table starts at this line and runs to the first line not a row (no
markers: the README's lines are counted)."""


def readme_rules(page: str) -> str:
    """The README with its rule table written from ``RULES``."""
    lines = [README_TABLE, "|---|---|---|---|"]
    for r in RULES.values():
        fix = "yes" if r.fixable else "-"
        link = f"[{r.code}](docs/rules.md#{r.code.lower()})"
        lines.append(f"| {link} | {r.summary} | {r.severity.value} | {fix} |")
    old = page.split("\n")
    if README_TABLE not in old:
        raise ValueError(f"the README lacks its rule table ({README_TABLE})")
    start = old.index(README_TABLE)
    end = start
    while end < len(old) and old[end].startswith("|"):
        end += 1
    return "\n".join([*old[:start], *lines, *old[end:]])


def rule_index() -> str:
    """``analysis/rules/index.py``: each rule module's kinds, from its ``RULE``."""
    by_module = {name: RULES[code_of(name)] for name in module_names()}
    rows = []
    for name, rule in by_module.items():
        kinds = ", ".join(sorted(k.name for k in rule.kinds))
        rows.append(f'    "{name}": frozenset({{{kinds}}}),')
    aliases = ", ".join(kind.name for kind in DocumentKind)
    kinds = ", ".join(f"DocumentKind.{kind.name}" for kind in DocumentKind)
    return "\n".join(
        [
            '"""Which kinds of document each rule module reports on (its ``RULE.kinds``), known',
            "without importing it, so a kind's rules load without the others (``of_kind``).",
            "Written by ``scripts/gen-api`` from the modules; the drift test and every rule's load",
            'check it against them."""',
            "",
            "from __future__ import annotations",
            "",
            "from collections.abc import Mapping",
            "",
            "from promptls.analysis.model import DocumentKind",
            "",
            f"{aliases} = {kinds}",
            "",
            "KINDS: Mapping[str, frozenset[DocumentKind]] = {",
            *rows,
            "}",
            '"""Rule module name -> the kinds of document its rule reports on."""',
            "",
        ]
    )


# --- the module map -----------------------------------------------------------------


def first_paragraph(path: Path) -> str:
    """The first paragraph of a module's docstring, on one line, in Markdown."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    if not doc or not doc.strip():
        raise ValueError(f"{path} has no docstring: say why it exists")
    return " ".join(doc.strip().split("\n\n", 1)[0].split()).replace("``", "`")


def _entries(folder: Path, depth: int) -> list[str]:
    lines = []
    indent = "  " * depth
    for path in sorted(folder.iterdir(), key=lambda p: (p.is_dir(), p.name)):
        if path.is_dir() and (path / "__init__.py").is_file():
            about = first_paragraph(path / "__init__.py")
            lines.append(f"{indent}- `{path.name}/`: {about}")
            lines += _entries(path, depth + 1)
        elif path.suffix == ".py" and path.name != "__init__.py":
            lines.append(f"{indent}- `{path.name}`: {first_paragraph(path)}")
    return lines


def module_map() -> str:
    """Every package and module of ``server/promptls``, with what its docstring says."""
    return "\n".join(_entries(PACKAGE, 0)) + "\n"


def architecture_md(page: str) -> str:
    """docs/architecture.md with its module map written from the docstrings."""
    return splice(page, "modules", "\n" + module_map() + "\n")


# --- profiles -----------------------------------------------------------------------


def setup_table() -> str:
    """Each profile's set-up markers, in the registry's order."""
    lines = ["| profile | set-up markers |", "|---|---|"]
    for name, profile in PROFILES.items():
        markers = ", ".join(f"`{m}`" for m in profile.setup_markers) or "none"
        lines.append(f"| `{name}` | {markers} |")
    return "\n".join(lines) + "\n"


def profiles_md(page: str) -> str:
    """docs/profiles.md with its set-up table written from the profiles."""
    return splice(page, "setup-markers", "\n" + setup_table() + "\n")


def outputs() -> dict[Path, str]:
    """Every page with generated parts and the text it should have."""
    pages = {
        RULES_MD: rules_md,
        README: readme_rules,
        ARCHITECTURE_MD: architecture_md,
        PROFILES_MD: profiles_md,
    }
    written = {path: make(path.read_text(encoding="utf-8")) for path, make in pages.items()}
    return {**written, RULE_INDEX: rule_index()}
