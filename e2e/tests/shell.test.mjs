// The app shell: the stage draws agents, and Play / Pause / Step / Reset drive the clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, stagePixels, shownTick, closeApp } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('the stage shows drawn agents that move while playing', async () => {
  const { page } = app;
  await page.waitForTimeout(300);
  const first = await stagePixels(page);
  assert.ok(first.drawn > 300, `expected agents drawn on the stage, got ${first.drawn} pixels`);
  await page.waitForTimeout(400);
  const later = await stagePixels(page);
  assert.notEqual(later.hash, first.hash, 'the stage did not change while playing');
  await screenshot(page, 'shell-playing');
});

test('pause stops the agents', async () => {
  const { page } = app;
  await page.click('[data-testid="pause"]');
  const paused = await stagePixels(page);
  const tick = await shownTick(page);
  await page.waitForTimeout(400);
  assert.equal((await stagePixels(page)).hash, paused.hash, 'agents moved while paused');
  assert.equal(await shownTick(page), tick, 'ticks advanced while paused');
});

test('step advances exactly one tick', async () => {
  const { page } = app;
  const before = await shownTick(page);
  const pixels = await stagePixels(page);
  await page.click('[data-testid="step"]');
  await page.waitForTimeout(100);
  assert.equal(await shownTick(page), before + 1);
  assert.notEqual((await stagePixels(page)).hash, pixels.hash, 'a step did not redraw the agents');
  await page.waitForTimeout(300);
  assert.equal(await shownTick(page), before + 1, 'the app kept running after a step');
});

test('reset returns to tick zero and play resumes', async () => {
  const { page } = app;
  await page.click('[data-testid="reset"]');
  await page.waitForTimeout(100);
  assert.equal(await shownTick(page), 0);
  await page.click('[data-testid="play"]');
  await page.waitForTimeout(500);
  assert.ok((await shownTick(page)) > 0, 'play did not advance time after reset');
});

/** Ticks that pass in `ms` milliseconds of real time while playing. */
async function ticksIn(page, ms) {
  const start = await shownTick(page);
  await page.waitForTimeout(ms);
  return (await shownTick(page)) - start;
}

test('the speed control changes how fast time passes', async () => {
  const { page } = app;
  const normal = await ticksIn(page, 1000);
  await page.selectOption('[data-testid="speed"]', '4');
  const fast = await ticksIn(page, 1000);
  // 4x should give about four times the ticks; 2x leaves room for uneven frame rates.
  assert.ok(fast > 2 * normal, `1x gave ${normal} ticks, 4x gave ${fast}`);
  await screenshot(page, 'shell-fast');
});
