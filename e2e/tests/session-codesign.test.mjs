// Co-design in class, with a real nats-server: a teacher (1366×768), a class screen
// (1920×1080) and students on a phone (390×844, touch), a tablet (1024×768, touch), a laptop
// and an upright tablet (768×1024, touch) write the class model's blueprints from their own
// devices. Two students edit two
// blueprints at once and send; a third's version that does not compile cannot be sent; the
// teacher accepts one and declines one with a reason; the third, who opened the accepted
// blueprint before it changed, gets a conflict, brings theirs up to date and is accepted.
// After each step every page shows the same tick and state hash and the teacher's script is
// the accepted one. A kicked student's waiting change is dropped; a flood is throttled.
import { test, before, after } from 'node:test';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import assert from 'node:assert/strict';
import { screenshot } from '../harness.mjs';
import { startLesson, join, sameState, lessonTab } from '../session-harness.mjs';

/** The load tool (bench/session-load), built by scripts/test, speaks as a student's own client. */
const LOAD_TOOL = resolve(import.meta.dirname, '../../target/release/session-load');

let nats;
let room;
let teacher;
let projector;
let code;
let q;
const s = {};

const SCREENS = [
  { name: 'Ana', width: 390, height: 844, touch: true },
  { name: 'Cleo', width: 1024, height: 768, touch: true },
  { name: 'Dev', width: 1366, height: 768 },
  { name: 'Ola', width: 768, height: 1024, touch: true },
];

before(async () => {
  ({ nats, room, q, teacher, code } = await startLesson());
  projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  for (const screen of SCREENS) {
    s[screen.name] = await room.device(`?join=${code}&${q}`, screen);
    await join(s[screen.name], screen.name);
  }
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, SCREENS.length);
  // The lesson panel shows the changes to review through the test.
  await lessonTab(teacher, 'reviews');
  await teacher.waitForSelector('[data-testid="session-codesign"]');
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
});

const everyPage = () => [projector, ...Object.values(s)];

/** Opens the student's script drawer on `blueprint`; resolves to the text shown. */
async function open(page, blueprint) {
  if (await page.getAttribute('[data-testid="script-toggle"]', 'aria-pressed') !== 'true') {
    await page.click('[data-testid="script-toggle"]');
  }
  await page.waitForSelector('[data-testid="script-blueprint"]');
  await page.selectOption('[data-testid="script-blueprint"]', blueprint);
  await page.waitForFunction((b) => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === `Script of ${b}`, blueprint);
  return page.inputValue('[data-testid="script-text"]');
}

/** Types `text` as the student's version and waits until Send says whether it may go. */
async function write(page, text) {
  await page.fill('[data-testid="script-text"]', text);
  await page.waitForFunction((t) => document.querySelector('[data-testid="script-text"]').value === t, text);
}

/** The teacher's script of `blueprint`, as the teacher's own editor shows it. */
async function teachersScript(blueprint) {
  if (await teacher.getAttribute('[data-testid="script-toggle"]', 'aria-pressed') !== 'true') {
    await teacher.click('[data-testid="script-toggle"]');
  }
  await teacher.selectOption('.script-panel:not(.student-script) [data-testid="script-blueprint"]', blueprint);
  await teacher.waitForFunction((b) => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === `Script of ${b}`, blueprint);
  return teacher.inputValue('[data-testid="script-text"]');
}

const sendState = (page, state) => page.waitForSelector(`[data-testid="send-state"][data-state="${state}"]`, { timeout: 15000 });
const submission = (device, blueprint) => `[data-testid="session-submission"][data-device="${device}"][data-blueprint="${blueprint}"]`;
const deviceOf = (page) => page.evaluate(() => localStorage.getItem('stepwise-device-id'));

let fishBefore;
let cleoFish;

