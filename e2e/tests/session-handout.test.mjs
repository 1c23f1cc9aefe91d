// The class's work, with a real nats-server: the teacher hands the class model out and two
// students (a phone and a tablet, touch) each save a copy to their own projects, as a new
// project that never replaces one of theirs; three students hand projects in, the teacher's
// page reloads and loses none, and Download all gives one zip of them; the lesson's record
// lists what happened in order, survives the reload and downloads as CSV.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../harness.mjs';
import { startLesson, join, lessonTab } from '../session-harness.mjs';

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
  s.Dev = await room.device(`?join=${code}&${q}`, { width: 1366, height: 768 });
  await join(s.Ana, 'Ana');
  await join(s.Cleo, 'Cleo');
  await join(s.Dev, 'Dev');
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

/** The rows of a CSV text (quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text) {
  const rows = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { rows.at(-1).push(cell); cell = ''; } else if (c === '\n') { rows.at(-1).push(cell); cell = ''; rows.push([]); } else cell += c;
  }
  if (cell || rows.at(-1).length) rows.at(-1).push(cell);
  return rows.filter((r) => r.length > 1);
}

/** Whether `want` appears in `got` in order (other events may come between). */
function inOrder(got, want) {
  let i = 0;
  for (const g of got) if (i < want.length && g.startsWith(want[i])) i += 1;
  return i === want.length;
}

/** Waits until the teacher's page says its record of the lesson is all kept. */
async function recordKept() {
  await teacher.waitForFunction(() => {
    const box = document.querySelector('.session-activity-box');
    return box.dataset.kept === box.dataset.noted;
  });
}

/** The year each entry of a zip is dated (its local header's DOS date), in order. */
function zipYears(buffer) {
  const years = [];
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    years.push(1980 + (buffer.readUInt16LE(at + 12) >> 9));
    const size = buffer.readUInt32LE(at + 18);
    at += 30 + buffer.readUInt16LE(at + 26) + buffer.readUInt16LE(at + 28) + size;
  }
  return years;
}

/** The files of a zip whose entries are stored (not compressed): name → text. */
function unzipStored(buffer) {
  const files = {};
  let at = 0;
  while (buffer.readUInt32LE(at) === 0x04034b50) {
    const method = buffer.readUInt16LE(at + 8);
    const size = buffer.readUInt32LE(at + 18);
    const nameLength = buffer.readUInt16LE(at + 26);
    const extraLength = buffer.readUInt16LE(at + 28);
    const name = buffer.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extraLength;
    assert.equal(method, 0, `${name} is stored`);
    files[name] = buffer.toString('utf8', start, start + size);
    at = start + size;
  }
  return files;
}

