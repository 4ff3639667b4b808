// The coverage matrix as one HTML page for a webview: agents as columns (agents with the
// same answer for every file share one, their names stacked), instruction files
// as rows, each cell the agent's status and the bytes it sends. Plain HTML styled with the
// editor's theme variables; no VS Code import, so the unit tests check it. Every text that
// comes from disk (file names) is escaped, the page runs only the script carrying the
// nonce (the Content-Security-Policy forbids everything else), and a click sends the row's
// index, never a path, so the page cannot ask the extension to open a file of its choosing.
import type { CoverageMatrix } from "./generated/api";
import { shortBytes, shownPath } from "./contextModel";

/** Statuses whose bytes reach the model (they show a size). */
const SENT = new Set(["loaded", "cut", "imported"]);

/** Text made safe for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A cell's text: the size sent (`cut 32.0 KB`, `@308 B` for an import, `2× …`) or the status. */
export function cellText(cell: CoverageMatrix["rows"][number]["cells"][number] | undefined): string {
  if (cell === undefined) {
    return "–";
  }
  if (!SENT.has(cell.status)) {
    return cell.status;
  }
  const prefix = cell.status === "cut" ? "cut " : cell.status === "imported" ? "@" : "";
  const times = cell.sent > 1 ? `${cell.sent}× ` : "";
  return `${times}${prefix}${shortBytes(cell.bytes)}`;
}

/** One column of the page: the agents whose cells are the same in every row. */
export interface MatrixColumn {
  agents: string[];
  total: number;
}

/** The matrix's agents folded by identical columns, each column where its first agent
 * stands: with many agents most receive the same files, and one column per distinct
 * answer keeps the table narrow and the agents that differ visible. */
export function foldedColumns(matrix: CoverageMatrix): MatrixColumn[] {
  const columns = new Map<string, MatrixColumn>();
  matrix.agents.forEach((agent, index) => {
    const key = JSON.stringify(
      matrix.rows.map((row) => {
        const cell = row.cells.find((c) => c.profile === agent);
        return cell === undefined ? null : [cell.status, cell.bytes, cell.sent];
      }),
    );
    const column = columns.get(key);
    if (column === undefined) {
      columns.set(key, { agents: [agent], total: matrix.totals[index] ?? 0 });
    } else {
      column.agents.push(agent);
    }
  });
  return [...columns.values()];
}

export interface MatrixPage {
  matrix: CoverageMatrix;
  /** What the matrix answers for, as a person reads it (a file, or the folder). */
  subject: string;
  root: string | undefined;
  home: string | undefined;
  nonce: string;
  cspSource: string;
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size);
  color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 16px 16px; }
h1 { font-size: 1.2em; font-weight: 600; margin: 14px 0 4px; }
p.sub { color: var(--vscode-descriptionForeground); margin: 0 0 12px; }
table { border-collapse: collapse; }
th, td { padding: 4px 10px; border-bottom: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border)); }
th { text-align: left; font-weight: 600; }
thead th { position: sticky; top: 0; background: var(--vscode-editor-background); text-align: right; }
thead th:first-child { text-align: left; }
td.cell { text-align: right; font-family: var(--vscode-editor-font-family); white-space: nowrap; }
tfoot td { font-weight: 600; text-align: right; font-family: var(--vscode-editor-font-family); }
tfoot td:first-child { text-align: left; font-family: var(--vscode-font-family); }
tbody tr:hover { background: var(--vscode-list-hoverBackground); }
button.file { all: unset; cursor: pointer; color: var(--vscode-textLink-foreground); font-family: var(--vscode-editor-font-family); }
button.file:hover, button.file:focus { text-decoration: underline; outline: 1px solid var(--vscode-focusBorder); }
td.cell button { all: unset; cursor: pointer; }
.loaded, .imported { color: var(--vscode-foreground); }
.cut { color: var(--vscode-editorWarning-foreground); }
.shadowed, .dropped, .import-error { color: var(--vscode-errorForeground); }
.lazy, .conditional, .on-request, .skipped, .none { color: var(--vscode-descriptionForeground); font-style: italic; }
.links { color: var(--vscode-descriptionForeground); font-size: 0.9em; }
p.legend { color: var(--vscode-descriptionForeground); margin-top: 12px; }
`;

const SCRIPT = `
const vscode = acquireVsCodeApi();
document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target.closest("[data-row]") : null;
  if (target !== null) {
    vscode.postMessage({ type: "open", row: Number(target.getAttribute("data-row")) });
  }
});
`;

/** The whole page. */
export function matrixHtml(page: MatrixPage): string {
  const { matrix, root, home, nonce, cspSource } = page;
  const csp = [
    "default-src 'none'",
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join("; ");
  const columns = foldedColumns(matrix);
  const head = columns
    .map((c) => `<th scope="col">${c.agents.map((a) => `<div>${escapeHtml(a)}</div>`).join("\n")}</th>`)
    .join("");
  const body = matrix.rows
    .map((row, index) => {
      const name = escapeHtml(shownPath(row.path, root, home));
      const links = row.links.length
        ? `<div class="links">${row.links.map((l) => `also ${escapeHtml(shownPath(l, root, home))} (link)`).join("<br>")}</div>`
        : "";
      const cells = columns
        .map(({ agents }) => {
          const agent = agents.join(", ");
          const cell = row.cells.find((c) => c.profile === agents[0]);
          const kind = cell === undefined ? "none" : escapeHtml(cell.status);
          const title = cell === undefined ? `${agent} never looks at this file` : `${agent}: ${cell.status}`;
          return `<td class="cell ${kind}" title="${escapeHtml(title)}"><button data-row="${index}">${escapeHtml(cellText(cell))}</button></td>`;
        })
        .join("");
      return `<tr><th scope="row"><button class="file" data-row="${index}" title="Open ${name}">${name}</button>${links}</th>${cells}</tr>`;
    })
    .join("\n");
  const totals = columns.map((c) => `<td>${escapeHtml(shortBytes(c.total))}</td>`).join("");
  const table = matrix.rows.length
    ? `<table>
<thead><tr><th scope="col">file</th>${head}</tr></thead>
<tbody>
${body}
</tbody>
<tfoot><tr><td>sent at launch</td>${totals}</tr></tfoot>
</table>`
    : `<p>No agent met an instruction file here.</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">${STYLE}</style>
<title>Coverage matrix</title>
</head>
<body>
<h1>Which agent receives which instruction file</h1>
<p class="sub">For ${escapeHtml(page.subject)}: each cell is what the agent does with the file and the bytes it sends. Click a file or a cell to open it.</p>
${table}
<p class="legend">@ sent as an import · cut: shortened by the agent's budget · 2×: sent twice · – never looked at</p>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}
