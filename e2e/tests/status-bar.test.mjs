// GEMSTEP's statusValue: a script sets it (0..1) with statusValueColor, and the stage draws
// a bar of that colour under the agent, filled that far; onexone draws no body but its label.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp, waitForText } from '../harness.mjs';

const PROJECT = {
  id: 'status', label: 'Status bars',
  metadata: { top: -400, right: 400, bottom: 400, left: -400, wrap: [false, false], bounce: true, bgcolor: 0, roundsCanLoop: false },
  blueprints: [
    { name: 'Meter', scriptText: "# BLUEPRINT Meter\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'square.json' 0\nprop statusValue setTo 0.5\nprop statusValueColor setTo 65280\nprop statusValueIsLarge setTo true\n" },
  ],
  instances: [{ id: '1', label: 'm', bpid: 'Meter', initScript: '' }],
};

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Pure green pixels in each half of the band under the canvas centre (runs in the page). */
function greenUnderCentre() {
  const canvas = document.querySelector('[data-testid="stage"]');
  const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const [cx, cy] = [Math.round(width / 2), Math.round(height / 2)];
  let left = 0;
  let right = 0;
  for (let y = cy; y < cy + Math.round(height / 8); y++) {
    for (let x = cx - Math.round(width / 8); x < cx + Math.round(width / 8); x++) {
      const i = (y * width + x) * 4;
      if (data[i] < 40 && data[i + 1] > 200 && data[i + 2] < 40) {
        if (x < cx) left++; else right++;
      }
    }
  }
  return { left, right };
}

test('a status value is drawn as a bar under the agent, filled that far', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'status.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PROJECT)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Status bars');
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  // Waits for the bar to be drawn (the model loads and its sprites decode a few frames on).
  const drawn = await page.waitForFunction(`(${greenUnderCentre})().left > 30 && (${greenUnderCentre})()`);
  const { left, right } = await drawn.jsonValue();
  assert.ok(right < left / 4, `half full: ${right} green pixels on the empty side`);
  await screenshot(page, 'status-bar');
});
