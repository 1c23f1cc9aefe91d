// GEMSTEP's own aquatic and moths models (../shared/gemstep-models) imported through the
// import control, as a user would, then played for 10 seconds of sim time: the log shows no
// error or warning. Skips, saying why, when ../shared is absent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openApp, screenshot, closeApp } from '../harness.mjs';

const MODELS = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'gemstep-models');
const hasSharedModels = await access(MODELS).then(() => true, () => false);
const SKIP = !hasSharedModels && `GEMSTEP's models are not at ${MODELS} (no ../shared checkout)`;

/** Sim seconds each model runs. */
const RUN_SECONDS = 10;

let app;
before(async () => { if (!SKIP) app = await openApp(); });
after(() => closeApp(app));

/** The sim time the status bar shows, seconds. */
async function simSeconds(page) {
  const text = await page.textContent('.controls .status');
  return Number(/t = ([\d.]+) s/.exec(text)?.[1] ?? NaN);
}

for (const model of ['aquatic', 'moths']) {
  test(`GEMSTEP's ${model} model imports and runs ${RUN_SECONDS} s with no error in the log`, { skip: SKIP }, async () => {
    const { page } = app;
    const text = await readFile(join(MODELS, `${model}.gemprj`), 'utf8');
    const { label } = JSON.parse(text);
    await page.setInputFiles('[data-testid="import"]', {
      name: `${model}.gemprj`, mimeType: 'application/json', buffer: Buffer.from(text),
    });
    await page.waitForFunction((want) =>
      document.querySelector('[data-testid="project-label"]')?.textContent === want, label);
    // A fresh model starts from zero; play at the top speed until 10 sim-seconds passed.
    await page.selectOption('[data-testid="speed"]', '8');
    if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
    await page.waitForFunction((secs) => {
      const status = document.querySelector('.controls .status')?.textContent ?? '';
      return Number(/t = ([\d.]+) s/.exec(status)?.[1]) >= secs;
    }, RUN_SECONDS, { timeout: 60_000 });
    // moths' first round lasts 10 s: its end pauses the run by itself.
    if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
    assert.ok(await simSeconds(page) >= RUN_SECONDS);
    const problems = await page.$$eval('[data-testid="log-entry"].error', (rows) => rows.map((r) => r.textContent));
    assert.deepEqual(problems, [], `${model} logged errors or warnings`);
    assert.equal(await page.locator('[data-testid="messages"] li').count(), 0, 'no compile or load messages');
    await screenshot(page, `gemstep-run-${model}`);
    await page.selectOption('[data-testid="speed"]', '1');
  });
}
