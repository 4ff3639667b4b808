// Entry point: wires the language client, the preview provider, the status bar and the
// palette commands together. Command ids live under `promptls.ui.*` because the server's
// own `workspace/executeCommand` ids (`promptls.previewPrompt`, …) are registered by the
// language client and must not collide.
import { existsSync } from "node:fs";
import * as path from "node:path";
import * as vscode from "vscode";
import { CacheDiffProvider, DIFF_SCHEME } from "./cacheDiff";
import { PromptlsClient } from "./client";
import * as commands from "./commands";
import { AgentNode, ContextTree, explainStatus, FileNode, openFile, pickAgent } from "./contextTree";
import { MatrixPanel } from "./matrix";
import { OBSERVE_COMMAND, OBSERVE_SCHEME, ObserveReports, observe } from "./observe";
import { PREVIEW_SCHEME, PreviewProvider } from "./preview";
import { RESTART_KEYS } from "./settings";
import { StatusItem } from "./status";

let client: PromptlsClient | undefined;

/** Activation: start the server and register everything the user can reach. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const output = vscode.window.createOutputChannel("promptls", { log: true });
  const trace = vscode.window.createOutputChannel("promptls (trace)", { log: true });
  // The .vsix carries the server's pure-Python distributions (scripts/bundle.sh).
  const libs = path.join(context.extensionPath, "bundled", "libs");
  client = new PromptlsClient(output, trace, existsSync(libs) ? libs : undefined);
  const c = client;
  const preview = new PreviewProvider(c);
  const status = new StatusItem(c, "promptls.ui.showContextFiles");
  const diffs = new CacheDiffProvider(c);
  const tree = new ContextTree(c);
  const matrix = new MatrixPanel(c);
  const reports = new ObserveReports();

  const register = (id: string, run: (...args: unknown[]) => Promise<void>): vscode.Disposable =>
    vscode.commands.registerCommand(id, async (...args: unknown[]) => {
      try {
        await run(...args);
      } catch (error) {
        output.appendLine(`${id}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        void vscode.window.showErrorMessage(`promptls: ${error instanceof Error ? error.message : String(error)}`);
      }
    });

  context.subscriptions.push(
    output,
    trace,
    c,
    preview,
    status,
    diffs,
    tree,
    matrix,
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, preview),
    vscode.workspace.registerTextDocumentContentProvider(DIFF_SCHEME, diffs),
    register("promptls.ui.showContextFiles", () => commands.showContextFiles(c)),
    register("promptls.ui.showEnvironment", () => commands.showEnvironment()),
    register("promptls.ui.previewPrompt", () => commands.previewPrompt("cache-aware")),
    register("promptls.ui.previewPromptWire", () => commands.previewPrompt("wire")),
    register("promptls.ui.previewPromptAgent", () => commands.previewPromptForAgent()),
    register("promptls.ui.previewDiff", () => commands.previewDiff(diffs)),
    register("promptls.ui.keepDiffBaseline", (uri) =>
      diffs.rebase(uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri),
    ),
    register("promptls.ui.showCoverageMatrix", () => matrix.show()),
    register("promptls.ui.refreshContextTree", () => tree.refresh()),
    register("promptls.ui.openContextFile", (node) => openFile(node)),
    register("promptls.ui.explainStatus", (node) => explainStatus(node)),
    register("promptls.ui.previewAgentWire", (node) => commands.previewAgentWire(node)),
    register("promptls.ui.togglePreviewFormat", () => commands.togglePreviewFormat()),
    register("promptls.ui.renderWire", () => commands.renderWire()),
    register("promptls.ui.fixAll", () => commands.fixAll()),
    reports,
    vscode.workspace.registerTextDocumentContentProvider(OBSERVE_SCHEME, reports),
    // Also the hook for other views' menus: `{agent, folder}` skips the pickers.
    vscode.commands.registerCommand(OBSERVE_COMMAND, async (arg?: { agent?: string; folder?: string } | AgentNode | FileNode) => {
      try {
        // From the Agent Context tree: the node's agent (a folded node asks which) and folder.
        let args = arg instanceof AgentNode || arg instanceof FileNode ? undefined : arg;
        if (arg instanceof AgentNode || arg instanceof FileNode) {
          const picked = await pickAgent(arg);
          if (picked === undefined) {
            return;
          }
          args = { agent: picked.profile, folder: picked.node.folder.uri.fsPath };
        }
        const given = args?.folder ? vscode.workspace.getWorkspaceFolder(vscode.Uri.file(args.folder)) : undefined;
        const folder = given ?? (await commands.pickFolder());
        if (folder !== undefined) {
          await observe(c, reports, folder, args?.agent);
        }
      } catch (error) {
        output.appendLine(`${OBSERVE_COMMAND}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        void vscode.window.showErrorMessage(`promptls: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
    register("promptls.ui.restartServer", async () => {
      await c.restart();
      void vscode.window.setStatusBarMessage("promptls: server restarted", 3000);
    }),
    register("promptls.ui.showOutput", async () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_KEYS.some((key) => event.affectsConfiguration(key))) {
        output.appendLine("Settings that choose the server or its files changed: restarting.");
        void c.restart();
      }
    }),
  );

  void status.refresh();
  await c.start();
}

/** Deactivation: stop the server so no process outlives the window. */
export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
