// Two inspector and stage details: the hover ring stays visible on an agent that is already
// selected (it is drawn in its own colour outside the selection ring), and Boolean props are
// checkboxes that change the agent through the same edit path as numbers and text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { openApp, screenshot, stagePixels, SCREENSHOTS, closeApp, frames } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** The hover ring's colour (#4fe3ff) and the selection ring's (#ffd23f). */
const HOVER = [0x4f, 0xe3, 0xff];
const SELECTED = [0xff, 0xd2, 0x3f];

/** Counts the canvas pixels within a small distance of each colour around the centre. */
async function ringPixels(page) {
  return page.evaluate(([hover, selected]) => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const { width, height } = canvas;
    const side = Math.round(Math.min(width, height) / 4);
    const [x0, y0] = [Math.round(width / 2 - side / 2), Math.round(height / 2 - side / 2)];
    const { data } = canvas.getContext('2d').getImageData(x0, y0, side, side);
    const near = (i, [r, g, b]) =>
      Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 40;
    let [h, s] = [0, 0];
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, hover)) h++;
      if (near(i, selected)) s++;
    }
    return { hover: h, selected: s };
  }, [HOVER, SELECTED]);
}

/** The stage's centre in page coordinates, with the stage scrolled into view. */
async function stageCentre(page) {
  const stage = page.locator('[data-testid="stage"]');
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function setProp(page, prop, value) {
  await page.fill(`[data-testid="prop-${prop}"]`, value);
  await page.press(`[data-testid="prop-${prop}"]`, 'Enter');
}

test('a selected agent under the pointer shows the hover ring as well as the selection ring', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="agent-row"]');
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the model opens paused');
  await page.locator('[data-testid="agent-row"]').first().click();
  await setProp(page, 'x', '0');
  await setProp(page, 'y', '0');
  await page.mouse.move(2, 2);
  await frames(page, 3);
  const selectedOnly = await ringPixels(page);
  assert.ok(selectedOnly.selected > 20, `the selection ring is drawn: ${JSON.stringify(selectedOnly)}`);
  assert.equal(selectedOnly.hover, 0, 'no hover ring before the pointer comes');
  const { x, y } = await stageCentre(page);
  await page.mouse.move(x, y);
  await frames(page, 3);
  const both = await ringPixels(page);
  assert.ok(both.hover > 20, `the hover ring shows on the selected agent: ${JSON.stringify(both)}`);
  assert.ok(both.selected > 20, 'the selection ring stays');
  assert.match(await page.textContent('[data-testid="hovered"]'), /Under the pointer/);
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, 'hover-on-selected.png'), clip: { x: x - 60, y: y - 60, width: 120, height: 120 } });
  await page.mouse.move(2, 2);
  await frames(page, 3);
  assert.equal((await ringPixels(page)).hover, 0, 'the hover ring leaves with the pointer');
});

test('a Boolean prop is a checkbox that changes the agent', async () => {
  const { page } = app;
  const visible = page.locator('[data-testid="prop-visible"]');
  assert.equal(await visible.getAttribute('type'), 'checkbox');
  assert.equal(await visible.isChecked(), true);
  const shown = await stagePixels(page);
  await visible.click();
  await page.waitForFunction(() => !document.querySelector('[data-testid="prop-visible"]').checked);
  assert.equal(await page.locator('[data-testid="inspector-error"]').count(), 0);
  const hidden = await stagePixels(page);
  assert.ok(hidden.drawn < shown.drawn, `hiding the agent drew fewer pixels: ${shown.drawn} → ${hidden.drawn}`);
  await page.locator('[data-testid="inspector"]').scrollIntoViewIfNeeded();
  await screenshot(page, 'inspector-checkbox');
  await visible.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-visible"]').checked);
  assert.equal((await stagePixels(page)).drawn, shown.drawn, 'showing it again draws it as before');
  const inert = page.locator('[data-testid="prop-isInert"]');
  await inert.click();
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-isInert"]').checked);
});
