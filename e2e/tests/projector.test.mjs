// The projector view shows the lesson: the stage, its controls, and beside them the graphs
// with each blueprint's count and every Global prop, in labels of at least 24 px on a
// 1920×1080 screen; no control lies over another (Exit projector view and Script apart).
// GEMSTEP's aquatic when ../shared is there, else our own fish-and-algae model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openApp, screenshot, closeApp, waitForText } from '../harness.mjs';

const AQUATIC = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'gemstep-models', 'aquatic.gemprj');
const hasAquatic = await access(AQUATIC).then(() => true, () => false);

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Whether two boxes overlap (touching edges do not count). */
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether `box` lies inside the viewport. */
const onScreen = (box, { width, height }) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5;

async function openModel(page) {
  if (hasAquatic) {
    const text = await readFile(AQUATIC, 'utf8');
    await page.setInputFiles('[data-testid="import"]', {
      name: 'aquatic.gemprj', mimeType: 'application/json', buffer: Buffer.from(text),
    });
    await waitForText(page, '[data-testid="project-label"]', JSON.parse(text).label);
  } else {
    await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
    await page.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Fish"]');
  }
}

for (const viewport of [{ width: 1920, height: 1080 }, { width: 1366, height: 768 }]) {
  test(`projector view at ${viewport.width}×${viewport.height} shows stage, controls, graphs and counts`, async () => {
    const { page } = app;
    await page.setViewportSize(viewport);
    await openModel(page);
    await page.click('[data-testid="projector"]');
    await page.waitForSelector('html.projector');
    // The graphs sample once per sim-second: wait for the first legend entries.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="legend-item"]').length > 0);
    const boxes = {};
    for (const id of ['stage', 'play', 'reset', 'speed', 'graphs', 'projector', 'script-toggle']) {
      const box = await page.locator(`[data-testid="${id}"]`).boundingBox();
      assert.ok(box, `${id} is shown`);
      assert.ok(onScreen(box, viewport), `${id} is on screen: ${JSON.stringify(box)}`);
      boxes[id] = box;
    }
    const ids = Object.keys(boxes);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        assert.ok(!overlap(boxes[ids[i]], boxes[ids[j]]), `${ids[i]} and ${ids[j]} overlap`);
      }
    }
    const legend = await page.locator('[data-testid="legend-item"]').allTextContents();
    assert.ok(legend.some((l) => /^(Fish|Algae): \d/.test(l)), `blueprint counts are listed: ${legend}`);
    if (viewport.width === 1920) {
      const px = await page.$eval('[data-testid="legend-item"]', (el) => parseFloat(getComputedStyle(el).fontSize));
      assert.ok(px >= 24, `graph labels are ${px} px`);
      const canvasPx = await page.$eval('[data-testid="stage"]', (el) => el.getBoundingClientRect().width);
      assert.ok(canvasPx >= 900, `the stage is ${canvasPx} px wide on the projector`);
    }
    assert.equal(await page.locator('[data-testid="log"]').isVisible(), false, 'the log stays on the teacher\'s screen');
    await screenshot(page, `projector-${viewport.width}x${viewport.height}`);
    await page.click('[data-testid="projector"]');
    await page.waitForSelector('html:not(.projector)');
  });
}
