"""Kiro's steering files and AGENTS.md, as scenarios from its documentation.

Kiro is closed source and ships no headless agent the oracle could run. Source:
kiro.dev/docs/steering (read 2026-12-06): workspace steering in ``.kiro/steering``,
global steering in ``~/.kiro/steering``, ``inclusion: always`` (the default),
``fileMatch`` with ``fileMatchPattern`` (a string or a list), ``manual`` (named in
chat) and ``auto`` (chosen by its name and description), and AGENTS.md at the
workspace root or in the global steering folder, always included.
"""

from __future__ import annotations

from pathlib import Path

from promptls.context import Discovery, EntryStatus
from tests.core.helpers import discover_as, entry_of, write


def kiro(root: Path, *, target: Path | None = None, home: Path | None = None) -> Discovery:
    """Discover as kiro, with an empty home next to the workspace by default."""
    return discover_as("kiro", root, target=target, home=home)


def steering(folder: Path, name: str, front: str | None) -> Path:
    """A steering file in ``folder/.kiro/steering``, with front matter lines or none."""
    head = f"---\n{front}\n---\n" if front is not None else ""
    return write(folder / ".kiro/steering" / name, f"{head}body of {name}\n")


def test_the_inclusion_modes(tmp_path: Path) -> None:
    """No front matter and always load; fileMatch is conditional; manual and auto are on
    request."""
    root = tmp_path / "ws"
    plain = steering(root, "tech.md", None)
    always = steering(root, "style.md", "inclusion: always")
    scoped = steering(root, "py.md", 'inclusion: fileMatch\nfileMatchPattern: "src/**/*.py"')
    manual = steering(root, "release.md", "inclusion: manual")
    auto = steering(root, "api.md", "inclusion: auto\nname: api\ndescription: REST design")
    d = kiro(root)
    assert [f.path for f in d.files] == [str(always), str(plain)]
    status, reason = entry_of(d, scoped)
    assert status is EntryStatus.CONDITIONAL and "src/**/*.py" in reason
    status, reason = entry_of(d, manual)
    assert status is EntryStatus.ON_REQUEST and "named in chat" in reason
    status, reason = entry_of(d, auto)
    assert status is EntryStatus.ON_REQUEST and "name and description" in reason


def test_file_match_loads_for_a_matching_file_and_takes_a_list(tmp_path: Path) -> None:
    """fileMatchPattern may list several patterns; a matching file loads the steering."""
    root = tmp_path / "ws"
    scoped = steering(
        root, "ts.md", 'inclusion: fileMatch\nfileMatchPattern: ["src/**/*.ts", "src/**/*.tsx"]'
    )
    status, reason = entry_of(kiro(root, target=root / "src/ui/App.tsx"), scoped)
    assert status is EntryStatus.LOADED and "(matches src/**/*.tsx)" in reason
    assert entry_of(kiro(root, target=root / "lib/a.ts"), scoped)[0] is EntryStatus.CONDITIONAL


def test_an_undocumented_inclusion_is_not_counted_as_sent(tmp_path: Path) -> None:
    """inclusion: filematch (lower case) is no documented mode: not shown as loaded."""
    root = tmp_path / "ws"
    typo = steering(root, "py.md", 'inclusion: filematch\nfileMatchPattern: "**/*.py"')
    d = kiro(root, target=root / "a.py")
    status, reason = entry_of(d, typo)
    assert status is EntryStatus.ON_REQUEST and "'filematch' is not a documented mode" in reason
    assert d.files == ()


def test_global_steering_then_agents_md_then_the_workspace(tmp_path: Path) -> None:
    """~/.kiro/steering (an AGENTS.md there too) comes first, then the workspace root's
    AGENTS.md and its steering files; a subfolder's AGENTS.md is not documented."""
    root = tmp_path / "ws"
    home = tmp_path / "home"
    mine = write(home / ".kiro/steering/personal.md", "Answer in English.\n")
    my_agents = write(home / ".kiro/steering/AGENTS.md", "# my agents\n")
    agents = write(root / "AGENTS.md", "# project agents\n")
    tech = steering(root, "tech.md", None)
    nested = write(root / "web/AGENTS.md", "# web\n")
    d = kiro(root, home=home, target=root / "web/app.ts")
    assert [f.path for f in d.files] == [str(my_agents), str(mine), str(agents), str(tech)]
    assert str(nested) not in [e.path for e in d.entries]


def test_file_references_include_the_file_relative_to_the_workspace(tmp_path: Path) -> None:
    """#[[file:api/openapi.yaml]] in .kiro/steering/api.md names the workspace's
    api/openapi.yaml: it follows its steering file; a missing one is an import error; an
    example of the syntax in code is not a reference."""
    root = tmp_path / "ws"
    spec = write(root / "api/openapi.yaml", "openapi: 3.1.0\n")
    body = "#[[file:api/openapi.yaml]]\nAlso #[[file:docs/gone.md]].\n\n```\n#[[file:x.md]]\n```\n"
    api = steering(root, "api.md", None)
    api.write_text(body, encoding="utf-8")
    d = kiro(root)
    assert [f.path for f in d.files] == [str(api), str(spec)]
    status, reason = entry_of(d, spec)
    assert status is EntryStatus.IMPORTED
    assert reason.startswith("imported by #[[file:api/openapi.yaml]] on line 1 of api.md")
    status, reason = entry_of(d, root / "docs/gone.md")
    assert status is EntryStatus.IMPORT_ERROR and "does not exist" in reason
    assert str(root / "x.md") not in [e.path for e in d.entries]


def test_references_nest_and_folders_or_patterns_are_left_alone(tmp_path: Path) -> None:
    """A steering file referenced by another keeps its own references whichever is read
    first (the page does not say that references nest, so none is called dropped); a
    folder or a pattern is no file reference: neither followed nor an error."""
    root = tmp_path / "ws"
    deep = write(root / "docs/b.md", "deep\n")
    refs = "#[[file:.kiro/steering/b-standards.md]]\n#[[file:src/]]\n#[[file:src/**/*.ts]]\n"
    steering(root, "a-index.md", None).write_text(refs, encoding="utf-8")
    standards = steering(root, "b-standards.md", None)
    standards.write_text("#[[file:docs/b.md]]\n", encoding="utf-8")
    d = kiro(root)
    assert [e.status for e in d.entries if e.status is EntryStatus.IMPORT_ERROR] == []
    assert entry_of(d, deep)[0] is EntryStatus.IMPORTED
    assert str(root / "src") not in [e.path for e in d.entries]
