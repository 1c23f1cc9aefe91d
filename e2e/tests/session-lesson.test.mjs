// A live session through what happens in every lesson, with a real nats-server: a teacher
// at 1366×768, a class screen at 1920×1080, and students on a phone (390×844, touch), two
// tablets (1024×768 and 768×1024, touch) and a laptop. A phone student reloads, a tablet
// student opens a second tab, the laptop's connection drops for 10 s: each keeps their
// character and every page shows the same state afterwards. The teacher's tab is closed and
// opened again: the same room resumes where it was and the students follow by themselves. Names are on
// every screen (and the teacher's switch hides them); what the teacher selects stays on the
// teacher's page; students are told where the run stands; the class screen shows the code,
// the QR code and the clock in text of 24 px or more.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../harness.mjs';
import {
  startLesson, join, dragPad, sameState, TEACHER_KEY, confirmed, sideModel,
} from '../session-harness.mjs';

let nats;
let room;
let teacher;
let projector;
let code;
let q;
const students = {};

const SCREENS = [
  { name: 'Ana', width: 390, height: 844, touch: true },
  { name: 'Cleo', width: 1024, height: 768, touch: true },
  { name: 'Ola', width: 768, height: 1024, touch: true },
  { name: 'Dev', width: 1366, height: 768 },
];

before(async () => {
  ({ nats, room, q, teacher, code } = await startLesson());
  projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  for (const s of SCREENS) {
    students[s.name] = await room.device(`?join=${code}&${q}`, s);
    await join(students[s.name], s.name);
  }
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, SCREENS.length);
  for (const [i, s] of SCREENS.entries()) await dragPad(students[s.name], [0.5, 0.5], [0.2 + 0.2 * i, 0.3]);
  await everyCharacterOnTheTeachersStage();
});

after(async () => {
  await room?.close();
  await nats?.stop();
});

/** The students whose characters the teacher's agent list shows, by name. */
const characters = (page) => page.$$eval('[data-testid="agent-row"]', (rows) => rows.map((r) => r.textContent));

/** Waits until the teacher's agent list shows one character for every student. */
async function everyCharacterOnTheTeachersStage() {
  await teacher.waitForFunction((names) => {
    const rows = [...document.querySelectorAll('[data-testid="agent-row"]')].map((r) => r.textContent);
    return names.every((n) => rows.filter((r) => r === n).length === 1);
  }, SCREENS.map((s) => s.name), { timeout: 15000 });
}

/** Plays the teacher's run (when paused). */
async function play() {
  if (await teacher.isEnabled('[data-testid="play"]')) await teacher.click('[data-testid="play"]');
}

/** The student's markers, as the pad says them. */
const markers = (page) => page.getAttribute('[data-testid="controller-pad"]', 'data-markers');

/** When the roster last heard a move from `name` (its "Last move" cell). */
const lastMove = (name) => teacher.$eval(
  `[data-testid="session-student"]:has(td.name[title="${name}"]) [data-testid="student-last"]`, (td) => td.textContent,
);

/** Every page of the class, in step, at one hash. */
const everyone = () => sameState(teacher, [projector, ...Object.values(students)]);

test('a phone student who reloads keeps their character where it was and steers it at once', async () => {
  const ana = students.Ana;
  await play();
  await ana.waitForFunction(() => document.querySelector('[data-testid="controller-pad"]')?.dataset.markers);
  const before = await markers(ana);
  await ana.reload();
  await ana.waitForFunction(() => document.querySelector('[data-testid="controller-pad"]')?.dataset.markers, null, { timeout: 10000 });
  const [bx, by] = before.split(';')[0].split(',').map(Number);
  const [ax, ay] = (await markers(ana)).split(';')[0].split(',').map(Number);
  assert.ok(Math.hypot(ax - bx, ay - by) < 0.05, `the character is where it was: ${before} then ${ax},${ay}`);
  const back = Date.now();
  await dragPad(ana, [0.5, 0.5], [0.7, 0.6]);
  await teacher.waitForFunction(() => /^[0-9.]+ s ago$/.test(document.querySelector(
    '[data-testid="session-student"]:has(td.name[title="Ana"]) [data-testid="student-last"]').textContent)
    && parseFloat(document.querySelector('[data-testid="session-student"]:has(td.name[title="Ana"]) [data-testid="student-last"]').textContent) < 1.5);
  assert.ok(Date.now() - back < 5000, 'the inputs arrived soon after the page was back');
  await everyCharacterOnTheTeachersStage();
  await everyone();
  await screenshot(ana, 'lesson-phone-after-reload');
});

