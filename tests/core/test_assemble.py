"""assemble_prompt: doctrine + marker + context, with a byte-stable cached prefix."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from promptls.assembly.assemble import AssembledPrompt, TextSize, assemble_prompt
from promptls.prompt import SYSTEM_PROMPT_BOUNDARY as B
from promptls.prompt import join_system_prompt, render_system_for_wire, split_system_prompt
from promptls.render import context_revision, render_base_context
from promptls.system import SystemOptions, build_system

TODAY = date(2026, 1, 15)
ENV = {"SHELL": "/bin/zsh"}


@pytest.fixture
def tree(tmp_path: Path) -> tuple[Path, Path]:
    """A repository with one AGENTS.md and a fake home with a user file."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "HEAD").write_text("ref: refs/heads/dev\n", encoding="utf-8")
    (root / "AGENTS.md").write_text("Project rules.\n", encoding="utf-8")
    home = tmp_path / "home"
    (home / ".or").mkdir(parents=True)
    (home / ".or" / "AGENTS.md").write_text("User rules.\n", encoding="utf-8")
    return root, home


def _assemble(
    root: Path, home: Path, *, profile: str = "or", system_text: str | None = None
) -> AssembledPrompt:
    """Assemble with a pinned date and environment so results compare exactly."""
    return assemble_prompt(
        root, profile=profile, system_text=system_text, home=home, environ=ENV, today=TODAY
    )


def test_default_doctrine_then_marker_then_context(tree: tuple[Path, Path]) -> None:
    root, home = tree
    prompt = _assemble(root, home)
    assert prompt.static == build_system(SystemOptions())
    assert prompt.dynamic == render_base_context(prompt.environment, prompt.discovery.files)
    assert prompt.system == join_system_prompt(prompt.static, prompt.dynamic)
    assert prompt.wire == render_system_for_wire(prompt.system)
    assert B in prompt.system and B not in prompt.wire
    assert prompt.revision == context_revision(prompt.environment, prompt.discovery.files)
    assert prompt.environment.git_branch == "dev" and prompt.environment.shell == "/bin/zsh"
    assert [Path(f.path).name for f in prompt.discovery.files] == ["AGENTS.md", "AGENTS.md"]
    assert prompt.skills == () and "<skills" not in prompt.dynamic


def test_static_prefix_is_byte_stable_when_context_changes(tree: tuple[Path, Path]) -> None:
    root, home = tree
    before = _assemble(root, home)
    (root / "AGENTS.md").write_text("New project rules.\n", encoding="utf-8")
    after = _assemble(root, home)
    assert after.static == before.static
    assert after.dynamic != before.dynamic and after.revision != before.revision


def test_equal_inputs_give_equal_prompts(tree: tuple[Path, Path]) -> None:
    root, home = tree
    assert _assemble(root, home) == _assemble(root, home)


def test_system_text_without_marker_is_the_doctrine(tree: tuple[Path, Path]) -> None:
    root, home = tree
    prompt = _assemble(root, home, system_text="Custom doctrine.\n")
    assert prompt.static == "Custom doctrine."
    assert prompt.dynamic.startswith("<environment>")


def test_system_text_with_marker_keeps_its_dynamic_half_first(tree: tuple[Path, Path]) -> None:
    root, home = tree
    text = f"Doctrine.\n\n{B}\n\nPer session note.\n\n{B}\n\nFolded.\n"
    prompt = _assemble(root, home, system_text=text)
    static, dynamic = split_system_prompt(text)
    assert prompt.static == static == "Doctrine."
    assert prompt.dynamic.startswith(dynamic.rstrip() + "\n\n<environment>")
    assert prompt.system.startswith(text.rstrip())
    assert B not in prompt.wire


def test_skills_are_listed_after_the_context(tree: tuple[Path, Path]) -> None:
    root, home = tree
    skill = home / ".or" / "skills" / "deploy" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: deploy\ndescription: Ship it.\n---\nBody.\n", encoding="utf-8")
    prompt = _assemble(root, home)
    assert [s.name for s in prompt.skills] == ["deploy"]
    assert prompt.skills_revision
    assert prompt.dynamic.endswith(
        f'<skills revision="{prompt.skills_revision}">\n'
        "Skills you can load with the skill tool, one per line as name: when to use it.\n"
        "- deploy: Ship it.\n</skills>"
    )
    assert prompt.dynamic.index("</instructions>") < prompt.dynamic.index("<skills")


def test_blocks_put_cache_control_on_the_static_half_only(tree: tuple[Path, Path]) -> None:
    root, home = tree
    blocks = _assemble(root, home).blocks()
    assert [b.get("cache_control") for b in blocks] == [{"type": "ephemeral"}, None]
    empty_static = _assemble(root, home, system_text=f"{B}\n\nOnly dynamic.")
    assert empty_static.static == ""
    assert [b.get("cache_control") for b in empty_static.blocks()] == [None]


def test_sizes_count_bytes_chars_and_estimated_tokens(tree: tuple[Path, Path]) -> None:
    root, home = tree
    prompt = _assemble(root, home, system_text="Été 🙂")
    size = prompt.sizes()["static"]
    assert (size.bytes, size.chars) == (len("Été 🙂".encode()), 5)
    assert size.tokens >= 1
    assert TextSize.of("").as_dict() == {"bytes": 0, "chars": 0, "tokens_estimate": 0}


def test_unknown_profile_is_a_key_error(tree: tuple[Path, Path]) -> None:
    root, home = tree
    with pytest.raises(KeyError):
        _assemble(root, home, profile="nope")
