// The Experiment panel: a 3 × 3 × 2 sweep of the Fish and Algae model runs in Web Workers, fills
// a table and a plot, downloads the same CSV `stepwise sweep` writes for the experiment it saved,
// replays a run on the stage, and Cancel stops the workers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import {
  openApp, screenshot, closeApp, storedProjects, waitForStored, fillExperiment, importGemstepModel,
  openTools,
} from '../harness.mjs';

const run = promisify(execFile);
const STEPWISE = resolve(import.meta.dirname, '..', '..', 'target', 'release', 'stepwise');

/** The project the library keeps with a saved experiment (once the autosave reached it). */
async function savedProject(page) {
  await waitForStored(page, '"experiments"');
  const text = (await storedProjects(page)).find((t) => t.includes('"experiments"'));
  return JSON.parse(text);
}

let app;
before(async () => {
  app = await openApp();
  // The experiment is one of the developer tools.
  await openTools(app.page);
});
after(() => closeApp(app));

test('a 3 × 3 × 2 experiment runs in workers, plots, and downloads the CSV stepwise sweep writes', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment"] [data-testid="measure"]')?.value === 'count Fish');
  await fillExperiment(page, {
    vary: [['Fish.energyUse', '1,3,5'], ['Fish.energy', '20..60:20']],
    measures: ['count Fish', 'mean Fish.energy', "{{ Fish.count / (Algae.count + 1) }}"],
    seeds: 2,
    seconds: 2,
  });
  const button = page.locator('[data-testid="experiment-run"]');
  assert.equal(await button.textContent(), 'Run 18 runs');
  await button.click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment-status"]')?.textContent.startsWith('18 of 18 runs done'));
  assert.equal(await page.locator('[data-testid="experiment-row"]').count(), 18);
  assert.equal(await page.locator('[data-testid="plot-point"]').count(), 18, 'a dot per run');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="experiment-csv"]'),
  ]);
  assert.equal(download.suggestedFilename(), 'stepwise-experiment.csv');
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], '[run number],Fish.energyUse,Fish.energy,[seed],[step],count Fish,mean Fish.energy,{{ Fish.count / (Algae.count + 1) }}');
  assert.equal(lines.length, 19, 'a header and a row per run');
  assert.match(lines[1], /^1,1,20,1,60,\d+,/);

  // The experiment was saved in the project; the command line runs it to the same bytes.
  if (existsSync(STEPWISE)) {
    const dir = await mkdtemp(join(tmpdir(), 'stepwise-experiment-'));
    const file = join(dir, 'model.gemprj');
    const saved = await savedProject(page);
    assert.equal(saved.experiments?.length, 1, 'the experiment is saved in the project');
    await writeFile(file, JSON.stringify(saved));
    const out = join(dir, 'out.csv');
    await run(STEPWISE, ['sweep', file, '--csv', out]);
    assert.equal(await readFile(out, 'utf8'), csv, 'the browser and stepwise sweep write the same table');
    await rm(dir, { recursive: true, force: true });
  } else {
    console.log(`skipped the comparison with stepwise sweep: ${STEPWISE} is not built`);
  }
  await screenshot(page, 'experiment-done');

  // A run's number replays it on the stage, from its values and seed.
  await page.locator('[data-testid="replay-run"]').nth(4).click();
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="replaying"]')?.textContent.includes('run 5: Fish.energyUse = 1, Fish.energy = 60, seed 1'));
  await page.click('[data-testid="end-replay"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="replaying"]'));
});

