"""promptls: lint, preview and serve the text that coding agents send to models.

The pure core (everything here outside ``lsp/`` and ``cli.py``) imports nothing from
pygls or lsprotocol, works on ``str`` offsets and is usable as a library.
"""

__version__ = "0.1.0"
