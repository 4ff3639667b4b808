"""The MCP server (``promptls mcp``): the same answers as ``promptls context``,
``preview``, ``check`` and ``explain``, as tools a coding agent can call.

Like ``lsp/``, it only translates. ``answers`` calls the library (discovery, assembly,
the check walk and analysis) and the serialisers ``--json`` prints; ``roots`` decides
which paths a client may ask about; ``schemas`` describes the results from
``promptls.apidesc``; ``setup`` is the one table of client set-up lines. Only
``server`` imports the MCP SDK (the optional extra ``promptls[mcp]``), so everything
else, and ``promptls mcp --print-config``, works from the core install.
"""
