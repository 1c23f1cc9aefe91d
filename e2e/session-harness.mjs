// Helpers for live-session tests: a real nats-server started from deploy/nats/classroom.conf
// on free loopback ports (stopped, killed and restarted on demand), one Chromium with a
// context per device, and the teacher's steps to open a model and start a session.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDir, waitForText } from './harness.mjs';

const ROOT = resolve(import.meta.dirname, '..');
export const TEACHER_KEY = 'e2e-teacher-key-7f3a';

/** A free TCP port on loopback. */
export async function freePort() {
  const server = createServer();
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  await new Promise((ok) => server.close(ok));
  return port;
}

/**
 * Starts nats-server with the classroom config (over TLS with `tls`, or the one at `config`, such
 * as `scripts/teacher config` writes); resolves to { wsUrl, port, stop, restart }.
 * `restart` kills the server (SIGKILL, as a crash) and starts it again on the same ports.
 */
export async function startNats({ monitor, tls, config: given } = {}) {
  const port = await freePort();
  const wsPort = await freePort();
  const env = {
    ...process.env,
    STEPWISE_NATS_HOST: '127.0.0.1', STEPWISE_NATS_PORT: String(port),
    STEPWISE_WS_PORT: String(wsPort), STEPWISE_TEACHER_KEY: TEACHER_KEY,
    ...(tls ? { STEPWISE_TLS_CERT: tls.cert, STEPWISE_TLS_KEY: tls.key } : {}),
  };
  const config = given ?? (tls ? 'deploy/nats/classroom-tls.conf' : 'deploy/nats/classroom.conf');
  let proc;
  const launch = () => new Promise((ok, fail) => {
    const extra = monitor ? ['-m', String(monitor)] : [];
    proc = spawn('nats-server', ['-c', resolve(ROOT, config), ...extra], { env });
    let log = '';
    const onData = (d) => {
      log += d;
      if (log.includes('Server is ready')) ok();
    };
    proc.stderr.on('data', onData);
    proc.stdout.on('data', onData);
    proc.on('exit', (code) => fail(new Error(`nats-server exited (${code}): ${log}`)));
  });
  await launch();
  const kill = () => new Promise((ok) => {
    if (proc.exitCode !== null) return ok();
    proc.removeAllListeners('exit');
    proc.on('exit', () => ok());
    proc.kill('SIGKILL');
  });
  return {
    port, wsPort, wsUrl: `${tls ? 'wss' : 'ws'}://127.0.0.1:${wsPort}`,
    stop: kill,
    kill,
    start: launch,
  };
}

/**
 * One browser and the site, for several devices; over https with `tls` (see tls.mjs), whose
 * certificate this browser alone trusts.
 */
export async function startClassroom({ tls } = {}) {
  const site = await serveDir(undefined, '/', tls);
  const trust = tls ? [`--ignore-certificate-errors-spki-list=${tls.spki}`] : [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows', ...trust],
  });
  const pages = [];
  /** A page in a fresh context (a device of its own) at `path`; errors are collected. */
  const device = async (path, { width = 1280, height = 900, touch = false, context } = {}) => {
    const ctx = context ?? await browser.newContext({
      viewport: { width, height }, hasTouch: touch, isMobile: touch, serviceWorkers: 'block',
    });
    const page = await ctx.newPage();
    page.errors = [];
    page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => page.errors.push(`exception: ${e.message}`));
    await page.goto(site.url + path);
    await page.waitForSelector('[data-testid="stage"]');
    pages.push(page);
    return page;
  };
  const close = async () => {
    await browser.close();
    await site.close();
  };
  return { site, browser, device, pages, close };
}

/**
 * The teacher opens our fish-and-algae model (it opens paused), starts a session and presses
 * Play; resolves to the code.
 */
export async function startSession(page) {
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await page.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Fish"]');
  await page.click('[data-testid="session-start"]');
  await page.waitForSelector('[data-testid="session-code"]');
  await page.click('[data-testid="play"]');
  return (await page.textContent('[data-testid="session-code"]')).trim();
}

/**
 * A nats-server, a browser, and the teacher's page (1366×768) running a session of our
 * fish-and-algae model: resolves to { nats, room, q (the pages' server query), teacher, code }.
 */
export async function startLesson() {
  const nats = await startNats();
  const room = await startClassroom();
  const q = `server=${encodeURIComponent(nats.wsUrl)}`;
  const teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768 });
  const code = await startSession(teacher);
  return { nats, room, q, teacher, code };
}