test('Cancel stops the workers and keeps the runs that finished', async () => {
  const { page } = app;
  await fillExperiment(page, {
    vary: [['Fish.energyUse', '1..5']],
    measures: ['count Fish'],
    seeds: 400,
    seconds: 120,
  });
  // The second prop of the last experiment is still varied: 5 × 3 values, 400 runs of each.
  const button = page.locator('[data-testid="experiment-run"]');
  assert.equal(await button.textContent(), 'Run 6000 runs');
  await button.click();
  await page.waitForFunction(() =>
    Number(document.querySelector('[data-testid="experiment-progress"]')?.value) >= 1);
  assert.ok(page.workers().length >= 1, 'the runs go on in workers');
  await page.click('[data-testid="experiment-cancel"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment-status"]')?.textContent.startsWith('cancelled after'));
  // Terminated workers close; wait for the last to go.
  for (const worker of page.workers()) {
    await new Promise((resolve) => { worker.on('close', resolve); if (!page.workers().includes(worker)) resolve(); });
  }
  assert.equal(page.workers().length, 0, 'no worker is left running');
  const status = await page.textContent('[data-testid="experiment-status"]');
  const [, done] = status.match(/cancelled after (\d+) of 6000 runs/) ?? [];
  assert.ok(Number(done) >= 1 && Number(done) < 6000, status);
  // Nothing more comes in once cancelled: every row shown is of a run counted as done.
  assert.equal(await page.locator('[data-testid="experiment-row"]').count(), Math.min(Number(done), 200));
  assert.equal(await page.locator('[data-testid="experiment-run"]').isEnabled(), true);
});

test('GEMSTEP\'s decomposition model sweeps over what its students may change', async (t) => {
  const { page } = app;
  if (!await importGemstepModel(t, page, 'decomposition')) return;
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment"] [data-testid="measure"]')?.value === 'count Soil');
  await fillExperiment(page, {
    vary: [['Plant.energyLevel', '25,50,100'], ['Plant.nutrients', '4,8,16']],
    measures: ['count Plant', 'mean Plant.energyLevel'],
    seeds: 1,
    seconds: 5,
  });
  await page.click('[data-testid="experiment-run"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment-status"]')?.textContent.startsWith('9 of 9 runs done'));
  const rows = await page.$$eval('[data-testid="experiment-row"]',
    (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.equal(rows.length, 9);
  // Each run's plants start at its energy level, and have lost none 5 seconds in.
  for (const row of rows) assert.equal(row[6], row[1], `run ${row[0]}: ${row}`);
  assert.equal(await page.locator('[data-testid="plot-point"]').count(), 9);
});

test('built-in props are measured, an empty cell says why, and the plot names its axes', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'wander');
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment"] [data-testid="measure"]')?.value === 'count Fish'
    && document.querySelectorAll('[data-testid="experiment"] [data-testid="vary-row"]').length === 1);
  await fillExperiment(page, {
    vary: [['Fish.energyUse', '1,2']],
    measures: ['mean Fish.x', '{{ Fish.count / (Algae.count - Algae.count) }}'],
    seeds: 1,
    seconds: 1,
  });
  await page.click('[data-testid="experiment-run"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="experiment-status"]')?.textContent.startsWith('2 of 2 runs done'));
  const rows = await page.$$eval('[data-testid="experiment-row"]',
    (trs) => trs.map((tr) => [...tr.children].map((td) => [td.textContent, td.title])));
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.match(row[4][0], /^-?\d/, `mean Fish.x is a number: ${row}`);
    assert.equal(row[5][0], '', 'a division by zero measures nothing');
    assert.match(row[5][1], /^empty: '\/' cannot divide by zero/, 'the empty cell says why');
  }
  assert.match(await page.textContent('[data-testid="experiment-blanks"]'),
    /^'\{\{ Fish\.count \/ \(Algae\.count - Algae\.count\) \}\}' has 2 empty cells; the first, run 1 at tick 30: '\/' cannot divide by zero/);
  assert.equal(await page.textContent('[data-testid="plot-x-title"]'), 'Fish.energyUse');
  assert.equal(await page.textContent('[data-testid="plot-y-title"]'), 'mean Fish.x');
  await page.locator('[data-testid="experiment-plot"]').scrollIntoViewIfNeeded();
  await screenshot(page, 'experiment-built-in-and-blank');
});
