"""Text as bytes, code points and editor positions: the leaves everything else stands on.

``mapper`` is the one position mapper (code-point offsets to lines and columns in every
unit a client or a report uses, and UTF-8 byte offsets back to code points), ``chars`` is
the one table of invisible and control characters, ``fsread`` reads files with a cap and
without ever blocking. Nothing here imports the rest of promptls.
"""
