// Read-only virtual documents under the `promptls-preview:` scheme: the assembled prompt of a
// folder (cache-aware or wire, or one agent's rendering with its per-file token table), what
// one agent sends for a file (its wire text), the wire text of one open document, and a
// folder's environment. Their content comes from the server each time VS Code asks, and they are
// refreshed when the server reports `promptls/contextChanged` (or, for a document's wire
// text, when that document changes).
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { viewText } from "./format";
import {
  COMMANDS,
  type PreviewPromptResult,
  type RenderWireResult,
  type ShowEnvironmentResult,
} from "./generated/api";

export const PREVIEW_SCHEME = "promptls-preview";

/** Pause in typing after which an open wire view of the document re-renders. */
const WIRE_REFRESH_DELAY_MS = 300;

export type PreviewFormat = "cache-aware" | "wire";

/** What a preview URI shows; carried in the URI's query as JSON. */
export type PreviewTarget =
  | { kind: "prompt"; folder: string; format: PreviewFormat; profile?: string }
  | { kind: "agentWire"; folder: string; profile: string; for?: string }
  | { kind: "wire"; uri: string }
  | { kind: "environment"; folder: string };

/** Build the URI; the path is only the tab title (the query says what to show). */
export function previewUri(target: PreviewTarget, title: string): vscode.Uri {
  const safeTitle = title.replace(/[\\/?#]/g, "_");
  return vscode.Uri.from({
    scheme: PREVIEW_SCHEME,
    path: `/${safeTitle}`,
    query: JSON.stringify(target),
  });
}

/** Parse a preview URI back; undefined for anything we did not make. */
export function parseTarget(uri: vscode.Uri): PreviewTarget | undefined {
  try {
    const target = JSON.parse(uri.query) as PreviewTarget;
    return typeof target === "object" && target !== null && "kind" in target ? target : undefined;
  } catch {
    return undefined;
  }
}

/** Folder argument for the server's commands: the folder's URI string. */
export function folderArg(folder: vscode.Uri): string {
  return folder.toString();
}

export class PreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly client: PromptlsClient) {
    this.subscriptions.push(
      client.onContextChanged(({ folder }) => this.refreshFolder(folder)),
      client.onStarted(() => this.refreshAll()),
      vscode.workspace.onDidChangeTextDocument((event) => this.refreshDocument(event.document.uri)),
    );
  }

  /** Ask the server for the content; an error becomes the document's text, not a crash. */
  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const target = parseTarget(uri);
    if (target === undefined) {
      return "promptls: this preview link is not valid.\n";
    }
    try {
      switch (target.kind) {
        case "prompt": {
          const result = await this.client.execute<PreviewPromptResult>(COMMANDS.previewPrompt, {
            folder: target.folder,
            // The server calls the cache-aware view "blocks".
            format: target.format === "wire" ? "wire" : "blocks",
            // With a profile the text is that agent's rendering and its per-file token table.
            ...(target.profile !== undefined ? { profile: target.profile } : {}),
          });
          // The wire view is exactly what the model receives; the other is the CLI's view.
          return target.format === "wire" ? (result.wire ?? "") : viewText(result);
        }
        case "agentWire": {
          // Exactly what this agent sends of its instruction files for the file (`for`).
          const result = await this.client.execute<PreviewPromptResult>(COMMANDS.previewPrompt, {
            folder: target.folder,
            format: "wire",
            profile: target.profile,
            ...(target.for !== undefined ? { for: target.for } : {}),
          });
          return result.rendering.wire ?? "";
        }
        case "wire":
          return (await this.client.execute<RenderWireResult>(COMMANDS.renderWire, { uri: target.uri })).wire;
        case "environment":
          return viewText(
            await this.client.execute<ShowEnvironmentResult>(COMMANDS.showEnvironment, { folder: target.folder }),
          );
      }
    } catch (error) {
      return `promptls: could not render this view: ${error instanceof Error ? error.message : String(error)}\n`;
    }
  }

  private openPreviews(): vscode.Uri[] {
    return vscode.workspace.textDocuments
      .map((doc) => doc.uri)
      .filter((uri) => uri.scheme === PREVIEW_SCHEME);
  }

  /** Context of `folder` changed: previews and environments of that folder re-render. */
  refreshFolder(folder: string): void {
    for (const uri of this.openPreviews()) {
      const target = parseTarget(uri);
      if (target !== undefined && target.kind !== "wire" && sameFolder(target.folder, folder)) {
        this.changed.fire(uri);
      }
    }
  }

  /** A document changed: its wire view re-renders once typing pauses, not per keystroke. */
  private refreshDocument(doc: vscode.Uri): void {
    if (doc.scheme === PREVIEW_SCHEME) {
      return;
    }
    const key = doc.toString();
    const views = this.openPreviews().filter((uri) => {
      const target = parseTarget(uri);
      return target?.kind === "wire" && target.uri === key;
    });
    if (views.length === 0) {
      return;
    }
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        views.forEach((uri) => this.changed.fire(uri));
      }, WIRE_REFRESH_DELAY_MS),
    );
  }

  /** After a (re)start every open view may be stale. */
  refreshAll(): void {
    for (const uri of this.openPreviews()) {
      this.changed.fire(uri);
    }
  }

  dispose(): void {
    this.pending.forEach((timer) => clearTimeout(timer));
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}

/** The server may name a folder by URI or by path; compare both ways. */
export function sameFolder(a: string, b: string): boolean {
  if (a === b) {
    return true;
  }
  const asPath = (s: string): string => {
    try {
      return s.includes("://") ? vscode.Uri.parse(s).fsPath : vscode.Uri.file(s).fsPath;
    } catch {
      return s;
    }
  };
  return asPath(a) === asPath(b);
}
