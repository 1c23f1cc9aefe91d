// The teacher's panels: the graphs sample population counts over sim time and download them as
// CSV, the log shows a model's dbgOut lines, and the profiler lists the model's blueprints.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, screenshot, closeApp, openTools } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Clicks "Download CSV" and returns the downloaded text split into rows of cells. */
async function downloadCsv(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="download-csv"]'),
  ]);
  assert.equal(download.suggestedFilename(), 'stepwise-graphs.csv');
  const text = await readFile(await download.path(), 'utf8');
  return text.trim().split('\n').map((line) => line.split(','));
}

test('the graphs show the wander model\'s count over a few sim-seconds and download it as CSV', async () => {
  const { page } = app;
  // The model opens paused; played, wait for three samples (one per sim-second).
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 90);
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="graphs"]')?.textContent.includes('Wanderer: 12'));
  const polyline = await page.getAttribute('[data-testid="graphs"] polyline', 'points');
  assert.ok(polyline.split(' ').length >= 3, `the count line has several points: ${polyline}`);
  const rows = await downloadCsv(page);
  assert.deepEqual(rows[0], ['time', 'Wanderer']);
  assert.ok(rows.length >= 4, 'a header and a sample per sim-second');
  assert.deepEqual(rows[1], ['0', '12']);
  for (const row of rows.slice(1)) assert.equal(row[1], '12');
  await screenshot(page, 'panels-wander');
});

test('the log shows the moths model\'s dbgOut line and the profiler its blueprints', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await page.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Moth"]');
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="log"]')?.textContent.includes('Round 1 starts'));
  const entry = page.locator('[data-testid="log-entry"]', { hasText: 'Round 1 starts' }).first();
  assert.match(await entry.textContent(), /\d+\.\d\d s/, 'the entry shows its sim time');
  assert.equal(await entry.evaluate((e) => e.classList.contains('error')), false,
    'a dbgOut line is not styled as an error');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 60);
  // The profiler is one of the developer tools.
  await openTools(page);
  await page.waitForSelector('[data-testid="profile-row"]');
  const profiled = await page.$$eval('[data-testid="profile-row"] td:first-child',
    (cells) => cells.map((c) => c.textContent));
  for (const blueprint of ['Moth', 'Predator', 'TreeTrunk']) {
    assert.ok(profiled.includes(blueprint), `the profiler lists ${blueprint}: ${profiled}`);
  }
  const legend = await page.textContent('[data-testid="graphs"] .legend');
  assert.match(legend, /Moth: \d+/, 'the graphs restarted with the moths model');
  assert.ok(!legend.includes('Wanderer'), 'the wander model\'s series is gone');
  await screenshot(page, 'panels-moths');
});
