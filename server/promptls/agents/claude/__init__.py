"""Claude Code: how it loads instructions.

The agent's home: its profile (below) and the modules beside it. Nothing outside
``promptls/agents`` names this agent; the registry lists it once.
"""

from __future__ import annotations

import sys

from promptls.agents.claude import rules
from promptls.agents.claude.imports import STYLE as IMPORTS
from promptls.agents.model import Profile, SizeLimit, Verification, VerifiedBy, Walk
from promptls.discovery.never_loaded import CommandShadowing, SkillPrecedence


def _claude_managed() -> tuple[str, ...]:
    """Claude Code's managed-policy file lives in a per-platform system folder."""
    if sys.platform == "darwin":
        return ("/Library/Application Support/ClaudeCode/CLAUDE.md",)
    if sys.platform.startswith(("win32", "cygwin")):
        return ("C:/Program Files/ClaudeCode/CLAUDE.md",)
    return ("/etc/claude-code/CLAUDE.md",)


_CLAUDE_SKILLS = (
    "code.claude.com/docs/en/skills ('Where skills live': enterprise > personal > project; "
    "a skill wins over a command of the same name), as quoted by public notes, read "
    "2026-12-01"
)


PROFILE = Profile(
    # Claude Code (closed source): code.claude.com/docs/en/memory (crawl of 2026-08-22),
    # the public CHANGELOG (anthropics/claude-code @5cfc0a19, 2.1.240, 2026-08-22) and the
    # 2.1.277 release notes for AGENTS.md (2026-09-18, via public copies); docs/profiles.md.
    name="claude",
    title="Claude Code",
    user_dir=".claude",
    user_dir_env="CLAUDE_CONFIG_DIR",
    hooks="promptls.agents.claude.discovery",
    globs=rules.GLOBS,
    rule_activation=rules.activation,
    settings_files=(".claude/settings.json", ".claude/settings.local.json"),
    user_files=("CLAUDE.md",),
    user_rules_dir="rules",
    project_rules_dir=".claude/rules",
    # oracle scenario "claude: rules of every folder" (Claude Code 2.1.332)
    rules_in_every_dir=True,
    rules_scope_key="paths",
    managed_files=_claude_managed(),
    project_files=("CLAUDE.md", ".claude/CLAUDE.md"),
    local_files=("CLAUDE.local.md",),
    local_in_every_dir=True,
    # oracle scenario "claude: .claude/AGENTS.md beside AGENTS.md" (Claude Code 2.1.332)
    fallback_files=("AGENTS.md", ".claude/AGENTS.md"),
    lazy_files=("CLAUDE.md", "CLAUDE.local.md"),
    memory_file="projects/{project}/memory/MEMORY.md",
    memory_max_lines=200,
    memory_max_bytes=25 * 1024,
    hide_html_comments=True,
    ancestor_imports=False,
    walk=Walk.FILESYSTEM,
    imports=IMPORTS,
    # code.claude.com/docs/en/memory says four hops since 2026-05-27 (five before).
    import_depth=4,
    skill_dirs=("skills",),
    project_skill_dirs=(".claude/skills",),
    # code.claude.com/docs/en/skills "Available string substitutions" (PL029's sources)
    skill_templates=True,
    front_kinds=(rules.FRONT_KIND,),
    setup_markers=(".claude", "CLAUDE.md", "CLAUDE.local.md"),
    skill_precedence=SkillPrecedence(
        (("user", ".claude/skills"), ("project", ".claude/skills")),
        name_from_folder=True,
        source=_CLAUDE_SKILLS,
    ),
    # A command in a subfolder has the same bare name as one directly in the folder:
    # Claude Code's slash-command docs, "Namespacing" ("Subdirectories appear in the
    # command description but don't affect the command name":
    # `.claude/commands/frontend/component.md` is `/component`, shown "(project:frontend)"),
    # as quoted by public repositories' notes read 2026-12-06, so it clashes too.
    command_shadowing=CommandShadowing(".claude/commands", ".claude/skills", _CLAUDE_SKILLS),
    size_limit=SizeLimit(
        150_000,
        "characters",
        "Claude Code warns at start-up that a CLAUDE.md over 150k characters uses up context",
        budget=False,
        source=(
            "anthropics/claude-code issue #92980 (2026-09-09): Claude Code 2.1.259 prints "
            "'CLAUDE.md is over the 150.0k-char limit'; CHANGELOG.md @ 5cfc0a19, 2.1.169: "
            "the threshold scales with the model's context window (40k characters before)"
        ),
        checked="2026-12-01",
    ),
    coverage_hint="create CLAUDE.md with `@{shared}`",
    verified_by=VerifiedBy(Verification.ORACLE),
    sources=(
        "code.claude.com/docs/en/memory 'How Claude remembers your project', crawl of "
        "2026-08-22, read 2026-12-01",
        "anthropics/claude-code CHANGELOG.md @5cfc0a19 (2.1.240, 2026-08-22)",
        "Claude Code 2.1.277 release notes (2026-09-18), AGENTS.md support, via public copies",
    ),
    notes=(
        "managed policy file, ~/.claude/CLAUDE.md ($CLAUDE_CONFIG_DIR), ~/.claude/rules/**/*.md",
        "per folder from / down to the root: CLAUDE.md, .claude/CLAUDE.md, "
        ".claude/rules/**/*.md, CLAUDE.local.md (all that exist); AGENTS.md where no "
        "CLAUDE file with text exists in any folder of the walk (the default 'Project "
        "instructions' setting, 2.1.277)",
        "a rule with paths: is conditional",
        "the first 200 lines or 25 KB of ~/.claude/projects/<project>/memory/MEMORY.md",
        "nested CLAUDE.md / CLAUDE.local.md below the root are lazy (read with a file there)",
        ".claude/AGENTS.md is read right after its folder's AGENTS.md; where AGENTS.md is what "
        "the launch read, a nested AGENTS.md in a folder without a CLAUDE file is lazy too",
        "@path imports: relative to the importing file, ~/ or absolute; not in code; "
        "at most 4 hops",
        "claudeMdExcludes from every settings layer (not for the managed file)",
    ),
)
