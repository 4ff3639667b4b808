// Unit tests for the parts of the extension that do not need VS Code: how the server is
// found, and how command results become views. Run with `npm test` (esbuild + node --test).
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import { contextEntries, viewText } from "../src/format";
import type { ShowContextFilesResult } from "../src/generated/api";
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

test("the configured server path wins over PATH", async () => {
  const configured = binDir({ "my-promptls": 0 });
  const onPath = binDir({ promptls: 0 });
  const { server } = await resolveServer(path.join(configured, "my-promptls"), undefined, onPath);
  assert.equal(server?.command, path.join(configured, "my-promptls"));
  assert.deepEqual(server?.args, ["serve"]);
  assert.equal(server?.source, "promptls.server.path");
});

test("a configured path that does not exist falls back to PATH and says so", async () => {
  const onPath = binDir({ promptls: 0 });
  const { server, tried } = await resolveServer("/nonexistent/promptls", undefined, onPath);
  assert.equal(server?.command, path.join(onPath, "promptls"));
  assert.match(tried[0] ?? "", /\/nonexistent\/promptls/);
});

test("a non-executable promptls on PATH is not used", { skip: process.platform === "win32" }, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "promptls-bin-"));
  writeFileSync(path.join(dir, "promptls"), "not a program");
  const python = binDir({ python3: 1 });
  const { server } = await withPath(python, () => resolveServer("", undefined, dir));
  assert.equal(server, undefined);
});

test("python3 -m promptls is the last resort, only when it works", async () => {
  const works = binDir({ python3: 0 });
  const found = await withPath(works, () => resolveServer("", undefined, ""));
  assert.deepEqual(found.server?.args, ["-m", "promptls", "serve"]);
  const broken = binDir({ python3: 1 });
  const missing = await withPath(broken, () => resolveServer("", undefined, ""));
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
  });
  const profile = (name: string, entries: ReturnType<typeof entry>[]) => ({
    profile: name,
    title: name,
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
    environment: env,
    profiles: [
      profile("or", [entry("/home/u/.or/AGENTS.md", "user", "skipped", null), entry("/p/AGENTS.md", "project", "loaded", 12)]),
      profile("codex", [entry("/p/AGENTS.override.md", "project", "loaded", 3)]),
    ],
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

test("a view shows the server's text as a document ending in one newline", () => {
  assert.equal(viewText({ text: "Environment:\n  os: linux" }), "Environment:\n  os: linux\n");
  assert.equal(viewText({ text: "done\n" }), "done\n");
  assert.equal(viewText({}), "\n");
});
