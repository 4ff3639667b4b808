// The settings the server sees. Only values the user actually set (user, workspace or folder
// level) are sent: VS Code's declared defaults are documentation, and sending them would
// override the project's own `.promptls.toml` / `[tool.promptls]`, which the server applies
// underneath the editor's settings.
import * as vscode from "vscode";

/** Keys the server understands (same names as its config, camelCase). */
export const SERVER_KEYS = [
  "profile",
  "model",
  "select",
  "ignore",
  "severity",
  "markers",
  "promptFiles",
  "instructionFiles",
  "exclude",
  "systemPromptFile",
] as const;

/** Defaults the extension itself relies on (the same as the server's). */
export const DEFAULT_PROFILE = "or";
export const DEFAULT_PROMPT_GLOBS = ["**/*.prompt", "**/*.prompt.md", "**/*.system.md", "**/prompts/**"];
export const INSTRUCTION_FILE_NAMES = [
  "AGENTS.md",
  "AGENTS.local.md",
  "AGENTS.override.md",
  "CLAUDE.md",
  "CLAUDE.local.md",
  "GEMINI.md",
];

/** The most specific value the user set for `key`, or undefined when only the default applies. */
function explicitValue(config: vscode.WorkspaceConfiguration, key: string): unknown {
  const info = config.inspect(key);
  if (info === undefined) {
    return undefined;
  }
  return info.workspaceFolderValue ?? info.workspaceValue ?? info.globalValue;
}

/** The settings object for one scope (a folder or document), explicit values only. */
export function serverSettings(scope: vscode.Uri | undefined): Record<string, unknown> {
  const config = vscode.workspace.getConfiguration("promptls", scope);
  const out: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const value = explicitValue(config, key);
    if (value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

/** The profile shown in the status bar when the server does not report one. */
export function configuredProfile(scope: vscode.Uri | undefined): string {
  const value = vscode.workspace.getConfiguration("promptls", scope).get<string>("profile");
  return typeof value === "string" && value !== "" ? value : DEFAULT_PROFILE;
}

/** Prompt-file globs to attach to: the defaults plus whatever the user configured. */
export function promptGlobs(): string[] {
  const globs = new Set(DEFAULT_PROMPT_GLOBS);
  const configured = vscode.workspace.getConfiguration("promptls").get<unknown>("promptFiles");
  if (Array.isArray(configured)) {
    for (const g of configured) {
      if (typeof g === "string" && g.trim() !== "") {
        globs.add(g);
      }
    }
  }
  return [...globs];
}

/** Instruction-file names and globs to attach to, as selector patterns. */
export function instructionPatterns(): string[] {
  const patterns = INSTRUCTION_FILE_NAMES.map((name) => `**/${name}`);
  patterns.push("**/.claude/CLAUDE.md", "**/.claude/rules/*.md");
  const configured = vscode.workspace.getConfiguration("promptls").get<unknown>("instructionFiles");
  if (Array.isArray(configured)) {
    for (const item of configured) {
      if (typeof item === "string" && item.trim() !== "") {
        patterns.push(item.includes("/") || item.includes("*") ? item : `**/${item}`);
      }
    }
  }
  return patterns;
}

/** Settings whose change needs a new server or a new document selector. */
export const RESTART_KEYS = ["promptls.server.path", "promptls.promptFiles", "promptls.instructionFiles"];
