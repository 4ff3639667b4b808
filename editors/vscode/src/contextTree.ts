// The "Agent context" view in the Explorer: for the file in the active editor, each agent the
// repository is set up for and, under it, the files it loads for that file, in order, with
// status icons, bytes and estimated tokens (`promptls.showContextFiles` with the file's URI).
// Agents that load the same files share a node. It follows the active editor and refreshes
// after saves, edits of the files it lists, and the server's `promptls/contextChanged`; the
// old tree stays until the new answer is in (no flicker), only a changed answer redraws it,
// and every request is asynchronous, dropped when a newer one started (typing never waits).
import * as os from "node:os";
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { type AgentGroup, agentGroups, type FileRow, groupDescription, rowDescription, shownPath } from "./contextModel";
import { COMMANDS, type ShowContextFilesResult } from "./generated/api";
import { folderArg, sameFolder } from "./preview";

export const TREE_VIEW_ID = "promptls.contextTree";

/** Pause after an edit of a listed file before asking again (typing stays fast). */
const EDIT_REFRESH_DELAY_MS = 400;

/** A codicon and its theme colour per status. */
const STATUS_ICONS: Record<string, [string, string | undefined]> = {
  loaded: ["pass-filled", "testing.iconPassed"],
  imported: ["references", "testing.iconPassed"],
  cut: ["warning", "editorWarning.foreground"],
  dropped: ["circle-slash", "errorForeground"],
  shadowed: ["eye-closed", "errorForeground"],
  "import-error": ["error", "errorForeground"],
  lazy: ["watch", "descriptionForeground"],
  conditional: ["filter", "descriptionForeground"],
  "on-request": ["comment-discussion", "descriptionForeground"],
  skipped: ["circle-large-outline", "disabledForeground"],
};

export class AgentNode {
  constructor(
    readonly group: AgentGroup,
    readonly folder: vscode.WorkspaceFolder,
    readonly target: string | null,
  ) {}
}

export class FileNode {
  constructor(
    readonly row: FileRow,
    readonly parent: AgentNode,
  ) {}
}

export type ContextNode = AgentNode | FileNode;

/** What the tree shows now: the answer, for which folder and file. */
interface Shown {
  folder: vscode.WorkspaceFolder;
  result: ShowContextFilesResult;
  groups: AgentGroup[];
  key: string;
}

