"""``promptls api-json``: the machine-readable description of settings, commands and files.

Prints ``promptls.apidesc.api_description()`` as JSON: every setting (key, config-file
key, type, default, description, enum), the ``workspace/executeCommand`` ids with their
argument and result shapes, the ``promptls/contextChanged`` notification, the editor
actions, the instruction-file names and globs, and the prompt-file globs. Editor clients
are generated from it (``scripts/gen-api``); other clients can read it instead of
copying. Like gopls' ``api-json``, the output has no version in it, so it changes only
when the contract does.
"""

from __future__ import annotations

import argparse

from promptls.apidesc.describe import api_description
from promptls.commands._common import print_json

NAME = "api-json"
HELP = "print the machine-readable description of settings, commands and files (JSON)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options: the description does not depend on the folder or the user."""


def run(args: argparse.Namespace) -> int:
    """Print the description."""
    print_json(api_description())
    return 0
