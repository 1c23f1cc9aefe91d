// The timeline under the stage: dragging it back shows that moment exactly (the same picture,
// graphs and inspector values the run had then), forward again shows the later moment, Step back
// goes one tick back, and a run that goes on from a rewound moment drops the old future and
// says so in Messages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, frames, stagePixels, shownTick, waitForText, screenshot } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const SLIDER = '[data-testid="timeline"]';

/** Moves the timeline's slider to `tick`, as dragging it does. */
async function slideTo(page, tick) {
  await page.$eval(SLIDER, (input, tick) => {
    input.value = String(tick);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, tick);
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]').textContent) === t, tick);
  await frames(page, 2);
}

test('dragging the timeline back and forward shows each moment as it was', async () => {
  const { page } = app;
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) >= 120);
  await page.click('[data-testid="pause"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="pause"]').disabled);
  await frames(page, 2);
  const end = await shownTick(page);
  assert.equal(Number(await page.getAttribute(SLIDER, 'max')), end);
  assert.equal(Number(await page.inputValue(SLIDER)), end);
  const atEnd = await stagePixels(page);
  // The graph's axis names the time of its last sample (one a second).
  const graphEnd = () => page.$eval('.graphs .chart text:last-of-type', (t) => t.textContent);
  const endAxis = await graphEnd();
  assert.match(endAxis, /· [4-9]\d* s$/);

  await slideTo(page, 40);
  const at40 = await stagePixels(page);
  assert.notEqual(at40.hash, atEnd.hash, 'the stage shows the earlier moment');
  await page.waitForFunction(() => document.querySelector('.graphs .chart text:last-of-type').textContent.endsWith('· 1 s'));
  assert.equal(Number(await page.getAttribute(SLIDER, 'max')), end, 'the later moments are still there');
  await screenshot(page, 'timeline-rewound');

  await slideTo(page, end);
  assert.equal((await stagePixels(page)).hash, atEnd.hash, 'forward again: the very same picture');
  await page.waitForFunction((axis) => document.querySelector('.graphs .chart text:last-of-type').textContent === axis, endAxis);
  await slideTo(page, 40);
  assert.equal((await stagePixels(page)).hash, at40.hash, 'back again: the very same picture');

  await page.click('[data-testid="step-back"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]').textContent === '39');
  await page.keyboard.press(',');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]').textContent === '38');
});

test('going on from a rewound moment drops the old future and says so', async () => {
  const { page } = app;
  const end = Number(await page.getAttribute(SLIDER, 'max'));
  await slideTo(page, 60);
  await page.click('[data-testid="step"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]').textContent === '61');
  await waitForText(page, '[data-testid="messages"]', /The run went on from t = 2\.00 s, so what came after that moment before was dropped/);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="timeline"]').max) === 61);
  assert.ok(end > 61);
  // The inspector follows the moment shown.
  await page.click('[data-testid="agent-row"]');
  const x = await page.inputValue('[data-testid="prop-x"]');
  await slideTo(page, 30);
  await page.waitForFunction((x) => document.querySelector('[data-testid="prop-x"]')?.value !== x, x);
});
