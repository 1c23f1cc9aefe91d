// The class's work, part one: with a real nats-server, the teacher hands the class model
// out and two students (a phone and a tablet, touch) each save a copy to their own
// projects, as a new project that never replaces one of theirs; a student saves the class
// model any time too. Each copy opens in that browser's library afterwards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../harness.mjs';
import { startLesson, join } from '../session-harness.mjs';

let nats;
let room;
let teacher;
let code;
let q;
const s = {};

before(async () => {
  ({ nats, room, q, teacher, code } = await startLesson());
  s.Ana = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  s.Cleo = await room.device(`?join=${code}&${q}`, { width: 1024, height: 768, touch: true });
  await join(s.Ana, 'Ana');
  await join(s.Cleo, 'Cleo');
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
});

/** The names of the projects in the library of `page`'s browser, from a fresh page of it. */
async function library(page) {
  const home = await page.context().newPage();
  await home.goto(new URL('/', page.url()).href);
  await home.click('[data-testid="library-toggle"]');
  await home.waitForSelector('[data-testid="library"]');
  const names = await home.$$eval('[data-testid="library-row"]', (rows) => rows.map((r) => r.dataset.project));
  await home.close();
  return names;
}

test('a hand-out is saved on two devices as new projects, and the class model any time', async () => {
  assert.equal(await s.Ana.$('[data-testid="handout"]'), null, 'nothing handed out yet');
  await s.Ana.waitForSelector('[data-testid="class-save"]');
  await teacher.click('[data-testid="session-handout"]');
  for (const page of [s.Ana, s.Cleo]) {
    await page.waitForSelector('[data-testid="handout"]');
    await page.click('[data-testid="handout-save"]');
    await page.waitForSelector('[data-testid="handout-saved"]');
    assert.match(await page.textContent('[data-testid="handout-saved"]'), new RegExp(`Saved to your projects as “Fish and Algae \\(class ${code}, \\d{4}-\\d{2}-\\d{2}\\)”`));
    await page.waitForSelector('[data-testid="handout"]', { state: 'detached' });
  }
  await screenshot(s.Ana, 'handout-phone-saved');
  // Saving again (the class model any time) never replaces the first copy.
  await s.Ana.click('[data-testid="class-save"]');
  await s.Ana.waitForFunction(() => /\(copy\)/.test(document.querySelector('[data-testid="handout-saved"]').textContent));
  const ana = await library(s.Ana);
  assert.equal(ana.filter((n) => n.startsWith(`Fish and Algae (class ${code}`)).length, 2, ana.join(' | '));
  const cleo = await library(s.Cleo);
  assert.equal(cleo.filter((n) => n.startsWith(`Fish and Algae (class ${code}`)).length, 1, cleo.join(' | '));
});

test('a student who reloads is offered the hand-out until they answer it', async () => {
  await teacher.click('[data-testid="session-handout"]');
  await s.Cleo.waitForSelector('[data-testid="handout"]');
  await s.Cleo.reload();
  await s.Cleo.waitForSelector('[data-testid="handout"]');
  await s.Cleo.click('[data-testid="handout-later"]');
  await s.Cleo.waitForSelector('[data-testid="class-save"]');
  await s.Cleo.reload();
  await s.Cleo.waitForSelector('[data-testid="class-save"]');
  assert.equal(await s.Cleo.$('[data-testid="handout"]'), null, 'put aside, it stays aside');
});

/** The teacher's record as "who: what", oldest first, from the list in the panel. */
async function record() {
  const rows = await teacher.$$eval('[data-testid="activity-row"]', (r) => r.map((li) => li.textContent));
  return rows.reverse().map((t) => t.split(' · ').slice(2).join(' · '));
}

/** Whether `want` appears in `got` in order (other events may come between). */
function inOrder(got, want) {
  let i = 0;
  for (const g of got) if (i < want.length && g.startsWith(want[i])) i += 1;
  return i === want.length;
}

test("the lesson's record lists what happened in order, survives a reload and downloads as CSV", async () => {
  await teacher.click('[data-testid="session-lock"]');
  await teacher.click('[data-testid="session-lock"]');
  const want = [
    'teacher: started the session in room', 'Ana: joined as Fish', 'Cleo: joined as Fish',
    'teacher: handed out the class model', 'teacher: handed out the class model',
    'teacher: locked the room', 'teacher: opened the room',
  ];
  await teacher.waitForFunction(() => /opened the room/.test(document.querySelector('[data-testid="session-activity"]').textContent));
  assert.ok(inOrder(await record(), want), (await record()).join('\n'));
  // Once the page says the record is kept, a reload of the teacher's page loses none of it.
  await teacher.waitForFunction(() => {
    const box = document.querySelector('.session-activity-box');
    return box.dataset.kept === box.dataset.noted;
  });
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="session-start"]');
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForFunction(() => /came back to the session/.test(document.querySelector('[data-testid="session-activity"]')?.textContent));
  await teacher.waitForFunction(() => /locked the room/.test(document.querySelector('[data-testid="session-activity"]').textContent));
  assert.ok(inOrder(await record(), [...want, 'teacher: came back to the session']), (await record()).join('\n'));
  await teacher.click('.session-activity-box summary');
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('[data-testid="activity-download"]')]);
  assert.equal(download.suggestedFilename(), `stepwise-lesson-${code}.csv`);
  const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], 'wall_time,tick,who,what,detail');
  const rows = lines.slice(1).map((l) => l.split(','));
  assert.ok(rows.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(r[0]) && /^\d+$/.test(r[1])), csv);
  assert.ok(inOrder(rows.map((r) => `${r[2]}: ${r[3]}`), [...want, 'teacher: came back to the session']), csv);
  await screenshot(teacher, 'activity-teacher');
});