test('three students hand in; a reload of the teacher loses none; Download all gives every project', async () => {
  // Ana hands in her version of the class model (with a change she did not send).
  await s.Ana.click('[data-testid="script-toggle"]');
  await s.Ana.selectOption('[data-testid="script-blueprint"]', 'Algae');
  await s.Ana.waitForFunction(() => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === 'Script of Algae');
  const algae = `${await s.Ana.inputValue('[data-testid="script-text"]')}\n// Ana's idea, not sent\n`;
  await s.Ana.fill('[data-testid="script-text"]', algae);
  await s.Ana.click('[data-testid="script-toggle"]');
  // Cleo hands in the copy she saved; Dev the class model as it is.
  const picks = { Ana: null, Cleo: `Fish and Algae (class ${code}`, Dev: null };
  for (const [name, startsWith] of Object.entries(picks)) {
    const page = s[name];
    await page.click('[data-testid="handin"]');
    await page.waitForSelector('[data-testid="handin-pick"]');
    if (startsWith) {
      await page.waitForFunction((w) => [...document.querySelectorAll('[data-testid="handin-pick"] option')].some((o) => o.textContent.startsWith(w)), startsWith);
      const value = await page.$$eval('[data-testid="handin-pick"] option', (os, w) => os.find((o) => o.textContent.startsWith(w)).value, startsWith);
      await page.selectOption('[data-testid="handin-pick"]', value);
    }
    await page.click('[data-testid="handin-send"]');
    await page.waitForSelector('[data-testid="handin-state"][data-state="arrived"]');
  }
  await teacher.waitForFunction(() => document.querySelectorAll('[data-testid="handin-row"]').length === 3);
  // The teacher's page reloads (once its record is kept): the list and the projects are
  // still there.
  await recordKept();
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="session-start"]');
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForFunction(() => document.querySelectorAll('[data-testid="handin-row"]').length === 3);
  const rows = await teacher.$$eval('[data-testid="handin-row"]', (r) => r.map((li) => li.dataset.student));
  assert.deepEqual(rows, ['Ana', 'Cleo', 'Dev']);
  await lessonTab(teacher, 'handins');
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('[data-testid="handin-download-all"]')]);
  assert.equal(download.suggestedFilename(), `stepwise-handins-${code}.zip`);
  const zip = await (await import('node:fs/promises')).readFile(await download.path());
  const files = unzipStored(zip);
  // Each file is dated when it was handed in (this year), not zip's earliest date (1980).
  const years = zipYears(zip);
  assert.equal(years.length, 3);
  assert.ok(years.every((y) => y === new Date().getFullYear()), years.join(', '));
  const names = Object.keys(files).sort();
  assert.equal(names.length, 3, names.join(' | '));
  const byStudent = Object.fromEntries(names.map((n) => [n.split('-')[0], JSON.parse(files[n])]));
  assert.ok(byStudent.Ana.blueprints.find((b) => b.name === 'Algae').scriptText.includes("Ana's idea, not sent"), 'her unsent change is in it');
  assert.match(byStudent.Cleo.label, new RegExp(`class ${code}`), 'the copy she saved');
  assert.ok(!byStudent.Dev.blueprints.find((b) => b.name === 'Algae').scriptText.includes("Ana's idea"));
  await screenshot(s.Ana, 'handin-phone');
});

test("the lesson's record lists what happened in order, survives a reload and downloads as CSV", async () => {
  await teacher.click('[data-testid="session-lock"]');
  await teacher.click('[data-testid="session-lock"]');
  const want = [
    'teacher: started the session in room', 'Ana: joined as Fish', 'Cleo: joined as Fish', 'Dev: joined as Fish',
    'teacher: handed out the class model', 'teacher: handed out the class model',
    'Ana: handed in Fish and Algae', 'Cleo: handed in Fish and Algae', 'Dev: handed in Fish and Algae',
    'teacher: came back to the session',
    'teacher: locked the room', 'teacher: opened the room',
  ];
  await teacher.waitForFunction(() => /opened the room/.test(document.querySelector('[data-testid="session-activity"]').textContent));
  assert.ok(inOrder(await record(), want), (await record()).join('\n'));
  // Once the page says the record is kept, a reload of the teacher's page loses none of it.
  await recordKept();
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="session-start"]');
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForFunction(() => /came back to the session/.test(document.querySelector('[data-testid="session-activity"]')?.textContent));
  await teacher.waitForFunction(() => /locked the room/.test(document.querySelector('[data-testid="session-activity"]').textContent));
  assert.ok(inOrder(await record(), [...want, 'teacher: came back to the session']), (await record()).join('\n'));
  await lessonTab(teacher, 'record');
  const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.click('[data-testid="activity-download"]')]);
  assert.equal(download.suggestedFilename(), `stepwise-lesson-${code}.csv`);
  const csv = await (await import('node:fs/promises')).readFile(await download.path(), 'utf8');
  const [header, ...rows] = parseCsv(csv);
  assert.deepEqual(header, ['wall_time', 'tick', 'who', 'what', 'detail']);
  assert.ok(rows.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(r[0]) && /^\d+$/.test(r[1])), csv);
  assert.ok(inOrder(rows.map((r) => `${r[2]}: ${r[3]}`), [...want, 'teacher: came back to the session']), csv);
  await screenshot(teacher, 'activity-teacher');
});
