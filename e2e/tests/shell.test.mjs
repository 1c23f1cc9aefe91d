// The app shell: the stage draws agents, a model opens paused at its start, and Play / Pause /
// Step / Reset drive the clock.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, stagePixels, shownTick, closeApp, frames, stageChangedFrom } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('a model opens paused at its start, its agents drawn', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="project-label"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]')?.dataset.painted) > 0);
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'Pause is off: nothing plays');
  const still = await stagePixels(page);
  await frames(page, 20);
  assert.equal(await shownTick(page), 0, 'no tick ran before Play');
  assert.equal((await stagePixels(page)).hash, still.hash, 'nothing moved before Play');
});

test('the stage shows drawn agents that move while playing', async () => {
  const { page } = app;
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 0);
  const first = await stagePixels(page);
  assert.ok(first.drawn > 300, `expected agents drawn on the stage, got ${first.drawn} pixels`);
  // The stage changes while playing (the test times out if it never does).
  await stageChangedFrom(page, first.hash);
  await screenshot(page, 'shell-playing');
});

test('pause stops the agents', async () => {
  const { page } = app;
  await page.click('[data-testid="pause"]');
  await page.waitForSelector('[data-testid="pause"][disabled]');
  await frames(page, 2);
  const paused = await stagePixels(page);
  const tick = await shownTick(page);
  await frames(page, 20);
  assert.equal((await stagePixels(page)).hash, paused.hash, 'agents moved while paused');
  assert.equal(await shownTick(page), tick, 'ticks advanced while paused');
});

test('step advances exactly one tick', async () => {
  const { page } = app;
  const before = await shownTick(page);
  const pixels = await stagePixels(page);
  await page.click('[data-testid="step"]');
  await page.waitForFunction((want) => document.querySelector('[data-testid="tick"]')?.textContent === String(want), before + 1);
  await frames(page, 2);
  assert.notEqual((await stagePixels(page)).hash, pixels.hash, 'a step did not redraw the agents');
  await frames(page, 20);
  assert.equal(await shownTick(page), before + 1, 'the app kept running after a step');
});

test('reset returns to tick zero and play resumes', async () => {
  const { page } = app;
  await page.click('[data-testid="reset"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]')?.textContent === '0');
  await page.click('[data-testid="play"]');
  // Play advances time after reset (the test times out if it does not).
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 0);
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
