// Drive code-server (real VS Code) with Debian's Chromium through playwright-core for
// PL030: open an instruction file whose last code fence is never closed, find the PL030
// row in the Problems panel, open the quick fixes on it (Ctrl+.) and pick "Close the code
// fence at the end of the file", then save. Prints one JSON object with what was seen;
// tests/editors/test_vscode_fence.py reads the saved file and asserts. Every wait is a
// selector wait with a timeout; nothing sleeps.
//
// usage: node fence.mjs '<json config>'
//   config: { url, playwright, chromium, screenshots, file, expectInFile, timeoutMs }
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const config = JSON.parse(process.argv[2]);
const timeout = config.timeoutMs ?? 60000;
const { chromium } = await import(pathToFileURL(join(config.playwright, "index.mjs")).href);
const FIX = "Close the code fence at the end of the file";

mkdirSync(config.screenshots, { recursive: true });
const result = { steps: {}, screenshots: [], error: null, failedStep: null };
let step = "launch";
const plain = (s) => (s ?? "").replace(/\u00a0/g, " ");

async function shot(page, name) {
  const file = join(config.screenshots, `${name}.png`);
  await page.screenshot({ path: file });
  result.screenshots.push(file);
}

async function runCommand(page, title) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout });
  await input.fill(`>${title}`);
  await page
    .locator(".quick-input-list .monaco-list-row", { hasText: title })
    .first()
    .click();
}

const browser = await chromium.launch({
  executablePath: config.chromium,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(timeout);

  step = "workbench";
  await page.goto(config.url, { timeout });
  await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout });

  step = "open-file";
  await page.keyboard.press("Control+P");
  const quickOpen = page.locator(".quick-input-widget input");
  await quickOpen.waitFor({ state: "visible", timeout });
  await quickOpen.fill(config.file);
  await page
    .locator(".quick-input-list .monaco-list-row", { hasText: "AGENTS.md" })
    .first()
    .waitFor({ state: "visible", timeout });
  await page.keyboard.press("Enter");
  await page
    .locator(".editor-group-container.active .view-line", { hasText: config.expectInFile })
    .first()
    .waitFor({ state: "visible", timeout });
  await shot(page, "01-opened");

  step = "problems";
  await runCommand(page, "View: Focus Problems (Errors, Warnings, Infos)");
  const row = page.locator(".markers-panel .monaco-list-row", { hasText: "PL030" }).first();
  await row.waitFor({ state: "visible", timeout });
  result.steps.problems = {
    rows: (await page.locator(".markers-panel .monaco-list-row").allTextContents()).map(plain),
  };
  await shot(page, "02-problems");

  step = "quick-fix";
  // Enter on the focused problem moves the editor's cursor onto the diagnostic.
  await row.click();
  await page.keyboard.press("Enter");
  await page.locator(".editor-group-container.active .monaco-editor.focused").waitFor({
    state: "visible",
    timeout,
  });
  await page.keyboard.press("Control+.");
  const action = page.locator(".action-widget .monaco-list-row", { hasText: FIX }).first();
  await action.waitFor({ state: "visible", timeout });
  result.steps.actions = {
    rows: (await page.locator(".action-widget .monaco-list-row").allTextContents()).map(plain),
  };
  await shot(page, "03-quick-fixes");
  await action.click();

  step = "fixed";
  await page
    .locator(".markers-panel .monaco-list-row", { hasText: "PL030" })
    .first()
    .waitFor({ state: "detached", timeout });
  await page.keyboard.press("Control+S");
  await page
    .locator(".editor-group-container.active .tab.active.dirty")
    .waitFor({ state: "detached", timeout });
  await shot(page, "04-fixed");
  result.steps.fixed = true;
} catch (error) {
  result.error = String(error?.stack ?? error);
  result.failedStep = step;
  try {
    const pages = browser.contexts().flatMap((c) => c.pages());
    if (pages.length > 0) {
      await shot(pages[0], `failed-${step}`);
    }
  } catch {
    // Best effort: the error above is what matters.
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(result) + "\n");
process.exit(result.error === null ? 0 : 1);
