// Projects in the app: the model picker, import and export, reopening, share links, the
// projector view, and the messages a failed load leaves (the current project is kept).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openApp, screenshot, closeApp, waitForStored, frames, DIST } from '../harness.mjs';

const MODELS = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'gemstep-models');
const hasSharedModels = await access(MODELS).then(() => true, () => false);

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Waits until the panel shows a project labelled `label`. */
async function waitForLabel(page, label) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="project-label"]')?.textContent === want,
    label,
    { timeout: 10_000 },
  ).catch(async () => {
    const shown = await page.textContent('[data-testid="project-label"]').catch(() => null);
    assert.fail(`expected the project '${label}', the panel shows '${shown}'`);
  });
}

/** The blueprints listed in the panel: [{ name, status }]. */
async function blueprints(page) {
  return page.$$eval('[data-testid="blueprints"] li', (items) => items.map((li) => ({
    name: li.dataset.blueprint,
    status: li.querySelector('.status').textContent,
  })));
}

/** The texts in the messages area. */
async function messages(page) {
  return page.$$eval('[data-testid="messages"] li', (items) => items.map((li) => li.textContent));
}

/** Exports the current project and returns the download's name and parsed JSON. */
async function exportProject(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="export"]'),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), json: JSON.parse(text) };
}

/** Imports `text` as a file called `name`. */
async function importText(page, name, text) {
  await page.setInputFiles('[data-testid="import"]', {
    name, mimeType: 'application/json', buffer: Buffer.from(text),
  });
}

const CUSTOM = JSON.stringify({
  id: 'autosave-check', label: 'Autosave check',
  blueprints: [{ name: 'Blob', scriptText: '# BLUEPRINT Blob\n# PROGRAM DEFINE\naddFeature Costume' }],
  instances: [],
});

test('the picker lists the bundled models, loads the first on open and another on choice', async () => {
  const { page } = app;
  await waitForLabel(page, 'Wander');
  const options = await page.$$eval('[data-testid="model-picker"] option:not([disabled])',
    (os) => os.map((o) => o.value));
  const index = JSON.parse(await readFile(join(DIST, 'static/models/index.json'), 'utf8'));
  assert.deepEqual(options, index.map((m) => m.id));
  assert.deepEqual(options.slice(0, 3), ['wander', 'fish-and-algae', 'moths']);
  assert.deepEqual((await blueprints(page)).map((b) => b.name), ['Wanderer']);
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await waitForLabel(page, 'Peppered Moths');
  assert.ok((await blueprints(page)).length > 1, 'the moths model lists its blueprints');
  assert.equal(await page.inputValue('[data-testid="model-picker"]'), 'moths');
  await screenshot(page, 'projects-panel');
});

test('two models picked quickly: the one picked last is open, whichever load finishes last', async () => {
  const { page } = app;
  // The first pick's file is held back until the second pick's model is open.
  let release;
  const held = new Promise((done) => { release = done; });
  const slow = '**/models/wander.gemprj';
  await page.route(slow, async (route) => { await held; await route.continue(); });
  try {
    await page.selectOption('[data-testid="model-picker"]', 'wander');
    await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
    await waitForLabel(page, 'Fish and Algae');
    const late = page.waitForResponse(slow);
    release();
    await (await late).finished();
    // The late file is read and dropped within a few frames of arriving.
    await frames(page, 10);
    assert.equal(await page.textContent('[data-testid="project-label"]'), 'Fish and Algae');
    assert.equal(await page.inputValue('[data-testid="model-picker"]'), 'fish-and-algae');
  } finally {
    await page.unroute(slow);
  }
});

test('export then import gives the same project', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await waitForLabel(page, 'Fish and Algae');
  const first = await exportProject(page);
  assert.equal(first.name, 'fish-and-algae.gemprj');
  await page.selectOption('[data-testid="model-picker"]', 'wander');
  await waitForLabel(page, 'Wander');
  await importText(page, first.name, JSON.stringify(first.json));
  await waitForLabel(page, 'Fish and Algae');
  const again = await exportProject(page);
  assert.deepEqual(again.json, first.json);
});

test('importing a broken file shows an error and keeps the current project', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'wander');
  await waitForLabel(page, 'Wander');
  await importText(page, 'broken.gemprj', '{ "id": "x", "blueprints": [{ "name": 5 }] }');
  await page.waitForSelector('[data-testid="messages"] .error');
  const [shown] = await messages(page);
  assert.match(shown, /^broken\.gemprj is not a valid project: blueprints\[0\]\.name/);
  await importText(page, 'noise.gemprj', 'this is not json');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="messages"] .error').length === 2);
  assert.match((await messages(page))[0], /^noise\.gemprj is not a valid project/);
  assert.equal(await page.textContent('[data-testid="project-label"]'), 'Wander');
  assert.equal(await page.inputValue('[data-testid="model-picker"]'), 'wander');
  await screenshot(page, 'projects-import-error');
});

test('compile errors show per blueprint and as messages', async () => {
  const { page } = app;
  const project = JSON.stringify({
    id: 'typo', label: 'Typo',
    blueprints: [
      { name: 'Good', scriptText: '# BLUEPRINT Good\n# PROGRAM DEFINE\naddFeature Costume' },
      { name: 'Bad', scriptText: '# BLUEPRINT Bad\n# PROGRAM DEFINE\nprop enrgy add 1' },
    ],
  });
  await importText(page, 'typo.gemprj', project);
  await waitForLabel(page, 'Typo');
  assert.deepEqual(await blueprints(page), [
    { name: 'Good', status: 'ok' },
    { name: 'Bad', status: '1 error' },
  ]);
  const [shown] = await messages(page);
  assert.match(shown, /^Bad:3:6: Bad has no property 'enrgy'/);
  await screenshot(page, 'projects-compile-error');
});

