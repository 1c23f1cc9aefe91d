// Runs per second of an experiment in the app's Web Workers, with one worker and with one per
// core the browser reports: GEMSTEP's decomposition model (../shared) swept over 3 × 3 values
// of two props its students may change, 12 seeds each, 60 s a run (108 runs). One worker is had
// by making navigator.hardwareConcurrency say 1 before the page loads. The stage is paused
// while the experiment runs. Compare with
// `stepwise sweep` on the same experiment (the command it prints), which uses every core.
//
//   node e2e/bench/sweep-rate.mjs [rounds]      (default 3; after a release build of the site)
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openApp, fillExperiment, importProject } from '../harness.mjs';
import { median } from '../../bench/lib/report.mjs';

const MODEL = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'gemstep-models', 'decomposition.gemprj');
const ROUNDS = Number(process.argv[2] ?? 3);
const EXPERIMENT = {
  vary: [['Plant.energyLevel', '25,50,100'], ['Plant.nutrients', '4,8,16']],
  measures: ['count Plant', 'count Bunny'],
  seeds: 12,
  seconds: 60,
  every: 30,
};

/** One timed experiment in a fresh page; `cores` overrides what the browser reports. */
async function runsPerSecond(text, cores) {
  const init = cores
    ? `Object.defineProperty(navigator, 'hardwareConcurrency', { get: () => ${cores} });`
    : undefined;
  const app = await openApp({ init });
  try {
    const { page } = app;
    await importProject(page, 'decomposition.gemprj', text);
    // The stage is paused, so the page's own drawing does not take a core from the workers.
    if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
    await fillExperiment(page, EXPERIMENT);
    await page.click('[data-testid="experiment-run"]');
    await page.waitForFunction(() =>
      /runs done in/.test(document.querySelector('[data-testid="experiment-status"]')?.textContent ?? ''),
    null, { timeout: 600_000 });
    const status = await page.textContent('[data-testid="experiment-status"]');
    const [, runs, secs, workers] = /(\d+) of \d+ runs done in ([\d.]+) s on (\d+) workers/.exec(status);
    return { rate: Number(runs) / Number(secs), workers: Number(workers) };
  } finally {
    await app.close();
  }
}

const text = await readFile(MODEL, 'utf8');
for (const cores of [1, undefined]) {
  const rounds = [];
  let workers = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const { rate, workers: w } = await runsPerSecond(text, cores);
    rounds.push(rate);
    workers = w;
  }
  console.log(`${workers} worker(s): median ${median(rounds).toFixed(1)} runs/s (${rounds.map((r) => r.toFixed(1)).join(', ')})`);
}
console.log(`command line: stepwise sweep ${MODEL} --vary 'Plant.energyLevel=25,50,100' `
  + `--vary 'Plant.nutrients=4,8,16' --seeds 12 --seconds 60 --every 30 `
  + `--measure 'count Plant' --measure 'count Bunny' --csv out.csv [--threads 1]`);
