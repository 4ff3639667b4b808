// Preview Cache Diff: one agent's wire text as the server kept it when the diff first opened
// (the baseline) beside its wire text now, in VS Code's diff editor (`vscode.diff` over two
// read-only documents of the `promptls-diff:` scheme). Both documents start with the same
// line, the server's `summary`: which agent, the first differing byte, and whether the
// cached prefix breaks there. They follow `promptls/contextChanged` and saves; "Keep as
// Baseline" (the editor title's button) makes the current text the new baseline.
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { type DiffSide, sideText } from "./format";
import { COMMANDS, type PreviewDiffResult } from "./generated/api";
import { sameFolder } from "./preview";

export const DIFF_SCHEME = "promptls-diff";

type Side = DiffSide;

/** What a diff document shows; carried in its URI's query as JSON. */
interface DiffTarget {
  folder: string;
  profile: string;
  side: Side;
}

function diffUri(target: DiffTarget, title: string): vscode.Uri {
  return vscode.Uri.from({
    scheme: DIFF_SCHEME,
    path: `/${title.replace(/[\\/?#]/g, "_")}`,
    query: JSON.stringify(target),
  });
}

function parse(uri: vscode.Uri): DiffTarget | undefined {
  try {
    const target = JSON.parse(uri.query) as DiffTarget;
    return typeof target?.folder === "string" && typeof target.profile === "string" ? target : undefined;
  } catch {
    return undefined;
  }
}

const keyOf = (t: { folder: string; profile: string }): string => JSON.stringify([t.folder, t.profile]);

export class CacheDiffProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly results = new Map<string, PreviewDiffResult>();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly client: PromptlsClient) {
    this.subscriptions.push(
      client.onContextChanged(({ folder }) => void this.refresh((t) => sameFolder(t.folder, folder))),
      vscode.workspace.onDidSaveTextDocument(() => void this.refresh(() => true)),
    );
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const target = parse(uri);
    const result = target && this.results.get(keyOf(target));
    if (target === undefined || result === undefined) {
      return "promptls: run Preview Cache Diff... again to show this diff.\n";
    }
    return sideText(result, target.side);
  }

  /** Ask the server (texts included) and keep the answer for both sides. */
  private async fetch(folder: string, profile: string, rebase = false): Promise<PreviewDiffResult> {
    const result = await this.client.execute<PreviewDiffResult>(COMMANDS.previewDiff, {
      folder,
      profile,
      texts: true,
      ...(rebase ? { rebase: true } : {}),
    });
    this.results.set(keyOf({ folder, profile }), result);
    return result;
  }

  /** Open the diff editor for a folder's agent (the first call keeps the baseline). */
  async open(folder: string, profile: string, folderName: string): Promise<void> {
    await this.fetch(folder, profile);
    const title = `Cache diff (${profile}) — ${folderName}`;
    await vscode.commands.executeCommand(
      "vscode.diff",
      // The extension gives these documents their language, whose lines wrap (package.json):
      // the summary line and long wire lines stay on screen in either side.
      diffUri({ folder, profile, side: "baseline" }, `${profile} baseline.promptls-wire`),
      diffUri({ folder, profile, side: "now" }, `${profile} now.promptls-wire`),
      `${title}: baseline ↔ now`,
      { preview: false },
    );
  }

  /** Keep as Baseline: the diff shown in the active editor starts again from now. */
  async rebase(uri: vscode.Uri | undefined): Promise<void> {
    const target = uri !== undefined ? parse(uri) : undefined;
    if (target === undefined) {
      void vscode.window.showInformationMessage("promptls: open a cache diff first.");
      return;
    }
    await this.fetch(target.folder, target.profile, true);
    await this.fetch(target.folder, target.profile);
    this.fireFor((t) => keyOf(t) === keyOf(target));
  }

  /** Open diff documents whose target matches, as URIs. */
  private openDiffs(matches: (t: DiffTarget) => boolean): vscode.Uri[] {
    return vscode.workspace.textDocuments
      .map((d) => d.uri)
      .filter((uri) => {
        const t = uri.scheme === DIFF_SCHEME ? parse(uri) : undefined;
        return t !== undefined && matches(t);
      });
  }

  private fireFor(matches: (t: DiffTarget) => boolean): void {
    this.openDiffs(matches).forEach((uri) => this.changed.fire(uri));
  }

  /** Ask again for every open diff that matches, then redraw both of its sides. */
  private async refresh(matches: (t: DiffTarget) => boolean): Promise<void> {
    const keys = new Map<string, DiffTarget>();
    for (const uri of this.openDiffs(matches)) {
      const t = parse(uri);
      if (t !== undefined) {
        keys.set(keyOf(t), t);
      }
    }
    for (const t of keys.values()) {
      try {
        await this.fetch(t.folder, t.profile);
      } catch {
        continue; // the sides keep the last answer; the server's log says why
      }
      this.fireFor((other) => keyOf(other) === keyOf(t));
    }
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}
