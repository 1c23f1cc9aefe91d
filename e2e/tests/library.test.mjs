// The project library: every project a student makes or opens is kept in IndexedDB under its
// own name; bundled models, New and share links open as copies and never overwrite another
// project; the list opens, renames, duplicates, exports and deletes (with undo); an autosave
// from before the library moves into it; a full storage is said plainly and loses nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, closeApp, screenshot, waitForText, waitForStored, storedProjects } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const STATUS = '[data-testid="save-status"]';
const ROW = '[data-testid="library-row"]';

async function waitForLabel(page, label) {
  await waitForText(page, '[data-testid="project-label"]', label);
}

/** Opens the "Your projects" list if it is closed. */
async function showLibrary(page) {
  const toggle = page.locator('[data-testid="library-toggle"]');
  if (await toggle.getAttribute('aria-expanded') !== 'true') await toggle.click();
  await page.waitForSelector('[data-testid="library"]');
}

/** The names in the list, newest first, with the open one marked '*'. */
async function listed(page) {
  return page.$$eval('[data-testid="library-row"]', (rows) => rows.map((r) =>
    (r.classList.contains('open') ? '*' : '') + r.dataset.project));
}

/** Waits until the list shows exactly `want` (see `listed`). */
async function waitForList(page, want) {
  await page.waitForFunction((want) => {
    const rows = [...document.querySelectorAll('[data-testid="library-row"]')];
    const got = rows.map((r) => (r.classList.contains('open') ? '*' : '') + r.dataset.project);
    return JSON.stringify(got) === JSON.stringify(want);
  }, want).catch(async () => assert.fail(`the list shows ${JSON.stringify(await listed(page))}, not ${JSON.stringify(want)}`));
}

function row(name) {
  return `${ROW}[data-project="${name}"]`;
}

/** Adds a blueprint through the blueprint list: an authoring edit. */
async function edit(page) {
  const before = await page.$$eval('[data-testid="blueprint-row"]', (r) => r.length);
  await page.click('[data-testid="blueprint-create"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="blueprint-row"]').length === n + 1, before);
}

test('an edited example is kept as a copy, and picking another model never overwrites it', async () => {
  const { page } = app;
  await waitForLabel(page, 'Wander');
  await waitForText(page, STATUS, /^Not in your projects yet/);
  await showLibrary(page);
  await waitForList(page, []);
  await edit(page);
  await waitForStored(page, 'Blueprint1');
  await waitForText(page, STATUS, /^Saved in your projects at \d\d:\d\d$/);
  await waitForList(page, ['*Wander']);

  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await waitForLabel(page, 'Peppered Moths');
  await waitForList(page, ['Wander']);
  await page.click('[data-testid="new-project"]');
  await waitForLabel(page, 'New project');
  await waitForList(page, ['Wander']);

  await page.click(`${row('Wander')} [data-testid="library-open"]`);
  await waitForLabel(page, 'Wander');
  await waitForList(page, ['*Wander']);
  const names = await page.$$eval('[data-testid="blueprint-row"]', (r) => r.map((li) => li.dataset.blueprint));
  assert.deepEqual(names, ['Wanderer', 'Blueprint1'], 'the copy keeps the edit');
  assert.ok(await page.isDisabled(`${row('Wander')} [data-testid="library-delete"]`), 'the open project cannot be deleted');
  await screenshot(page, 'library-list');
});

test('projects are renamed, duplicated, exported, and deleted with undo', async () => {
  const { page } = app;
  await showLibrary(page);
  // The open project is renamed as an undoable edit of its label.
  await page.click(`${row('Wander')} [data-testid="library-rename"]`);
  await page.fill('[data-testid="library-name"]', 'My walkers');
  await page.press('[data-testid="library-name"]', 'Enter');
  await waitForLabel(page, 'My walkers');
  await waitForList(page, ['*My walkers']);
  assert.equal(await page.getAttribute('[data-testid="undo"]', 'title'), 'Undo rename the project (Ctrl+Z)');

  await page.click(`${row('My walkers')} [data-testid="library-duplicate"]`);
  await waitForList(page, ['My walkers (copy)', '*My walkers']);
  // A project that is not open is renamed in the library itself.
  await page.click(`${row('My walkers (copy)')} [data-testid="library-rename"]`);
  await page.fill('[data-testid="library-name"]', 'Second try');
  await page.press('[data-testid="library-name"]', 'Enter');
  await waitForList(page, ['Second try', '*My walkers']);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`${row('Second try')} [data-testid="library-export"]`),
  ]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.label, 'Second try');
  assert.deepEqual(exported.blueprints.map((b) => b.name), ['Wanderer', 'Blueprint1']);

  await page.click(`${row('Second try')} [data-testid="library-delete"]`);
  await waitForList(page, ['*My walkers']);
  await waitForText(page, '.library-deleted', "Deleted 'Second try'. Undo");
  await page.click('[data-testid="library-undo"]');
  await waitForList(page, ['Second try', '*My walkers']);

  // A delete that is not undone is gone for good after a reload; the rest stays.
  await page.click(`${row('Second try')} [data-testid="library-delete"]`);
  await waitForList(page, ['*My walkers']);
  await page.reload();
  await waitForLabel(page, 'My walkers');
  await showLibrary(page);
  await waitForList(page, ['*My walkers']);
  assert.equal((await storedProjects(page)).length, 1);
  assert.deepEqual(app.errors, []);
});