test('the teacher chooses who edits and how changes land, and every student hears it', async () => {
  assert.equal(await teacher.inputValue('[data-testid="session-edit-policy"]'), 'any', 'default: any blueprint');
  assert.equal(await teacher.inputValue('[data-testid="session-review"]'), 'review', 'default: review each');
  await teacher.selectOption('[data-testid="session-edit-policy"]', 'nobody');
  await open(s.Ana, 'Algae');
  await s.Ana.waitForFunction(() => document.querySelector('[data-testid="script-text"]').readOnly);
  assert.equal(await s.Ana.$('[data-testid="script-send"]'), null, 'nothing to send while nobody may edit');
  // Each student their own character's: Ola (who steers a Fish) may edit Fish, not Algae.
  await teacher.selectOption('[data-testid="session-edit-policy"]', 'own');
  await open(s.Ola, 'Algae');
  await s.Ola.waitForFunction(() => document.querySelector('[data-testid="script-text"]').readOnly);
  await open(s.Ola, 'Fish');
  await s.Ola.waitForFunction(() => !document.querySelector('[data-testid="script-text"]').readOnly);
  await s.Ola.waitForSelector('[data-testid="script-send"]');
  await screenshot(s.Ola, 'codesign-tablet-portrait');
  // The reference opens in the student's drawer over the script, which is as it was after.
  const typed = await s.Ola.inputValue('[data-testid="script-text"]');
  await s.Ola.click('[data-testid="reference-open"]');
  await s.Ola.fill('[data-testid="reference-search"]', 'glow');
  await s.Ola.click('[data-testid="reference-item"][data-key="Costume.glow"]');
  await s.Ola.waitForSelector('[data-testid="reference-entry"][data-key="Costume.glow"]');
  assert.equal(await s.Ola.isVisible('[data-testid="script-text"]'), false, 'the script is under the reference');
  await s.Ola.click('[data-testid="reference-close"]');
  await s.Ola.waitForSelector('[data-testid="script-text"]', { state: 'visible' });
  assert.equal(await s.Ola.inputValue('[data-testid="script-text"]'), typed);
  await s.Ola.click('[data-testid="script-toggle"]');
  await teacher.selectOption('[data-testid="session-edit-policy"]', 'any');
  await s.Ana.waitForFunction(() => !document.querySelector('[data-testid="script-text"]').readOnly);
  // The roster shows who has which blueprint open.
  await teacher.waitForFunction(() => [...document.querySelectorAll('[data-testid="student-editing"]')].some((c) => c.textContent === ' · editing Algae'));
});

test('two students edit two blueprints at once and send; a version that does not compile cannot be sent', async () => {
  const algae = await open(s.Ana, 'Algae');
  fishBefore = await open(s.Cleo, 'Fish');
  // Dev opens Fish too, before it changes, and starts on his own version.
  assert.equal(await open(s.Dev, 'Fish'), fishBefore);
  await write(s.Ana, `${algae}\n// Ana: algae grow slower\n`);
  cleoFish = `${fishBefore}\n// Cleo: fish are hungrier\n`;
  await write(s.Cleo, cleoFish);
  await Promise.all([s.Ana.click('[data-testid="script-send"]:not([disabled])'), s.Cleo.click('[data-testid="script-send"]:not([disabled])')]);
  await sendState(s.Ana, 'waiting');
  await sendState(s.Cleo, 'waiting');
  await teacher.waitForSelector(submission(await deviceOf(s.Ana), 'Algae'));
  await teacher.waitForSelector(submission(await deviceOf(s.Cleo), 'Fish'));
  const diff = await teacher.textContent(`${submission(await deviceOf(s.Cleo), 'Fish')} [data-testid="submission-diff"]`);
  assert.match(diff, /\+ \/\/ Cleo: fish are hungrier/, 'the diff shows the added line');
  // Dev's broken version: Send stays off and says why; nothing reaches the teacher.
  await write(s.Dev, `${fishBefore}\nprop energyLevel sitTo 3\n`);
  await s.Dev.waitForSelector('[data-testid="script-send"][disabled]');
  await s.Dev.waitForSelector('.script-send-bar >> text=fix the errors first');
  assert.equal(await s.Dev.$('[data-testid="send-state"]'), null);
  assert.equal(await teacher.$$eval('[data-testid="session-submission"]', (rows) => rows.length), 2);
  await screenshot(s.Ana, 'codesign-phone-sent');
  await screenshot(s.Cleo, 'codesign-tablet-sent');
  await screenshot(teacher, 'codesign-teacher-review');
  await sameState(teacher, everyPage());
});

