// The end-to-end harness: serves the built site (dist/) on a free loopback port and opens it
// in Debian's headless Chromium through playwright-core. Any console error or uncaught
// exception on the page (a WASM panic among them) is recorded and fails the test.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { createServer as createSecureServer } from 'node:https';
import { readFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';

const ROOT = resolve(import.meta.dirname, '..');
/** The built site the tests serve: dist/, or another build named by STEPWISE_DIST. */
export const DIST = process.env.STEPWISE_DIST ?? join(ROOT, 'dist');
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.gemprj': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves `dir` on 127.0.0.1 at a free port, under the path `prefix` (a school's
 * `/stepwise/`, say), over https with `tls` ({ cert, key } PEM files) when given; resolves to
 * { url, close }.
 */
export async function serveDir(dir = DIST, prefix = '/', tls = null) {
  const serve = async (req, res) => {
    const full = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (!full.startsWith(prefix)) { res.writeHead(404).end('not found'); return; }
    const path = `/${full.slice(prefix.length)}`;
    const file = normalize(join(dir, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  };
  const server = tls
    ? createSecureServer({ cert: await readFile(tls.cert), key: await readFile(tls.key) }, serve)
    : createServer(serve);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  const scheme = tls ? 'https' : 'http';
  return { url: `${scheme}://127.0.0.1:${port}${prefix}`, close: () => new Promise((ok) => server.close(ok)) };
}

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Starts the server and a fresh Chromium profile, opens the app, and waits for the stage.
 * `init`, a function, runs in the page before any of its scripts (page.addInitScript);
 * `setup(page)` runs before the page is opened (to route its requests); `touch` makes it a
 * touch screen (a coarse pointer, as on a tablet). The site's service worker is blocked unless
 * `serviceWorkers` is 'allow' (the offline tests), so every other test reads the build fresh;
 * `dir` and `prefix` serve another build, or under a path.
 * Returns { page, errors, close }: `errors` collects console errors and page exceptions.
 */
export async function openApp({
  path = '', init, setup, touch = false, serviceWorkers = 'block', dir = DIST, prefix = '/',
  viewport = { width: 1280, height: 900 },
} = {}) {
  const site = await serveDir(dir, prefix);
  const profile = await mkdtemp(join(tmpdir(), 'stepwise-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    hasTouch: touch,
    serviceWorkers,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (init) await page.addInitScript(init);
  if (setup) await setup(page);
  const errors = [];
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(`console: ${msg.text()}`); });
  page.on('pageerror', (err) => errors.push(`exception: ${err.message}`));
  await page.goto(site.url + path);
  await page.waitForSelector('[data-testid="stage"]');
  const close = async () => {
    await context.close();
    await site.close();
    await rm(profile, { recursive: true, force: true });
  };
  return { page, errors, close, url: site.url };
}

/**
 * Closes an app opened by openApp (nothing when it never opened) and fails when the page
 * logged a console error or threw: the shared end of every test file's `after` hook.
 */
export async function closeApp(app) {
  const errors = app?.errors ?? [];
  await app?.close();
  assert.deepEqual(errors, [], 'the page logged errors');
}

/**
 * Opens the developer tools (the command line, the profiler, experiments), closed by default
 * behind the title bar's Tools button.
 */
export async function openTools(page) {
  if (await page.getAttribute('[data-testid="tools-toggle"]', 'aria-pressed') !== 'true') {
    await page.click('[data-testid="tools-toggle"]');
  }
  await page.waitForSelector('[data-testid="tools"]');
}

/** Opens the app with the script drawer showing the first blueprint's text. */
export async function openEditor() {
  const app = await openApp();
  await app.page.click('[data-testid="script-toggle"]');
  await app.page.waitForSelector('[data-testid="script-editor"]');
  return app;
}

/** Opens the app with the script drawer showing the first blueprint in the Wizard tab. */
export async function openWizard() {
  const app = await openEditor();
  await app.page.click('[data-testid="wizard-tab"]');
  await app.page.waitForSelector('[data-testid="wizard"]');
  return app;
}

/** The script as the Text tab shows it; comes back to the Wizard tab after. */
export async function wizardScriptText(page) {
  await page.click('[data-testid="text-tab"]');
  const text = await page.inputValue('[data-testid="script-text"]');
  await page.click('[data-testid="wizard-tab"]');
  await page.waitForSelector('[data-testid="wizard"]');
  return text;
}

/** Saves a screenshot of the page under e2e/screenshots/ (git-ignored). */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Reads the stage canvas's pixels and returns a short fingerprint: how many pixels differ
 * from the background colour, and a hash of the whole image (changes whenever agents move).
 */
export async function stagePixels(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const ctx = canvas.getContext('2d');
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const [r0, g0, b0] = [data[0], data[1], data[2]];
    let drawn = 0;
    let hash = 2166136261;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] !== r0 || data[i + 1] !== g0 || data[i + 2] !== b0) drawn++;
      hash = Math.imul(hash ^ data[i] ^ (data[i + 1] << 8) ^ (data[i + 2] << 16), 16777619);
    }
    return { drawn, hash: hash >>> 0 };
  });
}

/** The tick counter the app shows. */
export async function shownTick(page) {
  const text = await page.textContent('[data-testid="tick"]');
  return Number(text.trim());
}

/**
 * Waits until the text of the first element matching `selector` is `want` (a string) or
 * matches it (a RegExp), then returns that text: panels refresh on the app's own schedule,
 * so a test waits for the state it expects rather than reading it once.
 */
