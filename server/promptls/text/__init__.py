"""Text as bytes, code points and editor positions: the leaves everything else stands on.

``lines`` is the one position mapper (offsets to line/column in every notation a client
or a report uses), ``utf8`` encodes large texts and maps byte offsets back, ``chars`` is
the one table of invisible and control characters, ``fsread`` reads files with a cap and
without ever blocking. Nothing here imports the rest of promptls.
"""
