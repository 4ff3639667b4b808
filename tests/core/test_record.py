"""``promptls.record.Record``: a dataclass in every way a caller sees, made without
compiling generated code (the cost a fresh language server paid for each record class
before its first diagnostics)."""

from __future__ import annotations

import dataclasses
import pickle
import subprocess
import sys
from collections.abc import Mapping
from typing import ClassVar

import pytest

from promptls.analysis.model import Edit, Finding, Fix, Severity
from promptls.analysis.settings import Settings
from promptls.record import Record, field, replace


class Point(Record):
    """A frozen record with a default and a factory."""

    x: int
    y: int = 0
    tags: tuple[str, ...] = ()
    notes: list[str] = dataclasses.field(default_factory=list, compare=False, repr=False)


class Counter(Record, frozen=False):
    """A mutable record."""

    name: str
    count: int = 0


class Handle(Record, frozen=False, eq=False):
    """A mutable record compared by identity."""

    name: str


def test_fields_by_position_by_name_and_by_default() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    point = Point(3)
    assert (point.x, point.y, point.tags, point.notes) == (3, 0, (), [])
    assert Point(1).notes is not Point(1).notes  # a factory runs for every instance


@pytest.mark.parametrize(
    ("args", "kwargs", "says"),
    [
        ((), {}, "missing field 'x'"),
        ((1, 2, (), [], 5), {}, "takes 4 fields, 5 were given"),
        ((1,), {"x": 2}, "field 'x' twice"),
        ((1,), {"z": 2}, "no field 'z'"),
    ],
)
def test_a_wrong_call_names_the_field(
    args: tuple[object, ...], kwargs: dict[str, object], says: str
) -> None:
    with pytest.raises(TypeError, match=says):
        Point(*args, **kwargs)  # type: ignore[arg-type]


def test_frozen_records_refuse_changes() -> None:
    point = Point(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.x = 2  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del point.y
    with pytest.raises(dataclasses.FrozenInstanceError):
        point.other = 1
    assert point == Point(1)


def test_mutable_records_change_and_are_unhashable() -> None:
    counter = Counter("a")
    counter.count += 2
    assert counter == Counter("a", 2)
    with pytest.raises(TypeError):
        hash(counter)
    same = Handle("h")
    assert same != Handle("h")
    assert same == same
    assert {same: 1}[same] == 1  # hashed by identity


def test_equality_and_hash_follow_the_compared_fields() -> None:
    assert Point(1, notes=["a"]) == Point(1, notes=["b"])  # compare=False
    assert hash(Point(1, 2, ("t",))) == hash(Point(1, 2, ("t",)))
    assert Point(1) != Point(2)
    assert len({Point(1), Point(1), Point(2)}) == 2
    assert Point(1) != (1, 0, ())  # another class is never equal


def test_a_field_left_out_of_the_hash_may_hold_a_dict() -> None:
    severity: Mapping[str, Severity] = {"PL001": Severity.WARNING}
    settings = Settings(severity=severity)
    assert hash(settings) == hash(Settings(severity={}))  # severity: hash=False
    assert settings != Settings(severity={})  # but compared


def test_the_dataclass_functions_work() -> None:
    finding = Finding("PL001", Severity.ERROR, "duplicate", 3, 9, fix=Fix("t", (Edit(3, 9, ""),)))
    assert dataclasses.is_dataclass(finding)
    assert [f.name for f in dataclasses.fields(Point)] == ["x", "y", "tags", "notes"]
    moved = dataclasses.replace(finding, start=4)
    assert (moved.start, moved.end, moved.fix) == (4, 9, finding.fix)
    assert dataclasses.asdict(finding)["fix"] == {
        "title": "t",
        "edits": ({"start": 3, "end": 9, "new_text": ""},),
    }
    assert Point.__match_args__ == ("x", "y", "tags", "notes")
    match Point(5, 6):
        case Point(x, y):
            assert (x, y) == (5, 6)


class _Base(Record):
    kind: ClassVar[str] = "base"
    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list, compare=False)