export class ContextTree implements vscode.TreeDataProvider<ContextNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ContextNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly view: vscode.TreeView<ContextNode>;
  private shown: Shown | undefined;
  private generation = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;
  /** The document the view answers for (kept while focus is in a panel or webview). */
  private document: vscode.Uri | undefined;
  private readonly home = os.homedir();

  constructor(private readonly client: PromptlsClient) {
    this.view = vscode.window.createTreeView(TREE_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    const watcher = vscode.workspace.createFileSystemWatcher("**/*.{md,mdc,cursorrules}");
    this.subscriptions.push(
      this.view,
      watcher,
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor !== undefined && editor.document.uri.scheme === "file") {
          void this.refresh();
        }
      }),
      vscode.workspace.onDidSaveTextDocument(() => void this.refresh()),
      vscode.workspace.onDidChangeTextDocument((event) => this.onEdit(event.document.uri)),
      watcher.onDidCreate(() => this.later()),
      watcher.onDidDelete(() => this.later()),
      watcher.onDidChange(() => this.later()),
      client.onContextChanged(({ folder }) => {
        if (this.shown === undefined || sameFolder(folderArg(this.shown.folder.uri), folder)) {
          void this.refresh();
        }
      }),
      client.onStarted(() => void this.refresh()),
      this.view.onDidChangeVisibility(() => void this.refresh()),
    );
  }

  /** The answer on screen (the matrix and the menu commands read it). */
  get current(): { folder: vscode.WorkspaceFolder; result: ShowContextFilesResult } | undefined {
    return this.shown;
  }

  /** The file the view follows: the active editor's file, else the last one it followed. */
  private followed(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active !== undefined && active.scheme === "file") {
      this.document = active;
    }
    return this.document;
  }

  private onEdit(uri: vscode.Uri): void {
    if (uri.scheme !== "file" || this.shown === undefined) {
      return;
    }
    const listed = this.shown.groups.some((g) => g.rows.some((r) => r.path === uri.fsPath));
    if (listed || this.document?.toString() === uri.toString()) {
      this.later();
    }
  }

  /** Refresh once things settle (edits, file events), not once per keystroke or event. */
  private later(): void {
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.refresh();
    }, EDIT_REFRESH_DELAY_MS);
  }

  /** Ask the server for the followed file (or the first folder); redraw only on change. */
  async refresh(): Promise<void> {
    if (!this.view.visible) {
      return;
    }
    const doc = this.followed();
    const own = doc !== undefined ? vscode.workspace.getWorkspaceFolder(doc) : undefined;
    const folder = own ?? vscode.workspace.workspaceFolders?.[0];
    if (folder === undefined) {
      this.view.message = "Open a folder to see which instructions each agent loads.";
      return;
    }
    const args = own !== undefined && doc !== undefined ? { uri: doc.toString() } : { folder: folderArg(folder.uri) };
    const generation = ++this.generation;
    let result: ShowContextFilesResult;
    try {
      result = await this.client.execute<ShowContextFilesResult>(COMMANDS.showContextFiles, args);
    } catch (error) {
      if (generation === this.generation) {
        this.view.message = `promptls could not answer: ${error instanceof Error ? error.message : String(error)}`;
      }
      return;
    }
    if (generation !== this.generation) {
      return;
    }
    const groups = agentGroups(result);
    const key = JSON.stringify([folder.uri.toString(), result.target, groups]);
    this.view.message = undefined;
    this.view.description =
      result.target === null ? folder.name : shownPath(result.target, folder.uri.fsPath, this.home);
    if (key === this.shown?.key) {
      return;
    }
    this.shown = { folder, result, groups, key };
    this.changed.fire(undefined);
  }

  getChildren(node?: ContextNode): ContextNode[] {
    if (this.shown === undefined) {
      return [];
    }
    if (node === undefined) {
      const { folder, result, groups } = this.shown;
      return groups.map((g) => new AgentNode(g, folder, result.target));
    }
    return node instanceof AgentNode ? node.group.rows.map((r) => new FileNode(r, node)) : [];
  }

  getParent(node: ContextNode): ContextNode | undefined {
    return node instanceof FileNode ? node.parent : undefined;
  }

  getTreeItem(node: ContextNode): vscode.TreeItem {
    if (node instanceof AgentNode) {
      const item = new vscode.TreeItem(node.group.profiles.join(" · "), vscode.TreeItemCollapsibleState.Expanded);
      item.id = `agents:${node.group.profiles.join(",")}`;
      item.description = groupDescription(node.group);
      item.iconPath = new vscode.ThemeIcon("hubot");
      item.contextValue = "promptlsAgent";
      const tip = new vscode.MarkdownString(undefined, true);
      tip.appendText(node.group.titles.join(", "));
      if (node.group.profiles.length > 1) {
        tip.appendText("\n\nThese agents load the same files.");
      }
      for (const label of node.group.docsSourced) {
        tip.appendText(`\n\n${label}: read from the agent's documentation, not observed.`);
      }
      item.tooltip = tip;
      return item;
    }
    const { row } = node;
    const root = node.parent.folder.uri.fsPath;
    const name = shownPath(row.path, root, this.home);
    const label = row.position !== null ? `${row.position}. ${name}` : name;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.id = `file:${node.parent.group.profiles.join(",")}:${row.path}:${row.status}`;
    item.description = rowDescription(row);
    const [icon, color] = STATUS_ICONS[row.status] ?? ["circle-outline", undefined];
    item.iconPath = new vscode.ThemeIcon(icon, color !== undefined ? new vscode.ThemeColor(color) : undefined);
    item.resourceUri = vscode.Uri.file(row.path);
    item.contextValue = "promptlsFile";
    const tip = new vscode.MarkdownString(undefined, true);
    tip.appendText(`${name}\n\n${row.status}: ${row.reason}`);
    item.tooltip = tip;
    item.command = { command: "promptls.ui.openContextFile", title: "Open File", arguments: [node] };
    return item;
  }

  dispose(): void {
    clearTimeout(this.pending);
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}

/** Open a listed file. */
export async function openFile(node: unknown): Promise<void> {
  if (node instanceof FileNode) {
    await vscode.window.showTextDocument(vscode.Uri.file(node.row.path), { preview: true });
  }
}

/** Explain Status: why the agent does what it does with the file, in the agent's words. */
export async function explainStatus(node: unknown): Promise<void> {
  if (!(node instanceof FileNode)) {
    return;
  }
  const name = shownPath(node.row.path, node.parent.folder.uri.fsPath, os.homedir());
  const agents = node.parent.group.profiles.join(", ");
  await vscode.window.showInformationMessage(`${name}: ${node.row.status} for ${agents}`, {
    modal: true,
    detail: node.row.reason,
  });
}

/** The agent of a node; a folded node asks which of its agents. */
export async function pickAgent(node: unknown): Promise<{ profile: string; node: AgentNode } | undefined> {
  const agent = node instanceof FileNode ? node.parent : node instanceof AgentNode ? node : undefined;
  if (agent === undefined) {
    return undefined;
  }
  const profiles = agent.group.profiles;
  const profile =
    profiles.length === 1
      ? profiles[0]
      : await vscode.window.showQuickPick(profiles, { title: "promptls: whose wire text?", placeHolder: "Agent" });
  return profile === undefined ? undefined : { profile, node: agent };
}
