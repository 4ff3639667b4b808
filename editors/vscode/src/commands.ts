// The palette commands. Each asks the server (never re-implements its logic) and shows the
// answer: a quick pick of context files, read-only preview documents, or a fix-all edit.
import * as path from "node:path";
import * as vscode from "vscode";
import type { CacheDiffProvider } from "./cacheDiff";
import type { PromptlsClient } from "./client";
import { profilePicks } from "./contextModel";
import { pickAgent } from "./contextTree";
import { type ContextEntry, contextEntries, contextTitle } from "./format";
import {
  COMMANDS,
  DEFAULT_PROFILE,
  FIX_ALL_KIND as FIX_ALL,
  type ShowContextFilesResult,
} from "./generated/api";
import { folderArg, type PreviewFormat, previewUri, parseTarget, PREVIEW_SCHEME } from "./preview";
import { activeFolder } from "./status";

const FIX_ALL_KIND = vscode.CodeActionKind.Empty.append(FIX_ALL);

/** Pick the folder to act on: the active one, or ask when there are several and none is active. */
export async function pickFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const doc = vscode.window.activeTextEditor?.document;
  const own = doc !== undefined ? vscode.workspace.getWorkspaceFolder(doc.uri) : undefined;
  if (own !== undefined || folders.length <= 1) {
    const folder = own ?? activeFolder();
    if (folder === undefined) {
      void vscode.window.showWarningMessage("promptls: open a folder first.");
    }
    return folder;
  }
  return vscode.window.showWorkspaceFolderPick({ placeHolder: "Folder to show promptls context for" });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Open a read-only view beside the file being worked on (in place when a view is active). */
async function openPreview(uri: vscode.Uri): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const fromView = vscode.window.activeTextEditor?.document.uri.scheme === PREVIEW_SCHEME;
  await vscode.window.showTextDocument(doc, {
    preview: false,
    viewColumn: fromView ? vscode.ViewColumn.Active : vscode.ViewColumn.Beside,
  });
}

function entryLabel(entry: ContextEntry, root: vscode.Uri): string {
  const file = entry.path.includes("://") ? vscode.Uri.parse(entry.path).fsPath : entry.path;
  const rel = path.relative(root.fsPath, file);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : file;
}

function statusIcon(status: string): string {
  switch (status) {
    case "loaded":
    case "imported":
      return "$(check)";
    case "cut":
      return "$(scissors)";
    case "shadowed":
      return "$(eye-closed)";
    case "import-error":
      return "$(error)";
    default:
      return "$(circle-slash)";
  }
}

interface EntryItem extends vscode.QuickPickItem {
  file?: string;
}

/** Show Context Files: which instructions apply to the active file (any file: source code as
 * well as instruction files), per profile, in order, with scope and status; the folder's
 * when no file of the folder is active. */
