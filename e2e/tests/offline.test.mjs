// The installable, offline site: after one visit the app opens with the network gone (on a
// Chromebook-sized laptop and a phone) — the student's projects, the bundled models and a
// share link open and run, and a live session says why students cannot join; a new build
// served over the old is offered as Update and taken only when asked; the manifest is valid
// and the service worker controls the page (Chromium's own installability check, through
// CDP); and the built site works under a path prefix, as a school's web server may put it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { openApp, closeApp, DIST, importProject, screenshot, waitForStored } from '../harness.mjs';

/** The build's own step that writes the service worker (Trunk's post-build hook builds it). */
const PRECACHE = resolve(import.meta.dirname, '../../target/debug/precache');

/** Waits until the site's service worker controls `page`. */
const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30000 });

/** Waits until the open project is called `label`. */
const opened = (page, label) => page.waitForFunction((want) =>
  document.querySelector('[data-testid="project-label"]')?.textContent === want, label, { timeout: 15000 });

/** Plays the model (unless it plays already) for `ticks` more ticks, then pauses it. */
async function runs(page, ticks = 20) {
  const from = Number(await page.getAttribute('[data-testid="stage"]', 'data-tick'));
  if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > t, from + ticks);
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
}

/** A share link to a project called "A shared pond", made in another browser, for the site at `url`. */
async function shareLinkFromAnotherBrowser(url) {
  const other = await openApp();
  try {
    const pond = JSON.parse(await readFile(join(DIST, 'static', 'models', 'wander.gemprj'), 'utf8'));
    pond.label = 'A shared pond';
    await importProject(other.page, 'shared.gemprj', JSON.stringify(pond));
    await other.page.click('[data-testid="share"]');
    await other.page.waitForSelector('[data-testid="share-link"]');
    const link = new URL(await other.page.inputValue('[data-testid="share-link"]'));
    return url + link.hash;
  } finally {
    await closeApp(other);
  }
}

for (const [width, height, screen] of [[1366, 768, 'laptop'], [390, 844, 'phone']]) {
  test(`after one visit the site opens offline on a ${screen}: projects, bundled models and a share link`, async () => {
    const app = await openApp({ serviceWorkers: 'allow', viewport: { width, height }, touch: screen === 'phone' });
    const { page } = app;
    try {
      await controlled(page);
      const mine = JSON.parse(await readFile(join(DIST, 'static', 'models', 'wander.gemprj'), 'utf8'));
      mine.label = 'My offline pond';
      await importProject(page, 'mine.gemprj', JSON.stringify(mine));
      await waitForStored(page, 'My offline pond');
      const share = await shareLinkFromAnotherBrowser(app.url);

      await page.context().setOffline(true);
      await page.reload();
      await opened(page, 'My offline pond');
      await runs(page);
      await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
      await opened(page, 'Fish and Algae');
      await runs(page);
      await screenshot(page, `offline-${screen}`);
      await page.click('[data-testid="session-start"]');
      await page.waitForFunction(() => /this device is offline/.test(document.querySelector('[data-testid="session-server"]')?.textContent ?? ''));
      await page.click('[data-testid="session-end"]');
      await page.click('[data-testid="session-confirm-yes"]');

      const shared = await page.context().newPage();
      await shared.goto(share);
      await opened(shared, 'A shared pond');
      await shared.close();
    } finally {
      await page.context().setOffline(false);
      await closeApp(app);
    }
  });
}

test('a new build served over the old is offered as Update, and taken only when asked', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stepwise-site-'));
  await cp(DIST, dir, { recursive: true });
  const app = await openApp({ serviceWorkers: 'allow', dir });
  const { page } = app;
  try {
    await controlled(page);
    // A new build: another title, its worker written by the build's own step.
    const index = join(dir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('<title>Stepwise</title>', '<title>Stepwise (new)</title>'));
    execFileSync(PRECACHE, [dir], { stdio: 'pipe' });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await page.waitForSelector('[data-testid="app-update"]', { timeout: 30000 });
    await screenshot(page, 'offline-update-offered');
    // Nothing switches under the student, not even a reload.
    await page.reload();
    await page.waitForSelector('[data-testid="app-update"]', { timeout: 30000 });
    assert.equal(await page.title(), 'Stepwise');
    await Promise.all([page.waitForNavigation(), page.click('[data-testid="app-update"]')]);
    await page.waitForFunction(() => document.title === 'Stepwise (new)');
    await page.waitForSelector('[data-testid="stage"]');
    assert.equal(await page.$('[data-testid="app-update"]'), null, 'the new version is the one running');
  } finally {
    await closeApp(app);
    await rm(dir, { recursive: true, force: true });
  }
});

test('the site can be installed: a valid manifest, and the worker controls the page', async () => {
  const app = await openApp({ serviceWorkers: 'allow' });
  const { page } = app;
  try {
    await controlled(page);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, []);
    assert.match(manifest.data, /"display": "standalone"/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
  } finally {
    await closeApp(app);
  }
});

test('the built site works under a path prefix, its worker scoped to it', async () => {
  const app = await openApp({ serviceWorkers: 'allow', prefix: '/stepwise/' });
  const { page } = app;
  try {
    assert.match(page.url(), /\/stepwise\/$/);
    await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
    await opened(page, 'Fish and Algae');
    await runs(page);
    await controlled(page);
    const scope = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.scope));
    assert.match(scope, /\/stepwise\/$/);
  } finally {
    await closeApp(app);
  }
});
