// Finding the promptls server to start. The order, and why:
//   1. the `promptls.server.path` setting: the user chose a program, so it always wins;
//   2. the server bundled in the .vsix (bundled/libs), run by a Python >= 3.11: the
//      `promptls.server.python` setting, else the Python extension's interpreter, else
//      `python3` on PATH. It matches this extension's version exactly, and needs no pip step;
//   3. `promptls` on PATH (a pipx install brings its own Python);
//   4. without a bundle (a development build): `python -m promptls` where it is installed.
// Kept free of the `vscode` module so the order and the checks are plain functions.
import { execFile } from "node:child_process";
import { constants as fsConstants, promises as fs } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** How to start the server, and where that choice came from (shown in the log). */
export interface ServerCommand {
  command: string;
  args: string[];
  source: string;
  /** Extra environment for the server process (PYTHONPATH of the bundle). */
  env?: Record<string, string>;
}

/** What resolution tried, so a failure can tell the user exactly what was looked at. */
export interface Resolution {
  server: ServerCommand | undefined;
  tried: string[];
}

/** A Python to try, and which setting or tool named it. */
export interface PythonCandidate {
  python: string;
  source: string;
}

/** Everything resolution looks at besides the file system. */
export interface ResolveOptions {
  /** `promptls.server.path` ("" when unset). */
  configuredPath: string;
  /** The first workspace folder: relative configured paths start there. */
  baseDir: string | undefined;
  /** The PATH to look `promptls` up on. */
  envPath: string | undefined;
  /** The bundle's `libs` folder when the .vsix carries one. */
  bundledLibs?: string;
  /** Pythons to try before the default ones (the setting, the Python extension's). */
  pythons?: PythonCandidate[];
}

/** The lowest Python the server runs on (pyproject.toml's requires-python). */
export const MIN_PYTHON: readonly [number, number] = [3, 11];

const EXECUTABLE_NAMES = process.platform === "win32" ? ["promptls.exe", "promptls.cmd"] : ["promptls"];
const DEFAULT_PYTHONS = process.platform === "win32" ? ["py", "python"] : ["python3"];

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

/** Run a program briefly; its stdout, or undefined when it fails or does not exist. */
function probe(program: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(program, args, { timeout: 15000 }, (error, stdout) => {
      resolve(error === null ? String(stdout) : undefined);
    });
  });
}

/** A Python's "major minor", or undefined when it does not run. */
export async function pythonVersion(python: string): Promise<[number, number] | undefined> {
  const out = await probe(python, ["-c", "import sys; print(*sys.version_info[:2])"]);
  const match = /^(\d+) (\d+)\s*$/.exec(out ?? "");
  return match === null ? undefined : [Number(match[1]), Number(match[2])];
}

function tooOld(version: [number, number]): boolean {
  return version[0] < MIN_PYTHON[0] || (version[0] === MIN_PYTHON[0] && version[1] < MIN_PYTHON[1]);
}

/** The candidates in order, without empty entries or repeats. */
function pythonCandidates(options: ResolveOptions): PythonCandidate[] {
  const all = [...(options.pythons ?? []), ...DEFAULT_PYTHONS.map((p) => ({ python: p, source: "PATH" }))];
  const seen = new Set<string>();
  return all.filter((c) => {
    const key = c.python.trim();
    if (key === "" || seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** The bundled server on the first Python new enough to run it. */
async function bundledServer(libs: string, options: ResolveOptions, tried: string[]): Promise<ServerCommand | undefined> {
  for (const { python, source } of pythonCandidates(options)) {
    const program = source === "PATH" ? python : expandPath(python, options.baseDir);
    const version = await pythonVersion(program);
    if (version === undefined) {
      tried.push(`${program} from ${source} (does not run)`);
    } else if (tooOld(version)) {
      tried.push(`${program} from ${source} (Python ${version.join(".")}; promptls needs ${MIN_PYTHON.join(".")} or newer)`);
    } else {
      return {
        command: program,
        // -P: the workspace folder (the cwd) must not shadow the bundle's modules.
        args: ["-P", "-m", "promptls", "serve"],
        env: { PYTHONPATH: libs },
        source: `bundled server, Python ${version.join(".")} from ${source}`,
      };
    }
  }
  return undefined;
}

/** Resolve the server command in the documented order; `undefined` server when none works. */
export async function resolveServer(options: ResolveOptions): Promise<Resolution> {
  const tried: string[] = [];
  if (options.configuredPath.trim() !== "") {
    const file = expandPath(options.configuredPath, options.baseDir);
    if (await isExecutable(file)) {
      return { server: { command: file, args: ["serve"], source: "promptls.server.path" }, tried };
    }
    tried.push(`promptls.server.path = ${file} (not an executable file)`);
  }
  if (options.bundledLibs !== undefined) {
    const server = await bundledServer(options.bundledLibs, options, tried);
    if (server !== undefined) {
      return { server, tried };
    }
  }
  const onPath = await findOnPath(options.envPath);
  if (onPath !== undefined) {
    return { server: { command: onPath, args: ["serve"], source: "PATH" }, tried };
  }
  tried.push("promptls on PATH (not found)");
  if (options.bundledLibs === undefined) {
    for (const { python } of pythonCandidates(options)) {
      if ((await probe(python, ["-m", "promptls", "--version"])) !== undefined) {
        return {
          server: { command: python, args: ["-m", "promptls", "serve"], source: `${python} -m promptls` },
          tried,
        };
      }
      tried.push(`${python} -m promptls (not installed there)`);
    }
  }
  return { server: undefined, tried };
}
