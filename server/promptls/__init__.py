"""promptls: lint, preview and serve the text that coding agents send to models.

The pure core (everything here outside ``lsp/``) imports nothing from pygls or
lsprotocol, works on ``str`` offsets and is usable as a library; which part may import
which is written down, and checked, in ``tests/core/test_contract.py``.
"""

__version__ = "0.1.0"
