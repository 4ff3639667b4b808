// Turning the server's JSON command results into text a person reads. The server owns the
// shapes (README.md, "Language server"); these renderers read the fields they know and fall back to pretty
// JSON for anything else, so a newer server never leaves a blank view.

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** First string field among several spellings (snake_case and camelCase servers alike). */
function field(obj: Json, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = str(obj[name]);
    if (value !== undefined) {
      return value;
    }
  }
  return undefined;
}

function banner(title: string): string {
  return `===== ${title} =====`;
}

function sizeNote(obj: Json, text: string): string {
  const bytes = num(obj["bytes"]) ?? Buffer.byteLength(text, "utf8");
  const tokens = num(obj["tokens"]);
  return tokens === undefined ? `${bytes} bytes` : `${bytes} bytes, ≈ ${tokens} tokens`;
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}

/** The cache-aware view: each block with whether it is cached, then nothing else. */
export function renderCacheAware(result: unknown): string {
  if (!isObject(result)) {
    return pretty(result);
  }
  const blocks = result["blocks"];
  if (!Array.isArray(blocks)) {
    const stat = field(result, "static");
    const dyn = field(result, "dynamic");
    if (stat === undefined && dyn === undefined) {
      return pretty(result);
    }
    return [
      banner(`static half (cached) · ${sizeNote({}, stat ?? "")}`),
      stat ?? "",
      banner(`dynamic half (per turn) · ${sizeNote({}, dyn ?? "")}`),
      dyn ?? "",
    ].join("\n");
  }
  const parts: string[] = [];
  const header: string[] = [];
  const profile = field(result, "profile");
  const revision = field(result, "revision");
  if (profile !== undefined) {
    header.push(`profile ${profile}`);
  }
  if (revision !== undefined) {
    header.push(`context revision ${revision}`);
  }
  for (const half of ["static", "dynamic"]) {
    const sizes = result[half];
    if (isObject(sizes)) {
      const tokens = num(sizes["tokensEstimate"]) ?? num(sizes["tokens"]);
      const bytes = num(sizes["bytes"]);
      header.push(`${half} ${bytes ?? "?"} bytes${tokens === undefined ? "" : ` ≈ ${tokens} tokens`}`);
    }
  }
  if (header.length > 0) {
    parts.push(`promptls preview · ${header.join(" · ")}`, "");
  }
  blocks.forEach((block, index) => {
    if (!isObject(block)) {
      parts.push(banner(`block ${index + 1}`), pretty(block));
      return;
    }
    const text = field(block, "text") ?? "";
    const cache = block["cache_control"] ?? block["cacheControl"];
    const isCached = cache !== undefined && cache !== null;
    const what = isCached
      ? `cached prefix (cache_control ${JSON.stringify(cache)})`
      : "not cached, sent every turn";
    parts.push(banner(`block ${index + 1} · ${what} · ${sizeNote(block, text)}`), text, "");
  });
  return parts.join("\n") + "\n";
}

/** The wire view: exactly the marker-free text the model receives. */
export function renderWireText(result: unknown): string {
  if (typeof result === "string") {
    return result;
  }
  if (isObject(result)) {
    const wire = field(result, "wire", "wire_text", "wireText");
    if (wire !== undefined) {
      return wire;
    }
  }
  return pretty(result);
}

/** One environment per line, `key: value`, in the server's order. */
export function renderEnvironment(result: unknown): string {
  const env = isObject(result) && isObject(result["environment"]) ? result["environment"] : result;
  if (!isObject(env)) {
    return pretty(result);
  }
  const lines: string[] = [];
  for (const [key, value] of Object.entries(env)) {
    lines.push(`${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  return lines.join("\n") + "\n";
}

/** One discovered file as the context view lists it. */
export interface ContextEntry {
  profile: string;
  path: string;
  scope: string;
  status: string;
  reason: string;
  bytes: number | undefined;
}

function entriesOf(profile: string, list: unknown): ContextEntry[] {
  if (!Array.isArray(list)) {
    return [];
  }
  const out: ContextEntry[] = [];
  for (const item of list) {
    if (!isObject(item)) {
      continue;
    }
    const p = field(item, "path", "file", "uri");
    if (p === undefined) {
      continue;
    }
    out.push({
      profile: field(item, "profile") ?? profile,
      path: p,
      scope: field(item, "scope") ?? "",
      status: field(item, "status") ?? "",
      reason: field(item, "reason") ?? "",
      bytes: num(item["bytes"]) ?? num(item["size"]),
    });
  }
  return out;
}

/**
 * Flatten a showContextFiles result into entries grouped by profile, in the server's order.
 * Accepts `{profiles: {name: {files|entries: [...]}}}`, `{profiles: [{profile, files}]}`,
 * `{profile, files|entries}` and a bare list.
 */
export function contextEntries(result: unknown): ContextEntry[] {
  if (Array.isArray(result)) {
    return entriesOf("", result);
  }
  if (!isObject(result)) {
    return [];
  }
  const listOf = (obj: Json): unknown => obj["entries"] ?? obj["files"];
  const profiles = result["profiles"];
  if (Array.isArray(profiles)) {
    return profiles.flatMap((p) => (isObject(p) ? entriesOf(field(p, "profile", "name") ?? "", listOf(p)) : []));
  }
  if (isObject(profiles)) {
    return Object.entries(profiles).flatMap(([name, p]) =>
      isObject(p) ? entriesOf(name, listOf(p)) : entriesOf(name, p),
    );
  }
  return entriesOf(field(result, "profile") ?? "", listOf(result));
}

/** The revision string out of a contextRevision result (a bare string or `{revision}`). */
export function revisionOf(result: unknown): string | undefined {
  if (typeof result === "string") {
    return result;
  }
  if (isObject(result)) {
    return field(result, "revision");
  }
  return undefined;
}

/** The active profile when the server reports it alongside the revision. */
export function profileOf(result: unknown): string | undefined {
  return isObject(result) ? field(result, "profile") : undefined;
}
