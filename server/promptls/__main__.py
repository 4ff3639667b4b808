"""``python -m promptls`` runs the same CLI as the ``promptls`` console script."""

import sys

from promptls.cli import main

sys.exit(main())
