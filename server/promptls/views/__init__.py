"""What promptls shows people and editors about discovery and the assembled prompt.

One JSON serialiser per result type (``shapes``, camelCase, the shapes ``promptls
api-json`` describes) and one human formatter per result type (``text``), shared by the
CLI (``--json`` and its printed output) and the language server's commands, so a
terminal, VS Code and Neovim show the same thing and no client re-implements it. Pure:
no LSP import.
"""
