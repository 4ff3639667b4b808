"""Oracle scenarios: the upstream tests and documented behaviours the suite restates
(tests/core/test_claude_documented.py, test_codex_upstream.py, test_gemini_upstream.py,
test_profile_opencode.py), and what the oracle found, as trees the real agent runs on.

Each scenario is named as docs/profiles.md cites it. ``differs`` names a difference
that stays, with its reason: such a case is expected to disagree, and the test fails
the day the agent and promptls agree (then the difference is gone from the model too).
Every file holds a ``fid-`` token so the harness can tell which files were sent.
"""

from __future__ import annotations

from dataclasses import dataclass

from tests.oracle.harness import Scenario


@dataclass(frozen=True)
class Case:
    """One scenario for one agent."""

    name: str
    profile: str
    scenario: Scenario
    differs: str = ""
    representative: bool = False
    """Run in the default suite (the others run with ``--long``)."""
    environ: tuple[tuple[str, str], ...] = ()


def _s(files: dict[str, str], work: str = "ws", **kw: object) -> Scenario:
    return Scenario(files=files, work=work, **kw)  # type: ignore[arg-type]


CLAUDE = [
    Case(
        "claude: launch order",
        "claude",
        _s(
            {
                "home/.claude/CLAUDE.md": "fid-user user\n",
                "home/.claude/rules/style.md": "fid-userrule user rule\n",
                "CLAUDE.md": "fid-above above the workspace\n",
                "ws/CLAUDE.md": "fid-root root\n",
                "ws/.claude/CLAUDE.md": "fid-dotclaude dot claude\n",
                "ws/CLAUDE.local.md": "fid-local local\n",
                "ws/pkg/CLAUDE.md": "fid-pkg pkg\n",
                "ws/pkg/.claude/rules/testing.md": "fid-pkgrule project rule\n",
            },
            "ws/pkg",
        ),
        representative=True,
    ),
    Case(
        "claude: rules of every folder",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n",
                "ws/.claude/rules/a.md": "fid-rootrule\n",
                "ws/CLAUDE.local.md": "fid-rootlocal\n",
                "ws/a/CLAUDE.md": "fid-a\n",
                "ws/a/.claude/rules/sub/r.md": "fid-arule\n",
                "ws/a/.claude/rules/p.md": '---\npaths: "**/*.py"\n---\nfid-scoped\n',
                "ws/a/CLAUDE.local.md": "fid-alocal\n",
                "ws/a/b/CLAUDE.md": "fid-lazy below the working folder\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "claude: rule files of one folder",
        "claude",
        _s(
            {
                "ws/.claude/rules/b.md": "fid-b\n",
                "ws/.claude/rules/a.md": "fid-a\n",
                "ws/.claude/rules/sub/c.md": "fid-c\n",
            }
        ),
        differs=(
            "Claude Code lists one folder's rule files in the file system's order, not by "
            "name (b, sub/c, a here); promptls sorts by path so the answer does not "
            "depend on the disk"
        ),
    ),
    Case(
        "claude: AGENTS.md where no CLAUDE file exists",
        "claude",
        _s({"ws/AGENTS.md": "fid-agents\n", "ws/a/AGENTS.md": "fid-aagents\n"}, "ws/a"),
        representative=True,
    ),
    Case(
        "claude: .claude/AGENTS.md beside AGENTS.md",
        "claude",
        _s(
            {
                "ws/AGENTS.md": "fid-agents\n",
                "ws/.claude/AGENTS.md": "fid-dotagents\n",
                "ws/a/AGENTS.md": "fid-aagents\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "claude: a CLAUDE file anywhere in the walk hides every AGENTS.md",
        "claude",
        _s(
            {
                "ws/AGENTS.md": "fid-agents\n",
                "ws/a/CLAUDE.md": "fid-aclaude\n",
                "ws/a/AGENTS.md": "fid-aagents\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "claude: whitespace-only CLAUDE.md falls back to AGENTS.md",
        "claude",
        _s({"ws/CLAUDE.md": "  \n\n", "ws/AGENTS.md": "fid-agents\n"}),
        representative=True,
    ),
    Case(
        "claude: text trimmed, block comments hidden",
        "claude",
        _s({"ws/CLAUDE.md": "\n\n  fid-root  kept\n\ttab\n\n<!-- hidden\nnote -->\nafter\n\n"}),
        representative=True,
    ),
    Case(
        "claude: <!--> opens no comment",
        "claude",
        _s({"ws/CLAUDE.md": "fid-root\n<!-->\nkept\n<!-- real note -->\nalso kept\n"}),
    ),
    Case(
        "claude: imports",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root see\n@imp.md\nand @sub/b.md\n",
                "ws/imp.md": "fid-imp\n",
                "ws/sub/b.md": "fid-b @../c.md\n",
                "ws/c.md": "fid-c\n",
            }
        ),
        representative=True,
    ),
    Case(
        "claude: punctuation after an import",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root See @README, then @package.json. (or @a.md) @b.md!\n"
                "@c.md\n",
                "ws/README": "fid-readme\n",
                "ws/package.json": '{"x": "fid-package"}\n',
                "ws/a.md": "fid-a\n",
                "ws/b.md": "fid-b\n",
                "ws/c.md": "fid-c\n",
            }
        ),
    ),
    Case(
        "claude: imports in code are not followed",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root `@span.md`\n\n    @indented.md\n\n```\n@fenced.md\n```\n"
                "~~~\n@tilde.md\n~~~\n@real.md\n",
                "ws/span.md": "fid-span\n",
                "ws/indented.md": "fid-indented\n",
                "ws/fenced.md": "fid-fenced\n",
                "ws/tilde.md": "fid-tilde\n",
                "ws/real.md": "fid-real\n",
            }
        ),
    ),
    Case(
        "claude: a no-break space after a closing fence",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n```\n@in.md\n```\u00a0\n@after.md\n",
                "ws/in.md": "fid-in\n",
                "ws/after.md": "fid-after\n",
            }
        ),
    ),
    Case(
        "claude: a form feed after a closing fence",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n```\n@in.md\n```\f\n@after.md\n",
                "ws/in.md": "fid-in\n",
                "ws/after.md": "fid-after\n",
            }
        ),
    ),
    Case(
        "claude: a fence in a list item ends with the item",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n- item\n  ```\n  @in.md\n\n@after.md\n",
                "ws/in.md": "fid-in\n",
                "ws/after.md": "fid-after\n",
            }
        ),
    ),
    Case(
        "claude: a fence in a block quote",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n> ```\n> @in.md\n\n@after.md\n",
                "ws/in.md": "fid-in\n",
                "ws/after.md": "fid-after\n",
            }
        ),
    ),
    Case(
        "claude: a comment below a fence in a list item is hidden",
        "claude",
        _s({"ws/CLAUDE.md": "fid-root\n- item\n  ```\n<!-- a note -->\nafter\n"}),
    ),
    Case(
        "claude: comments below a fence closed by a no-break space are code",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n```\n<!-- one -->\n```\u00a0\n<!-- two -->\nafter\n",
            }
        ),
    ),
    Case(
        "claude: imports in files above the working folder are not expanded",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root @imp.md\n",
                "ws/imp.md": "fid-imp\n",
                "ws/a/CLAUDE.md": "fid-a\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "claude: a file whose name ends in punctuation",
        "claude",
        _s({"ws/CLAUDE.md": "fid-root @b.md;\n", "ws/b.md;": "fid-b\n"}),
        differs=(
            "Claude Code does not import `b.md;` even though such a file exists (it seems to "
            "want a known text extension); promptls follows the token to the file"
        ),
    ),
    Case(
        "claude: a symlinked CLAUDE.md is loaded once",
        "claude",
        _s({"ws/AGENTS.md": "fid-agents\n"}, links={"ws/CLAUDE.md": "ws/AGENTS.md"}),
    ),
    Case(
        "claude: CLAUDE_CONFIG_DIR moves the user files",
        "claude",
        _s(
            {
                "home/cfg/CLAUDE.md": "fid-moved\n",
                "home/.claude/CLAUDE.md": "fid-home\n",
                "ws/CLAUDE.md": "fid-root\n",
            }
        ),
        environ=(("CLAUDE_CONFIG_DIR", "<home>/cfg"),),
    ),
]

