"""``python -m promptls`` runs the same CLI as the ``promptls`` console script."""

from promptls.cli import console

console()
