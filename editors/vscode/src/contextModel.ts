// What the "Agent context" tree and the coverage matrix show, computed from the server's
// `promptls.showContextFiles` answer without VS Code, so the unit tests can check it: the
// rows of each agent in load order, agents with the same rows folded into one group, and
// paths as a person reads them (relative to the workspace folder, `~/` in the home folder).
import * as path from "node:path";
import {
  AGENT_PROFILES,
  type DiscoveryEntry,
  PROFILE_TITLES,
  PROFILES,
  type ShowContextFilesResult,
} from "./generated/api";

/** Statuses whose bytes reach the model. */
const SENT = new Set(["loaded", "cut", "imported"]);

/** One file under an agent: what it does with the file, its size and, when sent, tokens. */
export interface FileRow {
  path: string;
  status: DiscoveryEntry["status"];
  reason: string;
  /** 1-based position among the files sent at launch; null for files not sent. */
  position: number | null;
  /** Bytes sent (after a cut) for sent files, else the size on disk when known. */
  bytes: number | null;
  /** Estimated tokens of what is sent; null for files not sent. */
  tokens: number | null;
}

/** Agents whose rows are the same, shown as one node. */
export interface AgentGroup {
  profiles: string[];
  titles: string[];
  /** "profile: docs-sourced (sources, read date)" for each agent read only from its docs
   * (the server's `verifiedBy`): what the tree shows of it was not observed. */
  docsSourced: string[];
  rows: FileRow[];
  /** Bytes and estimated tokens of everything the agents send at launch. */
  bytes: number;
  tokens: number;
}

/** A missing candidate (a name the agent looks for that is not on disk) is not a row. */
function isMissing(entry: DiscoveryEntry): boolean {
  return entry.status === "skipped" && entry.size === null;
}

/** One agent's rows: the files it sends, in load order, then what became of the others. */
export function agentRows(profile: ShowContextFilesResult["profiles"][number]): FileRow[] {
  const sent = new Map(profile.files.map((f) => [f.order, f]));
  const rows: FileRow[] = [];
  for (const entry of profile.entries) {
    if (isMissing(entry)) {
      continue;
    }
    const file = entry.order !== null && SENT.has(entry.status) ? sent.get(entry.order) : undefined;
    rows.push({
      path: entry.path,
      status: entry.status,
      reason: entry.reason,
      position: file !== undefined ? file.order + 1 : null,
      bytes: file !== undefined ? file.bytes : entry.size,
      tokens: file !== undefined ? file.tokensEstimate : null,
    });
  }
  const rank = (row: FileRow): number => (row.position === null ? Number.MAX_SAFE_INTEGER : row.position);
  // Stable: files sent come first in load order, the rest keep discovery's order.
  return rows.map((row, index) => ({ row, index })).sort((a, b) => rank(a.row) - rank(b.row) || a.index - b.index).map((x) => x.row);
}

/** The agents of an answer as the tree shows them: one node per group the server folded
 * (agents whose rows are the same, so Explain Status is true for each of them), in the
 * server's order; an answer without groups gets one node per agent. */
export function agentGroups(result: ShowContextFilesResult): AgentGroup[] {
  const byName = new Map(result.profiles.map((p) => [p.profile, p]));
  const names = result.groups ?? result.profiles.map((p) => [p.profile]);
  const groups: AgentGroup[] = [];
  for (const group of names) {
    const members = group.map((name) => byName.get(name)).filter((p) => p !== undefined);
    const first = members[0];
    if (first === undefined) {
      continue;
    }
    const rows = agentRows(first);
    const sent = rows.filter((r) => r.position !== null);
    groups.push({
      profiles: members.map((p) => p.profile),
      titles: members.map((p) => p.title),
      docsSourced: members.flatMap(docsSourced),
      rows,
      bytes: sent.reduce((n, r) => n + (r.bytes ?? 0), 0),
      tokens: sent.reduce((n, r) => n + (r.tokens ?? 0), 0),
    });
  }
  return groups;
}

/** The docs-sourced label of one agent's answer, as the CLI prints it; none for an agent
 * verified against the agent itself. */
function docsSourced(profile: ShowContextFilesResult["profiles"][number]): string[] {
  const v = profile.verifiedBy;
  if (v?.method !== "docs-sourced") {
    return []; // also an older server's answer, which has no verifiedBy
  }
  const detail = [v.sources, v.date !== "" ? `read ${v.date}` : ""].filter((x) => x !== "").join(", ");
  return [`${profile.profile}: docs-sourced${detail !== "" ? ` (${detail})` : ""}`];
}

/** A path as a person reads it: relative below `root`, `~/…` below `home`, else as is. */
export function shownPath(file: string, root: string | undefined, home: string | undefined): string {
  for (const [base, prefix] of [
    [root, ""],
    [home, `~${path.sep}`],
  ] as const) {
    if (base !== undefined && base !== "") {
      const rel = path.relative(base, file);
      if (rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel)) {
        return prefix + rel;
      }
    }
  }
  return file;
}

/** Bytes in a few characters: `308 B`, `1.2 KB`, `340 KB`. */
export function shortBytes(n: number): string {
  if (n < 1000) {
    return `${n} B`;
  }
  if (n < 100_000) {
    return `${(n / 1024).toFixed(1)} KB`;
  }
  return `${Math.round(n / 1024)} KB`;
}

/** What a row says after its name: its status (the icon and the position already say
 * "loaded"), its size and, for files sent, estimated tokens; short, so the sidebar shows it. */
export function rowDescription(row: FileRow): string {
  const parts: string[] = row.status === "loaded" ? [] : [row.status];
  if (row.bytes !== null) {
    parts.push(shortBytes(row.bytes));
  }
  if (row.tokens !== null) {
    parts.push(`≈${row.tokens} tokens`);
  }
  return parts.join(" · ");
}

/** What a group says after its agents' names: how many files they send, bytes, tokens. */
export function groupDescription(group: AgentGroup): string {
  const sent = group.rows.filter((r) => r.position !== null).length;
  if (sent === 0) {
    return "loads no instruction file";
  }
  const files = sent === 1 ? "1 file" : `${sent} files`;
  const names = group.docsSourced.map((label) => label.split(":")[0]);
  const docs = names.length > 0 ? ` · docs-sourced: ${names.join(", ")}` : "";
  return `${files} · ${shortBytes(group.bytes)} · ≈${group.tokens} tokens${docs}`;
}

/** One agent in a picker: its profile name, described by the agent's title. */
export interface ProfilePick {
  label: string;
  description: string;
}

/** The agents a picker offers, however many the server knows: `first` (the folder's own)
 * on top, then the reference agent, then the rest by name; each described by its title,
 * so typing "Claude Code" or "Copilot" finds it. `withoutReference` leaves out the
 * reference agent (no program of its own, so nothing to observe). */
export function profilePicks(first: string | undefined, withoutReference = false): ProfilePick[] {
  const agents: readonly string[] = AGENT_PROFILES;
  const reference = PROFILES.filter((p) => !agents.includes(p)) as readonly string[];
  const rank = (p: string): number => (p === first ? 0 : reference.includes(p) ? 1 : 2);
  return PROFILES.filter((p) => !(withoutReference && reference.includes(p)))
    .slice()
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((p) => ({ label: p, description: PROFILE_TITLES[p] }));
}
