"""Every extended-glob form is explained, not only ``+(…)``.

bash's extglob (and minimatch, which some users expect) writes ``@(a|b)``, ``+(a|b)``,
``!(a|b)``, ``?(a|b)`` and ``*(a|b)``; VS Code's globs read none of them, so an
``applyTo: "**/*(a|b).ts"`` silently matches almost nothing. Found by mutating globs.py's
``_EXTGLOB`` (scripts/mutation_patterns.py, docs/mutation.md).
"""

from __future__ import annotations

import pytest

from promptls.discovery.globs import dialect

COPILOT = dialect("copilot")


@pytest.mark.parametrize(
    "pattern", ["src/@(a|b).ts", "**/+(a|b).ts", "src/!(test).ts", "src/?(x).ts", "**/*(a|b).ts"]
)
def test_each_extended_glob_form_is_named(pattern: str) -> None:
    problem = COPILOT.problem(pattern)
    assert problem is not None
    assert "extended glob" in problem