class _Child(_Base):
    y: int = 5
    z: str = field(default="z", hash=False, repr=False)
    w: dict[str, int] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class _PlainBase:
    kind: ClassVar[str] = "base"
    x: int
    y: int = 0
    tags: list[str] = dataclasses.field(default_factory=list, compare=False)


@dataclasses.dataclass(frozen=True)
class _PlainChild(_PlainBase):
    y: int = 5
    z: str = dataclasses.field(default="z", hash=False, repr=False)
    w: dict[str, int] = dataclasses.field(default_factory=dict)


def _described(cls: type) -> list[tuple[object, ...]]:
    """Each field as the standard library describes it, and the class attribute left."""
    return [
        (
            f.name,
            f.type,
            f.default,
            f.default_factory,
            f.compare,
            f.hash,
            f.repr,
            f.init,
            getattr(cls, f.name, "no class attribute"),
        )
        for f in dataclasses.fields(cls)
    ]


@pytest.mark.parametrize(("record", "plain"), [(_Base, _PlainBase), (_Child, _PlainChild)])
def test_fields_are_collected_as_dataclass_collects_them(record: type, plain: type) -> None:
    """Order (a base's first, a redeclared one in its place), defaults, factories, the
    flags, class variables left out, and the class attributes a declaration leaves."""
    assert _described(record) == _described(plain)
    assert record.__match_args__ == plain.__match_args__  # type: ignore[attr-defined]
    assert record.kind == "base"


def test_replace_makes_a_changed_copy_and_refuses_what_is_no_field() -> None:
    child = _Child(1, tags=["t"])
    moved = replace(child, y=7)
    assert (moved.x, moved.y, moved.tags, moved.z) == (1, 7, ["t"], "z")
    assert child.y == 5
    with pytest.raises(TypeError, match="no field 'nope'"):
        replace(child, nope=1)
    assert replace(_PlainChild(1), y=7) == _PlainChild(1, 7)  # any other dataclass too


def test_a_mutable_default_and_a_doubly_declared_default_are_refused() -> None:
    with pytest.raises(ValueError, match="use default_factory"):

        class _Bad(Record):
            names: list[str] = []  # noqa: RUF012

    with pytest.raises(ValueError, match="both default and default_factory"):
        field(default=1, default_factory=list)


def test_repr_shows_the_shown_fields_in_order() -> None:
    assert repr(Point(1, tags=("a",), notes=["hidden"])) == "Point(x=1, y=0, tags=('a',))"
    assert repr(Counter("c")) == "Counter(name='c', count=0)"


def test_records_survive_pickling() -> None:
    finding = Finding("PL002", Severity.WARNING, "near miss", 0, 5, agents=("codex",))
    assert pickle.loads(pickle.dumps(finding)) == finding
    settings = Settings(select=("PL001",), severity={"PL001": Severity.INFO})
    assert pickle.loads(pickle.dumps(settings)) == settings
    assert pickle.loads(pickle.dumps(Counter("c", 3))) == Counter("c", 3)


_COUNT_COMPILES = """
import sys
compiled = []
sys.addaudithook(lambda event, args: compiled.append(args[1]) if event == "compile" else None)
{make}
print(len(compiled))
"""


@pytest.mark.parametrize(
    ("make", "compiles"),
    [
        (
            "from promptls.record import Record\n"
            "class A(Record):\n    a: int\n    b: str = ''\n"
            "class B(Record, frozen=False):\n    a: int\n",
            False,
        ),
        (
            "from dataclasses import dataclass\n"
            "@dataclass(frozen=True)\nclass A:\n    a: int\n    b: str = ''\n",
            True,
        ),
    ],
    ids=["record", "dataclass"],
)
def test_making_a_record_class_compiles_nothing(make: str, compiles: bool) -> None:
    # The dataclass case shows what the count would be: its generated methods compiled.
    setup = "import dataclasses, promptls.record\n"
    code = setup + _COUNT_COMPILES.format(make=make)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert (int(out) > 0) is compiles
