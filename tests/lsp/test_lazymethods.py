"""attrs classes whose methods are compiled on first use (``lsp/lazymethods.py``) behave
as attrs makes them: the same construction, defaults, validation, equality, hashing,
repr, conversion to and from JSON, and inheritance, with the code cache empty (the
stand-ins) as with it off (attrs as it is). Each side runs in a fresh interpreter, since
the cache must be in front of attrs before lsprotocol makes its classes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

_PROBE = r"""
import json, os, sys
compiled = []
sys.addaudithook(
    lambda event, args: compiled.append(1)
    if event == "compile" and str(args[1]).startswith("<attrs generated methods") else None
)
from promptls.lsp import codecache
codecache.start()
import attrs
from lsprotocol import types as t
from pygls.protocol import default_converter

at_import = len(compiled)
if os.environ.get("PROBE_COMPILE_ALL"):
    from promptls.lsp import lazymethods
    for kind in list(vars(t).values()):
        if isinstance(kind, type) and attrs.has(kind):
            lazymethods.compile_all(kind)
stand_ins = sum(
    1 for kind in vars(t).values()
    if isinstance(kind, type) and attrs.has(kind)
    and kind.__dict__.get("__init__") is not None
    and kind.__init__.__code__.co_filename.endswith("lazymethods.py")
)
out = {}

def attempt(name, make):
    try:
        out[name] = repr(make())
    except Exception as exc:
        out[name] = f"{type(exc).__name__}: {exc}"

p = t.Position(line=1, character=2)
attempt("position", lambda: p)
attempt("position eq", lambda: (p == t.Position(1, 2), p != t.Position(1, 3), p == "x"))
attempt("position hash", lambda: hash(p))
attempt("position invalid", lambda: t.Position(line="x", character=1))
attempt("position missing", lambda: t.Position(line=1))
attempt("position extra", lambda: t.Position(1, 2, 3))
attempt("position setattr", lambda: (setattr(p, "line", 7), p)[1])
attempt("range", lambda: t.Range(start=p, end=t.Position(3, 4)))
diagnostic = t.Diagnostic(range=t.Range(p, p), message="m", code="PL001")
attempt("diagnostic", lambda: diagnostic)
attempt("evolve", lambda: attrs.evolve(diagnostic, message="n"))
attempt("fields", lambda: [f.name for f in attrs.fields(t.Diagnostic)])
converter = default_converter()
attempt("unstructure", lambda: converter.unstructure(diagnostic))
attempt(
    "structure",
    lambda: converter.structure(
        {"range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 2}},
         "message": "x", "severity": 2}, t.Diagnostic),
)
attempt("init annotations", lambda: sorted(t.Position.__init__.__annotations__))
attempt("init qualname", lambda: (t.Position.__init__.__qualname__, t.Position.__init__.__module__))

@attrs.define
class Base:
    x: int = 1

@attrs.define
class Child(Base):
    y: list = attrs.Factory(list)
    z: int = attrs.field(default=3, validator=attrs.validators.gt(0))

@attrs.frozen
class Frozen:
    a: str
    b: tuple = ()

attempt("child", lambda: Child())
attempt("child factory", lambda: Child().y is Child().y)
attempt("child invalid", lambda: Child(z=0))
attempt("base eq child", lambda: (Base.__eq__(Child(), Child()), Base() == Child()))
attempt("frozen", lambda: Frozen("a"))
attempt("frozen hash", lambda: hash(Frozen("a", (1,))) == hash(Frozen("a", (1,))))
attempt("frozen set", lambda: setattr(Frozen("a"), "a", "b"))
attempt("unbound init", lambda: t.Position.__init__())
print(json.dumps({"behaviour": out, "compiled at import": at_import, "stand-ins": stand_ins}))
"""


def _probe(cache: str, *, compile_all: bool = False) -> dict[str, Any]:
    """What the probe saw with ``PROMPTLS_CODE_CACHE=cache``, every lsprotocol class's
    methods compiled ahead of use (``lazymethods.compile_all``) or not."""
    env = {**os.environ, "PROMPTLS_CODE_CACHE": cache}
    if compile_all:
        env["PROBE_COMPILE_ALL"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, check=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


@pytest.fixture(scope="module")
def eager() -> dict[str, Any]:
    return _probe("off")


@pytest.fixture(scope="module")
def lazy(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The probe with the code cache on and empty: every class's methods are stand-ins."""
    return _probe(str(tmp_path_factory.mktemp("cache") / "empty"))


def test_stand_ins_behave_as_attrs_methods(eager: dict[str, Any], lazy: dict[str, Any]) -> None:
    assert lazy["behaviour"] == eager["behaviour"]
    assert "ValueError" in eager["behaviour"]["position invalid"]  # the probe probes
    assert eager["behaviour"]["frozen set"].startswith("FrozenInstanceError")


def test_only_the_classes_a_start_uses_are_compiled(
    eager: dict[str, Any], lazy: dict[str, Any]
) -> None:
    assert eager["compiled at import"] > 500  # lsprotocol's classes, made at import
    assert lazy["compiled at import"] < 20  # those its module code uses at import


def test_classes_compiled_ahead_of_use_behave_as_attrs_methods(
    eager: dict[str, Any], lazy: dict[str, Any], tmp_path: Path
) -> None:
    """What the test suite's fork server does before it forks servers."""
    ahead = _probe(str(tmp_path / "empty"), compile_all=True)
    assert lazy["stand-ins"] > 400
    assert ahead["stand-ins"] == 0
    assert ahead["behaviour"] == eager["behaviour"]
