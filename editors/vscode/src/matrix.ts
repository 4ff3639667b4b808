// Show Coverage Matrix: a webview table of which agent receives which instruction file, for
// the file in the active editor (every agent side by side: `promptls.showContextFiles` with
// `profile: "all"`, whose `coverage` is the matrix the CLI prints). The page is built by
// matrixHtml.ts; a click on a file or a cell opens that file. It follows the active editor
// and `promptls/contextChanged`, like the tree.
import { randomBytes } from "node:crypto";
import * as os from "node:os";
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { shownPath } from "./contextModel";
import { COMMANDS, type CoverageMatrix, type ShowContextFilesResult } from "./generated/api";
import { escapeHtml, matrixHtml } from "./matrixHtml";
import { folderArg, sameFolder } from "./preview";

export class MatrixPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private rows: CoverageMatrix["rows"] = [];
  private folder: vscode.WorkspaceFolder | undefined;
  private document: vscode.Uri | undefined;
  private generation = 0;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly client: PromptlsClient) {
    this.subscriptions.push(
      client.onContextChanged(({ folder }) => {
        if (this.folder !== undefined && sameFolder(folderArg(this.folder.uri), folder)) {
          void this.render();
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (this.panel !== undefined && editor?.document.uri.scheme === "file") {
          this.document = editor.document.uri;
          void this.render();
        }
      }),
      vscode.workspace.onDidSaveTextDocument(() => void this.render()),
    );
  }

  /** Open the panel (or bring it forward) for the active file. */
  async show(): Promise<void> {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active?.scheme === "file") {
      this.document = active;
    }
    if (this.panel === undefined) {
      this.panel = vscode.window.createWebviewPanel(
        "promptls.coverageMatrix",
        "Coverage matrix",
        { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
        { enableScripts: true, localResourceRoots: [] },
      );
      this.panel.onDidDispose(() => {
        this.panel = undefined;
      });
      this.panel.webview.onDidReceiveMessage((message: unknown) => void this.open(message));
    } else {
      this.panel.reveal();
    }
    await this.render();
  }

  /** A click in the page: the index of a row the page was given, nothing else. */
  private async open(message: unknown): Promise<void> {
    if (typeof message !== "object" || message === null) {
      return;
    }
    const { type, row } = message as { type?: unknown; row?: unknown };
    if (type !== "open" || typeof row !== "number" || !Number.isInteger(row)) {
      return;
    }
    const target = this.rows[row];
    if (target !== undefined) {
      await vscode.window.showTextDocument(vscode.Uri.file(target.path), { viewColumn: vscode.ViewColumn.Active });
    }
  }

  private async render(): Promise<void> {
    const panel = this.panel;
    if (panel === undefined) {
      return;
    }
    const doc = this.document;
    const own = doc !== undefined ? vscode.workspace.getWorkspaceFolder(doc) : undefined;
    const folder = own ?? vscode.workspace.workspaceFolders?.[0];
    if (folder === undefined) {
      panel.webview.html = "<p>Open a folder first.</p>";
      return;
    }
    const args =
      own !== undefined && doc !== undefined
        ? { uri: doc.toString(), profile: "all" }
        : { folder: folderArg(folder.uri), profile: "all" };
    const generation = ++this.generation;
    let result: ShowContextFilesResult;
    try {
      result = await this.client.execute<ShowContextFilesResult>(COMMANDS.showContextFiles, args);
    } catch (error) {
      if (generation === this.generation && this.panel === panel) {
        const why = error instanceof Error ? error.message : String(error);
        panel.webview.html = `<p>promptls could not answer: ${escapeHtml(why)}</p>`;
      }
      return;
    }
    if (generation !== this.generation || this.panel !== panel || result.coverage === undefined) {
      return;
    }
    this.folder = folder;
    this.rows = result.coverage.rows;
    const home = os.homedir();
    const subject = result.target === null ? `the folder ${folder.name}` : shownPath(result.target, folder.uri.fsPath, home);
    panel.title = `Coverage — ${result.target === null ? folder.name : subject}`;
    panel.webview.html = matrixHtml({
      matrix: result.coverage,
      subject,
      root: folder.uri.fsPath,
      home,
      nonce: randomBytes(16).toString("base64"),
      cspSource: panel.webview.cspSource,
    });
  }

  dispose(): void {
    this.panel?.dispose();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
