// Rounds the teacher paces, as in GEMSTEP: the round bar names the round and counts down;
// intros, outros and showMessage texts show over the stage until dismissed; a round's end
// pauses the run, Next round prepares the next, and after the last the app says all rounds
// are done. The status line's time always agrees with its tick.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp, shownTick } from '../harness.mjs';

const DOTS = `# BLUEPRINT Dot
# PROGRAM DEFINE
addFeature Costume
featCall Costume setCostume 'circle.json' 0
addFeature Graphing
# PROGRAM EVENT
onEvent RoundInit [[
  featCall Graphing showMessage 'Counting starts'
]]
`;

const PROJECT = {
  id: 'rounds', label: 'Two rounds',
  metadata: { top: -400, right: 400, bottom: 400, left: -400, wrap: [false, false], bounce: true, bgcolor: 0, roundsCanLoop: false },
  blueprints: [{ name: 'Dot', scriptText: DOTS }],
  instances: [{ id: '1', label: 'd1', bpid: 'Dot', initScript: 'prop x setTo -100' }],
  rounds: [
    { id: 'r1', label: 'Warm up', time: 2, intro: 'Watch the dots', outtro: 'Well done', initScript: '', endScript: '' },
    { id: 'r2', label: 'Second look', time: 1, intro: 'Now count them', outtro: 'All over', initScript: '', endScript: '' },
  ],
};

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const text = (page, id) => page.textContent(`[data-testid="${id}"]`);

async function waitForText(page, id, want) {
  await page.waitForFunction(([id, want]) =>
    document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(want), [id, want]);
}

/** Whether the box of `inner` lies inside the stage canvas's box. */
async function insideStage(page, inner) {
  const stage = await page.locator('[data-testid="stage"]').boundingBox();
  const box = await page.locator(inner).boundingBox();
  return box.x >= stage.x && box.y >= stage.y
    && box.x + box.width <= stage.x + stage.width + 0.5
    && box.y + box.height <= stage.y + stage.height + 0.5;
}

/** Whether the element at the centre of `sel`'s box is `sel` itself or inside it. */
async function onTop(page, sel) {
  return page.$eval(sel, (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return el.contains(hit);
  });
}

test('status time agrees with the tick after steps', async () => {
  const { page } = app;
  await page.click('[data-testid="reset"]');
  for (let i = 0; i < 3; i++) await page.click('[data-testid="step"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]')?.textContent === '3');
  assert.match(await page.textContent('.controls .status'), /t = 0\.10 s · tick 3/);
});

test('a model with rounds shows its round bar and intro, pauses at the end, and plays the next round', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'rounds.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PROJECT)),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Two rounds');
  await page.click('[data-testid="reset"]');

  // Prepared: round one's bar and intro, over the stage.
  await waitForText(page, 'stage-dialog-text', 'Round 1: Watch the dots');
  assert.match(await text(page, 'round-bar'), /Round 1 of 2/);
  assert.equal(await text(page, 'round-bar-label'), 'Warm up');
  assert.equal(await text(page, 'round-countdown'), '0:02');
  assert.ok(await insideStage(page, '[data-testid="stage-dialog"]'), 'the message sits on the stage');
  assert.ok(await insideStage(page, '[data-testid="round-bar"]'), 'the round bar sits on the stage');
  await screenshot(page, 'rounds-intro');
  await page.click('[data-testid="stage-dialog-ok"]');
  await page.waitForSelector('[data-testid="stage-dialog"]', { state: 'detached' });

  // Playing: RoundInit's showMessage appears in the first tick; the round ends at 2 s.
  await page.click('[data-testid="play"]');
  await waitForText(page, 'stage-dialog-text', 'Counting starts');
  await page.click('[data-testid="stage-dialog-ok"]');
  await waitForText(page, 'round-bar-state', 'round over');
  assert.equal(await shownTick(page), 60, 'the ticks stop at the round end');
  assert.match(await page.textContent('.controls .status'), /t = 2\.00 s · tick 60/);
  assert.equal(await text(page, 'round-countdown'), '0:00');
  await waitForText(page, 'stage-dialog-text', 'End Round 1: Well done');
  assert.ok(await page.isDisabled('[data-testid="play"]'), 'Play waits for the next round');
  assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the run paused by itself');
  assert.ok(await onTop(page, '[data-testid="stage-dialog"]'), 'nothing covers the message');
  await screenshot(page, 'rounds-over');

  // Next round: its intro; Play runs it to its end; then all rounds are done.
  await page.click('[data-testid="stage-dialog-ok"]');
  await page.click('[data-testid="next-round"]');
  await waitForText(page, 'stage-dialog-text', 'Round 2: Now count them');
  assert.match(await text(page, 'round-bar'), /Round 2 of 2/);
  assert.equal(await text(page, 'round-countdown'), '0:01');
  assert.equal(await page.locator('[data-testid="next-round"]').count(), 0);
  await page.click('[data-testid="stage-dialog-ok"]');
  await page.click('[data-testid="play"]');
  await waitForText(page, 'round-bar-state', 'all rounds done');
  assert.equal(await shownTick(page), 90);
  assert.ok(await page.isDisabled('[data-testid="play"]'));
  assert.ok(await page.isDisabled('[data-testid="step"]'));
  assert.equal(await page.locator('[data-testid="next-round"]').count(), 0, 'no round after the last');

  // The projector view shows the same bar and message, large.
  await page.click('[data-testid="projector"]');
  await waitForText(page, 'stage-dialog-text', 'End Round 2: All over');
  const size = (sel) => page.$eval(sel, (el) => parseFloat(getComputedStyle(el).fontSize));
  assert.ok(await size('[data-testid="round-bar"]') >= 24, 'round bar labels are at least 24 px');
  assert.ok(await size('[data-testid="stage-dialog-text"]') >= 24, 'messages are at least 24 px');
  assert.ok(await insideStage(page, '[data-testid="round-bar"]'));
  await screenshot(page, 'rounds-projector-done');
  await page.click('[data-testid="projector"]');

  // Reset starts again at round one.
  await page.click('[data-testid="reset"]');
  await waitForText(page, 'round-bar', 'Round 1 of 2');
  assert.ok(await page.isEnabled('[data-testid="play"]'));
});
