// Turning the server's command results into what a view shows. The server owns both the
// shapes (src/generated/api.ts, from `promptls api-json`) and the human text (each result's
// `text`, the CLI's own view), so this module only picks fields; it formats nothing itself.
import * as path from "node:path";
import type { DiscoveryEntry, PreviewDiffResult, ShowContextFilesResult } from "./generated/api";

/** One discovered file as the context quick pick lists it, with its profile. */
export interface ContextEntry extends DiscoveryEntry {
  profile: string;
}

/** Every profile's candidates in the server's order (loaded files first, as discovered). */
export function contextEntries(result: ShowContextFilesResult): ContextEntry[] {
  return result.profiles.flatMap((p) => p.entries.map((e) => ({ ...e, profile: p.profile })));
}

/** A result's ready-to-show text as a document (ending in a newline). */
export function viewText(result: { text?: string }): string {
  const text = result.text ?? "";
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** The context list's title: the file it answers for (relative to the folder the agent
 * starts in), or the folder when it answers for the folder. */
export function contextTitle(result: ShowContextFilesResult, folderName: string): string {
  if (result.target === null) {
    return `promptls: context files for ${folderName}`;
  }
  const rel = path.relative(result.folder, result.target);
  const shown = rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : result.target;
  return `promptls: instructions that apply to ${shown} (${folderName})`;
}

/** The two documents of the cache diff editor. */
export type DiffSide = "baseline" | "now";

/** The text of one side of the cache diff: the server's summary line (the agent, the byte,
 * whether the cached prefix breaks), a blank line, then that side's wire text as sent. */
export function sideText(result: PreviewDiffResult, side: DiffSide): string {
  const wire = (side === "baseline" ? result.oldWire : result.newWire) ?? "";
  return `${result.summary}\n\n${wire}`;
}
