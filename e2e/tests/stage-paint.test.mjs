// The stage is painted only when what it shows changes: a paused model (a student reading or
// writing a script) costs no painting, so a tablet's battery is spared, while every change a
// student makes or the model makes still reaches the canvas. The canvas counts the frames
// painted in its `data-painted` attribute.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, frames, stagePixels, stageChangedFrom, stepTick, shownTick } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Frames the stage has painted so far. */
async function painted(page) {
  return Number(await page.getAttribute('[data-testid="stage"]', 'data-painted'));
}

/** Waits until the stage has painted nothing for 10 frames in a row; the count then. */
async function settled(page) {
  for (;;) {
    const before = await painted(page);
    await frames(page, 10);
    if (await painted(page) === before) return before;
  }
}

test('a paused stage is not painted again while nothing changes', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="agent-row"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]')?.dataset.painted) > 0);
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the model opens paused');
  await page.mouse.move(1, 1);
  const count = await settled(page);
  const pixels = await stagePixels(page);
  await frames(page, 60);
  assert.equal(await painted(page), count, 'sixty frames of a paused model paint nothing');
  assert.deepEqual(await stagePixels(page), pixels, 'and the canvas still shows the model');
});

test('a step and a zoom each paint the stage again', async () => {
  const { page } = app;
  let count = await settled(page);
  let { hash } = await stagePixels(page);
  await stepTick(page);
  ({ hash } = await stageChangedFrom(page, hash));
  assert.ok(await painted(page) > count, 'a tick stepped while paused is painted');

  count = await settled(page);
  const stage = page.locator('[data-testid="stage"]');
  await stage.scrollIntoViewIfNeeded();
  const box = await stage.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  ({ hash } = await stageChangedFrom(page, hash));
  assert.ok(await painted(page) > count, 'a zoom is painted');
});

test('a running model is painted as it ticks, never more often than the screen refreshes', async () => {
  const { page } = app;
  const count = await settled(page);
  const tick = await shownTick(page);
  await page.click('[data-testid="play"]');
  const rafs = await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const start = Number(document.querySelector('[data-testid="tick"]').textContent);
    const next = () => {
      n++;
      if (Number(document.querySelector('[data-testid="tick"]').textContent) >= start + 10) done(n);
      else requestAnimationFrame(next);
    };
    requestAnimationFrame(next);
  }));
  const paints = await painted(page) - count;
  assert.ok(await shownTick(page) >= tick + 10);
  assert.ok(paints >= 5, `ten ticks are painted (${paints} paints)`);
  assert.ok(paints <= rafs + 1, `at most one paint a frame (${paints} paints in ${rafs} frames)`);
  await page.click('[data-testid="pause"]');
});
