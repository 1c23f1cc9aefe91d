// Measures what a saved class run costs in the browser: a lesson recorded by the native
// `class-run` tool (bench/session-load: 30 students steering the fish-and-algae model, every
// one of them moving the whole time, nine script changes) is imported through the projects
// panel (read, checked and kept in IndexedDB), then opened on its replay page; the time until
// the page shows the lesson's first moment, then its last (a seek through keyframes and a
// replay of the ticks after the nearest one). Prints one JSON object.
//
// Run after a build (scripts/test builds the tool and the site):
//   node e2e/bench/class-run-open.mjs [MINUTES]      (default 45)
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { openApp } from '../harness.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const minutes = Number(process.argv[2] ?? 45);
const file = join(tmpdir(), `class-run-${minutes}min.stepwise-run`);
const made = JSON.parse(execFileSync(join(ROOT, 'target', 'release', 'class-run'), [
  join(ROOT, 'static', 'models', 'fish-and-algae.gemprj'), '--minutes', String(minutes), '--out', file,
], { encoding: 'utf8' }));

const app = await openApp();
const { page } = app;
let started = Date.now();
await page.setInputFiles('[data-testid="import"]', file);
await page.waitForSelector('[data-testid="library-run"]', { timeout: 120_000 });
const importMs = Date.now() - started;
const id = await page.getAttribute('[data-testid="library-run"]', 'data-run');
started = Date.now();
await page.goto(new URL(`?run=${encodeURIComponent(id)}`, page.url()).href);
await page.waitForSelector('[data-testid="run-bar"][data-shown]', { timeout: 120_000 });
const openMs = Date.now() - started;
const last = Number(await page.getAttribute('[data-testid="run-timeline"]', 'max'));
started = Date.now();
await page.$eval('[data-testid="run-timeline"]', (el, v) => {
  el.value = String(v);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}, last);
await page.waitForFunction((v) => document.querySelector('[data-testid="run-bar"]').dataset.shown === String(v), last, { timeout: 120_000 });
const endMs = Date.now() - started;
const state = await page.textContent('[data-testid="run-state"]');
await app.close();
console.log(JSON.stringify({
  minutes,
  students: made.students,
  frames_sent: made.frames_sent,
  file_mb: statSync(file).size / 1_048_576,
  import_ms: importMs,
  open_to_first_moment_ms: openMs,
  seek_to_end_ms: endMs,
  state,
  errors: app.errors,
}));
