// The language client's lifecycle: resolve the server, start it with the right document
// selector and settings, restart it, and expose the server's workspace commands and its
// `promptls/contextChanged` notification to the rest of the extension.
import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  type ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";
import { CONTEXT_CHANGED, type ContextChangedParams, SETTINGS_SECTION } from "./generated/api";
import { pythonCandidates } from "./python";
import { MIN_PYTHON, resolveServer, type ServerCommand } from "./server";
import { instructionPatterns, promptGlobs, serverSettings } from "./settings";

/** Payload of the server's `promptls/contextChanged` notification. */
export type ContextChanged = ContextChangedParams;

const INSTALL_HINT =
  `promptls: the language server was not found: it needs Python ${MIN_PYTHON.join(".")} or newer, ` +
  "and none was found. Set promptls.server.python to such a Python (or select one in the " +
  "Python extension), or install the server with 'pipx install promptls' and set " +
  "promptls.server.path to it, then run 'promptls: Restart Server'.";

/** The document selector: Markdown, plain text, instruction files and prompt globs on disk. */
function documentSelector(): { scheme: string; language?: string; pattern?: string }[] {
  const selector: { scheme: string; language?: string; pattern?: string }[] = [];
  for (const scheme of ["file", "untitled"]) {
    selector.push({ scheme, language: "markdown" }, { scheme, language: "plaintext" });
  }
  for (const pattern of [...instructionPatterns(), ...promptGlobs()]) {
    selector.push({ scheme: "file", pattern });
  }
  return selector;
}

/** Owns one LanguageClient at a time; restart replaces it. */
export class PromptlsClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  /** The start under way, shared by everyone who asks meanwhile. */
  private starting: Promise<void> | undefined;
  /** The stop under way: a new client starts only after it. */
  private stopping: Promise<void> | undefined;
  private readonly contextChanged = new vscode.EventEmitter<ContextChanged>();
  private readonly started = new vscode.EventEmitter<void>();
  /** Fires when the server reports that discovered context changed for a folder. */
  readonly onContextChanged = this.contextChanged.event;
  /** Fires each time a server is up (first start and restarts), so views can refresh. */
  readonly onStarted = this.started.event;
  private warnedMissing = false;
  /** The command line the running server was started with (observe runs the same program). */
  private serverCommand: ServerCommand | undefined;

  constructor(
    private readonly output: vscode.LogOutputChannel,
    private readonly trace: vscode.LogOutputChannel,
    /** The .vsix's bundled server libraries (bundled/libs), when the package has them. */
    private readonly bundledLibs: string | undefined,
  ) {}

  /** Whether a server is running and ready for requests. */
  get isRunning(): boolean {
    return this.client !== undefined && this.client.state === State.Running;
  }

  /** Start a server if none runs; warn once (not on every restart) when none can be found.
   * Callers that arrive while a start is under way (a view refreshing during a restart)
   * share it: two clients at once would register the server's commands twice. */
  async start(): Promise<void> {
    if (this.client !== undefined) {
      return;
    }
    if (this.starting === undefined) {
      this.starting = this.launch().finally(() => {
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private async launch(): Promise<void> {
    await this.stopping;
    const folderUri = vscode.workspace.workspaceFolders?.[0]?.uri;
    const folder = folderUri?.fsPath;
    const { server, tried } = await resolveServer({
      configuredPath: vscode.workspace.getConfiguration("promptls").get<string>("server.path") ?? "",
      baseDir: folder,
      envPath: process.env.PATH,
      bundledLibs: this.bundledLibs,
      pythons: await pythonCandidates(folderUri),
    });
    if (server === undefined) {
      this.output.appendLine(`No promptls server found. Tried: ${tried.join("; ")}`);
      if (!this.warnedMissing) {
        this.warnedMissing = true;
        void vscode.window.showErrorMessage(INSTALL_HINT, "Open Settings").then((choice) => {
          if (choice === "Open Settings") {
            void vscode.commands.executeCommand("workbench.action.openSettings", "promptls.server");
          }
        });
      }
      return;
    }
    this.serverCommand = server;
    for (const note of tried) {
      this.output.appendLine(`Skipped ${note}`);
    }
    this.output.appendLine(`Starting ${server.command} ${server.args.join(" ")} (from ${server.source})`);
    const serverOptions: ServerOptions = {
      command: server.command,
      args: server.args,
      transport: TransportKind.stdio,
      options: { cwd: folder, env: { ...process.env, ...server.env } },
    };
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(),
      outputChannel: this.output,
      traceOutputChannel: this.trace,
      initializationOptions: serverSettings(vscode.workspace.workspaceFolders?.[0]?.uri),
      synchronize: { configurationSection: SETTINGS_SECTION },
      middleware: {
        workspace: {
          // Answer workspace/configuration with explicit settings only (see settings.ts).
          configuration: (params) =>
            params.items.map((item) => {
              if (item.section !== undefined && item.section !== SETTINGS_SECTION) {
                return null;
              }
              const scope = item.scopeUri !== undefined ? vscode.Uri.parse(item.scopeUri) : undefined;
              return serverSettings(scope);
            }),
        },
      },
    };
    const client = new LanguageClient("promptls", "promptls", serverOptions, clientOptions);
    client.onNotification(CONTEXT_CHANGED, (params: ContextChanged) => {
      this.contextChanged.fire(params);
    });
    this.client = client;
    try {
      await client.start();
      this.started.fire();
    } catch (error) {
      this.output.appendLine(`The promptls server failed to start: ${String(error)}`);
      this.client = undefined;
      void vscode.window.showErrorMessage(
        `promptls: the server (${server.command}) failed to start; see the promptls output for details.`,
      );
    }
  }

  /** Stop the current server (if any), after a start under way has finished. A start asked
   * for meanwhile waits until the old client has let go of the server's commands. */
  async stop(): Promise<void> {
    await this.starting;
    const client = this.client;
    this.client = undefined;
    if (client === undefined) {
      return;
    }
    this.stopping = client.stop().catch((error: unknown) => {
      this.output.appendLine(`Stopping the server: ${String(error)}`);
    });
    try {
      await this.stopping;
    } finally {
      this.stopping = undefined;
    }
  }

  /** Restart picks up a new server path or selector settings. */
  async restart(): Promise<void> {
    await this.stop();
    this.warnedMissing = false;
    await this.start();
  }

  /** The promptls program and its environment with `args` for the CLI instead of `serve`,
   * or undefined when no server program was found. */
  async cli(args: string[]): Promise<{ command: string; args: string[]; env?: Record<string, string> } | undefined> {
    if (this.serverCommand === undefined) {
      await this.start();
    }
    const server = this.serverCommand;
    if (server === undefined) {
      return undefined;
    }
    const base = server.args.filter((arg) => arg !== "serve");
    return { command: server.command, args: [...base, ...args], env: server.env };
  }

  /** Run one of the server's `workspace/executeCommand` commands with a single argument object. */
  async execute<T>(command: string, args: Record<string, unknown>): Promise<T> {
    if (this.client !== undefined && this.client.state === State.Stopped) {
      // The server died and the client gave up restarting it: one fresh try per request.
      await this.restart();
    } else if (this.client === undefined) {
      await this.start();
    }
    const client = this.client;
    if (client === undefined) {
      throw new Error("the promptls server is not running");
    }
    return (await client.sendRequest(ExecuteCommandRequest.type, {
      command,
      arguments: [args],
    })) as T;
  }

  dispose(): void {
    void this.stop();
    this.contextChanged.dispose();
    this.started.dispose();
  }
}
