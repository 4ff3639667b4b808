// Unit tests for the parts of the extension that do not need VS Code: how the server is
// found, and how command results become text. Run with `npm test` (esbuild + node --test).
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { test } from "node:test";
import { contextEntries, renderCacheAware, renderEnvironment, renderWireText, revisionOf } from "../src/format";
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

test("context entries keep each profile's order, scope, status and reason", () => {
  const entries = contextEntries({
    folder: "/p",
    profiles: [
      {
        profile: "or",
        files: [
          { path: "/home/u/.or/AGENTS.md", scope: "user", status: "skipped", reason: "not found", bytes: 0 },
          { path: "/p/AGENTS.md", scope: "project", status: "loaded", reason: "", bytes: 12 },
        ],
      },
      { profile: "codex", files: [{ path: "/p/AGENTS.override.md", scope: "project", status: "loaded" }] },
    ],
  });
  assert.deepEqual(
    entries.map((e) => [e.profile, e.path, e.scope, e.status]),
    [
      ["or", "/home/u/.or/AGENTS.md", "user", "skipped"],
      ["or", "/p/AGENTS.md", "project", "loaded"],
      ["codex", "/p/AGENTS.override.md", "project", "loaded"],
    ],
  );
  assert.equal(entries[1]?.bytes, 12);
  assert.deepEqual(contextEntries("garbage"), []);
});

test("the cache-aware view says which block is cached and shows its text", () => {
  const text = renderCacheAware({
    profile: "or",
    revision: "abc",
    static: { bytes: 5, tokensEstimate: 2 },
    dynamic: { bytes: 3, tokensEstimate: 1 },
    blocks: [
      { type: "text", text: "Hello", cache_control: { type: "ephemeral" } },
      { type: "text", text: "Dyn" },
    ],
  });
  const lines = text.split("\n");
  assert.match(lines[0] ?? "", /profile or · context revision abc · static 5 bytes ≈ 2 tokens/);
  const cached = lines.findIndex((l) => l.includes("block 1 · cached prefix"));
  assert.equal(lines[cached + 1], "Hello");
  const dynamic = lines.findIndex((l) => l.includes("block 2 · not cached"));
  assert.equal(lines[dynamic + 1], "Dyn");
});

test("unknown result shapes are shown as JSON rather than dropped", () => {
  assert.match(renderCacheAware({ something: 1 }), /"something": 1/);
  assert.equal(renderWireText({ wire: "a\n\nb" }), "a\n\nb");
  assert.match(renderWireText([1, 2]), /1,\s+2/);
  assert.equal(renderEnvironment({ os: "linux", gitRepo: true }), "os: linux\ngitRepo: true\n");
  assert.equal(revisionOf({ revision: "r1" }), "r1");
  assert.equal(revisionOf(42), undefined);
});
