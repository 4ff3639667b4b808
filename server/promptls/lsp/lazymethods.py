"""attrs methods compiled when a class is first used, not when it is made.

lsprotocol makes ~550 attrs classes at import, and attrs compiles each one's generated
``__init__``/``__eq__``/``__repr__``… there and then: ~1,000 M instructions (~150 ms)
when the code cache (``codecache.py``) does not hold them yet, a machine's first start
or the first after an upgrade. A session uses a few dozen of those classes. So when the
cache has no code for a class's methods, ``CodeCache.compile`` hands attrs
:data:`TEMPLATE` instead: run where attrs runs the real script, it puts a stand-in
function under each name the script defines. The first call of any stand-in compiles
the real script (through the cache, so the next start has it), puts the real functions
on the class in place of the stand-ins, with the names, docs and annotations attrs gave
them, and calls the real one. A stand-in whose class cannot be found (called unbound
with no instance) still answers, through the real function, every time.

What it relies on, from attrs: a class's methods are one script of top-level ``def``s,
evaluated into a fresh namespace whose entries attrs puts in the class under the same
names. ``tests/lsp/test_codecache.py`` checks the classes a session meets behave as
attrs makes them (equality, hashing, repr, defaults, validators, slots).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, MutableMapping
from types import CodeType
from typing import Any

_PLACEHOLDER = "\x00promptls lazy methods\x00"

TEMPLATE: CodeType = compile(
    f"__import__('promptls.lsp.lazymethods', fromlist=['_']).stand_in(globals(), locals(), "
    f"{_PLACEHOLDER!r})\n",
    "<promptls lazy methods>",
    "exec",
)
"""Module code that puts stand-ins into the namespace attrs evaluates a script in; its
one string constant is replaced by the script's file name (``template_for``)."""

Compiler = Callable[[str, str], CodeType]

_pending: dict[str, tuple[str, Compiler]] = {}
"""File name → (script, how to compile it), between ``template_for`` and ``stand_in``."""


def template_for(script: str, filename: str, compile_now: Compiler) -> CodeType:
    """The code attrs evaluates instead of ``script``: stand-ins for its functions."""
    _pending[filename] = (script, compile_now)
    consts = tuple(filename if c == _PLACEHOLDER else c for c in TEMPLATE.co_consts)
    return TEMPLATE.replace(co_consts=consts)


def stand_in(globs: dict[str, Any], namespace: MutableMapping[str, Any], filename: str) -> None:
    """Run by the template: a stand-in for each function the pending script defines."""
    script, compile_now = _pending.pop(filename)
    names = [line[4 : line.index("(")] for line in script.splitlines() if line.startswith("def ")]
    methods = _Methods(script, filename, globs, compile_now)
    for name in names:
        namespace[name] = methods.stand_in(name)


class _Methods:
    """One class's generated methods: stand-ins until one is called, then the real ones."""

    def __init__(
        self, script: str, filename: str, globs: dict[str, Any], compile_now: Compiler
    ) -> None:
        self.script = script
        self.filename = filename
        self.globs = globs
        self.compile_now = compile_now
        self.stand_ins: dict[str, Callable[..., Any]] = {}
        self.real: dict[str, Any] | None = None
        self.lock = threading.Lock()

    def stand_in(self, name: str) -> Callable[..., Any]:
        """A function that makes the real methods on first call, then calls its own."""

        def method(*args: Any, **kwargs: Any) -> Any:
            return self.resolve(name, args)(*args, **kwargs)

        method.__name__ = name
        self.stand_ins[name] = method
        return method

    def resolve(self, name: str, args: tuple[Any, ...], kind: type | None = None) -> Any:
        """The real function ``name``, compiled (and put on the class) the first time:
        the class of ``args[0]`` or ``kind``, or the base of it that holds the stand-ins."""
        real = self.real
        if real is None:
            with self.lock:
                real = self.real
                if real is None:
                    real = {}
                    exec(self.compile_now(self.script, self.filename), self.globs, real)
                    if kind is None and args:
                        kind = type(args[0])
                    if kind is not None:
                        self._install(name, kind, real)
                    self.real = real
        return real[name]

    def _install(self, name: str, kind: type, real: dict[str, Any]) -> None:
        """Put the real functions on the class that holds the stand-ins (``kind`` or a
        base of it), keeping what attrs set on each stand-in."""
        called = self.stand_ins[name]
        owner = next((c for c in kind.__mro__ if c.__dict__.get(name) is called), None)
        if owner is None:
            return
        for each, stand_in in self.stand_ins.items():
            function = real.get(each)
            if function is None or owner.__dict__.get(each) is not stand_in:
                continue
            function.__dict__.update(stand_in.__dict__)
            for attribute in ("__qualname__", "__module__", "__doc__", "__annotations__"):
                setattr(function, attribute, getattr(stand_in, attribute))
            setattr(owner, each, function)


def compile_all(kind: type) -> None:
    """Give ``kind`` the real methods of every stand-in it holds now, not at first call:
    for a host that forks servers from one prepared process (``tests/forkserver.py``),
    so that each child finds them compiled instead of compiling them again."""
    for name, value in list(vars(kind).items()):
        methods = _methods_of(value)
        if methods is not None and methods.stand_ins.get(name) is value:
            methods.resolve(name, (), kind)


def _methods_of(value: object) -> _Methods | None:
    """The methods a stand-in makes real (what its closure holds), or None."""
    for cell in getattr(value, "__closure__", None) or ():
        with contextlib.suppress(ValueError):  # an empty cell
            if isinstance(cell.cell_contents, _Methods):
                return cell.cell_contents
    return None
