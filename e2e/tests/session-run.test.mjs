// The class run, with a real nats-server: before Play, students' characters come and move on
// every screen while nothing else runs; the teacher's page reloads mid-lesson and its
// recording goes on; the teacher saves the class run, whose file replays
// headlessly (`stepwise run --replay`) to the teacher's own state hash; the replay page shows
// the lesson at three ticks with the hashes the teacher had then, and Continue from here makes
// a new project of that moment; a damaged run file is refused by name.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { screenshot } from '../harness.mjs';
import { startLesson, join, dragPad, stageState, lessonTab } from '../session-harness.mjs';

/** The headless command (built by scripts/test). */
const STEPWISE = resolve(import.meta.dirname, '../../target/release/stepwise');

let nats;
let room;
let teacher;
let projector;
let code;
let q;
const s = {};
/** (tick, hash) of the teacher's run at moments the test paused it, by name. */
const moments = {};

before(async () => {
  ({ nats, room, q, teacher, code } = await startLesson());
  projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  s.Ana = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  s.Ben = await room.device(`?join=${code}&${q}`, { width: 768, height: 1024, touch: true });
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
});

/** Waits until every one of `pages` shows the teacher's tick and hash; resolves to them. */
async function agree(pages) {
  const want = await settled();
  for (const page of pages) {
    await page.waitForFunction(({ tick, hash }) => {
      const stage = document.querySelector('[data-testid="stage"]');
      return Number(stage.dataset.tick) === tick && stage.dataset.hash === hash;
    }, want, { timeout: 15000 });
  }
  return want;
}

/** The teacher's tick and hash once its frames stopped changing them (paused). */
async function settled() {
  let last = null;
  for (;;) {
    await teacher.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const now = await stageState(teacher);
    if (last && now.tick === last.tick && now.hash === last.hash && now.hash) return now;
    last = now;
  }
}

async function pause() {
  if (await teacher.isEnabled('[data-testid="pause"]')) await teacher.click('[data-testid="pause"]');
}

async function play() {
  if (await teacher.isEnabled('[data-testid="play"]')) await teacher.click('[data-testid="play"]');
}

/** Plays the teacher's run for `ticks` more ticks, then pauses it; resolves to (tick, hash). */
async function runFor(ticks) {
  const from = (await stageState(teacher)).tick;
  await play();
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= t, from + ticks, { timeout: 30000 });
  await pause();
  return agree([projector, s.Ana, s.Ben]);
}

/** The names in the teacher's agent list. */
const agents = (page) => page.$$eval('[data-testid="agent-row"]', (rows) => rows.map((r) => r.textContent));

test("before Play, students' characters come and move on every screen, and no tick runs", async () => {
  await pause();
  const start = await settled();
  await join(s.Ana, 'Ana');
  await join(s.Ben, 'Ben');
  await teacher.waitForFunction(() => {
    const rows = [...document.querySelectorAll('[data-testid="agent-row"]')].map((r) => r.textContent);
    return rows.includes('Ana') && rows.includes('Ben');
  }, null, { timeout: 15000 });
  const joined = await agree([projector, s.Ana, s.Ben]);
  assert.equal(joined.tick, start.tick, 'the characters came without a tick');
  await dragPad(s.Ana, [0.5, 0.5], [0.2, 0.8]);
  await teacher.waitForFunction((h) => document.querySelector('[data-testid="stage"]').dataset.hash !== h, joined.hash);
  const moved = await agree([projector, s.Ana, s.Ben]);
  assert.equal(moved.tick, start.tick, 'the move came without a tick');
  assert.notEqual(moved.hash, joined.hash);
  await screenshot(projector, 'run-before-play-projector');
});

