"""Front matter with positions: every top-level key and value as a span of the text.

``discovery.frontmatter`` reads front matter the way an agent does (values only). The
rules need more: where each key and value *is*, so a finding underlines exactly
``alwaysApply: "true"``'s value and a fix can rewrite it. PyYAML's node marks count code
points of the string it was given, so a key's offset in the file is the block's offset
plus the mark's index; the one position mapper turns that into UTF-8/16/32 columns.
The block is split off by ``discovery.frontmatter.read_front_matter`` (the agents'
reading), then composed once here; one text is parsed once however many rules ask.
"""

from __future__ import annotations

from functools import lru_cache

from promptls import later
from promptls.discovery.frontmatter import (
    MAX_DEPTH,
    TAG_MISFIT,
    plain_value,
    read_front_matter,
    too_deep,
)
from promptls.record import Record


class Item(Record):
    """One scalar inside a value (a list item, or the value itself), with its span."""

    value: object
    start: int
    end: int


class Key(Record):
    """A top-level ``key: value`` pair: the key's span, the value's span and reading."""

    name: str
    start: int
    end: int
    value: object
    value_start: int
    value_end: int
    items: tuple[Item, ...]
    """The scalars of the value: one for a scalar, each item for a list of scalars."""
    sequence: bool
    quoted: bool
    """The value is a quoted scalar (``"true"`` is a string because of its quotes)."""


class Front(Record):
    """A file's front matter as the rules see it."""

    present: bool
    """The file starts with ``---``."""
    block_start: int
    block_end: int
    """The YAML text between the fences (empty span when absent or unclosed)."""
    keys: tuple[Key, ...] = ()
    problem: str = ""
    problem_at: int | None = None
    """Where YAML stopped (an offset into the text), or the opening fence."""
    closed: bool = True
    lenient: bool = False
    """YAML rejected the block and ``keys`` are its plain ``key: value`` lines, read the
    way the agents' own lenient parsers read ``globs: *.ts`` (scalars only)."""

    def get(self, name: str) -> Key | None:
        """The last pair with this key (YAML keeps the last of duplicates)."""
        return next((k for k in reversed(self.keys) if k.name == name), None)


ABSENT = Front(False, 0, 0)


def _opening(text: str) -> tuple[int, int] | None:
    """Start of the opening ``---`` line and the offset after its line break."""
    start = 1 if text.startswith("\ufeff") else 0
    end = text.find("\n", start)
    if end < 0 or text[start:end].rstrip("\r") != "---":
        return None
    return start, end + 1


def _closing_start(text: str, body_start: int) -> int:
    """Start of the closing fence line, given where the body begins after it."""
    end = body_start
    if end > 0 and text[end - 1] == "\n":
        end -= 1
    return text.rfind("\n", 0, end) + 1


def _items(node: object, base: int) -> tuple[tuple[Item, ...], bool]:
    """Scalars of a value node with absolute spans; a list's items when all scalars."""
    if isinstance(node, later.yaml.ScalarNode):
        return (Item(node.value, base + node.start_mark.index, base + node.end_mark.index),), False
    if isinstance(node, later.yaml.SequenceNode):
        found = []
        for child in node.value:
            if not isinstance(child, later.yaml.ScalarNode):
                return (), True
            found.append(
                Item(child.value, base + child.start_mark.index, base + child.end_mark.index)
            )
        return tuple(found), True
    return (), False


def _compose(text: str, start: int, end: int) -> tuple[tuple[Key, ...], str, int | None]:
    """The pairs of the block ``text[start:end]``, or the YAML problem and its offset."""
    block = text[start:end]
    if too_deep(block):
        return (), f"invalid YAML: brackets nested more than {MAX_DEPTH} levels deep", start
    try:
        # The reader rejects control characters as soon as it is made: inside the try.
        loader = later.yaml.SafeLoader(block)
    except later.yaml.YAMLError as exc:
        return (), f"invalid YAML: {getattr(exc, 'problem', None) or exc}", start
    try:
        root = loader.get_single_node()
        if root is None:
            return (), "", None
        if not isinstance(root, later.yaml.MappingNode):
            return (), "the front matter is not a key: value mapping", start
        pairs = []
        for k, v in root.value:
            try:
                built = loader.construct_object(k, deep=True), loader.construct_object(v, deep=True)
            except (ValueError, LookupError, AttributeError, TypeError):  # see TAG_MISFIT
                return (), TAG_MISFIT, start + k.start_mark.index
            pairs.append((k, v, *built))
    except (later.yaml.YAMLError, RecursionError) as exc:  # deep nesting overflows the parser
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        at = start + min(mark.index, len(block)) if mark is not None else start
        return (), f"invalid YAML: {getattr(exc, 'problem', None) or exc}", at
    finally:
        loader.dispose()
    keys = []
    for key_node, value_node, name, value in pairs:
        items, sequence = _items(value_node, start)
        value_end = items[-1].end if sequence and items else start + value_node.end_mark.index
        quoted = isinstance(value_node, later.yaml.ScalarNode) and value_node.style in ("'", '"')
        keys.append(
            Key(
                name=str(name),
                start=start + key_node.start_mark.index,
                end=start + key_node.end_mark.index,
                value=value,
                value_start=start + value_node.start_mark.index,
                value_end=value_end,
                items=items,
                sequence=sequence,
                quoted=quoted,
            )
        )
    return tuple(keys), "", None


@lru_cache(maxsize=16)
def front_matter(text: str) -> Front:
    """The front matter of ``text`` with spans; ``ABSENT`` without an opening fence."""
    opening = _opening(text)
    if opening is None:
        return ABSENT
    fence, block_start = opening
    read = read_front_matter(text)
    if not read.present and read.problem:
        return Front(
            True, block_start, block_start, problem=read.problem, problem_at=fence, closed=False
        )
    block_end = _closing_start(text, read.body_start)
    keys, problem, at = _compose(text, block_start, block_end)
    if problem and at is not None and problem.startswith("invalid YAML"):
        plain = _plain_keys(text, block_start, block_end)
        return Front(True, block_start, block_end, plain, problem, at, lenient=bool(plain))
    return Front(True, block_start, block_end, keys, problem, at)


def _plain_keys(text: str, start: int, end: int) -> tuple[Key, ...]:
    """Top-level ``key: value`` lines of a block YAML rejects, with their spans."""
    found: list[Key] = []
    pos = start
    while pos < end:
        stop = text.find("\n", pos, end)
        stop = end if stop < 0 else stop
        line = text[pos:stop].rstrip("\r")
        colon = line.find(":")
        if line and line[0] not in " \t#-" and colon > 0:
            name = line[:colon].strip()
            raw = line[colon + 1 :]
            value_start = pos + colon + 1 + (len(raw) - len(raw.lstrip()))
            value_text = raw.strip()
            value_end = value_start + len(value_text)
            value = plain_value(value_text)
            items = (Item(value, value_start, value_end),)
            quoted = value_text[:1] in ("'", '"') and isinstance(value, str)
            key_end = pos + len(line[:colon].rstrip())
            found.append(
                Key(name, pos, key_end, value, value_start, value_end, items, False, quoted)
            )
        pos = stop + 1
    return tuple(found)
