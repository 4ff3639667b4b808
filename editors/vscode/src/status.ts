// The status-bar item: the active profile and the context revision of the active editor's
// folder. The revision comes from `promptls.contextRevision` and follows
// `promptls/contextChanged`; clicking the item opens Show Context Files.
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { COMMANDS, type ContextRevisionResult } from "./generated/api";
import { folderArg, sameFolder } from "./preview";
import { configuredProfile } from "./settings";

/** The folder the user is looking at: the active editor's, else the first one. */
export function activeFolder(): vscode.WorkspaceFolder | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  if (doc !== undefined) {
    const folder = vscode.workspace.getWorkspaceFolder(doc.uri);
    if (folder !== undefined) {
      return folder;
    }
  }
  return vscode.workspace.workspaceFolders?.[0];
}

export class StatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem("promptls.status", vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private generation = 0;
  private serverProfile: string | undefined;

  constructor(
    private readonly client: PromptlsClient,
    clickCommand: string,
  ) {
    this.item.name = "promptls";
    this.item.command = clickCommand;
    this.subscriptions.push(
      client.onStarted(() => void this.refresh()),
      client.onContextChanged((event) => this.onContextChanged(event.folder, event.revision)),
      vscode.window.onDidChangeActiveTextEditor(() => void this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration("promptls.profile")) {
          void this.refresh();
        }
      }),
    );
  }

  private show(profile: string, revision: string | undefined, folder: string | undefined): void {
    const rev = revision === undefined ? "…" : revision.slice(0, 12);
    this.item.text = `$(book) promptls: ${profile} · rev ${rev}`;
    const tip = new vscode.MarkdownString(undefined, true);
    tip.isTrusted = false;
    tip.appendText(`promptls — profile ${profile}\n\ncontext revision ${revision ?? "unknown"}`);
    if (folder !== undefined) {
      tip.appendText(`\n\nfolder ${folder}`);
    }
    tip.appendMarkdown("\n\nClick to show the context files.");
    this.item.tooltip = tip;
    this.item.show();
  }

  /** Ask the server for the revision of the active folder (stale answers are dropped). */
  async refresh(): Promise<void> {
    const folder = activeFolder();
    const profile = configuredProfile(folder?.uri);
    if (folder === undefined || !this.client.isRunning) {
      this.show(profile, undefined, folder?.name);
      return;
    }
    const generation = ++this.generation;
    this.show(profile, undefined, folder.name);
    try {
      const result = await this.client.execute<ContextRevisionResult>(COMMANDS.contextRevision, {
        folder: folderArg(folder.uri),
      });
      if (generation === this.generation) {
        this.serverProfile = result.profile;
        this.show(this.serverProfile, result.revision, folder.name);
      }
    } catch {
      if (generation === this.generation) {
        this.show(profile, undefined, folder.name);
      }
    }
  }

  private onContextChanged(folder: string, revision: string): void {
    const active = activeFolder();
    if (active !== undefined && sameFolder(folderArg(active.uri), folder)) {
      this.generation++;
      this.show(this.serverProfile ?? configuredProfile(active.uri), revision, active.name);
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.item.dispose();
  }
}
