// A project the student opens while the first example model is still on its way is not
// replaced when the example arrives: the example's download is held until the import is
// shown, then let through.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, waitForText, frames } from '../harness.mjs';

let app;
after(() => closeApp(app));

test('an import made before the first example arrives stays open', async () => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let asked = false;
  app = await openApp({
    setup: (page) => page.route('**/static/models/*.gemprj', async (route) => {
      asked = true;
      await held;
      await route.continue();
    }),
  });
  const { page } = app;
  const project = {
    id: 'mine', label: 'My own model',
    blueprints: [{ name: 'A', scriptText: '# BLUEPRINT A' }],
    instances: [],
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: 'mine.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'My own model');
  if (asked) {
    const arrived = page.waitForResponse('**/static/models/*.gemprj');
    release();
    await arrived;
  } else {
    release();
  }
  await frames(page, 5);
  assert.equal(await page.textContent('[data-testid="project-label"]'), 'My own model');
});
