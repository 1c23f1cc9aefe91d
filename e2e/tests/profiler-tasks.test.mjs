// The profiler's periodic-task table: the app's real periodic work (graph sampling, the
// inspector and panel refreshes, the timed autosave) runs on one scheduler, and the table
// lists each task with its interval, run count and times; the counts grow while the model
// plays, and the refreshes pause with the model.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp, frames, openTools } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** The task table as { name: { every, runs, total, status } }. */
async function tasks(page) {
  const rows = await page.$$eval('[data-testid="task-row"]', (trs) => trs.map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  return Object.fromEntries(rows.map(([name, every, runs, total, min, max, status]) =>
    [name, { every, runs: Number(runs), total: Number(total), min: Number(min), max: Number(max), status }]));
}

const TASKS = ['graph sampling', 'inspector refresh', 'log & profiler refresh', 'autosave'];

test('the task table lists the app\'s periodic tasks and their run counts grow', async () => {
  const { page } = app;
  // The profiler is one of the developer tools; the refreshes run while the model plays.
  await openTools(page);
  await page.waitForSelector('[data-testid="task-row"]', { timeout: 10_000 });
  await page.click('[data-testid="play"]');
  const before = await tasks(page);
  assert.deepEqual(Object.keys(before), TASKS, 'only the tasks the app really runs');
  assert.equal(before['graph sampling'].every, 'frame');
  assert.equal(before['inspector refresh'].every, '250 ms');
  assert.equal(before['autosave'].every, '5 s');
  // Wait until every task ran again (the autosave first runs 5 s after the page opened).
  let after;
  do {
    await frames(page, 10);
    after = await tasks(page);
  } while (!TASKS.every((name) => after[name].runs > before[name].runs));
  for (const name of TASKS) {
    assert.ok(after[name].runs > before[name].runs,
      `${name} ran ${before[name].runs} then ${after[name].runs} times`);
    assert.ok(after[name].min <= after[name].max, `${name}: min ${after[name].min} ≤ max ${after[name].max}`);
  }
  assert.ok(after['graph sampling'].runs > after['inspector refresh'].runs,
    'the per-frame task runs more often than the 250 ms one');
  await page.locator('[data-testid="task-table"]').scrollIntoViewIfNeeded();
  await screenshot(page, 'profiler-tasks');
});

test('pausing the model pauses the refresh tasks', async () => {
  const { page } = app;
  await page.click('[data-testid="pause"]');
  // A user action refreshes the panels itself: wait for that refresh to show the pause.
  await page.click('[data-testid="step"]');
  const paused = await tasks(page);
  assert.equal(paused['inspector refresh'].status, 'paused');
  assert.equal(paused['log & profiler refresh'].status, 'paused');
  assert.notEqual(paused['autosave'].status, 'paused', 'the autosave keeps its timer');
});