test("a tablet student's second tab takes the place over; the first tab says it stopped", async () => {
  await play();
  const first = students.Cleo;
  const second = await room.device(`?join=${code}&${q}`, { context: first.context() });
  await second.waitForSelector('[data-testid="controller-pad"]', { timeout: 10000 });
  await first.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.textContent.includes('newer tab'));
  assert.equal(await first.locator('[data-testid="controller-pad"]').count(), 0, 'the old tab has no controller');
  await dragPad(second, [0.5, 0.5], [0.4, 0.7]);
  await teacher.waitForFunction(() => parseFloat(document.querySelector(
    '[data-testid="session-student"]:has(td.name[title="Cleo"]) [data-testid="student-last"]').textContent) < 1.5);
  await everyCharacterOnTheTeachersStage();
  await screenshot(first, 'lesson-tablet-old-tab');
  await first.close();
  room.pages.splice(room.pages.indexOf(first), 1);
  students.Cleo = second;
  await everyone();
});

test("a laptop student's connection drops for 10 s: the same character afterwards, in step", async () => {
  await play();
  const dev = students.Dev;
  await dev.context().setOffline(true);
  // The lesson's drop itself lasts 10 s; nothing is awaited but the time passing.
  await new Promise((done) => setTimeout(done, 10_000));
  await dev.context().setOffline(false);
  await dev.waitForFunction(() => document.querySelector('[data-testid="session-status"]').dataset.connected === 'true'
    && /in step/.test(document.querySelector('[data-testid="session-status"]').textContent), null, { timeout: 15000 });
  await dragPad(dev, [0.5, 0.5], [0.3, 0.5]);
  await everyCharacterOnTheTeachersStage();
  await everyone();
  const names = await characters(teacher);
  assert.equal(names.filter((n) => n === 'Dev').length, 1, 'one character for Dev');
  // The browser itself reports the socket it lost while offline: that is the drop, not a fault.
  dev.errors = dev.errors.filter((e) => !/WebSocket connection to .* failed/.test(e));
});

test('names are on every screen, in the agent list, and the teacher can hide them', async () => {
  for (const page of [projector, ...Object.values(students)]) {
    await page.waitForFunction((names) => names.every((n) => document.querySelector('[data-testid="stage"]').ariaLabel.includes(n)),
      SCREENS.map((s) => s.name));
  }
  assert.match(await teacher.getAttribute('[data-testid="stage"]', 'aria-label'), /students' characters: .*Ana/);
  if (!(await teacher.isVisible('[data-testid="session-names"]'))) await teacher.click('[data-testid="session-start"]');
  await teacher.uncheck('[data-testid="session-names"]');
  await projector.waitForFunction(() => !/students' characters/.test(document.querySelector('[data-testid="stage"]').ariaLabel));
  await teacher.check('[data-testid="session-names"]');
  await projector.waitForFunction(() => /students' characters: .*Ana/.test(document.querySelector('[data-testid="stage"]').ariaLabel));
});

test("what the teacher selects stays on the teacher's page", async () => {
  await teacher.click('[data-testid="agent-row"]:text-is("Ana")');
  await teacher.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.rings) >= 1);
  await everyone();
  for (const page of [projector, ...Object.values(students)]) {
    assert.equal(await page.getAttribute('[data-testid="stage"]', 'data-rings'), '0');
  }
});

test('students are told where the run stands: paused, playing, reset, and their character follows while paused', async () => {
  const ana = students.Ana;
  const state = (page) => page.getAttribute('[data-testid="student-state"]', 'data-state');
  if (await teacher.isEnabled('[data-testid="pause"]')) await teacher.click('[data-testid="pause"]');
  await ana.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.dataset.state === 'paused');
  assert.match(await ana.textContent('[data-testid="student-state"]'), /Paused by the teacher/);
  await screenshot(ana, 'lesson-phone-paused');
  // While paused a drag still moves the character: every page shows the same new state.
  const { hash: before } = await everyone();
  await dragPad(ana, [0.5, 0.5], [0.8, 0.2]);
  await teacher.waitForFunction((h) => document.querySelector('[data-testid="stage"]').dataset.hash !== h, before);
  await everyone();
  await play();
  for (const page of Object.values(students)) await page.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.dataset.state === 'playing');
  await teacher.click('[data-testid="reset"]');
  await ana.waitForFunction(() => /reset the model/.test(document.querySelector('[data-testid="student-state"]')?.textContent));
  assert.equal(await state(ana), 'paused');
  await play();
  await ana.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.dataset.state === 'playing');
  await everyCharacterOnTheTeachersStage();
  for (const s of SCREENS) await screenshot(students[s.name], `lesson-student-${s.width}x${s.height}`);
});

