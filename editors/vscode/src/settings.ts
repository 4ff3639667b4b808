// The settings the server sees. Only values the user actually set (user, workspace or folder
// level) are sent: VS Code's declared defaults are documentation, and sending them would
// override the project's own `.promptls.toml` / `[tool.promptls]`, which the server applies
// underneath the editor's settings.
//
// Keys, defaults and globs come from src/generated/api.ts (`promptls api-json`), never
// from a hand-written list.
import * as vscode from "vscode";
import {
  DEFAULT_PROFILE,
  INSTRUCTION_FILE_GLOBS,
  PROMPT_FILE_GLOBS,
  SERVER_SETTING_KEYS,
  SETTINGS_SECTION,
} from "./generated/api";

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
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope);
  const out: Record<string, unknown> = {};
  for (const key of SERVER_SETTING_KEYS) {
    const value = explicitValue(config, key);
    if (value !== undefined) {
      out[key] = value;
    }
  }
  return out;
}

/** The profile shown in the status bar when the server does not report one. */
export function configuredProfile(scope: vscode.Uri | undefined): string {
  const value = vscode.workspace.getConfiguration(SETTINGS_SECTION, scope).get<string>("profile");
  return typeof value === "string" && value !== "" ? value : DEFAULT_PROFILE;
}

/** A user's glob as a document-selector pattern: selectors match whole paths. */
export function selectorPattern(glob: string): string {
  const g = glob.trim();
  return g.startsWith("**/") || g.startsWith("/") ? g : `**/${g}`;
}

/** User-configured globs of one setting, as selector patterns. */
function configuredPatterns(key: string): string[] {
  const configured = vscode.workspace.getConfiguration(SETTINGS_SECTION).get<unknown>(key);
  if (!Array.isArray(configured)) {
    return [];
  }
  return configured
    .filter((g): g is string => typeof g === "string" && g.trim() !== "")
    .map(selectorPattern);
}

/** Prompt-file patterns to attach to: the server's defaults plus whatever the user configured. */
export function promptGlobs(): string[] {
  return [...new Set([...PROMPT_FILE_GLOBS, ...configuredPatterns("promptFiles")])];
}

/** Instruction-file patterns to attach to: every profile's files plus the user's globs. */
export function instructionPatterns(): string[] {
  return [...new Set([...INSTRUCTION_FILE_GLOBS, ...configuredPatterns("instructionFiles")])];
}

/** Settings whose change needs a new server or a new document selector. */
export const RESTART_KEYS = ["promptls.server.path", "promptls.server.python", "promptls.promptFiles", "promptls.instructionFiles"];
