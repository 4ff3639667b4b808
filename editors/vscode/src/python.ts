// The Pythons the bundled server may run on, before `python3` on PATH: the
// `promptls.server.python` setting, then the interpreter selected in the Python extension
// (ms-python.python) when it is installed. The Python extension is optional: any failure to
// reach its API just means one candidate fewer.
import * as vscode from "vscode";
import type { PythonCandidate } from "./server";

/** The parts of the Python extension's API read here (its `environments` API, 2023+). */
interface PythonExtensionApi {
  environments?: {
    getActiveEnvironmentPath(resource?: vscode.Uri): { path: string } | undefined;
    resolveEnvironment(
      env: { path: string } | string,
    ): Promise<{ executable?: { uri?: vscode.Uri } } | undefined>;
  };
}

/** The interpreter the Python extension has selected for `scope`, if it can tell. */
async function selectedInterpreter(scope: vscode.Uri | undefined): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension<PythonExtensionApi>("ms-python.python");
  if (extension === undefined) {
    return undefined;
  }
  try {
    const api = extension.isActive ? extension.exports : await extension.activate();
    const active = api?.environments?.getActiveEnvironmentPath(scope);
    if (active === undefined) {
      return undefined;
    }
    const resolved = await api?.environments?.resolveEnvironment(active);
    return resolved?.executable?.uri?.fsPath ?? active.path;
  } catch {
    return undefined;
  }
}

/** The configured and selected Pythons, in the order the bundled server tries them. */
export async function pythonCandidates(scope: vscode.Uri | undefined): Promise<PythonCandidate[]> {
  const candidates: PythonCandidate[] = [];
  const configured = vscode.workspace.getConfiguration("promptls", scope).get<string>("server.python") ?? "";
  if (configured.trim() !== "") {
    candidates.push({ python: configured, source: "promptls.server.python" });
  }
  const selected = await selectedInterpreter(scope);
  if (selected !== undefined && selected !== "") {
    candidates.push({ python: selected, source: "the Python extension's interpreter" });
  }
  return candidates;
}