test('the class screen shows the room code, a QR code and the clock, in text of 24 px or more', async () => {
  assert.equal((await projector.textContent('[data-testid="projector-code"]')).trim(), code);
  const qr = await projector.locator('[data-testid="projector-join"] svg').boundingBox();
  assert.ok(qr.width >= 240 && qr.height >= 240, `the QR code is ${qr.width}×${qr.height}`);
  assert.match(await projector.textContent('[data-testid="projector-clock"]'), /^t = \d+\.\d s · (playing|paused)$/);
  const small = await projector.evaluate(() => [...document.querySelectorAll('body *')].filter((el) => {
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!text || box.width === 0 || box.height === 0) return false;
    // SVG text scales with its drawing: what counts is its height on the screen.
    const px = el instanceof SVGElement ? box.height : parseFloat(getComputedStyle(el).fontSize);
    return px < 24;
  }).map((el) => `${el.tagName} "${el.textContent.trim().slice(0, 40)}"`));
  assert.deepEqual(small, [], 'no text under 24 px');
  await screenshot(projector, 'lesson-projector-1920');
  await projector.click('[data-testid="projector-contrast"]');
  await projector.waitForFunction(() => document.querySelector('[data-testid="projector-contrast"]').getAttribute('aria-pressed') === 'true');
  await screenshot(projector, 'lesson-projector-high-contrast');
  // Locked, the room takes no one: the code leaves the class screen.
  if (!(await teacher.isVisible('[data-testid="session-lock"]'))) await teacher.click('[data-testid="session-start"]');
  await teacher.click('[data-testid="session-lock"]');
  await projector.waitForSelector('[data-testid="projector-join"]', { state: 'detached' });
  await teacher.click('[data-testid="session-lock"]');
  await projector.waitForSelector('[data-testid="projector-join"]');
});

test("the teacher's tab closed and opened again resumes the same room; the students follow", async () => {
  await play();
  // The page keeps the room's state every 10 s: wait past one keep, then close the tab.
  await teacher.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= 400, null, { timeout: 30000 });
  const closedAt = Number(await teacher.getAttribute('[data-testid="stage"]', 'data-tick'));
  const context = teacher.context();
  await teacher.close();
  room.pages.splice(room.pages.indexOf(teacher), 1);
  await students.Ana.waitForFunction(() => /nothing from the teacher/.test(document.querySelector('[data-testid="session-status"]').textContent));
  teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768, context });
  await teacher.waitForSelector('[data-testid="session-resume"]', { timeout: 15000 });
  assert.match(await teacher.textContent('[data-testid="session-resume"]'), new RegExp(code));
  await screenshot(teacher, 'lesson-teacher-resume-offer');
  await teacher.click('[data-testid="session-resume"]');
  await teacher.waitForSelector('[data-testid="session-code"]');
  assert.equal((await teacher.textContent('[data-testid="session-code"]')).trim(), code);
  // The model goes on from the state the closed page kept (at most 10 s before it closed).
  await teacher.waitForFunction(() => /goes on from where it was kept/.test(document.body.textContent), null, { timeout: 10000 });
  const resumedAt = Number(await teacher.getAttribute('[data-testid="stage"]', 'data-tick'));
  assert.ok(resumedAt > 0 && resumedAt <= closedAt && resumedAt >= closedAt - 10 * 30 - 30,
    `closed at tick ${closedAt}, resumed at ${resumedAt}`);
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, SCREENS.length, { timeout: 15000 });
  await play();
  for (const s of SCREENS) await dragPad(students[s.name], [0.5, 0.5], [0.3, 0.3 + 0.1 * SCREENS.indexOf(s)]);
  await everyCharacterOnTheTeachersStage();
  await everyone();
  await screenshot(teacher, 'lesson-teacher-resumed');
});

test('another model with no characters: the teacher is asked first, students are told to pick another, and steer again when it has one', async () => {
  // The teacher is warned before the students' characters go.
  await sideModel(teacher);
  const asked = new Promise((ok) => teacher.once('dialog', (d) => { ok(d.message()); d.accept(); }));
  await teacher.selectOption('[data-testid="model-picker"]', 'wander');
  assert.match(await asked, /has no blueprint students can steer/);
  for (const page of Object.values(students)) {
    await page.waitForFunction(() => /This model has no Fish/.test(document.querySelector('[data-testid="student-state"]')?.textContent));
    assert.doesNotMatch(await page.textContent('[data-testid="session-status"]'), /you are/);
  }
  await screenshot(students.Ana, 'lesson-phone-no-character');
  await teacher.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await play();
  for (const page of Object.values(students)) {
    await page.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.dataset.state === 'playing');
  }
  await everyCharacterOnTheTeachersStage();
});

test('the session ended: every student is told and offered another room', async () => {
  if (!(await teacher.isVisible('[data-testid="session-end"]'))) await teacher.click('[data-testid="session-start"]');
  await confirmed(teacher, 'session-end');
  for (const page of Object.values(students)) {
    await page.waitForFunction(() => /ended the session/.test(document.querySelector('[data-testid="student-state"]')?.textContent));
    assert.equal(await page.locator('[data-testid="join-form"], [data-testid="join-go"]').count(), 0, 'no join form for the dead room');
    assert.match(await page.getAttribute('[data-testid="join-again"]', 'href'), /^\?join/);
  }
  await screenshot(students.Ana, 'lesson-phone-ended');
  for (const page of room.pages) assert.deepEqual(page.errors, [], page.url());
});
