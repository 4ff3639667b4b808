"""Keep the code that attrs, cattrs and dataclasses generate, so a new server compiles it once.

lsprotocol defines about 570 attrs classes, and attrs writes each class's ``__init__``,
``__eq__``, ``__repr__``… as Python source and compiles it when the class is made: at
every start of every pygls server. cattrs does the same for each message type the first
time it is read or written, and dataclasses for the few a library defines (promptls' own
records generate none: ``promptls/record.py``). Compiling that source was ~40 % of
a fresh server's CPU before ``initialize`` (valgrind: ~960 M of ~2,300 M instructions).
The source is the same at every start, so the compiled code is too: like Python's own
``__pycache__``, this module keeps it in the user's cache folder and hands it back
instead of compiling again. A class whose methods it does not hold yet gets them compiled
when first used (``lazymethods.py``): a session uses a few dozen of lsprotocol's classes,
so a first start compiles those, and the file holds only them. The standard library
compiles too where a class is made: ``typing`` each string annotation it turns into a
``ForwardRef`` (every field of a ``typing.NamedTuple`` under ``from __future__ import
annotations``, lsprotocol's forward references) and ``collections.namedtuple`` each
class's ``__new__``: ~0.1 ms of a NamedTuple class's ~0.16, and a new session's first
analysis makes about twenty of them, so the cache stands in front of those as well.

The same file keeps the programs of promptls' own regular expressions
(``reprograms.py``): ~4 ms of a new session's first analysis.

What it trusts: it caches only what those generators compile and promptls' constant
patterns, never anything from a workspace. An entry is found by the exact source and
``compile`` arguments, so a hit is what ``compile`` would have returned. The file is
bound to this interpreter's bytecode version and carries a CRC-32 of its body (against
damage, not against someone who can write the folder); a file that is missing, foreign,
truncated or corrupt is ignored, and everything compiles as if there were no cache. It
is written atomically, and only when the session compiled something new.
``PROMPTLS_CODE_CACHE=off`` turns it off; ``PROMPTLS_CODE_CACHE=<folder>`` puts it
elsewhere (the bench uses both).

Why it stays: without it a server's CPU to ``initialize`` is 1.19x the bare pygls
server's, against a budget of 1.1x (``scripts/bench --servers promptls,promptls-plain,floor
--only lsp``: 690 against 580 ms, 420 ms with it). It reaches into attrs' and cattrs'
modules, so it runs only on the releases it was written against (``WRITTEN_FOR``, the same
ranges as ``pyproject.toml``'s pins, which a test compares): on any other, or when the
generators stop compiling through it, the server logs a warning and starts without it.
"""

# Plain str paths: this runs before anything else at start-up, and the paths only go to os.
# ruff: noqa: PTH103, PTH105, PTH108, PTH111, PTH118, PTH120, PTH208

from __future__ import annotations

import binascii
import builtins
import collections
import logging
import marshal
import os
import sys
import threading
import typing
from importlib.util import MAGIC_NUMBER
from types import CodeType, ModuleType
from typing import Any

from promptls import later
from promptls.lsp import reprograms

log = logging.getLogger(__name__)

ENV = "PROMPTLS_CODE_CACHE"
"""Environment variable: ``off`` (or ``0``) disables the cache; any other value is the folder."""

_HEAD = b"promptls code cache 3\n"
"""The file starts with this, then the interpreter's bytecode magic, then the checksum."""

MAX_ENTRIES = 20_000
"""More entries than a session makes many times over: past it, a save keeps only what
this session compiled, so a cache fed by changing versions of the generators cannot grow
without end (what it drops is compiled once more, next time)."""

Key = tuple[str, str, str, int, bool, int]
"""An entry's key: every input ``compile`` turns into the code object (source, file name,
mode, flags, dont_inherit, optimize)."""

_compile = builtins.compile
_exec = builtins.exec
_eval = builtins.eval

WRITTEN_FOR: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "attrs": ((26, 1), (27,)),
    "cattrs": ((26, 1), (27,)),
}
"""Distribution → the versions [from, to) whose generators this module was written and
tested against (their module-level ``compile``; attrs' generated file names)."""

LAZY_PREFIX = "<attrs generated methods "
"""The file name attrs gives a class's methods: compiled on first use when the cache does
not hold it (``lazymethods.py``), since a session uses a few dozen of lsprotocol's ~550."""


def default_folder() -> str | None:
    """Where the cache lives: ``$PROMPTLS_CODE_CACHE``, else the platform's cache folder
    (``$XDG_CACHE_HOME``/``~/.cache`` or ``%LOCALAPPDATA%``) under ``promptls``; None
    when turned off or when there is no home to put it in."""
    chosen = os.environ.get(ENV, "")
    if chosen.lower() in ("off", "0", "false", "no"):
        return None
    if chosen:
        return chosen
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA", "")
    else:
        base = os.environ.get("XDG_CACHE_HOME", "") or os.path.join(
            os.path.expanduser("~"), ".cache"
        )
    if not base or base.startswith("~"):
        return None
    return os.path.join(base, "promptls")


