"""Patterns compiled on first use match exactly what ``re.compile`` would, and a module
that defines one ends up holding the real compiled pattern."""

from __future__ import annotations

import re
import types

from promptls.text.lazyre import lazy, lazy_built


def _module(source: str) -> types.ModuleType:
    """A throwaway module whose globals define patterns the way promptls modules do."""
    module = types.ModuleType("lazy_example")
    exec(source, module.__dict__)  # a fixed test snippet
    return module


def test_a_lazy_pattern_matches_like_the_compiled_one() -> None:
    source, flags = r"<!--\s*(promptls)-(\w+)", re.IGNORECASE
    eager = re.compile(source, flags)
    stand_in = lazy(source, flags)
    text = "a <!-- PROMPTLS-disable --> b <!--promptls-enable"
    assert [m.groups() for m in stand_in.finditer(text)] == [
        m.groups() for m in eager.finditer(text)
    ]
    assert stand_in.sub("x", text) == eager.sub("x", text)
    assert (stand_in.pattern, stand_in.flags, stand_in.groups) == (
        eager.pattern,
        eager.flags,
        eager.groups,
    )
    assert repr(stand_in) == repr(eager)


def test_bytes_and_built_patterns() -> None:
    assert lazy(rb"\xe2\x80[\x8b-\x8f]").findall(b"a\xe2\x80\x8bb") == [b"\xe2\x80\x8b"]
    built = lazy_built(lambda: re.compile("|".join(["cat", "dog"])))
    assert built.findall("a dog and a cat") == ["dog", "cat"]


def test_first_use_puts_the_compiled_pattern_in_the_module() -> None:
    module = _module(
        "from promptls.text.lazyre import lazy\n"
        "_WORD = lazy(r'[a-z]+')\n"
        "_KEPT = (lazy(r'[0-9]+'),)\n"
        "def words(text):\n"
        "    return _WORD.findall(text)\n"
    )
    assert not isinstance(module._WORD, re.Pattern)  # nothing compiled at import
    assert module.words("ab 12 cd") == ["ab", "cd"]
    assert isinstance(module._WORD, re.Pattern)  # the module now holds the real one
    assert module.words("ef") == ["ef"]
    # A reference the module global does not hold still works through the stand-in.
    assert module._KEPT[0].findall("a1b22") == ["1", "22"]