test('the saved class run replays to the teacher\'s hashes, headlessly and on its page, and goes on from a moment', async () => {
  // A tick shows the model as the run left it: a move made while paused there included.
  const paused = await runFor(90);
  await dragPad(s.Ben, [0.5, 0.5], [0.8, 0.2]);
  await teacher.waitForFunction((h) => document.querySelector('[data-testid="stage"]').dataset.hash !== h, paused.hash);
  moments.a = await agree([projector, s.Ana, s.Ben]);
  assert.equal(moments.a.tick, paused.tick);
  moments.b = await runFor(120);
  // The teacher's page reloads: the recording so far is kept, and goes on.
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="session-run"]').dataset.keptTicks) >= t,
    moments.b.tick - 10, { timeout: 30000 });
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="session-start"]');
  await teacher.click('[data-testid="session-start"]');
  await lessonTab(teacher, 'record');
  await teacher.waitForSelector('[data-testid="session-run"]');
  await teacher.click('[data-testid="reset"]');
  moments.c = await runFor(60);
  await teacher.waitForSelector('[data-testid="session-save-run"]');
  assert.match(await teacher.textContent('[data-testid="session-run"]'), /recorded as it goes: [0-9.]+ min so far/);
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('[data-testid="session-save-run"]')]);
  assert.match(download.suggestedFilename(), /^fish-and-algae-class-run-\d{4}-\d{2}-\d{2}-\d{4}\.stepwise-run$/);
  const file = await download.path();
  const headless = execFileSync(STEPWISE, ['run', '--replay', file], { encoding: 'utf8' });
  assert.match(headless, new RegExp(`state hash ${moments.c.hash}\\s*$`), headless);
  assert.match(headless, /part 1: .*\(the session started\)/, headless);
  assert.match(headless, /part \d+: .*\(the teacher's page came back\)/, headless);
  assert.match(headless, /part \d+: .*\(the run started over or moved on the timeline\)/, headless);

  await teacher.waitForSelector('[data-testid="session-open-run"]');
  await teacher.$eval('[data-testid="session-run"]', (e) => e.scrollIntoView());
  await screenshot(teacher, 'run-saved-teacher');
  const href = await teacher.getAttribute('[data-testid="session-open-run"]', 'href');
  const replay = await teacher.context().newPage();
  replay.errors = [];
  replay.on('pageerror', (e) => replay.errors.push(e.message));
  await replay.setViewportSize({ width: 1366, height: 768 });
  await replay.goto(new URL(href, teacher.url()).href);
  await replay.waitForSelector('[data-testid="run-bar"][data-shown]');
  assert.match(await replay.textContent('[data-testid="run-title"]'), /Class run: Fish and Algae/);
  const parts = await replay.$$eval('[data-testid="run-part"]', (b) => b.map((x) => ({ start: Number(x.dataset.start), first: Number(x.dataset.firstTick) })));
  const last = parts.length - 1;
  for (const [name, part] of [['a', 0], ['b', 0], ['c', last]]) {
    const { tick, hash } = moments[name];
    const position = parts[part].start + tick - parts[part].first;
    await replay.$eval('[data-testid="run-timeline"]', (el, v) => {
      el.value = String(v);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, position);
    await replay.waitForFunction(({ position, tick }) => {
      const bar = document.querySelector('[data-testid="run-bar"]');
      const stage = document.querySelector('[data-testid="stage"]');
      return bar.dataset.shown === String(position) && Number(stage.dataset.tick) === tick && stage.dataset.hash;
    }, { position, tick }, { timeout: 20000 });
    assert.equal((await stageState(replay)).hash, hash, `moment ${name}: tick ${tick}`);
  }
  assert.match(await replay.textContent('[data-testid="run-state"]'), /state checks matched/);
  assert.ok((await replay.$$('[data-testid="run-activity-row"]')).length >= 3, 'the lesson\'s record is beside it');
  for (const [w, h, label] of [[390, 844, 'phone'], [1024, 768, 'tablet'], [768, 1024, 'tablet-upright'], [1366, 768, 'laptop'], [1920, 1080, 'projector']]) {
    await replay.setViewportSize({ width: w, height: h });
    await screenshot(replay, `run-replay-${label}`);
  }
  // Play goes on from the moment at the lesson's pace, and reaches the end.
  await replay.selectOption('[data-testid="run-speed"]', '16');
  await replay.click('[data-testid="run-play"]');
  await replay.waitForFunction(() => document.querySelector('[data-testid="run-play"]').textContent === 'Play', null, { timeout: 20000 });
  assert.equal((await stageState(replay)).hash, moments.c.hash, 'the end of the replay is where the lesson was');

  // Continue from here, at moment b: a new project whose agents are that moment's.
  const b = parts[0].start + moments.b.tick - parts[0].first;
  await replay.$eval('[data-testid="run-timeline"]', (el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, b);
  await replay.waitForFunction((p) => document.querySelector('[data-testid="run-bar"]').dataset.shown === String(p), b);
  const then = (await agents(replay)).sort();
  await Promise.all([replay.waitForNavigation(), replay.click('[data-testid="run-continue"]')]);
  await replay.waitForSelector('[data-testid="agent-row"]');
  await replay.waitForFunction((n) => document.querySelectorAll('[data-testid="agent-row"]').length === n, then.length);
  assert.deepEqual((await agents(replay)).sort(), then, 'the same agents, the students\' characters by their names');
  assert.ok(then.includes('Ana') && then.includes('Ben'), then.join(', '));
  assert.deepEqual(replay.errors, []);
  await replay.close();
});

test('a damaged class run is refused by name; a whole one is listed under Class runs', async () => {
  const page = await teacher.context().newPage();
  await page.goto(new URL('/', teacher.url()).href);
  await page.waitForSelector('[data-testid="library-run"]');
  const good = await readFile(await (async () => {
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('[data-testid="session-save-run"]')]);
    return download.path();
  })());
  const damaged = resolve(tmpdir(), `damaged-${process.pid}.stepwise-run`);
  await writeFile(damaged, good.subarray(0, good.length - 1000));
  await page.setInputFiles('[data-testid="import"]', damaged);
  await page.waitForFunction(() => /damaged or cut short/.test(document.body.textContent));
  const before = (await page.$$('[data-testid="library-run"]')).length;
  const whole = resolve(tmpdir(), `whole-${process.pid}.stepwise-run`);
  await writeFile(whole, good);
  await page.setInputFiles('[data-testid="import"]', whole);
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="library-run"]').length === n + 1, before);
  await page.close();
});
