// "promptls: Observe What the Agent Sends…": run `promptls observe` (the CLI, never the
// language server) for one agent and one folder, and show its report in a read-only tab.
// The user chooses the command each time; nothing here runs on its own. Before the agent
// starts, `observe --plan` lists the start-up hooks the user's settings configure and the
// user decides whether they run; while the agent starts a cancellable progress
// notification shows, and cancelling sends Ctrl-C (SIGINT), which stops every process
// the run started (docs/observe.md).
import { spawn } from "node:child_process";
import * as vscode from "vscode";
import type { PromptlsClient } from "./client";
import { AGENT_PROFILES } from "./generated/api";

export const OBSERVE_SCHEME = "promptls-observe";
/** The command id other views (the context tree's menu) can run with `{agent, folder}`. */
export const OBSERVE_COMMAND = "promptls.ui.observe";

interface Plan {
  title: string;
  version: string;
  hooksNotice: string;
  hooks: { path: string; events: string[] }[];
  canSkipHooks: boolean;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Serves each report's text under its own URI (read-only documents). */
export class ObserveReports implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }

  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function run(
  program: { command: string; args: string[]; env?: Record<string, string> },
  cwd: string,
  token?: vscode.CancellationToken,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, program.args, {
      cwd,
      env: { ...process.env, ...program.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const cancel = token?.onCancellationRequested(() => child.kill("SIGINT"));
    child.on("error", (error) => {
      cancel?.dispose();
      reject(error);
    });
    child.on("close", (code) => {
      cancel?.dispose();
      resolve({ code, stdout, stderr });
    });
  });
}

/** The CLI's one-line error (its `promptls: error:` prefix dropped). */
function errorLine(outcome: Outcome): string {
  const lines = outcome.stderr.trim().split("\n");
  return (lines[lines.length - 1] ?? "").replace(/^promptls: error: /, "") || `exit ${String(outcome.code)}`;
}

async function pickAgent(): Promise<string | undefined> {
  const items = AGENT_PROFILES.map((agent) => ({ label: agent }));
  return (
    await vscode.window.showQuickPick(items, {
      title: "promptls: Observe what an agent sends",
      placeHolder: "Your installed agent to run once against a local recording mock",
    })
  )?.label;
}

/** Ask about hooks when the plan lists some; the flags to pass, or undefined to stop. */
async function hookChoice(plan: Plan): Promise<string[] | undefined> {
  if (plan.hooks.length === 0) {
    return [];
  }
  const skip = "Skip Hooks";
  const runAnyway = "Run With Hooks";
  const buttons = plan.canSkipHooks ? [skip, runAnyway] : [runAnyway];
  const choice = await vscode.window.showWarningMessage(plan.hooksNotice, { modal: true }, ...buttons);
  if (choice === skip) {
    return ["--skip-hooks"];
  }
  return choice === runAnyway ? [] : undefined;
}

/** The command: pick an agent (unless given), check hooks, run, show the report. */
export async function observe(
  client: PromptlsClient,
  reports: ObserveReports,
  folder: vscode.WorkspaceFolder,
  given?: string,
): Promise<void> {
  const agent = given ?? (await pickAgent());
  if (agent === undefined) {
    return;
  }
  const cwd = folder.uri.fsPath;
  const planCli = await client.cli(["observe", "--agent", agent, "--plan", "--format", "json", cwd]);
  if (planCli === undefined) {
    throw new Error("the promptls program was not found (see the promptls output)");
  }
  const planned = await run(planCli, cwd);
  if (planned.code !== 0) {
    void vscode.window.showErrorMessage(`promptls: ${errorLine(planned)}`);
    return;
  }
  const plan = JSON.parse(planned.stdout) as Plan;
  const flags = await hookChoice(plan);
  if (flags === undefined) {
    return;
  }
  const cli = await client.cli(["observe", "--agent", agent, ...flags, cwd]);
  if (cli === undefined) {
    return;
  }
  const outcome = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `promptls: starting ${plan.title} ${plan.version} against the local mock…`,
      cancellable: true,
    },
    (_progress, token) => run(cli, cwd, token),
  );
  if (outcome.code !== 0 && outcome.code !== 1) {
    void vscode.window.showErrorMessage(`promptls: ${errorLine(outcome)}`);
    return;
  }
  const uri = vscode.Uri.from({
    scheme: OBSERVE_SCHEME,
    path: `/Observed ${agent} — ${folder.name}.txt`,
  });
  reports.set(uri, outcome.stdout);
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  // The report's lines are paths and framed text: wrapped, they read without scrolling.
  if (vscode.workspace.getConfiguration("editor", doc).get<string>("wordWrap") === "off") {
    await vscode.commands.executeCommand("editor.action.toggleWordWrap");
  }
}