test('the teacher accepts one and declines one with a reason; the draft stays with its student', async () => {
  await teacher.click(`${submission(await deviceOf(s.Cleo), 'Fish')} [data-testid="submission-accept"]`);
  await sendState(s.Cleo, 'applied');
  await teacher.fill(`${submission(await deviceOf(s.Ana), 'Algae')} [data-testid="submission-reason"]`, 'try a smaller change first');
  await teacher.click(`${submission(await deviceOf(s.Ana), 'Algae')} [data-testid="submission-decline"]`);
  await sendState(s.Ana, 'declined');
  assert.match(await s.Ana.textContent('[data-testid="send-state"]'), /try a smaller change first/);
  assert.match(await s.Ana.inputValue('[data-testid="script-text"]'), /Ana: algae grow slower/, 'the declined text is still the draft');
  assert.equal(await teachersScript('Fish'), cleoFish, "the teacher's script is the accepted one");
  assert.match(await teacher.textContent('[data-testid="session-changes"]'), /Cleo changed Fish: 2 lines/);
  assert.match(await teacher.getAttribute('[data-testid="undo"]', 'title'), /Undo Cleo changed Fish/, 'one undo step');
  // Every screen runs Cleo's Fish: its project carries the text.
  await sameState(teacher, everyPage());
  await screenshot(projector, 'codesign-projector-accepted');
  // The class screen's graphs go on through the change: its curve keeps the samples before it.
  const points = await projector.evaluate(() => document.querySelector('[data-testid="graphs"] polyline')?.getAttribute('points').trim().split(/\s+/).length ?? 0);
  assert.ok(points >= 5, `the class screen's graph kept its curve through the change (${points} points)`);
});

test('a student who started from the old text gets a conflict, brings it up to date and is accepted', async () => {
  const devFish = `${fishBefore}\n// Dev: fish swim faster\n`;
  await write(s.Dev, devFish);
  await s.Dev.waitForSelector('[data-testid="script-behind"]');
  await s.Dev.click('[data-testid="script-send"]:not([disabled])');
  await sendState(s.Dev, 'conflict');
  await screenshot(s.Dev, 'codesign-laptop-conflict');
  const dev = await deviceOf(s.Dev);
  await teacher.waitForSelector(`${submission(dev, 'Fish')}[data-conflict="true"]`);
  // Dev brings his up to date: over the class's text now, with his line.
  assert.equal(await s.Dev.textContent('[data-testid="class-text"]'), cleoFish);
  await s.Dev.click('[data-testid="script-rebase"]');
  await s.Dev.waitForSelector('[data-testid="script-behind"]', { state: 'detached' });
  const merged = `${cleoFish}\n// Dev: fish swim faster\n`;
  await write(s.Dev, merged);
  await s.Dev.click('[data-testid="script-send"]:not([disabled])');
  await sendState(s.Dev, 'waiting');
  await teacher.waitForSelector(`${submission(dev, 'Fish')}[data-conflict="false"]`);
  await teacher.click(`${submission(dev, 'Fish')} [data-testid="submission-accept"]`);
  await sendState(s.Dev, 'applied');
  assert.equal(await teachersScript('Fish'), merged);
  await sameState(teacher, everyPage());
});

