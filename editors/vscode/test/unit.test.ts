// Unit tests for the parts of the extension that do not need VS Code: how the server is
// found, and how command results become views. Run with `npm test` (esbuild + node --test).
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import {
  agentGroups,
  agentRows,
  groupDescription,
  profilePicks,
  rowDescription,
  shownPath,
} from "../src/contextModel";
import { contextEntries, contextTitle, sideText, viewText } from "../src/format";
import { cellText, foldedColumns, matrixHtml } from "../src/matrixHtml";
import { AGENT_PROFILES, PROFILE_TITLES, PROFILES, type ShowContextFilesResult } from "../src/generated/api";

/** The reference agent: every profile that is not an agent a user runs. */
const REFERENCE_PROFILES = PROFILES.filter((p) => !(AGENT_PROFILES as readonly string[]).includes(p));
import { expandPath, resolveServer } from "../src/server";

/** A directory holding executable scripts with the given names and exit codes. */
function binDir(scripts: Record<string, number>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "promptls-bin-"));
  for (const [name, code] of Object.entries(scripts)) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\nexit ${code}\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

/** Run `body` with PATH replaced (python3 is looked up through the process PATH). */
async function withPath<T>(value: string, body: () => Promise<T>): Promise<T> {
  const saved = process.env.PATH;
  process.env.PATH = value;
  try {
    return await body();
  } finally {
    process.env.PATH = saved;
  }
}

