"""The one machine-readable description of what editor clients copy from the server.

Settings (key, type, default, description, enum), the ``workspace/executeCommand`` ids
with their argument and result shapes, the server's notification, the editor actions
both clients offer, the instruction-file names and the prompt-file globs. ``promptls
api-json`` prints it (gopls' ``api-json`` is the model); ``scripts/gen-api`` writes the
VS Code ``package.json`` sections, ``editors/vscode/src/generated/api.ts``,
``editors/neovim/lua/promptls/api.lua`` and ``docs/settings.md`` from it, and a test
fails when a committed copy differs from what the generator produces.

Nothing here restates a fact another module owns: setting keys, types and defaults come
from ``promptls.analysis.settings``; names and globs from ``promptls.discovery``; the
severities and statuses from their enums. What only this package knows is prose (the
descriptions) and the command contract: the ids in ``ids`` (which ``promptls.lsp`` registers)
and the typed result records in ``records`` (which the serialisers of ``promptls.views``
are type-checked against, and from which ``results`` derives the published schemas).

Modules: ``ids`` (command ids and other protocol strings; imports nothing, so the
language server can use them before ``initialize``), ``settings`` (settings, profiles,
file patterns), ``schema`` (the JSON-Schema subset, its builders and ``schema_of``),
``records``, ``records_preview`` and ``records_check`` (the result records), ``results``
(their schemas), ``commands`` (each command's id, arguments, result and CLI twin, and the
notification) and ``describe`` (the whole description and the editor actions). Pure
data: no LSP import.
"""