export async function waitForText(page, selector, want) {
  const pattern = want instanceof RegExp ? { source: want.source, flags: want.flags } : null;
  await page.waitForFunction(([selector, want, pattern]) => {
    const text = document.querySelector(selector)?.textContent;
    if (text == null) return false;
    return pattern ? new RegExp(pattern.source, pattern.flags).test(text) : text === want;
  }, [selector, pattern ? null : want, pattern]);
  return page.textContent(selector);
}

/** Waits until the page has drawn `n` more animation frames: for a redraw after an input. */
export async function frames(page, n = 3) {
  await page.evaluate((n) => new Promise((done) => {
    const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
    next(n);
  }), n);
}

/** Waits, frame by frame, until the stage's pixels differ from `hash`; the new fingerprint. */
export async function stageChangedFrom(page, hash) {
  for (;;) {
    await frames(page, 2);
    const now = await stagePixels(page);
    if (now.hash !== hash) return now;
  }
}

/**
 * The texts of the projects kept in the app's project library (IndexedDB), newest write
 * last in no particular order. A library the app has not made yet is empty (it is never
 * created from here, which would make it without its stores).
 */
export async function storedProjects(page) {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((d) => d.name === 'stepwise-library')) return [];
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('stepwise-library');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('projects')) { db.close(); resolve([]); return; }
        const all = db.transaction('projects').objectStore('projects').getAll();
        all.onsuccess = () => { db.close(); resolve(all.result); };
        all.onerror = () => { db.close(); reject(all.error); };
      };
    });
  });
}

/** Waits until a project kept in the library contains `needle` (the save reached storage). */
export async function waitForStored(page, needle, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if ((await storedProjects(page)).some((text) => text.includes(needle))) return;
    if (Date.now() > deadline) assert.fail(`no project in the library contains '${needle}'`);
    await frames(page, 5);
  }
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe-core on the page as it is; resolves to its violations as plain data. */
export async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      count: v.nodes.length, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
}

/**
 * Fills the Experiment panel's form: `vary` is [[prop, values]…] and `measures` a list of
 * measures (rows are added as needed; the rest of the rows are left as they are).
 */
export async function fillExperiment(page, { vary, measures, seeds, seconds, every = 0 }) {
  const panel = page.locator('[data-testid="experiment"]');
  for (let i = 0; i < vary.length; i++) {
    if (await panel.locator('[data-testid="vary-row"]').count() <= i) {
      await panel.locator('[data-testid="add-vary"]').click();
    }
    await panel.locator('[data-testid="vary-prop"]').nth(i).fill(vary[i][0]);
    await panel.locator('[data-testid="vary-values"]').nth(i).fill(vary[i][1]);
  }
  for (let i = 0; i < measures.length; i++) {
    if (await panel.locator('[data-testid="measure-row"]').count() <= i) {
      await panel.locator('[data-testid="add-measure"]').click();
    }
    await panel.locator('[data-testid="measure"]').nth(i).fill(measures[i]);
  }
  await panel.locator('[data-testid="seeds"]').fill(String(seeds));
  await panel.locator('[data-testid="seconds"]').fill(String(seconds));
  await panel.locator('[data-testid="every"]').fill(String(every));
}

/** Adds a widget of `kind` (or changes widget `which`, from 0) and fills its fields
 * (`{ label, target, min, max, step, script }`). */
export async function addWidget(page, kind, fields, which) {
  const editors = page.locator('[data-testid="widget-editor"]');
  let n = which;
  if (n === undefined) {
    n = await editors.count();
    await page.click(`[data-testid="add-${kind}"]`);
    await page.waitForFunction((want) =>
      document.querySelectorAll('[data-testid="widget-editor"]').length === want, n + 1);
  }
  const editor = editors.nth(n);
  for (const [field, value] of Object.entries(fields)) {
    const input = editor.locator(`[data-testid="widget-${field}"]`);
    await input.fill(String(value));
    await input.press('Enter');
    await input.blur();
    await page.waitForFunction(([i, f, v]) =>
      document.querySelectorAll('[data-testid="widget-editor"]')[i]
        ?.querySelector(`[data-testid="widget-${f}"]`)?.value === v, [n, field, String(value)]);
  }
}

/** Imports the project file `text` (named `name`) and waits until it is the open model. */
export async function importProject(page, name, text) {
  const { label } = JSON.parse(text);
  await page.setInputFiles('[data-testid="import"]', {
    name, mimeType: 'application/json', buffer: Buffer.from(text),
  });
  await page.waitForFunction((want) =>
    document.querySelector('[data-testid="project-label"]')?.textContent === want, label);
}

/** Steps the paused run one tick and waits for the tick shown to move on. */
export async function stepTick(page) {
  const tick = await shownTick(page);
  await page.click('[data-testid="step"]');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]')?.textContent) > t, tick);
}

/** Where GEMSTEP's models are: ../shared beside the project (absent on some machines). */
export const GEMSTEP_MODELS = join(ROOT, '..', 'shared', 'gemstep-models');

/**
 * Imports GEMSTEP's model `name` (`moths`) from ../shared into the app; when it is absent,
 * skips test `t` and answers false.
 */
export async function importGemstepModel(t, page, name) {
  const file = join(GEMSTEP_MODELS, `${name}.gemprj`);
  if (!existsSync(file)) {
    t.skip(`${file} is absent`);
    return false;
  }
  await importProject(page, `${name}.gemprj`, await readFile(file, 'utf8'));
  return true;
}