test('a reload reopens the project that was open, an import or a bundled model', async () => {
  const { page } = app;
  await importText(page, 'custom.gemprj', CUSTOM);
  await waitForLabel(page, 'Autosave check');
  await waitForStored(page, 'autosave-check');
  await page.reload();
  await waitForLabel(page, 'Autosave check');
  assert.deepEqual(await blueprints(page), [{ name: 'Blob', status: 'ok' }]);
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await waitForLabel(page, 'Peppered Moths');
  await page.reload();
  await waitForLabel(page, 'Peppered Moths');
  // The picker fills in when the model list arrives, which may be after the project shows.
  await page.waitForFunction(
    () => document.querySelector('[data-testid="model-picker"]')?.value === 'moths',
    null, { timeout: 5_000 });
});

test('an unreadable autosave from before the library is reported once and kept aside', async () => {
  const { page } = app;
  await page.evaluate(() => {
    localStorage.setItem('stepwise.autosave', '{ not json');
    localStorage.removeItem('stepwise.open');
  });
  await page.reload();
  await waitForLabel(page, 'Wander');
  assert.match((await messages(page)).join('\n'), /the autosaved project could not be restored/);
  assert.equal(await page.evaluate(() => localStorage.getItem('stepwise.autosave.unreadable')), '{ not json');
  await page.reload();
  await waitForLabel(page, 'Wander');
  assert.doesNotMatch((await messages(page)).join('\n'), /autosaved project/);
});

test('a share link opened in a new page shows the same model', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await waitForLabel(page, 'Fish and Algae');
  await page.click('[data-testid="share"]');
  const link = await page.inputValue('[data-testid="share-link"]');
  assert.equal(new URL(link).hash, new URL(page.url()).hash, 'the address bar carries the link');
  assert.match(link, /#project=[A-Za-z0-9_-]+$/);
  const shown = await blueprints(page);
  await screenshot(page, 'projects-share');
  // A fresh browser profile on another origin: nothing autosaved, only the link.
  const other = await openApp({ path: new URL(link).hash });
  try {
    await waitForLabel(other.page, 'Fish and Algae');
    assert.deepEqual(await blueprints(other.page), shown);
    assert.deepEqual(other.errors, []);
  } finally {
    await other.close();
  }
});

test('a damaged share link shows an error and the first model opens', async () => {
  const other = await openApp({ path: '#project=AAAA' });
  try {
    await waitForLabel(other.page, 'Wander');
    assert.match((await messages(other.page)).join('\n'), /could not open the share link/);
    assert.equal(new URL(other.page.url()).hash, '', 'the damaged link is removed');
    assert.deepEqual(other.errors, []);
  } finally {
    await other.close();
  }
});

test('a share link pasted into an open tab loads its project', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await waitForLabel(page, 'Peppered Moths');
  await page.click('[data-testid="share"]');
  const { hash } = new URL(await page.inputValue('[data-testid="share-link"]'));
  await page.selectOption('[data-testid="model-picker"]', 'wander');
  await waitForLabel(page, 'Wander');
  assert.equal(new URL(page.url()).hash, '', 'loading another model clears the old link');
  await page.evaluate((h) => { window.location.hash = h; }, hash);
  await waitForLabel(page, 'Peppered Moths');
});

test('the projector view shows only the stage and the controls, and Escape leaves it', async () => {
  const { page } = app;
  const normal = await page.locator('[data-testid="stage"]').boundingBox();
  await page.click('[data-testid="projector"]');
  assert.ok(await page.evaluate(() => document.documentElement.classList.contains('projector')));
  assert.equal(await page.isVisible('[data-testid="model-picker"]'), false);
  assert.equal(await page.isVisible('[data-testid="play"]'), true);
  const large = await page.locator('[data-testid="stage"]').boundingBox();
  assert.ok(large.width > normal.width, `stage ${normal.width}px wide, in projector view ${large.width}px`);
  await screenshot(page, 'projects-projector');
  await page.keyboard.press('Escape');
  assert.equal(await page.isVisible('[data-testid="model-picker"]'), true);
  await page.click('[data-testid="projector"]');
  await page.click('[data-testid="projector"]');
  assert.equal(await page.isVisible('[data-testid="model-picker"]'), true, 'the toggle returns too');
});

for (const model of ['aquatic', 'moths']) {
  test(`GEMSTEP's ${model} model imports with no compile errors`, { skip: !hasSharedModels && 'no ../shared' }, async () => {
    const { page } = app;
    const text = await readFile(join(MODELS, `${model}.gemprj`), 'utf8');
    const { label } = JSON.parse(text);
    await importText(page, `${model}.gemprj`, text);
    await waitForLabel(page, label);
    const listed = await blueprints(page);
    assert.ok(listed.length > 0);
    assert.deepEqual(listed.filter((b) => b.status !== 'ok'), []);
    assert.deepEqual(await messages(page), []);
    await screenshot(page, `projects-${model}`);
  });
}