test('an import and a share link are kept as new projects at once', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'pond.gemprj', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ id: 'pond', label: 'Pond', blueprints: [] })),
  });
  await waitForLabel(page, 'Pond');
  await showLibrary(page);
  await waitForList(page, ['*Pond', 'My walkers']);
  await page.click('[data-testid="share"]');
  const { hash } = new URL(await page.inputValue('[data-testid="share-link"]'));
  const other = await openApp({ path: hash });
  try {
    await waitForLabel(other.page, 'Pond');
    await waitForStored(other.page, '"pond"');
    await showLibrary(other.page);
    await waitForList(other.page, ['*Pond']);
    assert.deepEqual(other.errors, []);
  } finally {
    await other.close();
  }
  // The sharer's own page keeps the link in its address bar; a reload reopens the project
  // it was made from instead of keeping another copy.
  await page.reload();
  await waitForLabel(page, 'Pond');
  await showLibrary(page);
  await waitForList(page, ['*Pond', 'My walkers']);
});

test('an autosave from before the library moves into it', async () => {
  const { page } = app;
  await page.evaluate(() => {
    const project = JSON.stringify({ id: 'legacy', label: 'Old autosave', blueprints: [] });
    localStorage.setItem('stepwise.autosave', JSON.stringify({ format: 'stepwise-autosave-1', project }));
    localStorage.removeItem('stepwise.open');
  });
  await page.reload();
  await waitForLabel(page, 'Old autosave');
  await showLibrary(page);
  await waitForList(page, ['*Old autosave', 'Pond', 'My walkers']);
  assert.equal(await page.evaluate(() => localStorage.getItem('stepwise.autosave')), null);
});

test('a full storage is said plainly, keeps the last save, and the student decides', async () => {
  const { page } = app;
  await page.click(`${row('My walkers')} [data-testid="library-open"]`);
  await waitForLabel(page, 'My walkers');
  await page.evaluate(() => {
    window.realPut = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = () => {
      throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
    };
  });
  await edit(page);
  await waitForText(page, STATUS, /^Not saved: could not save 'My walkers' to your projects: .*QuotaExceededError.*The last save is kept/);
  await screenshot(page, 'library-quota');
  // Opening something else asks first; dismissing keeps the unsaved project.
  const asked = new Promise((resolve) => page.once('dialog', (d) => { resolve(d.message()); d.dismiss(); }));
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  assert.match(await asked, /could not be saved\. Open another project and lose them\?/);
  await waitForText(page, '[data-testid="messages"] li', /kept your unsaved project open/);
  await waitForLabel(page, 'My walkers');
  // Once there is room again, the timed autosave writes it.
  await page.evaluate(() => { IDBObjectStore.prototype.put = window.realPut; });
  await waitForText(page, STATUS, /^Saved in your projects/);
  await waitForStored(page, 'Blueprint2');
  await page.reload();
  await waitForLabel(page, 'My walkers');
  const names = await page.$$eval('[data-testid="blueprint-row"]', (r) => r.map((li) => li.dataset.blueprint));
  assert.deepEqual(names, ['Wanderer', 'Blueprint1', 'Blueprint2']);
});

test('the list and the save line fit the panel on every classroom screen', async () => {
  const { page } = app;
  await showLibrary(page);
  for (const [width, height] of [[390, 844], [768, 1024], [1024, 768], [1366, 768], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    await page.locator('[data-testid="library"]').scrollIntoViewIfNeeded();
    const outside = await page.evaluate(() => {
      const panel = document.querySelector('.projects-panel').getBoundingClientRect();
      const parts = [...document.querySelectorAll('[data-testid="library"] button, [data-testid="library-row"], [data-testid="save-status"]')];
      return parts.filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < panel.left - 1 || box.right > panel.right + 1);
      }).map((el) => el.textContent);
    });
    assert.deepEqual(outside, [], `at ${width}×${height}`);
    await screenshot(page, `library-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});
