"""Property tests for the discovery building blocks: import scanning, character-safe
cuts, front matter on arbitrary text, and codex's budget on random trees."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from promptls.context import EntryStatus, discover
from promptls.discovery.imports import find_imports
from promptls.skills import parse_front_matter
from promptls.text.fsread import char_boundary
from tests import examples

TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\\"),
    max_size=400,
)
LINE = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Zl", "Zp", "Cc"), blacklist_characters="\\`~"
    ),
    max_size=40,
)


@given(TEXT, st.sampled_from(["claude", "gemini"]))
def test_import_offsets_point_at_the_token(text: str, style: str) -> None:
    for ref in find_imports(text, style):
        assert text[ref.start : ref.end] == "@" + ref.target
        assert ref.line >= 1
        assert ref.target and not set(ref.target) & set(" \t\r\n")
        if style == "claude":  # gemini-cli ends a token at space, tab, CR or LF only
            assert ref.target.strip() == ref.target


@given(st.lists(LINE, max_size=8), st.sampled_from(["```", "~~~", "````"]))
def test_nothing_inside_a_fence_is_imported(lines: list[str], fence: str) -> None:
    inner = [f"@docs/{i}.md {line}" for i, line in enumerate(lines)]
    text = "\n".join(["intro", fence + "md", *inner, fence, "@after.md"])
    assert [r.target for r in find_imports(text, "claude")] == ["after.md"]


@given(st.text(max_size=60), st.integers(min_value=0, max_value=240))
def test_character_boundary_cut_is_a_clean_prefix(text: str, cut: int) -> None:
    data = text.encode("utf-8", "surrogatepass")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return
    kept = char_boundary(data[:cut])
    decoded = kept.decode("utf-8")  # never raises: no partial character is left
    assert text.startswith(decoded)
    assert len(data[:cut]) - len(kept) <= 3


@given(st.text(max_size=300))
def test_front_matter_never_raises(text: str) -> None:
    meta = parse_front_matter(text)
    assert meta is None or all(isinstance(v, str) for v in meta.values())
    assert parse_front_matter("---\n" + text.replace("---", "") + "\n---\n") is not None


SIZES = st.lists(
    st.tuples(st.integers(min_value=0, max_value=20_000), st.sampled_from(["a", "é", "€", " "])),
    min_size=1,
    max_size=6,
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SIZES)
def test_codex_budget_on_random_trees(files: list[tuple[int, str]]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        (base / "home").mkdir()
        folder = base / "ws"
        (folder / ".git").mkdir(parents=True)
        sizes = []
        for i, (count, char) in enumerate(files):
            if i:
                folder = folder / f"d{i}"
                folder.mkdir()
            data = (char * count).encode()
            (folder / "AGENTS.md").write_bytes(data)
            sizes.append(len(data) if data.strip() else 0)
        d = discover(folder, "codex", home=base / "home", environ={})
        sent = sum(len(f.content.encode()) for f in d.files)
        expected = min(32 * 1024, sum(sizes))
        # a cut inside a character sends U+FFFD (3 bytes) for the 1-3 bytes kept of it
        assert expected <= sent <= expected + 2
        statuses = [e.status for e in d.entries if e.status is not EntryStatus.SKIPPED]
        cut = statuses.count(EntryStatus.CUT)
        assert cut <= 1
        if cut:
            after = statuses[statuses.index(EntryStatus.CUT) + 1 :]
            assert set(after) <= {EntryStatus.DROPPED}
