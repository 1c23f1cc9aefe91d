// axe-core on the main views: the stage with its panels, the script editor, the wizard, the
// map editor, the project library and the inspector of a selected agent, on a laptop and on a
// phone. No view may have a serious or critical finding; the others are printed to be read.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, frames, audit } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

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
