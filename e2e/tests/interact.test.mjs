// Selection, hover and drag with real mouse events on the stage, the window's keys, and the
// inspector: it shows the selected agent's props, edits them, and lists every agent.
//
// The wander model's stage is centred on the origin, so an agent placed at (0, 0) through the
// inspector is drawn at the canvas centre; that is how the tests find agents on the canvas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, stagePixels, closeApp, waitForText } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const propValue = (page, prop) => page.inputValue(`[data-testid="prop-${prop}"]`);

/** The stage's centre in page coordinates, with the stage scrolled into view. */
async function stageCentre(page) {
  const stage = page.locator('[data-testid="stage"]');
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
}

/** Types `value` into the inspector's field for `prop` and applies it with Enter. */
async function setProp(page, prop, value) {
  await page.fill(`[data-testid="prop-${prop}"]`, value);
  await page.press(`[data-testid="prop-${prop}"]`, 'Enter');
}

/** Selects agent number `n` in the list and puts it at the stage's origin; its name. */
async function placeAtOrigin(page, n) {
  const row = page.locator('[data-testid="agent-row"]').nth(n);
  const name = (await row.textContent()).trim();
  await row.click();
  await waitForText(page, '[data-testid="inspected-name"]', name);
  await setProp(page, 'x', '0');
  await setProp(page, 'y', '0');
  return name;
}

let first;
let second;
/** Where the first agent was dropped, in page coordinates. */
let dropped;

test('the agent list selects on click and the inspector edits a prop', async () => {
  const { page } = app;
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the model opens paused');
  await waitForText(page, '[data-testid="agent-count"]', '12');
  await page.selectOption('[data-testid="agent-filter"]', { index: 1 });
  // The blueprint filter shows that blueprint's agents.
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="agent-count"]')?.textContent) > 0);
  await page.selectOption('[data-testid="agent-filter"]', '');
  first = await placeAtOrigin(page, 0);
  assert.equal(await propValue(page, 'x'), '0');
  assert.equal(await propValue(page, 'y'), '0');
  await setProp(page, 'x', 'abc');
  await waitForText(page, '[data-testid="inspector-error"]', /not a number/);
  assert.equal(await propValue(page, 'x'), '0', 'a refused edit changed the prop');
  await setProp(page, 'id', '99');
  await waitForText(page, '[data-testid="inspector-error"]', /id: 'id' cannot be changed/);
  assert.equal(await propValue(page, 'id'), '1');
  await screenshot(page, 'interact-inspector');
});

test('Escape clears the selection', async () => {
  const { page } = app;
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="no-selection"]');
  assert.equal(await page.locator('[data-testid="agent-row"].selected').count(), 0);
});

test('hovering an agent highlights it', async () => {
  const { page } = app;
  await page.mouse.move(5, 5);
  const { x, y } = await stageCentre(page);
  const plain = await stagePixels(page);
  await page.mouse.move(x, y);
  await waitForText(page, '[data-testid="hovered"]', `Under the pointer: ${first}`);
  assert.notEqual((await stagePixels(page)).hash, plain.hash, 'the hovered agent looks the same');
  await page.mouse.move(5, 5);
  await waitForText(page, '[data-testid="hovered"]', '');
});

test('a click on the stage selects the agent under the pointer', async () => {
  const { page } = app;
  const { x, y } = await stageCentre(page);
  await page.mouse.click(x, y);
  await waitForText(page, '[data-testid="inspected-name"]', first);
});

test('dragging an agent moves it to where it is dropped', async () => {
  const { page } = app;
  const { x, y, box } = await stageCentre(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 60, y + 30, { steps: 6 });
  await page.mouse.move(x + 100, y + 50, { steps: 6 });
  await page.mouse.up();
  dropped = { x: x + 100, y: y + 50 };
  const [wx, wy] = [Number(await propValue(page, 'x')), Number(await propValue(page, 'y'))];
  // The 800-unit-wide stage fits a canvas box.width pixels wide; GEMSTEP's y grows downwards.
  const perPixel = 800 / box.width;
  assert.ok(Math.abs(wx - 100 * perPixel) < 3, `x is ${wx}, expected about ${100 * perPixel}`);
  assert.ok(Math.abs(wy - 50 * perPixel) < 3, `y is ${wy}, expected about ${50 * perPixel}`);
});

test('shift-click adds a second agent to the selection', async () => {
  const { page } = app;
  second = await placeAtOrigin(page, 1);
  assert.notEqual(second, first);
  await stageCentre(page);
  const { x, y } = await stageCentre(page);
  await page.mouse.click(x, y);
  await waitForText(page, '[data-testid="inspected-name"]', second);
  // The first agent stayed where it was dropped (the page may have scrolled since).
  const moved = { x: dropped.x, y: dropped.y + (y - (await stageCentre(page)).y) };
  await page.keyboard.down('Shift');
  await page.mouse.click(moved.x, moved.y);
  await page.keyboard.up('Shift');
  await waitForText(page, '[data-testid="selected-count"]', '2 agents selected');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="agent-row"].selected').length === 2);
  await screenshot(page, 'interact-group');
});

test('Delete removes the selected agents', async () => {
  const { page } = app;
  await page.click('h1');
  await page.keyboard.press('Delete');
  await page.waitForSelector('[data-testid="no-selection"]');
  await waitForText(page, '[data-testid="agent-count"]', '10');
  const names = await page.locator('[data-testid="agent-row"]').allTextContents();
  assert.ok(!names.includes(first) && !names.includes(second), 'a deleted agent is still listed');
});

test('Space toggles play', async () => {
  const { page } = app;
  await page.click('h1');
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'expected the model paused');
  await page.keyboard.press(' ');
  await page.waitForSelector('[data-testid="pause"]:not([disabled])');
  assert.ok(await page.isDisabled('[data-testid="play"]'));
  await page.keyboard.press(' ');
  await page.waitForSelector('[data-testid="play"]:not([disabled])');
});

test('the inspector follows the selected agent while the model runs', async () => {
  const { page } = app;
  await page.locator('[data-testid="agent-row"]').nth(0).click();
  await page.click('[data-testid="play"]');
  const x = await propValue(page, 'x');
  // The inspected x changes while the model runs.
  await page.waitForFunction((x) => document.querySelector('[data-testid="prop-x"]')?.value !== x, x);
  await page.click('[data-testid="pause"]');
});
