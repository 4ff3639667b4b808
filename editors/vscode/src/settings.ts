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

/** What the extension always attaches to (the server's defaults are narrower globs). */
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

/** A user's glob as a document-selector pattern: selectors match whole paths. */
export function selectorPattern(glob: string): string {
  const g = glob.trim();
  return g.startsWith("**/") || g.startsWith("/") ? g : `**/${g}`;
}

/** User-configured globs of one setting, as selector patterns. */
function configuredPatterns(key: string): string[] {
  const configured = vscode.workspace.getConfiguration("promptls").get<unknown>(key);
  if (!Array.isArray(configured)) {
    return [];
  }
  return configured
    .filter((g): g is string => typeof g === "string" && g.trim() !== "")
    .map(selectorPattern);
}

/** Prompt-file patterns to attach to: the fixed ones plus whatever the user configured. */
export function promptGlobs(): string[] {
  return [...new Set([...DEFAULT_PROMPT_GLOBS, ...configuredPatterns("promptFiles")])];
}

/** Instruction-file patterns to attach to: every profile's names plus the user's globs. */
export function instructionPatterns(): string[] {
  const patterns = INSTRUCTION_FILE_NAMES.map((name) => `**/${name}`);
  patterns.push("**/.claude/CLAUDE.md", "**/.claude/rules/*.md");
  return [...new Set([...patterns, ...configuredPatterns("instructionFiles")])];
}

/** Settings whose change needs a new server or a new document selector. */
export const RESTART_KEYS = ["promptls.server.path", "promptls.promptFiles", "promptls.instructionFiles"];