class CodeCache:
    """Compiled generated code by its exact source and ``compile`` arguments; ``compile``
    and ``exec`` are drop-ins for the builtins as the generators call them."""

    def __init__(self, folder: str) -> None:
        self.path = os.path.join(folder, f"generated-{MAGIC_NUMBER.hex()}.bin")
        self._known: dict[Key, CodeType] = {}
        self._fresh: dict[Key, CodeType] = {}
        """What this session compiled (and has not saved yet)."""
        self._lock = threading.Lock()
        self.reused = 0
        """How many compilations the cache answered this session."""
        self.programs = reprograms.Programs({})
        """promptls' own regular expressions' programs (``reprograms.py``)."""

    def load(self) -> None:
        """Read the file, if there is a usable one (anything else: start empty)."""
        try:
            with open(self.path, "rb") as f:
                blob = f.read()
        except OSError:
            return
        self._known, programs = _decode(blob)
        self.programs.known.update(programs)

    def compile(
        self,
        source: Any,
        filename: Any,
        mode: str,
        flags: int = 0,
        dont_inherit: bool = False,
        optimize: int = -1,
        **extra: Any,
    ) -> Any:
        """``compile`` with the cache in front, for text sources; anything else (an AST,
        keyword arguments the generators never pass) goes straight to the builtin."""
        if extra or not isinstance(source, str) or not isinstance(filename, str):
            return _compile(source, filename, mode, flags, dont_inherit, optimize, **extra)
        key = (source, filename, mode, flags, dont_inherit, optimize)
        code = self._known.get(key)
        if code is not None:
            self.reused += 1
            return code
        if filename.startswith(LAZY_PREFIX) and key[2:] == ("exec", 0, False, -1):
            return later.lazymethods.template_for(source, filename, self._compile_exec)
        return self._compile_new(key)

    def _compile_exec(self, source: str, filename: str) -> CodeType:
        """Compile a script as ``exec`` now and keep it (a lazily compiled attrs class)."""
        return self._compile_new((source, filename, "exec", 0, False, -1))

    def _compile_new(self, key: Key) -> CodeType:
        """Compile what the cache does not hold, and keep it for the next save."""
        code: CodeType = _compile(*key)
        with self._lock:
            self._known[key] = code
            self._fresh[key] = code
        return code

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /) -> None:
        """``exec`` of a source text through the cache (dataclasses' generated methods,
        always run with explicit globals); without globals it runs in the caller's frame,
        as the builtin would."""
        if globals is None:
            caller = sys._getframe(1)
            globals = caller.f_globals
            if locals is None:
                locals = caller.f_locals
        if isinstance(source, str):
            source = self.compile(source, "<string>", "exec")
        _exec(source, globals, locals)

    def eval(self, source: Any, globals: Any = None, locals: Any = None, /) -> Any:
        """``eval`` of a source text through the cache (``collections.namedtuple``'s
        ``__new__``, always run with explicit globals); anything else goes to the builtin.
        Like the builtin, it strips leading spaces and tabs first."""
        if not isinstance(source, str) or globals is None:
            return _eval(source, globals, locals)
        return _eval(self.compile(source.lstrip(" \t"), "<string>", "eval"), globals, locals)

    @property
    def compiled(self) -> int:
        """How many compilations were new this session (since the last save), regular
        expressions' programs included."""
        return len(self._fresh) + len(self.programs.fresh)

    def save(self) -> bool:
        """Write the cache if this session compiled anything new; True when written.
        Never raises: a folder that cannot be written only means no cache next time."""
        with self._lock:
            if not self._fresh and not self.programs.fresh:
                return False
            table = self._known if len(self._known) <= MAX_ENTRIES else self._fresh
            programs = self.programs.known
            if len(programs) > MAX_ENTRIES:
                programs = self.programs.fresh
            self._fresh = {}
            self.programs.fresh = {}
            payload = marshal.dumps((table, programs))
        blob = _HEAD + MAGIC_NUMBER + _crc(payload) + payload
        folder = os.path.dirname(self.path)

        try:
            os.makedirs(folder, exist_ok=True)
            fd, temporary = later.tempfile.mkstemp(dir=folder, prefix=".generated-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(blob)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
        except OSError as exc:
            log.debug("code cache not written to %s: %s", folder, exc)
            return False
        return True

    def install(
        self,
        compiling: tuple[ModuleType, ...],
        executing: tuple[ModuleType, ...],
        evaluating: tuple[ModuleType, ...] = (),
    ) -> None:
        """Put the cache in front of the builtin ``compile`` of the ``compiling`` modules,
        ``exec`` of the ``executing`` ones and ``eval`` of the ``evaluating`` ones (a
        module global shadows a builtin for the code of that module only)."""
        for module in compiling:
            module.compile = self.compile  # type: ignore[attr-defined]
        for module in executing:
            module.exec = self.exec  # type: ignore[attr-defined]
        for module in evaluating:
            module.eval = self.eval  # type: ignore[attr-defined]


def _crc(payload: bytes) -> bytes:
    """The body's checksum as it is stored (``binascii`` is loaded at start-up anyway;
    ``hashlib`` costs ~2.5 ms of it)."""
    return binascii.crc32(payload).to_bytes(4, "big")


def _is_key(key: object) -> bool:
    """Whether ``key`` has the shape ``CodeCache.compile`` makes."""
    return (
        type(key) is tuple
        and len(key) == 6
        and all(type(k) is t for k, t in zip(key, (str, str, str, int, bool, int), strict=True))
    )


def _decode(
    blob: bytes,
) -> tuple[dict[Key, CodeType], dict[reprograms.Key, reprograms.Program]]:
    """The tables in a cache file (code, regular expressions' programs), or empty ones
    for anything not written by this interpreter's version of this module, or damaged
    since."""
    start = len(_HEAD) + len(MAGIC_NUMBER) + 4
    if len(blob) < start or not blob.startswith(_HEAD + MAGIC_NUMBER):
        return {}, {}
    payload = blob[start:]
    if _crc(payload) != blob[start - 4 : start]:
        return {}, {}
    try:
        tables = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return {}, {}
    if not (type(tables) is tuple and len(tables) == 2):
        return {}, {}
    code, programs = tables
    if not (isinstance(code, dict) and isinstance(programs, dict)):
        return {}, {}
    return (
        {k: v for k, v in code.items() if _is_key(k) and type(v) is CodeType},
        {k: v for k, v in programs.items() if reprograms.is_entry(k, v)},
    )


def installed_version(distribution: str, module: ModuleType) -> tuple[int, ...] | None:
    """The version of ``distribution`` that ``module`` was installed from, read from the
    ``<name>-<version>.dist-info`` folder beside it (``importlib.metadata`` would cost
    ~8 ms of every start); None when there is none to read."""
    folder = os.path.dirname(os.path.dirname(module.__file__ or ""))
    prefix = f"{distribution}-"
    try:
        names = os.listdir(folder)
    except OSError:
        return None
    for name in names:
        if name.startswith(prefix) and name.endswith(".dist-info"):
            version = name[len(prefix) : -len(".dist-info")]
            parts = version.split(".")
            if all(part.isdigit() for part in parts):
                return tuple(int(part) for part in parts)
    return None


def unsupported(versions: dict[str, tuple[int, ...] | None]) -> list[str]:
    """The distributions outside ``WRITTEN_FOR``, as ``name version`` (or ``name ?``)."""
    out = []
    for name, (low, high) in WRITTEN_FOR.items():
        version = versions.get(name)
        if version is None or not low <= version < high:
            shown = ".".join(map(str, version)) if version is not None else "?"
            out.append(f"{name} {shown}")
    return out


def start() -> CodeCache | None:
    """Load the cache and put it in front of attrs', cattrs' and dataclasses' compiling,
    before lsprotocol is imported; None when turned off, or (with a warning) when attrs or
    cattrs is not a release it was written against. Called by ``promptls serve``."""
    folder = default_folder()
    if folder is None:
        return None
    attr_make, cattrs_gen = later.attr_make, later.cattrs_gen
    versions = {
        "attrs": installed_version("attrs", sys.modules["attr"]),
        "cattrs": installed_version("cattrs", sys.modules["cattrs"]),
    }
    if wrong := unsupported(versions):
        log.warning(
            "code cache off: written for attrs and cattrs %s, found %s; the server starts "
            "without it (slower)",
            ", ".join(f"{n} {_span(r)}" for n, r in WRITTEN_FOR.items()),
            ", ".join(wrong),
        )
        return None
    cache = CodeCache(folder)
    cache.load()

    cache.install((attr_make, cattrs_gen, typing), (later.dataclasses,), (collections,))
    cache.programs.install()
    return cache


def check_effect(cache: CodeCache) -> bool:
    """After lsprotocol is loaded: whether its classes went through the cache. When none
    did, attrs and cattrs no longer compile as they did; the warning says so, since
    nothing else would (the server only starts slower)."""
    if cache.reused or cache.compiled:
        return True
    log.warning("code cache had no effect: attrs or cattrs no longer compile through it")
    return False


def _span(versions: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    low, high = versions
    return f">={'.'.join(map(str, low))},<{'.'.join(map(str, high))}"
