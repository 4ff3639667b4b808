"""How opencode reads the ``instructions`` globs of its settings: its glob dialect.

Beside the profile, not in the walk (``walk.py``): the profile carries the dialect (Kilo
Code's, an opencode fork, too), and the profiles load without the agents' walks, which
only discovery imports (``Profile.hooks``).
"""

from __future__ import annotations

from promptls.discovery.globs import GlobDialect, ScopeValue

GLOBS = GlobDialect(
    # sst/opencode packages/opencode/src/session/instruction.ts: `instructions` globs are
    # expanded with Bun's Glob from each folder between the working folder and the worktree.
    name="opencode",
    # `*` matches dot files: oracle scenario "opencode: instructions globs" (1.18.33).
    source=(
        "opencode.ai/docs/rules ('Custom instructions'), read 2026-12-01; dot files as "
        "opencode 1.18.33 matches them (promptls oracle)"
    ),
    dotfiles=True,
    # its config schema rejects an `instructions` value that is no list of strings
    scope_value=ScopeValue.LIST,
)