export async function showContextFiles(client: PromptlsClient): Promise<void> {
  const folder = await pickFolder();
  if (folder === undefined) {
    return;
  }
  const docUri = vscode.window.activeTextEditor?.document.uri;
  const args: Record<string, unknown> =
    docUri !== undefined && docUri.scheme === "file" && vscode.workspace.getWorkspaceFolder(docUri) === folder
      ? { uri: docUri.toString(), profile: "all" }
      : { folder: folderArg(folder.uri), profile: "all" };
  let answer: ShowContextFilesResult;
  try {
    answer = await client.execute<ShowContextFilesResult>(COMMANDS.showContextFiles, args);
  } catch (error) {
    void vscode.window.showErrorMessage(`promptls: Show Context Files failed: ${errorText(error)}`);
    return;
  }
  const entries: ContextEntry[] = contextEntries(answer);
  const items: EntryItem[] = [];
  let profile: string | undefined;
  let order = 0;
  for (const entry of entries) {
    if (entry.profile !== profile) {
      profile = entry.profile;
      order = 0;
      items.push({ label: profile === "" ? "files" : `profile ${profile}`, kind: vscode.QuickPickItemKind.Separator });
    }
    order++;
    const size = entry.size === null ? "" : ` · ${entry.size} B`;
    items.push({
      label: `${statusIcon(entry.status)} ${order}. ${entryLabel(entry, folder.uri)}`,
      description: `${entry.scope} · ${entry.status}${size}`,
      detail: entry.reason === "" ? undefined : entry.reason,
      file: entry.path,
    });
  }
  if (entries.length === 0) {
    items.push({ label: "No instruction files were found for this folder." });
  }
  const choice = await vscode.window.showQuickPick(items, {
    title: contextTitle(answer, folder.name),
    placeHolder: "Choose a file to open it",
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (choice?.file !== undefined) {
    const uri = choice.file.includes("://") ? vscode.Uri.parse(choice.file) : vscode.Uri.file(choice.file);
    try {
      await vscode.window.showTextDocument(uri);
    } catch (error) {
      void vscode.window.showErrorMessage(`promptls: cannot open ${choice.file}: ${errorText(error)}`);
    }
  }
}

/** Show Environment: what the agent would report as its environment for this folder. */
export async function showEnvironment(): Promise<void> {
  const folder = await pickFolder();
  if (folder !== undefined) {
    await openPreview(
      previewUri({ kind: "environment", folder: folderArg(folder.uri) }, `Environment — ${folder.name}.txt`),
    );
  }
}

/** Preview Prompt: the assembled prompt of the folder, as cache-aware blocks or wire text. */
export async function previewPrompt(format: PreviewFormat): Promise<void> {
  const folder = await pickFolder();
  if (folder !== undefined) {
    const title = format === "wire" ? "Prompt (wire)" : "Prompt (cache-aware)";
    await openPreview(
      previewUri({ kind: "prompt", folder: folderArg(folder.uri), format }, `${title} — ${folder.name}.txt`),
    );
  }
}

/** The profile picker: every agent the server knows, the folder's own setting first,
 * then the reference agent, then the rest by name; type to filter by name or title. */
async function pickProfile(folder: vscode.WorkspaceFolder, title: string): Promise<string | undefined> {
  const setting = vscode.workspace.getConfiguration("promptls", folder.uri).get<string>("profile");
  const own = setting ?? DEFAULT_PROFILE;
  const items = profilePicks(own).map((item) =>
    item.label === own ? { ...item, description: `${item.description} · this folder's profile` } : item,
  );
  return (
    await vscode.window.showQuickPick(items, { title, placeHolder: "Agent profile", matchOnDescription: true })
  )?.label;
}

/** Preview Prompt for Agent…: pick a profile, then show what that agent sends, with the
 * position, bytes and tokens of every file. */
export async function previewPromptForAgent(): Promise<void> {
  const folder = await pickFolder();
  const profile = folder && (await pickProfile(folder, "promptls: preview the prompt of"));
  if (folder !== undefined && profile !== undefined) {
    await openPreview(
      previewUri(
        { kind: "prompt", folder: folderArg(folder.uri), format: "cache-aware", profile },
        `Prompt (${profile}) — ${folder.name}.txt`,
      ),
    );
  }
}

/** Preview Cache Diff…: pick a profile, then open the diff editor: its wire text as the server
 * kept it when the diff first opened, beside its wire text now (cacheDiff.ts). */
export async function previewDiff(diffs: CacheDiffProvider): Promise<void> {
  const folder = await pickFolder();
  const profile = folder && (await pickProfile(folder, "promptls: cache diff of"));
  if (folder !== undefined && profile !== undefined) {
    await diffs.open(folderArg(folder.uri), profile, folder.name);
  }
}

/** Preview Wire Text from the context tree: exactly what the agent sends for the file the
 * tree follows (a folded node asks which agent). */
export async function previewAgentWire(node: unknown): Promise<void> {
  const picked = await pickAgent(node);
  if (picked === undefined) {
    return;
  }
  const { profile, node: agent } = picked;
  const target = agent.target ?? undefined;
  const name = target !== undefined ? path.basename(target) : agent.folder.name;
  await openPreview(
    previewUri(
      { kind: "agentWire", folder: folderArg(agent.folder.uri), profile, ...(target !== undefined ? { for: target } : {}) },
      `Wire (${profile}) — ${name}.txt`,
    ),
  );
}

/** Switch the active prompt preview between its two views. */
export async function togglePreviewFormat(): Promise<void> {
  const uri = vscode.window.activeTextEditor?.document.uri;
  const target = uri?.scheme === PREVIEW_SCHEME ? parseTarget(uri) : undefined;
  if (target?.kind !== "prompt") {
    void vscode.window.showInformationMessage("promptls: open a prompt preview first.");
    return;
  }
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(target.folder));
  const format: PreviewFormat = target.format === "wire" ? "cache-aware" : "wire";
  const title = format === "wire" ? "Prompt (wire)" : "Prompt (cache-aware)";
  const name = folder?.name ?? "folder";
  const doc = await vscode.workspace.openTextDocument(
    previewUri({ kind: "prompt", folder: target.folder, format }, `${title} — ${name}.txt`),
  );
  await vscode.window.showTextDocument(doc, { preview: false });
}

/** Render Wire Text: the marker-free text the model receives for the current file. */
export async function renderWire(): Promise<void> {
  const doc = vscode.window.activeTextEditor?.document;
  if (doc === undefined || doc.uri.scheme === PREVIEW_SCHEME) {
    void vscode.window.showInformationMessage("promptls: open a prompt file first.");
    return;
  }
  await openPreview(previewUri({ kind: "wire", uri: doc.uri.toString() }, `Wire — ${path.basename(doc.fileName)}.txt`));
}

/** Fix All: apply the server's `source.fixAll.promptls` action to the current document. */
export async function fixAll(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined) {
    void vscode.window.showInformationMessage("promptls: open a file first.");
    return;
  }
  const doc = editor.document;
  const whole = new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length));
  const actions =
    (await vscode.commands.executeCommand<vscode.CodeAction[]>(
      "vscode.executeCodeActionProvider",
      doc.uri,
      whole,
      FIX_ALL_KIND.value,
    )) ?? [];
  const mine = actions.filter((a) => a.kind !== undefined && FIX_ALL_KIND.contains(a.kind));
  if (mine.length === 0) {
    void vscode.window.showInformationMessage("promptls: nothing to fix in this file.");
    return;
  }
  for (const action of mine) {
    if (action.edit !== undefined) {
      await vscode.workspace.applyEdit(action.edit);
    }
    if (action.command !== undefined) {
      await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
    }
  }
}
