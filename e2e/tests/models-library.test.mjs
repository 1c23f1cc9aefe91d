// The models library page and the Info view, as a teacher preparing a lesson uses them on a
// 1366×768 laptop and a 1024×768 touch tablet: the library lists every bundled lesson model
// with a picture drawn from the model, its subject, grades and summary; the subjects and the
// search narrow the list; a card opens its model paused, and Info shows its lesson guide
// beside it. The page stays usable on a phone, and has no accessibility findings.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, closeApp, screenshot, audit, DIST } from '../harness.mjs';

const index = JSON.parse(await readFile(join(DIST, 'static/models/index.json'), 'utf8'));
const lessons = index.filter((m) => !m.starter);
const guides = {};
for (const m of lessons) guides[m.id] = JSON.parse(await readFile(join(DIST, 'static/models', m.file), 'utf8')).guide;

const opened = [];
after(async () => { for (const app of opened) await closeApp(app); });

/** Cards shown, as [id, band] pairs, once every picture is drawn. */
async function cards(page) {
  return page.$$eval('[data-testid="library-card"]', (all) =>
    all.map((c) => [c.dataset.model, c.querySelector('[data-testid="library-band"]')?.textContent ?? '']));
}

/** Waits until each of `n` cards has a picture with agents drawn on it: more colours than the
 * stage and its surround. */
async function picturesDrawn(page, n) {
  await page.waitForFunction((want) => {
    const canvases = [...document.querySelectorAll('.library-card canvas.model-picture')];
    return canvases.length >= want && canvases.every((canvas) => {
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set();
      for (let i = 0; i < data.length && colours.size < 4; i += 4) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return colours.size >= 4;
    });
  }, n);
}

async function openLibrary(page, touch) {
  await (touch ? page.tap('[data-testid="open-library"]') : page.click('[data-testid="open-library"]'));
  await page.waitForSelector('[data-testid="library-page"]');
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="library-band"]').length >= n, lessons.length);
}

for (const [name, size, touch] of [['laptop', { width: 1366, height: 768 }, false], ['tablet', { width: 1024, height: 768 }, true]]) {
  test(`on a ${name} the library filters by subject and search, and a card opens its model with its guide`, async () => {
    const app = await openApp({ viewport: size, touch });
    opened.push(app);
    const { page } = app;
    const press = (selector) => (touch ? page.tap(selector) : page.click(selector));
    await openLibrary(page, touch);
    const all = await cards(page);
    for (const m of lessons) {
      const card = all.find(([id]) => id === m.id);
      assert.ok(card, `${m.id} has a card`);
      assert.equal(card[1], `${guides[m.id].subject} · grades ${guides[m.id].grades}`);
    }
    await picturesDrawn(page, index.length);
    await screenshot(page, `models-library-${name}`);
    assert.deepEqual(await audit(page), []);

    // A subject keeps only its models.
    for (const subject of ['Earth science', 'Physical science', 'Social science', 'Life science']) {
      await page.locator('[data-testid="library-subject"]', { hasText: subject }).first()
        [touch ? 'tap' : 'click']();
      const want = lessons.filter((m) => guides[m.id].subject === subject).map((m) => m.id);
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="library-card"]').length === n, want.length);
      assert.deepEqual((await cards(page)).map(([id]) => id), want, subject);
      assert.ok(want.length >= 1, `a model for ${subject}`);
    }
    await page.locator('[data-testid="library-subject"]', { hasText: 'All subjects' })[touch ? 'tap' : 'click']();
    // The search reads names and summaries; a search with no match says so.
    await page.fill('[data-testid="library-search"]', 'moth');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="library-card"]')]
      .map((c) => c.dataset.model).join() === 'moths');
    await page.fill('[data-testid="library-search"]', 'zebra unicorn');
    await page.waitForFunction(() => /No model matches/.test(document.querySelector('[data-testid="library-count"]').textContent));
    await page.fill('[data-testid="library-search"]', '');

    // A card opens its model, paused at its start, and Info shows its guide beside it.
    const pick = lessons.find((m) => m.id === 'fish-and-algae');
    await press(`[data-testid="library-card"][data-model="${pick.id}"]`);
    await page.waitForSelector('[data-testid="library-page"]', { state: 'detached' });
    await page.waitForFunction((l) => document.querySelector('[data-testid="project-label"]')?.textContent === l, pick.label);
    assert.equal(await page.isEnabled('[data-testid="play"]'), true, 'the model opens paused');
    await press('[data-testid="info-toggle"]');
    await page.waitForSelector('[data-testid="info-panel"]');
    const guide = guides[pick.id];
    assert.match(await page.textContent('[data-testid="info-band"]'), new RegExp(guide.subject));
    const steps = await page.$$eval('[data-testid="info-steps"] li', (li) => li.map((l) => l.textContent));
    assert.deepEqual(steps, guide.steps);
    assert.equal(await page.textContent('[data-testid="info-science"] p'), guide.science);
    assert.equal(await page.locator('[data-testid="info-try"] li').count(), guide.tryThis.length);
    const box = await page.locator('[data-testid="info-panel"]').boundingBox();
    assert.ok(box.x >= size.width / 2, 'the guide is beside the stage');
    await screenshot(page, `models-info-${name}`);
    assert.deepEqual(await audit(page), []);
    await press('[data-testid="info-close"]');
    await page.waitForSelector('[data-testid="project-label"]', { state: 'visible' });
  });
}

test('on a phone the library shows one card a row and Escape closes it', async () => {
  const app = await openApp({ viewport: { width: 390, height: 844 }, touch: true });
  opened.push(app);
  const { page } = app;
  await openLibrary(page, true);
  const boxes = await page.$$eval('[data-testid="library-card"]', (all) => all.slice(0, 2).map((c) => c.getBoundingClientRect().toJSON()));
  assert.ok(boxes[1].y > boxes[0].y, 'one card a row');
  assert.ok(boxes[0].width <= 390, 'cards fit the phone');
  await screenshot(page, 'models-library-phone');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="library-page"]', { state: 'detached' });
});
