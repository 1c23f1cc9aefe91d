// The watchdog: a model whose frame of work takes longer than a quarter second pauses itself
// and names the blueprint that took the time, so the page keeps answering; Play goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, waitForText, shownTick, frames } from '../harness.mjs';

// Heavy enough that a single tick takes several times the budget however fast the engine
// gets: 9,000 agents running 400 lines is about 0.4 s a tick natively (December 2026) and
// more in WASM. With 2,000 agents a tick had become faster than the budget, and only a frame
// that caught up on several ticks went over it. It stays under a tick's work budget
// (4,000,000 statements: 9,000 × 400 is 3,600,000), which stops a tick that would never end.
const LINE = "prop n setTo {{ Math.sqrt(agent.getProp('n').value + agent.x * agent.x + 1) }}";
const PROJECT = {
  id: 'heavy', label: 'Heavy model',
  blueprints: [{
    name: 'Heavy',
    scriptText: `# BLUEPRINT Heavy\n# PROGRAM DEFINE\naddProp n Number 0\n# PROGRAM UPDATE\n${`${LINE}\n`.repeat(400)}`,
  }],
  instances: Array.from({ length: 9_000 }, (_, i) => ({ id: String(i), label: `h${i}`, bpid: 'Heavy', initScript: '' })),
};

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('a frame over budget pauses the run and names the blueprint', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'heavy.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PROJECT)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Heavy model');
  if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
  await page.waitForSelector('[data-testid="watchdog-notice"]', { timeout: 60_000 });
  const text = await page.textContent('[data-testid="watchdog-notice"]');
  assert.match(text, /^The run paused itself: one frame of the model took \d+ ms \(more than 250 ms\), \d+ ms of it in Heavy's scripts/);
  await page.waitForFunction(() => !document.querySelector('[data-testid="play"]').disabled);
  const tick = await shownTick(page);
  await frames(page, 5);
  assert.equal(await shownTick(page), tick, 'paused: no more ticks');
  await page.click('[data-testid="play"]');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]').textContent) > t, tick);
  await page.waitForSelector('[data-testid="watchdog-notice"]', { timeout: 60_000 });
});
