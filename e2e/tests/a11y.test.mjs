// axe-core on the main views: the stage with its panels, the script editor, the wizard, the
// map editor, the project library and the inspector of a selected agent, on a laptop and on a
// phone. No view may have a serious or critical finding; the others are printed to be read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openApp, closeApp, frames } from '../harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Runs axe on the page as it is; resolves to its violations as plain data. */
async function audit(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      count: v.nodes.length, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
}

const VIEWS = [
  ['stage', async () => {}],
  ['script editor', async (page) => {
    await page.click('[data-testid="script-toggle"]');
    await page.waitForSelector('[data-testid="script-editor"]');
  }],
  ['wizard', async (page) => {
    await page.click('[data-testid="script-toggle"]');
    await page.click('[data-testid="wizard-tab"]');
    await page.waitForSelector('[data-testid="wizard"]');
  }],
  ['map editor', async (page) => {
    await page.click('[data-testid="map-toggle"]');
    await page.waitForSelector('.map-editor');
  }],
  ['library', async (page) => {
    await page.click('[data-testid="library-toggle"]');
    await page.waitForSelector('[data-testid="library"]');
  }],
  ['inspector', async (page) => {
    await page.click('[data-testid="agent-row"]');
    await page.waitForSelector('[data-testid="inspector"]');
  }],
];

test('no view has a serious or critical accessibility finding', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="project-label"]');
  const severe = [];
  for (const [width, height] of [[1280, 900], [390, 844]]) for (const [view, open] of VIEWS) {
    const name = `${view} at ${width}×${height}`;
    await page.setViewportSize({ width, height });
    await page.goto(app.url);
    await page.waitForSelector('[data-testid="project-label"]');
    await open(page);
    await frames(page, 2);
    const found = await audit(page);
    for (const v of found) {
      const line = `${name}: ${v.impact} ${v.id} (${v.help}), ${v.count} elements, at ${v.nodes.join(', ')}`;
      console.log(line);
      if (v.impact === 'serious' || v.impact === 'critical') severe.push(line);
    }
  }
  assert.deepEqual(severe, []);
});