test("a kicked student's waiting change is dropped, and a flood is throttled", async () => {
  // A student with their own NATS client joins and sends 20 changes back to back: the
  // teacher's page takes one every 2 s from a device and says so for the rest.
  const out = await new Promise((ok, fail) => {
    execFile(LOAD_TOOL, ['flood', '--server', `127.0.0.1:${nats.port}`, '--code', code, '--count', '20'],
      (err, stdout, stderr) => (err ? fail(new Error(stderr || err.message)) : ok(JSON.parse(stdout))));
  });
  assert.equal(out.answers.throttled, 19, JSON.stringify(out));
  await teacher.waitForFunction(() => /19 sent too fast/.test(document.querySelector('[data-testid="codesign-counts"]').textContent));
  assert.ok(await teacher.$$eval('[data-testid="session-submission"][data-device="flood-0"]', (rows) => rows.length) <= 1);
  // Ana sends again; the teacher removes her before reviewing it: it never applies.
  await write(s.Ana, `${await s.Ana.inputValue('[data-testid="script-text"]')}// again\n`);
  await s.Ana.click('[data-testid="script-send"]:not([disabled])');
  await sendState(s.Ana, 'waiting');
  const ana = await deviceOf(s.Ana);
  await teacher.waitForSelector(submission(ana, 'Algae'));
  await lessonTab(teacher, 'students');
  await teacher.click(`[data-testid="session-student"][data-device="${ana}"] [data-testid="session-kick"]`);
  await teacher.waitForSelector(submission(ana, 'Algae'), { state: 'detached' });
  assert.doesNotMatch(await teachersScript('Algae'), /again/);
  await sameState(teacher, [projector, s.Cleo, s.Dev, s.Ola]);
});

test('a draft survives a reload, and a new blueprint comes with its starting agents', async () => {
  const algae = await open(s.Dev, 'Algae');
  const draft = `${algae}\n// Dev: a draft not sent yet\n`;
  await write(s.Dev, draft);
  await s.Dev.reload();
  await s.Dev.waitForSelector('[data-testid="controller-pad"]');
  assert.equal(await open(s.Dev, 'Algae'), draft, 'the draft came back after the reload');
  // The wizard shows the same version.
  await s.Dev.click('[data-testid="wizard-tab"]');
  await s.Dev.waitForSelector('.student-script .wizard');
  await s.Dev.click('[data-testid="text-tab"]');
  // The teacher takes new blueprints and applies changes at once.
  await lessonTab(teacher, 'reviews');
  await teacher.selectOption('[data-testid="session-edit-policy"]', 'new');
  await teacher.selectOption('[data-testid="session-review"]', 'apply');
  await s.Cleo.waitForSelector('[data-testid="script-blueprint"] option[value="\u001fnew"]', { state: 'attached' });
  await s.Cleo.selectOption('[data-testid="script-blueprint"]', '\u001fnew');
  await s.Cleo.fill('[data-testid="newbp-name"]', 'Shark');
  await s.Cleo.fill('[data-testid="newbp-agents"]', '3');
  await s.Cleo.waitForFunction(() => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === 'Script of Shark');
  await s.Cleo.click('[data-testid="script-send"]:not([disabled])');
  await sendState(s.Cleo, 'applied');
  // The drawer goes on with the class's Shark.
  await s.Cleo.waitForFunction(() => document.querySelector('[data-testid="script-blueprint"]').value === 'Shark');
  await teacher.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Shark"]', { state: 'attached' });
  if (await teacher.getAttribute('[data-testid="script-toggle"]', 'aria-pressed') === 'true') {
    await teacher.click('[data-testid="script-toggle"]');
  }
  await teacher.waitForFunction(() => [...document.querySelectorAll('[data-testid="agent-row"]')].filter((r) => /^Shark \d$/.test(r.textContent)).length === 3);
  await screenshot(s.Cleo, 'codesign-tablet-new-blueprint');
  await sameState(teacher, [projector, s.Cleo, s.Dev, s.Ola]);
});