CODEX = [
    Case(
        "codex: concatenates root and cwd docs",
        "codex",
        _s({"ws/AGENTS.md": "fid-root root doc\n", "ws/a/AGENTS.md": "fid-cwd cwd doc\n"}, "ws/a"),
        representative=True,
    ),
    Case(
        "codex: global before project docs",
        "codex",
        _s(
            {
                "home/.codex/AGENTS.md": "  fid-global global \n\n",
                "ws/AGENTS.md": "  fid-root root\n\n",
            }
        ),
        representative=True,
    ),
    Case(
        "codex: the user file alone",
        "codex",
        _s({"home/.codex/AGENTS.md": "\n\n   fid-user padded   \n\n\n", "ws/notes.md": "x\n"}),
        representative=True,
    ),
    Case(
        "codex: override takes precedence, even empty",
        "codex",
        _s(
            {
                "ws/AGENTS.override.md": "",
                "ws/AGENTS.md": "fid-hidden\n",
                "ws/a/AGENTS.override.md": "fid-override\n",
                "ws/a/AGENTS.md": "fid-ahidden\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "codex: total byte limit truncates later project docs",
        "codex",
        _s(
            {
                "home/.codex/config.toml": "project_doc_max_bytes = 45\n",
                "ws/AGENTS.md": "fid-first " + "x" * 20 + "\n",
                "ws/a/AGENTS.md": "fid-second " + "y" * 30 + "\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "codex: the user file is outside the project byte budget",
        "codex",
        _s(
            {
                "home/.codex/config.toml": "project_doc_max_bytes = 45\n",
                "home/.codex/AGENTS.md": "fid-user " + "u" * 30 + "\n",
                "ws/AGENTS.md": "fid-first " + "x" * 20 + "\n",
                "ws/a/AGENTS.md": "fid-second " + "y" * 30 + "\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "codex: configured fallback names",
        "codex",
        _s(
            {
                "home/.codex/config.toml": 'project_doc_fallback_filenames = ["NOTES.md"]\n',
                "ws/NOTES.md": "fid-notes\n",
                "ws/a/AGENTS.md": "fid-agents\n",
                "ws/a/NOTES.md": "fid-anotes\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "codex: project config before the project is trusted",
        "codex",
        _s(
            {
                "ws/.codex/config.toml": "project_doc_max_bytes = 12\n",
                "ws/AGENTS.md": "fid-root " + "z" * 40 + "\n",
            }
        ),
    ),
    Case(
        "codex: no project root marker",
        "codex",
        _s({"ws/AGENTS.md": "fid-root\n", "ws/a/AGENTS.md": "fid-a\n"}, "ws/a", git=()),
    ),
]

GEMINI = [
    Case(
        "gemini: user and project context",
        "gemini",
        _s(
            {
                "home/.gemini/GEMINI.md": "fid-user user\n",
                "ws/GEMINI.md": "\n  fid-root root  \n",
                "ws/a/GEMINI.md": "fid-a\n",
                "ws/a/b/GEMINI.md": "fid-lazy\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "gemini: imports inlined, cycles marked",
        "gemini",
        _s(
            {
                "ws/GEMINI.md": "fid-root r @./imp.md\n",
                "ws/imp.md": "fid-imp\n@./imp2.md\n",
                "ws/imp2.md": "fid-imp2 @./imp.md\n",
            }
        ),
        representative=True,
    ),
    Case(
        "gemini: imports in tilde fences and indented code are followed, a backtick pair "
        "across lines hides one",
        "gemini",
        _s(
            {
                "ws/GEMINI.md": "fid-root\n~~~\n@./tilde.md\n~~~\n\n    @./indented.md\n\n"
                "a ` stray\nline @./hidden.md\nand ` here\n`@./span.md` @./real.md\n",
                "ws/tilde.md": "fid-tilde\n",
                "ws/indented.md": "fid-indented\n",
                "ws/hidden.md": "fid-hidden\n",
                "ws/span.md": "fid-span\n",
                "ws/real.md": "fid-real\n",
            }
        ),
    ),
    Case(
        "gemini: a missing import",
        "gemini",
        _s({"ws/GEMINI.md": "fid-root see @./imp.md, and @./gone.md\n", "ws/imp.md": "fid-imp\n"}),
        representative=True,
    ),
    Case(
        "gemini: context.fileName from settings",
        "gemini",
        _s(
            {
                "home/.gemini/settings.json": (
                    '{"context": {"fileName": ["AGENTS.md", "GEMINI.md"]}}'
                ),
                "ws/AGENTS.md": "fid-agents\n",
                "ws/GEMINI.md": "fid-gemini\n",
            }
        ),
    ),
    Case(
        "gemini: project files sorted by path",
        "gemini",
        _s(
            {
                "ws/GEMINI.md": "fid-root\n",
                "ws/.gemini/GEMINI.md": "fid-dotgemini\n",
                "ws/a/GEMINI.md": "fid-a\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "gemini: no git root, the working folder is the ceiling",
        "gemini",
        _s({"GEMINI.md": "fid-above\n", "ws/GEMINI.md": "fid-root\n"}, git=()),
    ),
]

OPENCODE = [
    Case(
        "opencode: global and project AGENTS.md, nearest first",
        "opencode",
        _s(
            {
                "home/.config/opencode/AGENTS.md": "fid-global\n",
                "ws/AGENTS.md": "  fid-root root\n\n",
                "ws/a/AGENTS.md": "fid-a\n",
                "ws/a/CLAUDE.md": "fid-shadowed\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "opencode: CLAUDE.md when no AGENTS.md exists",
        "opencode",
        _s({"home/.claude/CLAUDE.md": "fid-userclaude\n", "ws/CLAUDE.md": "fid-claude\n"}),
    ),
    Case(
        "opencode: instructions globs",
        "opencode",
        _s(
            {
                "ws/opencode.json": '{"instructions": ["docs/*.md", "rules/**/*.md"]}',
                "ws/AGENTS.md": "fid-root\n",
                "ws/docs/.hidden.md": "fid-hidden\n",
                "ws/rules/x/y.md": "fid-rule\n",
            }
        ),
    ),
    Case(
        "opencode: CLAUDE.md is no per-folder fallback",
        "opencode",
        _s(
            {
                "ws/a/AGENTS.md": "fid-aagents\n",
                "ws/CLAUDE.md": "fid-rootclaude\n",
                "ws/a/b/CLAUDE.md": "fid-bclaude\n",
            },
            "ws/a/b",
        ),
    ),
    Case(
        "opencode: the walk stops at the repository root, not at the home folder",
        "opencode",
        _s(
            {
                "AGENTS.md": "fid-top\n",
                "home/AGENTS.md": "fid-home\n",
                "home/proj/AGENTS.md": "fid-above\n",
                "home/proj/ws/AGENTS.md": "fid-root\n",
                "home/proj/ws/a/AGENTS.md": "fid-a\n",
            },
            "home/proj/ws/a",
            git=("home/proj/ws",),
        ),
    ),
    Case(
        "opencode: OPENCODE_DISABLE_CLAUDE_CODE drops both CLAUDE.md",
        "opencode",
        _s(
            {
                "home/.claude/CLAUDE.md": "fid-userclaude\n",
                "ws/CLAUDE.md": "fid-claude\n",
                "ws/a/CONTEXT.md": "fid-context\n",
            },
            "ws/a",
        ),
        environ=(("OPENCODE_DISABLE_CLAUDE_CODE", "1"),),
    ),
    Case(
        "opencode: glob matches of one folder",
        "opencode",
        _s(
            {
                "ws/opencode.json": '{"instructions": ["docs/*.md"]}',
                "ws/docs/a.md": "fid-doca\n",
                "ws/docs/.hidden.md": "fid-hidden\n",
            }
        ),
        differs=(
            "opencode sends one glob's matches in the order Bun's glob lists them (a.md "
            "before .hidden.md here, the file system's order); promptls sorts by path so "
            "the answer does not depend on the disk"
        ),
    ),
    Case(
        "opencode: whitespace-only instruction file",
        "opencode",
        _s({"ws/AGENTS.md": "  \n\n", "ws/CLAUDE.md": "fid-claude\n"}),
    ),
]

KILO = [
    Case(
        "kilo: global and project AGENTS.md, nearest first",
        "kilo",
        _s(
            {
                "home/.config/kilo/AGENTS.md": "fid-global\n",
                "home/.config/opencode/AGENTS.md": "fid-opencodeglobal not read\n",
                "ws/AGENTS.md": "  fid-root root\n\n",
                "ws/a/AGENTS.md": "fid-a\n",
                "ws/a/CLAUDE.md": "fid-shadowed\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "kilo: CLAUDE.md when no AGENTS.md exists",
        "kilo",
        _s({"home/.claude/CLAUDE.md": "fid-userclaude\n", "ws/CLAUDE.md": "fid-claude\n"}),
    ),
    Case(
        "kilo: rules folders",
        "kilo",
        _s(
            {
                "home/.kilo/rules/g.md": "fid-globalrule\n",
                "home/.kilocode/rules/g.md": "fid-globalsame same name\n",
                "ws/AGENTS.md": "fid-root\n",
                "ws/.kilocode/rules/up.md": "fid-up above the working folder\n",
                "ws/a/.kilo/rules/b.md": "fid-kilorule\n",
                "ws/a/.kilocode/rules/b.md": "fid-samename\n",
                "ws/a/.kilocode/rules/z.md": "fid-kilocoderule\n",
                "ws/a/.kilocode/rules/notes.txt": "fid-txt not markdown\n",
                "ws/a/.kilocode/rules/sub/deep.md": "fid-deep not read\n",
                "ws/a/.kilocoderules": "fid-legacy\n",
                "ws/a/.kilocode/rules-code/m.md": "fid-modecode\n",
                "ws/a/.kilocoderules-code": "fid-legacycode\n",
                "ws/a/.kilo/rules-architect/m.md": "fid-modearchitect\n",
                "ws/a/.kilocode/rules-other/m.md": "fid-unknownmode\n",
                "ws/a/.clinerules": "fid-cline\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "kilo: rules before the instructions of kilo.json and opencode.json",
        "kilo",
        _s(
            {
                "home/.config/kilo/kilo.json": '{"instructions": ["gdocs/*.md"]}',
                "ws/gdocs/g.md": "fid-userjson\n",
                "ws/kilo.json": '{"instructions": ["docs/*.md"]}',
                "ws/docs/k.md": "fid-kilojson\n",
                "ws/opencode.json": '{"instructions": ["odocs/*.md"]}',
                "ws/odocs/o.md": "fid-opencodejson\n",
                "ws/.kilo/kilo.json": '{"instructions": ["kdocs/*.md"]}',
                "ws/kdocs/d.md": "fid-dotkilojson\n",
                "ws/.kilocode/rules/r.md": "fid-rule\n",
                "ws/AGENTS.md": "fid-root\n",
            }
        ),
        representative=True,
    ),
    Case(
        "kilo: rule files of one folder",
        "kilo",
        _s({"home/.kilo/rules/g.md": "fid-g\n", "home/.kilo/rules/h.md": "fid-h\n"}),
        differs=(
            "Kilo lists one rules folder in the file system's order (h.md before g.md "
            "here); promptls sorts by name so the answer does not depend on the disk"
        ),
    ),
    Case(
        "kilo: whitespace-only instruction file",
        "kilo",
        _s(
            {
                "ws/AGENTS.md": "  \n\n",
                "ws/CLAUDE.md": "fid-claude\n",
                "ws/.kilocode/rules/e.md": "",
                "ws/.kilocode/rules/w.md": " \n",
            }
        ),
    ),
]
COPILOT = [
    Case(
        "copilot: repository instructions, AGENTS.md, CLAUDE.md and GEMINI.md at the root",
        "copilot",
        _s(
            {
                "home/.copilot/copilot-instructions.md": "fid-user\n",
                "ws/.github/copilot-instructions.md": "fid-repo\n",
                "ws/AGENTS.md": "  fid-agents\n\n",
                "ws/CLAUDE.md": "fid-claude\n",
                "ws/GEMINI.md": "fid-gemini\n",
            }
        ),
        representative=True,
    ),
    Case(
        "copilot: no .claude/CLAUDE.md, and a whitespace-only file is sent",
        "copilot",
        _s(
            {
                "ws/AGENTS.md": "  \n\t\n",
                "ws/CLAUDE.md": "fid-claude\n",
                "ws/.claude/CLAUDE.md": "fid-dotclaude\n",
            }
        ),
    ),
    Case(
        "copilot: an empty file is sent",
        "copilot",
        _s({"ws/AGENTS.md": "fid-agents\n", "ws/CLAUDE.md": ""}),
    ),
    Case(
        "copilot: folders between the root and the working folder",
        "copilot",
        _s(
            {
                "ws/AGENTS.md": "fid-root\n",
                "ws/a/AGENTS.md": "fid-a\n",
                "ws/a/b/AGENTS.md": "fid-b\n",
            },
            "ws/a/b",
        ),
    ),
    Case(
        "copilot: the names read in the folders between",
        "copilot",
        _s(
            {
                f"{folder}/{name}": f"fid-{tag}-{short}\n"
                for folder, tag in (
                    ("ws", "root"),
                    ("ws/a", "a"),
                    ("ws/a/b", "b"),
                    ("ws/a/b/c", "c"),
                )
                for name, short in (
                    (".github/copilot-instructions.md", "repo"),
                    ("AGENTS.md", "agents"),
                    ("CLAUDE.md", "claude"),
                    ("GEMINI.md", "gemini"),
                    (".claude/CLAUDE.md", "dotclaude"),
                    ("CLAUDE.local.md", "local"),
                    (".github/AGENTS.md", "ghagents"),
                )
            },
            "ws/a/b/c",
        ),
    ),
    Case(
        "copilot: an applyTo ** instructions file",
        "copilot",
        _s(
            {
                "ws/AGENTS.md": "fid-root\n",
                "ws/.github/instructions/all.instructions.md": '---\napplyTo: "**"\n---\nfid-all\n',
            }
        ),
        differs=(
            "Copilot CLI 1.0.102 does not put an applyTo ** file in its first request "
            "(it attaches such files when it works on a matching file, which the mock "
            "never makes it do); promptls loads it at launch as VS Code does"
        ),
    ),
]


def _chain(count: int) -> dict[str, str]:
    """``ws/h1.md`` importing ``h2.md``, and so on, ``count`` files deep."""
    return {
        f"ws/h{i}.md": f"fid-h{i} @./h{i + 1}.md\n" if i < count else f"fid-h{i}\n"
        for i in range(1, count + 1)
    }


COPILOT_IMPORTS = [
    Case(
        "copilot: imports in AGENTS.md and CLAUDE.md are inlined",
        "copilot",
        _s(
            {
                "ws/.github/copilot-instructions.md": "fid-repo @./x.md\n",
                "ws/AGENTS.md": "fid-agents @./x.md\n",
                "ws/CLAUDE.md": "fid-claude see @./x.md, and `@./x.md` too\n",
                "ws/GEMINI.md": "fid-gemini @./x.md\n",
                "ws/x.md": "fid-x imported\n",
            }
        ),
        representative=True,
    ),
    Case(
        "copilot: where an import token starts and ends",
        "copilot",
        _s(
            {
                "ws/a/AGENTS.md": "fid-a\n@y1.md\ntext @./y2.md, more\n@./y3.md.\n(@./y4.md)\n"
                '"@./y5.md"\n[@./y6.md]\n{@./y7.md}\n<@./y8.md>\n@./y9.md).\n*@./y10.md\n'
                "/@./y11.md\n@dir/y12\n@.y13.md\n@../up.md\n@./y14.md?\n"
                "x-@./n1.md\ne.g.@./n2.md\n_@./n3.md\na@./n4.md\n@./n5.md*\n@./n6.md#top\n"
                "@n7\n@n8.\n@~/n9.md\n@./dir\n",
                **{f"ws/a/y{i}.md": f"fid-y{i}\n" for i in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14)},
                "ws/a/dir/y12": "fid-y12\n",
                "ws/a/.y13.md": "fid-y13\n",
                "ws/up.md": "fid-up above the importing file, inside the repository\n",
                **{f"ws/a/n{i}.md": f"fid-n{i}\n" for i in (1, 2, 3, 4, 5, 6)},
                "ws/a/n7": "fid-n7\n",
                "ws/a/n8": "fid-n8\n",
                "home/n9.md": "fid-n9\n",
                "ws/a/dir/inside.md": "fid-dir\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "copilot: import depth, cycles and repeats",
        "copilot",
        _s(
            {
                "ws/AGENTS.md": "fid-top @./AGENTS.md\n@./h1.md\n@./c1.md\n@./e1.md @./e2.md\n"
                "@./g1.md\n@./c1.md again\n@./missing.md\n@../outside.md\n"
                "`@./s1.md`\n```\n@./s2.md\n```\n~~~\n@./s3.md\n~~~\n\n    @./s4.md\n",
                **_chain(10),
                "ws/c1.md": "fid-c1 @./c1.md @./c2.md\n",
                "ws/c2.md": "fid-c2 @./c1.md\n",
                "ws/e1.md": "",
                "ws/e2.md": " \n\n",
                "ws/g1.md": "\n\n  fid-g1 padded  @./sub/k.md  \n\n",
                "ws/sub/k.md": "fid-k relative to its importer",
                "outside.md": "fid-outside the repository\n",
                **{f"ws/s{i}.md": f"fid-s{i}\n" for i in (1, 2, 3, 4)},
            }
        ),
    ),
    Case(
        "copilot: a file loaded on its own is not inlined past the hop limit",
        "copilot",
        _s(
            {
                "ws/AGENTS.md": "fid-top @./h1.md\n",
                **_chain(8),
                "ws/h8.md": "fid-h8 @./CLAUDE.md\n",
                "ws/CLAUDE.md": "fid-claude top-level, and the ninth hop from AGENTS.md\n",
            }
        ),
    ),
]


QWEN = [
    Case(
        "qwen: one name at a time, from above the git root down",
        "qwen",
        _s(
            {
                "home/.qwen/QWEN.md": "fid-user user\n",
                "QWEN.md": "fid-above above the git root\n",
                "ws/QWEN.md": "\n  fid-root root  \n",
                "ws/a/QWEN.md": "fid-a\n",
                "ws/AGENTS.md": "fid-agents\n",
                "ws/a/b/QWEN.md": "fid-below never read\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "qwen: imports inlined, a cycle back to the top-level file marked, a missing "
        "import left as written",
        "qwen",
        _s(
            {
                "ws/QWEN.md": "fid-root r @./imp.md and @./gone.md\n",
                "ws/imp.md": "fid-imp\n@./imp2.md\n",
                "ws/imp2.md": "fid-imp2 @./imp.md @./QWEN.md\n",
            }
        ),
        representative=True,
    ),
    Case(
        "qwen: imports in code are not followed",
        "qwen",
        _s(
            {
                "ws/QWEN.md": "fid-root `@./span.md`\n\n    @./indented.md\n\n```\n@./fenced.md\n"
                "```\n~~~\n@./tilde.md\n~~~\n@./real.md\n",
                "ws/span.md": "fid-span\n",
                "ws/indented.md": "fid-indented\n",
                "ws/fenced.md": "fid-fenced\n",
                "ws/tilde.md": "fid-tilde\n",
                "ws/real.md": "fid-real\n",
            }
        ),
    ),
    Case(
        "qwen: a fence in a list item",
        "qwen",
        _s(
            {
                "ws/QWEN.md": "fid-root\n- item\n  ```\n  @./listed.md\n",
                "ws/listed.md": "fid-listed\n",
            }
        ),
        differs=(
            "Qwen Code finds code regions by locating each marked token's text in its "
            "parent's; inside a list item the text is unindented, the search fails and the "
            "fence hides nothing, so it follows the import; promptls reads the fence as "
            "CommonMark does and leaves it alone"
        ),
    ),
    Case(
        "qwen: a code span across the lines of a paragraph",
        "qwen",
        _s(
            {
                "ws/QWEN.md": "fid-root\na ` stray\nline @./between.md\nand ` here\n",
                "ws/between.md": "fid-between\n",
            }
        ),
        differs=(
            "Qwen Code's marked lexer reads a backtick pair on two lines of one paragraph "
            "as a code span and leaves the import between them alone; promptls looks for "
            "code spans within one line, so it follows that import"
        ),
    ),
    Case(
        "qwen: context.fileName replaces QWEN.md and AGENTS.md",
        "qwen",
        _s(
            {
                "home/.qwen/settings.json": '{"context": {"fileName": ["GEMINI.md", "QWEN.md"]}}',
                "ws/AGENTS.md": "fid-agents\n",
                "ws/QWEN.md": "fid-qwen\n",
                "ws/GEMINI.md": "fid-gemini\n",
            }
        ),
    ),
    Case(
        "qwen: no git root, the walk ends at the home folder's parent",
        "qwen",
        _s(
            {"QWEN.md": "fid-above\n", "ws/QWEN.md": "fid-root\n", "ws/a/AGENTS.md": "fid-a\n"},
            "ws/a",
            git=(),
        ),
    ),
    Case(
        "qwen: QWEN.local.md and the rules folders",
        "qwen",
        _s(
            {
                "ws/QWEN.md": "fid-root\n",
                "ws/.qwen/QWEN.local.md": "fid-local\n",
                "ws/.qwen/rules/b.md": "fid-b <!-- a note -->kept\n",
                "ws/.qwen/rules/a/c.md": "---\ndescription: x\n---\n\nfid-c\n",
                "ws/.qwen/rules/p.md": '---\npaths: "**/*.py"\n---\nfid-scoped\n',
                "home/.qwen/rules/u.md": "fid-userrule\n",
            }
        ),
        representative=True,
    ),
    Case(
        "qwen: include directories load with loadFromIncludeDirectories",
        "qwen",
        _s(
            {
                "ws/.qwen/settings.json": (
                    '{"context": {"includeDirectories": ["../other"], '
                    '"loadFromIncludeDirectories": true}}'
                ),
                "other/QWEN.md": "fid-other\n",
                "ws/QWEN.md": "fid-root\n",
            }
        ),
    ),
]


CLINE = [
    Case(
        "cline: rules folder, AGENTS.md and global rules, sorted by name",
        "cline",
        _s(
            {
                "home/.cline/rules/g-user.md": "fid-guser\n",
                "home/Documents/Cline/Rules/docs.md": "fid-gdocs\n",
                "home/Cline/Rules/Plain.txt": "fid-gplain\n",
                "home/.agents/AGENTS.md": "fid-gagents\n",
                "home/.cline/AGENTS.md": "fid-notread\n",
                "ws/AGENTS.md": "  fid-agents\n\n",
                "ws/.clinerules/b.md": "fid-b\n",
                "ws/.clinerules/A.md": "fid-a\n",
                "ws/.clinerules/01-first.md": "fid-first\n",
                "ws/.clinerules/notes.txt": "fid-txt\n",
                "ws/.clinerules/more.markdown": "fid-markdown\n",
                "ws/.clinerules/data.yaml": "fid-yaml\n",
                "ws/.clinerules/sub/deep.md": "fid-deep\n",
                "ws/.cline/rules/c.md": "fid-clinedir\n",
                "ws/CLAUDE.md": "fid-claude\n",
                "ws/.cursorrules": "fid-cursor\n",
                "ws/.windsurfrules": "fid-windsurf\n",
            }
        ),
        representative=True,
    ),
    Case(
        "cline: a .clinerules file",
        "cline",
        _s({"ws/.clinerules": "fid-file\n", "ws/AGENTS.md": "fid-agents\n"}),
    ),
    Case(
        "cline: only the working folder",
        "cline",
        _s(
            {
                "ws/AGENTS.md": "fid-root\n",
                "ws/.clinerules/r.md": "fid-rootrule\n",
                "ws/a/AGENTS.md": "fid-a\n",
                "ws/a/b/AGENTS.md": "fid-b\n",
                "ws/a/.clinerules/s.md": "fid-arule\n",
            },
            "ws/a",
        ),
    ),
    Case(
        "cline: front matter names, switches and paths",
        "cline",
        _s(
            {
                "ws/.clinerules/named.md": "---\nname: Zeta\n---\nfid-named\n",
                "ws/.clinerules/off.md": "---\ndisabled: true\n---\nfid-off\n",
                "ws/.clinerules/enabled-no.md": "---\nenabled: false\n---\nfid-enoff\n",
                "ws/.clinerules/yes.md": "---\ndisabled: yes\n---\nfid-yes\n",
                "ws/.clinerules/py.md": '---\npaths:\n  - "**/*.py"\n---\nfid-paths\n',
                "ws/.clinerules/bad.md": "---\nname: [\n---\nfid-badyaml\n",
                "ws/.clinerules/blank.md": "---\nname: blank\n---\n  \n",
                "ws/.clinerules/space.md": "  \n\n",
                "ws/.clinerules/pad.md": "\n\n  fid-pad padded  \n\n",
            }
        ),
    ),
    Case(
        "cline: a later rule of the same name replaces the earlier",
        "cline",
        _s(
            {
                "ws/.clinerules/style.md": "fid-projectstyle\n",
                "home/.cline/rules/Style.md": "fid-userstyle\n",
                "ws/.clinerules/tests.md": "fid-projecttests\n",
                "home/Documents/Cline/Rules/tests.md": "---\ndisabled: true\n---\nfid-off\n",
                "ws/.clinerules/keep.md": "fid-keep\n",
            }
        ),
    ),
    Case(
        "cline: CLINE_DIR moves the user rules folder",
        "cline",
        _s(
            {
                "home/alt/rules/moved.md": "fid-moved\n",
                "home/.cline/rules/default.md": "fid-default\n",
                "ws/AGENTS.md": "fid-agents\n",
            }
        ),
        environ=(("CLINE_DIR", "<home>/alt"),),
    ),
    Case(
        "cline: links in a rules folder",
        "cline",
        _s(
            {"ws/shared.md": "fid-shared\n", "ws/.clinerules/own.md": "fid-own\n"},
            links={"ws/.clinerules/linked.md": "ws/shared.md"},
        ),
    ),
]


@dataclass(frozen=True)
class LazyCase:
    """A scenario where the agent reads ``read`` once (the one tool call the mock
    makes) and attaches what it lazily loads."""

    name: str
    profile: str
    scenario: Scenario
    read: str
    representative: bool = False


CONTINUE = [
    Case(
        "continue: agent file, project rules, user rules",
        "continue",
        _s(
            {
                "home/.continue/rules/g.md": "fid-global global\n",
                "home/.continue/AGENTS.md": "fid-notread not a rule\n",
                "ws/AGENTS.md": "fid-agents agents\n\n",
                "ws/CLAUDE.md": "fid-claude hidden by AGENTS.md\n",
                "ws/.continue/rules/a.md": "fid-a rule a\n",
                "ws/.continue/rules/n.txt": "fid-txt not markdown\n",
            }
        ),
        representative=True,
    ),
    Case(
        "continue: agent file sent as read",
        "continue",
        _s({"ws/AGENT.md": "\n  fid-agent padded  \n\n", "ws/CODEX.md": "fid-codex\n"}),
        representative=True,
    ),
    Case(
        "continue: whitespace-only agent file sent",
        "continue",
        _s({"ws/AGENTS.md": "  \n\n", "ws/.continue/rules/r.md": "fid-rule\n"}),
    ),
    Case(
        "continue: an empty agent file takes the slot",
        "continue",
        _s({"ws/AGENTS.md": "", "ws/CLAUDE.md": "fid-claude\n", "ws/CODEX.md": "fid-codex\n"}),
    ),
    Case(
        "continue: CLAUDE.md before CODEX.md",
        "continue",
        _s({"ws/CLAUDE.md": "fid-claude\n", "ws/CODEX.md": "fid-codex\n"}),
    ),
    Case(
        "continue: only the working folder",
        "continue",
        _s(
            {
                "ws/AGENTS.md": "fid-root\n",
                "ws/.continue/rules/r.md": "fid-rootrule\n",
                "ws/a/CLAUDE.md": "fid-aclaude\n",
                "ws/a/.continue/rules/s.md": "fid-arule\n",
                "ws/a/b/AGENTS.md": "fid-below\n",
                "ws/a/b/.continue/rules/t.md": "fid-belowrule\n",
            },
            "ws/a",
        ),
        representative=True,
    ),
    Case(
        "continue: front matter decides what is sent",
        "continue",
        _s(
            {
                "ws/.continue/rules/always.md": (
                    '---\nalwaysApply: true\nglobs: "**/*.py"\n---\n\nfid-always kept\n\n'
                ),
                "ws/.continue/rules/globs.md": '---\nglobs: "**/*.py"\n---\nfid-globs\n',
                "ws/.continue/rules/regex.md": "---\nregex: TODO\n---\nfid-regex\n",
                "ws/.continue/rules/asked.md": (
                    "---\ndescription: when asked\nalwaysApply: false\n---\nfid-asked\n"
                ),
                "ws/.continue/rules/prompt.md": "---\ninvokable: true\n---\nfid-prompt\n",
                "ws/.continue/rules/quoted.md": '---\nalwaysApply: "true"\n---\nfid-quoted\n',
                "ws/.continue/rules/yes.md": "---\nalwaysApply: yes\n---\nfid-yes\n",
                "ws/.continue/rules/nolist.md": "---\nglobs: []\n---\nfid-emptylist\n",
                "ws/.continue/rules/n/named.md": (
                    "---\nname: Style\ndescription: house style\n---\nfid-named\n"
                ),
                "ws/.continue/rules/blank.md": "---\nname: blank\n---\n  \n",
                "ws/.continue/rules/space.md": "  \n",
            }
        ),
    ),
    Case(
        "continue: front matter anywhere, YAML errors send the whole file",
        "continue",
        _s(
            {
                "ws/.continue/rules/rulers.md": "intro lost\n---\nmiddle\n---\nend fid-end\n",
                "ws/.continue/rules/s/dupkey.md": "---\nname: x\nname: y\n---\nfid-dupkey\n",
                "ws/.continue/rules/s/t/crlf.md": "\r\nfid-crlf line\r\nsecond\r\n",
            }
        ),
    ),
    Case(
        "continue: subfolders after the folder's own rules",
        "continue",
        _s(
            {
                "ws/.continue/rules/sub/deep/c.md": "fid-deep\n",
                "ws/.continue/rules/sub/b.md": "fid-sub\n",
                "ws/.continue/rules/z.md": "fid-top\n",
            }
        ),
        representative=True,
    ),
    Case(
        "continue: rule files of one folder, in byte order",
        "continue",
        _s(
            {
                f"ws/.continue/rules/{name}.md": f"fid-{token}\n"
                for name, token in (
                    ("b", "b"),
                    ("a", "a"),
                    ("B", "upperb"),
                    ("_u", "underscore"),
                    ("10", "ten"),
                    ("9", "nine"),
                    ("c", "c"),
                )
            }
        ),
        representative=True,
    ),
    Case(
        "continue: identical rules are each sent",
        "continue",
        _s({"ws/.continue/rules/x.md": "fid-same\n", "home/.continue/rules/y.md": "fid-same\n"}),
    ),
    Case(
        "continue: CONTINUE_GLOBAL_DIR moves the user rules folder",
        "continue",
        _s(
            {
                "home/.continue/rules/g.md": "fid-home not read\n",
                "home/alt/rules/alt.md": "fid-alt\n",
            }
        ),
        environ=(("CONTINUE_GLOBAL_DIR", "<home>/alt"),),
    ),
]

LAZY = [
    LazyCase(
        "claude: nested CLAUDE.md loads when a file there is read",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n",
                "ws/a/CLAUDE.md": "fid-nested nested\n",
                "ws/a/CLAUDE.local.md": "fid-nestedlocal\n",
                "ws/a/b/CLAUDE.md": "fid-deeper never read\n",
                "ws/a/x.py": "print('x')\n",
            }
        ),
        read="ws/a/x.py",
        representative=True,
    ),
    LazyCase(
        "claude: a nested AGENTS.md loads when a file there is read",
        "claude",
        _s(
            {
                "ws/a/AGENTS.md": "fid-nestedagents\n",
                "ws/a/.claude/AGENTS.md": "fid-nesteddot\n",
                "ws/a/b/AGENTS.md": "fid-deeper never read\n",
                "ws/a/x.py": "print('x')\n",
            }
        ),
        read="ws/a/x.py",
        representative=True,
    ),
    LazyCase(
        "claude: no nested AGENTS.md beside a nested CLAUDE.md",
        "claude",
        _s(
            {
                "ws/AGENTS.md": "fid-agents\n",
                "ws/a/AGENTS.md": "fid-nestedagents\n",
                "ws/a/CLAUDE.md": "fid-nestedclaude\n",
                "ws/a/x.py": "print('x')\n",
            }
        ),
        read="ws/a/x.py",
    ),
    LazyCase(
        "claude: no nested AGENTS.md beside a nested CLAUDE.local.md",
        "claude",
        _s(
            {
                "ws/a/AGENTS.md": "fid-nestedagents\n",
                "ws/a/CLAUDE.local.md": "fid-nestedlocal\n",
                "ws/a/x.py": "print('x')\n",
            }
        ),
        read="ws/a/x.py",
    ),
    LazyCase(
        "claude: no nested AGENTS.md when a CLAUDE file loaded at launch",
        "claude",
        _s(
            {
                "ws/CLAUDE.md": "fid-root\n",
                "ws/a/CLAUDE.md": "fid-aclaude\n",
                "ws/a/b/AGENTS.md": "fid-bagents\n",
                "ws/a/b/x.py": "print('x')\n",
            }
        ),
        read="ws/a/b/x.py",
    ),
]


def _large(fid: str) -> str:
    """About 100 KB of instruction text (three times codex's budget, in lines a model
    would read), starting with ``fid``."""
    line = "- Keep each change small, tested and described in its commit message.\n"
    return f"fid-{fid} large\n" + line * (100_000 // len(line))


SIZES = [
    Case(
        f"{profile}: a 100 KB instruction file is sent whole",
        profile,
        _s({f"ws/{name}": _large(profile)}),
    )
    for profile, name in (
        ("gemini", "GEMINI.md"),
        ("opencode", "AGENTS.md"),
        ("kilo", "AGENTS.md"),
        ("copilot", ".github/copilot-instructions.md"),
        ("qwen", "QWEN.md"),
        ("cline", ".clinerules"),
        ("continue", "AGENTS.md"),
    )
]
"""The agents that document no size limit: none cuts or drops a large file."""

CASES = [
    *CLAUDE,
    *CODEX,
    *GEMINI,
    *OPENCODE,
    *KILO,
    *COPILOT,
    *COPILOT_IMPORTS,
    *QWEN,
    *CLINE,
    *CONTINUE,
    *SIZES,
]
