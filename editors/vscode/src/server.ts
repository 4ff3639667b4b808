// Finding the promptls server to start: the `promptls.server.path` setting, then `promptls`
// on PATH, then `python3 -m promptls`. Kept free of the `vscode` module so the order and the
// checks are plain functions.
import { execFile } from "node:child_process";
import { constants as fsConstants, promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** How to start the server, and where that choice came from (shown in the log). */
export interface ServerCommand {
  command: string;
  args: string[];
  source: string;
}

/** What resolution tried, so a failure can tell the user exactly what was looked at. */
export interface Resolution {
  server: ServerCommand | undefined;
  tried: string[];
}

const EXECUTABLE_NAMES = process.platform === "win32" ? ["promptls.exe", "promptls.cmd"] : ["promptls"];
const PYTHONS = process.platform === "win32" ? ["py", "python"] : ["python3"];

/** A configured path may start with `~` or be relative to the first workspace folder. */
export function expandPath(configured: string, baseDir: string | undefined): string {
  let p = configured.trim();
  if (p === "~" || p.startsWith("~/")) {
    p = path.join(os.homedir(), p.slice(1));
  }
  if (!path.isAbsolute(p) && baseDir !== undefined) {
    p = path.join(baseDir, p);
  }
  return p;
}

/** Executable regular file: a directory or a non-executable file would fail at spawn time. */
async function isExecutable(file: string): Promise<boolean> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) {
      return false;
    }
    await fs.access(file, process.platform === "win32" ? fsConstants.F_OK : fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Look `promptls` up on PATH ourselves, so we know before spawning whether it exists. */
export async function findOnPath(envPath: string | undefined): Promise<string | undefined> {
  for (const dir of (envPath ?? "").split(path.delimiter)) {
    if (dir === "") {
      continue;
    }
    for (const name of EXECUTABLE_NAMES) {
      const candidate = path.join(dir, name);
      if (await isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** `python -m promptls --version` succeeding means the module is importable there. */
function pythonHasPromptls(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ["-m", "promptls", "--version"], { timeout: 15000 }, (error) => {
      resolve(error === null);
    });
  });
}

/** Resolve the server command in the documented order; `undefined` server when none works. */
export async function resolveServer(
  configuredPath: string,
  baseDir: string | undefined,
  envPath: string | undefined,
): Promise<Resolution> {
  const tried: string[] = [];
  if (configuredPath.trim() !== "") {
    const file = expandPath(configuredPath, baseDir);
    if (await isExecutable(file)) {
      return { server: { command: file, args: ["serve"], source: "promptls.server.path" }, tried };
    }
    tried.push(`promptls.server.path = ${file} (not an executable file)`);
  }
  const onPath = await findOnPath(envPath);
  if (onPath !== undefined) {
    return { server: { command: onPath, args: ["serve"], source: "PATH" }, tried };
  }
  tried.push("promptls on PATH (not found)");
  for (const python of PYTHONS) {
    if (await pythonHasPromptls(python)) {
      return {
        server: { command: python, args: ["-m", "promptls", "serve"], source: `${python} -m promptls` },
        tried,
      };
    }
    tried.push(`${python} -m promptls (not installed there)`);
  }
  return { server: undefined, tried };
}