/**
 * Shows the teacher's lesson panel at tab `tab` (students, reviews, handins, record): the side
 * column's Lesson, then the tab.
 */
export async function lessonTab(page, tab) {
  const side = page.locator('[data-testid="side-lesson"]');
  if (await side.count() && await side.getAttribute('aria-selected') !== 'true') await side.click();
  const button = page.locator(`[data-testid="lesson-tab-${tab}"]`);
  if (await button.getAttribute('aria-selected') !== 'true') await button.click();
  await page.waitForSelector(`#lesson-${tab}:not([hidden])`);
}

/** Shows the side column's model (the projects panel) on the teacher's lesson page. */
export async function sideModel(page) {
  const side = page.locator('[data-testid="side-model"]');
  if (await side.count() && await side.getAttribute('aria-selected') !== 'true') await side.click();
  await page.waitForSelector('[data-testid="model-picker"]');
}

/**
 * Presses the lesson panel's `button` (End session, Remove everyone not steering), which
 * asks first, and confirms.
 */
export async function confirmed(page, button) {
  await page.click(`[data-testid="${button}"]`);
  await page.click('[data-testid="session-confirm-yes"]');
  await page.waitForSelector('[data-testid="session-confirm"]', { state: 'detached' });
}

/** A student joins with `name` as `blueprint`. */
export async function join(page, name, blueprint = 'Fish') {
  await page.waitForSelector('[data-testid="join-blueprint"] option', { state: 'attached' });
  await page.fill('[data-testid="join-name"]', name);
  await page.selectOption('[data-testid="join-blueprint"]', blueprint);
  await page.click('[data-testid="join-go"]');
  await page.waitForSelector('[data-testid="controller-pad"]');
}

/** The stage's tick and hash on `page`. */
export async function stageState(page) {
  return page.$eval('[data-testid="stage"]', (c) => ({ tick: Number(c.dataset.tick), hash: c.dataset.hash }));
}

/** Waits until `page`'s stage shows tick `tick`; resolves to its hash. */
export async function hashAt(page, tick, timeout = 15000) {
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) === t
    && document.querySelector('[data-testid="stage"]').dataset.hash, tick, { timeout });
  return (await stageState(page)).hash;
}

/**
 * Pauses the teacher and waits until every one of `pages` shows the teacher's tick and hash;
 * resolves to them. While paused, students' inputs still change the teacher's state at that
 * tick (their characters follow them), so a page may show the tick before the last of those
 * bundles: it is given time to apply them, and the teacher is read again until both agree.
 */
export async function sameState(teacher, pages) {
  if (await teacher.isEnabled('[data-testid="pause"]')) await teacher.click('[data-testid="pause"]');
  // A frame may still carry the last ticks: read the teacher once its tick settled.
  let last = -1;
  let { tick } = await stageState(teacher);
  while (tick !== last) {
    last = tick;
    await teacher.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    ({ tick } = await stageState(teacher));
  }
  for (const page of pages) await hashAt(page, tick);
  for (let round = 0; ; round++) {
    const want = await hashAt(teacher, tick);
    const agreed = await Promise.all(pages.map((page) => page.waitForFunction(
      (h) => document.querySelector('[data-testid="stage"]').dataset.hash === h, want, { timeout: 5000 },
    ).then(() => true, () => false)));
    const now = await stageState(teacher);
    if (agreed.every(Boolean) && now.hash === want) return { tick, hash: want };
    // Only a teacher whose state moved on at the tick (an input while paused) is waited for.
    if (now.tick !== tick || now.hash === want || round >= 5) {
      const got = await Promise.all(pages.map(async (page) => (await stageState(page)).hash));
      throw new Error(`pages show hashes ${got.join(', ')} at tick ${tick}, the teacher ${now.hash} at tick ${now.tick}`);
    }
  }
}

/** Drags across the controller pad from fraction (x0, y0) to (x1, y1) of its box. */
export async function dragPad(page, [x0, y0], [x1, y1], steps = 10) {
  const box = await page.locator('[data-testid="controller-pad"]').boundingBox();
  const at = (fx, fy) => [box.x + box.width * fx, box.y + box.height * fy];
  await page.mouse.move(...at(x0, y0));
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(...at(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps));
  }
  await page.mouse.up();
}

export { waitForText };