/** A directory holding fake Pythons that report the given versions ("3 12"). */
function pythonsDir(versions: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "promptls-py-"));
  for (const [name, version] of Object.entries(versions)) {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\necho "${version}"\n`);
    chmodSync(file, 0o755);
  }
  return dir;
}

test("the configured server path wins over PATH", async () => {
  const configured = binDir({ "my-promptls": 0 });
  const onPath = binDir({ promptls: 0 });
  const { server } = await resolveServer({
    configuredPath: path.join(configured, "my-promptls"),
    baseDir: undefined,
    envPath: onPath,
  });
  assert.equal(server?.command, path.join(configured, "my-promptls"));
  assert.deepEqual(server?.args, ["serve"]);
  assert.equal(server?.source, "promptls.server.path");
});

test("the configured server path wins over the bundled server", async () => {
  const configured = binDir({ "my-promptls": 0 });
  const pythons = pythonsDir({ python3: "3 12" });
  const { server } = await withPath(pythons, () =>
    resolveServer({
      configuredPath: path.join(configured, "my-promptls"),
      baseDir: undefined,
      envPath: "",
      bundledLibs: "/ext/bundled/libs",
    }),
  );
  assert.equal(server?.source, "promptls.server.path");
});

test("a configured path that does not exist falls back to PATH and says so", async () => {
  const onPath = binDir({ promptls: 0 });
  const { server, tried } = await resolveServer({ configuredPath: "/nonexistent/promptls", baseDir: undefined, envPath: onPath });
  assert.equal(server?.command, path.join(onPath, "promptls"));
  assert.match(tried[0] ?? "", /\/nonexistent\/promptls/);
});

test("the bundled server runs on python3 with the bundle on PYTHONPATH, before promptls on PATH", async () => {
  const pythons = pythonsDir({ python3: "3 11" });
  const onPath = binDir({ promptls: 0 });
  const { server } = await withPath(pythons, () =>
    resolveServer({ configuredPath: "", baseDir: undefined, envPath: onPath, bundledLibs: "/ext/bundled/libs" }),
  );
  assert.equal(server?.command, "python3");
  assert.deepEqual(server?.args, ["-P", "-m", "promptls", "serve"]);
  assert.deepEqual(server?.env, { PYTHONPATH: "/ext/bundled/libs" });
  assert.match(server?.source ?? "", /bundled server, Python 3\.11 from PATH/);
});

test("the Python setting comes first, then the Python extension's interpreter, then python3", async () => {
  const dir = pythonsDir({ configured: "3 13", selected: "3 12", python3: "3 11" });
  const setting = { python: path.join(dir, "configured"), source: "promptls.server.python" };
  const selected = { python: path.join(dir, "selected"), source: "the Python extension's interpreter" };
  const resolve = (pythons: { python: string; source: string }[]) =>
    withPath(dir, () =>
      resolveServer({ configuredPath: "", baseDir: undefined, envPath: "", bundledLibs: "/b", pythons }),
    );
  assert.equal((await resolve([setting, selected])).server?.command, setting.python);
  assert.equal((await resolve([selected])).server?.command, selected.python);
  assert.equal((await resolve([])).server?.command, "python3");
});

test("a Python older than 3.11 is skipped with its version, and the next one is used", async () => {
  const dir = pythonsDir({ old: "3 9", python3: "3 12" });
  const { server, tried } = await withPath(dir, () =>
    resolveServer({
      configuredPath: "",
      baseDir: undefined,
      envPath: "",
      bundledLibs: "/b",
      pythons: [{ python: path.join(dir, "old"), source: "promptls.server.python" }],
    }),
  );
  assert.equal(server?.command, "python3");
  assert.match(tried[0] ?? "", /Python 3\.9; promptls needs 3\.11 or newer/);
});

test("no Python new enough and no promptls on PATH: nothing, and every attempt is listed", async () => {
  const dir = pythonsDir({ python3: "3 10" });
  const { server, tried } = await withPath(dir, () =>
    resolveServer({ configuredPath: "", baseDir: undefined, envPath: dir, bundledLibs: "/b" }),
  );
  assert.equal(server, undefined);
  assert.deepEqual(tried, ["python3 from PATH (Python 3.10; promptls needs 3.11 or newer)", "promptls on PATH (not found)"]);
});

test("a non-executable promptls on PATH is not used", { skip: process.platform === "win32" }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "promptls-bin-"));
  writeFileSync(path.join(dir, "promptls"), "not a program");
  const python = binDir({ python3: 1 });
  const { server } = await withPath(python, () => resolveServer({ configuredPath: "", baseDir: undefined, envPath: dir }));
  assert.equal(server, undefined);
});

test("without a bundle, python3 -m promptls is the last resort, only when it works", async () => {
  const works = binDir({ python3: 0 });
  const found = await withPath(works, () => resolveServer({ configuredPath: "", baseDir: undefined, envPath: "" }));
  assert.deepEqual(found.server?.args, ["-m", "promptls", "serve"]);
  const broken = binDir({ python3: 1 });
  const missing = await withPath(broken, () => resolveServer({ configuredPath: "", baseDir: undefined, envPath: "" }));
  assert.equal(missing.server, undefined);
  assert.equal(missing.tried.length, 2);
});

test("a configured path may use ~ or be relative to the workspace folder", () => {
  assert.equal(expandPath("~/bin/promptls", undefined), path.join(os.homedir(), "bin/promptls"));
  assert.equal(expandPath(".venv/bin/promptls", "/work/proj"), "/work/proj/.venv/bin/promptls");
  assert.equal(expandPath("/abs/promptls", "/work/proj"), "/abs/promptls");
});

/** A showContextFiles answer with two profiles, as the server sends it. */
function contextAnswer(): ShowContextFilesResult {
  const env = { cwd: "/p", os: "linux", arch: "amd64", shell: "", date: "2026-01-01", gitRepo: false, gitBranch: "" };
  const entry = (path: string, scope: "user" | "project", status: "loaded" | "skipped", size: number | null) => ({
    path,
    scope,
    status,
    reason: status === "skipped" ? "not found" : "",
    size,
    order: status === "loaded" ? 0 : null,
    importedFrom: null,
    line: null,
    badByte: null,
    cutAt: null,
    sentAgain: null,
  });
  const profile = (name: string, entries: ReturnType<typeof entry>[]) => ({
    profile: name,
    title: name,
    verifiedBy: null,
    projectRoot: "/p",
    revision: "r",
    files: [],
    entries,
    settings: [],
    problems: [],
    skills: [],
  });
  return {
    folder: "/p",
    target: null,
    environment: env,
    profiles: [
      profile("or", [entry("/home/u/.or/AGENTS.md", "user", "skipped", null), entry("/p/AGENTS.md", "project", "loaded", 12)]),
      profile("codex", [entry("/p/AGENTS.override.md", "project", "loaded", 3)]),
    ],
    groups: [["or"], ["codex"]],
    text: "Folder: /p",
  };
}

test("context entries keep each profile's order, scope, status, reason and size", () => {
  const entries = contextEntries(contextAnswer());
  assert.deepEqual(
    entries.map((e) => [e.profile, e.path, e.scope, e.status, e.reason]),
    [
      ["or", "/home/u/.or/AGENTS.md", "user", "skipped", "not found"],
      ["or", "/p/AGENTS.md", "project", "loaded", ""],
      ["codex", "/p/AGENTS.override.md", "project", "loaded", ""],
    ],
  );
  assert.equal(entries[1]?.size, 12);
  assert.equal(entries[0]?.size, null);
});

test("the context list names the file it answers for, else the folder", () => {
  assert.equal(contextTitle(contextAnswer(), "p"), "promptls: context files for p");
  const forFile = { ...contextAnswer(), target: "/p/src/api/a.py" };
  assert.equal(contextTitle(forFile, "p"), "promptls: instructions that apply to src/api/a.py (p)");
  const outside = { ...contextAnswer(), folder: "/tmp/x", target: "/p/a.py" };
  assert.equal(contextTitle(outside, "x"), "promptls: instructions that apply to /p/a.py (x)");
});

test("a view shows the server's text as a document ending in one newline", () => {
  assert.equal(viewText({ text: "Environment:\n  os: linux" }), "Environment:\n  os: linux\n");
  assert.equal(viewText({ text: "done\n" }), "done\n");
  assert.equal(viewText({}), "\n");
});

type Profile = ShowContextFilesResult["profiles"][number];
type Entry = Profile["entries"][number];

/** One agent's answer: `sent` are [path, status, bytes, tokens] in load order; `others`
 * are [path, status, size] of the candidates not sent. */
function agent(name: string, sent: [string, Entry["status"], number, number][], others: [string, Entry["status"], number | null][] = []): Profile {
  const base = {
    scope: "project" as const,
    importedFrom: null,
    line: null,
    badByte: null,
    cutAt: null,
    sentAgain: null,
  };
  const entries: Entry[] = [
    ...others.map(([path, status, size]) => ({ ...base, path, status, size, order: null, reason: `${status} because` })),
    ...sent.map(([path, status, bytes], order) => ({ ...base, path, status, size: bytes, order, reason: "sent" })),
  ];
  return {
    profile: name,
    title: `${name} title`,
    verifiedBy: { method: "oracle", date: "", sources: "" },
    projectRoot: "/p",
    revision: "r",
    files: sent.map(([path, status, bytes, tokens], order) => ({ order, path, scope: "project", status, bytes, tokensEstimate: tokens })),
    entries,
    settings: [],
    problems: [],
    skills: [],
  };
}

/** An answer for these agents, folded as `groups` says (the server's folding; default:
 * one group per agent). */
function answer(profiles: Profile[], groups?: string[][]): ShowContextFilesResult {
  return { ...contextAnswer(), target: "/p/src/a.py", profiles, groups: groups ?? profiles.map((p) => [p.profile]) };
}

test("an agent's rows: files sent first in load order with tokens, then the others; missing names left out", () => {
  const claude = agent(
    "claude",
    [["/p/CLAUDE.md", "loaded", 100, 25], ["/p/.claude/rules/py.md", "loaded", 40, 10]],
    [["/home/u/.claude/CLAUDE.md", "skipped", null], ["/p/AGENTS.md", "skipped", 300], ["/p/src/CLAUDE.md", "lazy", 20]],
  );
  const rows = agentRows(claude);
  assert.deepEqual(
    rows.map((r) => [r.path, r.status, r.position, r.bytes, r.tokens]),
    [
      ["/p/CLAUDE.md", "loaded", 1, 100, 25],
      ["/p/.claude/rules/py.md", "loaded", 2, 40, 10],
      ["/p/AGENTS.md", "skipped", null, 300, null],
      ["/p/src/CLAUDE.md", "lazy", null, 20, null],
    ],
  );
  assert.equal(rowDescription(rows[0]!), "100 B · ≈25 tokens");
  assert.equal(rowDescription(rows[3]!), "lazy · 20 B");
});

test("the tree shows one node per group the server folded, in the server's order", () => {
  const groups = agentGroups(
    answer(
      [
        agent("claude", [["/p/CLAUDE.md", "loaded", 100, 25]]),
        agent("codex", [["/p/AGENTS.md", "loaded", 2048, 500]]),
        agent("gemini", [["/p/GEMINI.md", "loaded", 10, 3]]),
        agent("cursor", [["/p/AGENTS.md", "loaded", 2048, 500]]),
      ],
      [["claude"], ["codex", "cursor"], ["gemini"]],
    ),
  );
  assert.deepEqual(
    groups.map((g) => g.profiles),
    [["claude"], ["codex", "cursor"], ["gemini"]],
  );
  assert.deepEqual(groups[1]!.titles, ["codex title", "cursor title"]);
  assert.equal(groupDescription(groups[1]!), "1 file · 2.0 KB · ≈500 tokens");
  assert.equal(groupDescription({ ...groups[0]!, rows: [] }), "loads no instruction file");
  // An answer without groups (an older server) shows one node per agent.
  const old = answer([agent("codex", []), agent("cursor", [])]) as Partial<ShowContextFilesResult>;
  delete old.groups;
  assert.equal(agentGroups(old as ShowContextFilesResult).length, 2);
});

test("an agent read only from its docs says docs-sourced, with its sources and date", () => {
  const kiro = agent("kiro", [["/p/.kiro/steering/tech.md", "loaded", 100, 25]]);
  kiro.verifiedBy = { method: "docs-sourced", date: "2026-12-06", sources: "kiro.dev/docs/steering" };
  const [docs, oracle] = agentGroups(answer([kiro, agent("codex", [["/p/AGENTS.md", "loaded", 10, 3]])]));
  assert.deepEqual(docs!.docsSourced, ["kiro: docs-sourced (kiro.dev/docs/steering, read 2026-12-06)"]);
  assert.equal(groupDescription(docs!), "1 file · 100 B · ≈25 tokens · docs-sourced: kiro");
  assert.deepEqual(oracle!.docsSourced, []);
});

test("paths read relative to the workspace folder, ~/ in the home folder, else whole", () => {
  assert.equal(shownPath("/p/src/a.py", "/p", "/home/u"), "src/a.py");
  assert.equal(shownPath("/home/u/.claude/CLAUDE.md", "/p", "/home/u"), "~/.claude/CLAUDE.md");
  assert.equal(shownPath("/etc/claude-code/CLAUDE.md", "/p", "/home/u"), "/etc/claude-code/CLAUDE.md");
  assert.equal(shownPath("/p2/AGENTS.md", "/p", undefined), "/p2/AGENTS.md");
});

test("the matrix page escapes file names, allows only its own script and style, and sends row indexes", () => {
  const hostile = '/p/<img src=x onerror="alert(1)">.md';
  const html = matrixHtml({
    matrix: {
      agents: ["claude", "codex"],
      rows: [
        { path: "/p/AGENTS.md", realPath: "/p/AGENTS.md", links: [], cells: [{ profile: "codex", status: "cut", bytes: 32768, sent: 1 }] },
        { path: hostile, realPath: hostile, links: [], cells: [{ profile: "claude", status: "imported", bytes: 308, sent: 2 }] },
      ],
      totals: [616, 32768],
    },
    subject: "src/a.py",
    root: "/p",
    home: "/home/u",
    nonce: "n0nce",
    cspSource: "https://webview",
  });
  assert.ok(!html.includes("<img"), "a file name became markup");
  assert.ok(html.includes("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;.md"));
  assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src https:\/\/webview 'nonce-n0nce'; script-src 'nonce-n0nce'"/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.ok(html.includes('<script nonce="n0nce">'));
  assert.ok(html.includes('data-row="1"') && !html.includes("data-path"));
  assert.ok(html.includes(">AGENTS.md</button>"));  // workspace-relative
  assert.equal(cellText({ profile: "codex", status: "cut", bytes: 32768, sent: 1 }), "cut 32.0 KB");
  assert.equal(cellText({ profile: "claude", status: "imported", bytes: 308, sent: 2 }), "2× @308 B");
  assert.equal(cellText({ profile: "claude", status: "lazy", bytes: 0, sent: 0 }), "lazy");
  assert.equal(cellText(undefined), "–");
});

test("each side of the cache diff starts with the server's summary line", () => {
  const result = {
    profile: "codex",
    old: "baseline",
    new: "/p",
    difference: null,
    summary: "codex: first difference at byte 12 (line 2), file AGENTS.md: inside the cached prefix",
    oldWire: "a\nb\n",
    newWire: "a\nc\n",
    text: "",
  };
  assert.equal(sideText(result, "baseline"), `${result.summary}\n\na\nb\n`);
  assert.equal(sideText(result, "now"), `${result.summary}\n\na\nc\n`);
});

test("the agent picker puts the folder's agent first, the reference agent next, the rest by name", () => {
  const [reference] = REFERENCE_PROFILES;
  const own = PROFILES.find((p) => p !== reference) ?? reference;
  const labels = profilePicks(own).map((item) => item.label);
  const rest = PROFILES.filter((p) => p !== own && p !== reference);
  assert.deepEqual(labels, [own, reference, ...[...rest].sort((a, b) => a.localeCompare(b))]);
  const described = profilePicks(own).find((item) => item.label === "claude");
  assert.equal(described?.description, PROFILE_TITLES.claude); // typing "Claude Code" finds it
});

test("the observe picker leaves out the reference agent, which has no program to run", () => {
  const labels = profilePicks(undefined, true).map((item) => item.label);
  assert.equal(labels.length, PROFILES.length - REFERENCE_PROFILES.length);
  assert.ok(REFERENCE_PROFILES.every((p) => !labels.includes(p)));
  assert.deepEqual(labels, [...labels].sort((a, b) => a.localeCompare(b)));
});

test("agents with the same answer for every file share one matrix column", () => {
  const agents = { profile: "", status: "loaded", bytes: 18, sent: 1 };
  const matrix = {
    agents: ["or", "codex", "gemini", "opencode"],
    rows: [
      {
        path: "/p/AGENTS.md",
        realPath: "/p/AGENTS.md",
        links: [],
        cells: ["or", "codex", "opencode"].map((profile) => ({ ...agents, profile })),
      },
      {
        path: "/p/GEMINI.md",
        realPath: "/p/GEMINI.md",
        links: [],
        cells: [{ profile: "gemini", status: "loaded", bytes: 9, sent: 1 }],
      },
    ],
    totals: [18, 18, 9, 18],
  };
  assert.deepEqual(foldedColumns(matrix), [
    { agents: ["or", "codex", "opencode"], total: 18 },
    { agents: ["gemini"], total: 9 },
  ]);
  const html = matrixHtml({ matrix, subject: "/p", root: "/p", home: undefined, nonce: "n", cspSource: "s" });
  assert.equal((html.match(/<th scope="col">/g) ?? []).length, 3); // file, the shared column, gemini
  assert.ok(html.includes("<div>or</div>\n<div>codex</div>\n<div>opencode</div>"));
  assert.ok(html.includes('title="or, codex, opencode: loaded"'));
});
