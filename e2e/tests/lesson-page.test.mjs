// A lesson as a teacher meets it, with a real nats-server: the teacher's page at 1366×768
// keeps everything a lesson needs in view (Start session, Undo, the roster of twelve, what
// waits for review), a model opens paused, the developer tools stay closed until asked for;
// students at the classroom sizes (phones, tablets both ways, a laptop; seven more are the
// load tool's own clients) join, two of them under the same name and told apart everywhere.
// The traps a class found are gone: removing who is not steering asks first, spares who sent
// a script or handed in, survives the teacher's reload and can be taken back; a model with no
// character asks first and can be given one; status lines say offline when they are; an undone
// change is told; the hand-out stays with its model and in reach on a phone; a mistyped code
// can be typed again; a saved class run is listed at once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { screenshot, frames, importProject } from '../harness.mjs';
import {
  startNats, startClassroom, startSession, join, dragPad, lessonTab, sideModel, confirmed, TEACHER_KEY,
} from '../session-harness.mjs';

const LOAD_TOOL = resolve(import.meta.dirname, '../../target/release/session-load');

let nats;
let room;
let q;
let teacher;
let code;
let load;
const s = {};

/** The students with pages of their own: two named Sam, at the classroom sizes. */
const SCREENS = [
  { key: 'sam', name: 'Sam', width: 390, height: 844, touch: true },
  { key: 'sam2', name: 'Sam', width: 390, height: 844, touch: true },
  { key: 'ola', name: 'Ola', width: 1024, height: 768, touch: true },
  { key: 'ben', name: 'Ben', width: 768, height: 1024, touch: true },
  { key: 'dev', name: 'Dev', width: 1366, height: 768 },
];
/** How many the load tool adds, steering all the while. */
const LOADED = 7;

before(async () => {
  nats = await startNats();
  room = await startClassroom();
  q = `server=${encodeURIComponent(nats.wsUrl)}`;
  teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768 });
});

after(async () => {
  load?.kill();
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], `${page.url()} logged errors`);
  await room?.close();
  await nats?.stop();
});

/** Where `selector`'s first match is, and whether it is in the viewport and nothing lies over it. */
async function inView(page, selector) {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    if (!el) return { selector, shown: false, why: 'absent' };
    const b = el.getBoundingClientRect();
    const x = b.left + b.width / 2;
    const y = b.top + b.height / 2;
    const inside = b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    const onTop = !!hit && (hit === el || el.contains(hit));
    return {
      selector, shown: inside && onTop, why: inside ? (onTop ? '' : `covered by ${hit?.className || hit?.tagName}`) : 'outside the window',
      at: [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)],
    };
  }, selector);
}

/** Fails unless every selector is in view and uncovered on `page`. */
async function allInView(page, selectors, where) {
  const seen = await Promise.all(selectors.map((sel) => inView(page, sel)));
  const hidden = seen.filter((v) => !v.shown).map((v) => `${v.selector}: ${v.why} at ${v.at}`);
  assert.deepEqual(hidden, [], `${where}: not in view`);
  return Object.fromEntries(seen.map((v) => [v.selector, v.at]));
}

/**
 * The teacher opens bundled model `id` (labelled `label`) from the Model side, answering yes
 * to the question about the students' characters if one is asked; resolves to what was asked.
 */
async function pickModel(id, label) {
  await sideModel(teacher);
  const asked = [];
  const accept = (d) => { asked.push(d.message()); d.accept(); };
  teacher.on('dialog', accept);
  await teacher.selectOption('[data-testid="model-picker"]', id);
  await teacher.waitForFunction((l) => document.querySelector('[data-testid="project-label"]')?.textContent === l, label);
  teacher.off('dialog', accept);
  return asked;
}

const student = (name) => `[data-testid="session-student"][data-name="${name}"]`;
const statusOf = (page) => page.textContent('[data-testid="session-status"]');
const device = (page) => page.evaluate(() => localStorage.getItem('stepwise-device-id'));

test('a model opens paused, the developer tools stay closed, and the lesson\'s controls are in view at 1366×768', async () => {
  await teacher.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await teacher.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Fish"]');
  await frames(teacher, 20);
  assert.equal(await teacher.getAttribute('[data-testid="stage"]', 'data-tick'), '0', 'nothing ran before Play');
  assert.ok(await teacher.isDisabled('[data-testid="pause"]'));
  for (const tool of ['command-text', 'profiler', 'task-table', 'experiment']) {
    assert.equal(await teacher.locator(`[data-testid="${tool}"]`).count(), 0, `${tool} is closed away`);
  }
  const before = await allInView(teacher, ['[data-testid="session-start"]', '[data-testid="undo"]', '[data-testid="play"]',
    '[data-testid="script-toggle"]', '[data-testid="map-toggle"]', '[data-testid="tools-toggle"]'], 'authoring page');
  console.log('# authoring page at 1366×768:', JSON.stringify(before));
  await screenshot(teacher, 'lesson-page-authoring-1366');
  // The tools open on asking, and close again.
  await teacher.click('[data-testid="tools-toggle"]');
  await teacher.waitForSelector('[data-testid="command-text"]');
  await teacher.waitForSelector('[data-testid="experiment"]');
  await teacher.click('[data-testid="tools-close"]');
  await teacher.waitForSelector('[data-testid="tools"]', { state: 'detached' });
  code = await startSession(teacher);
  await teacher.waitForFunction(() => /^connected/.test(document.querySelector('[data-testid="session-server"]').textContent));
});

test('twelve students at the classroom sizes: every row in view, two named Sam told apart everywhere', async () => {
  for (const screen of SCREENS) {
    s[screen.key] = await room.device(`?join=${code}&${q}`, screen);
    await join(s[screen.key], screen.name);
  }
  load = execFile(LOAD_TOOL, ['classroom', '--server', `127.0.0.1:${nats.port}`, '--code', code,
    '--students', String(LOADED), '--seconds', '600', '--rate', '5']);
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n,
    SCREENS.length + LOADED, { timeout: 60_000 });
  const names = await teacher.$$eval('[data-testid="session-student"]', (rows) => rows.map((r) => r.dataset.name));
  assert.ok(names.includes('Sam') && names.includes('Sam (2)'), names.join(', '));
  // Every row of the roster is in view without scrolling, and so is its Remove.
  const rows = await teacher.$$eval('[data-testid="session-student"]', (trs) => trs.map((tr) => tr.dataset.name));
  const at = {};
  for (const name of rows) {
    Object.assign(at, await allInView(teacher, [`${student(name)} [data-testid="session-kick"]`], `the roster row of ${name}`));
  }
  await allInView(teacher, ['[data-testid="session-start"]', '[data-testid="undo"]', '[data-testid="session-code"]',
    '[data-testid="lesson-tab-reviews"]', '[data-testid="play"]'], 'lesson page');
  const last = Object.values(at).reduce((m, b) => Math.max(m, b[1] + b[3]), 0);
  console.log(`# lesson page at 1366×768: ${rows.length} roster rows, the last ending at y=${last}`);
  // The two Sams: on the roster, their Remove buttons, the stage's labels, their own pages.
  const removes = await teacher.$$eval('[data-testid="session-kick"]', (bs) => bs.map((b) => b.getAttribute('aria-label')));
  assert.ok(removes.includes('Remove Sam') && removes.includes('Remove Sam (2)'), removes.join(', '));
  await teacher.waitForFunction(() => /Sam \(2\)/.test(document.querySelector('[data-testid="stage"]').ariaLabel));
  const selves = [await statusOf(s.sam), await statusOf(s.sam2)].map((t) => /you are (.*) \(Fish\)/.exec(t)?.[1]);
  assert.deepEqual(selves.sort(), ['Sam', 'Sam (2)']);
  // A student who joined never sees the developer tools.
  for (const screen of SCREENS) {
    for (const tool of ['tools-toggle', 'command-text', 'profiler', 'experiment', 'undo']) {
      assert.equal(await s[screen.key].locator(`[data-testid="${tool}"]`).count(), 0, `${screen.key} has ${tool}`);
    }
  }
  await screenshot(teacher, 'lesson-page-roster-1366');
  for (const screen of SCREENS) await screenshot(s[screen.key], `lesson-page-student-${screen.key}-${screen.width}x${screen.height}`);
});

test('on phones and tablets the Script button sits in the title bar and Hand in is in view', async () => {
  for (const screen of SCREENS) {
    const page = s[screen.key];
    const [bar, toggle] = await Promise.all(['.title-bar', '[data-testid="script-toggle"]'].map((sel) => page.locator(sel).boundingBox()));
    assert.ok(toggle.y >= bar.y && toggle.y + toggle.height <= bar.y + bar.height + 0.5,
      `${screen.width}×${screen.height}: Script (${toggle.y}–${toggle.y + toggle.height}) hangs out of the title bar (${bar.y}–${bar.y + bar.height})`);
    await allInView(page, ['[data-testid="handin"]', '[data-testid="class-save"]', '[data-testid="controller-pad"]'], `${screen.width}×${screen.height}`);
  }
});

/** Opens the student's script drawer on `blueprint`. */
async function openScript(page, blueprint) {
  if (await page.getAttribute('[data-testid="script-toggle"]', 'aria-pressed') !== 'true') await page.click('[data-testid="script-toggle"]');
  await page.waitForSelector('[data-testid="script-blueprint"]');
  await page.selectOption('[data-testid="script-blueprint"]', blueprint);
  await page.waitForFunction((b) => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === `Script of ${b}`
    && !document.querySelector('[data-testid="script-text"]').readOnly, blueprint);
}

test('a change typed on a phone sends; what waits for review is in the title bar; an undone change is told', async () => {
  const phone = s.sam2;
  await openScript(phone, 'Algae');
  // Typed at the end of the script as a student types, not filled in at once.
  await phone.focus('[data-testid="script-text"]');
  await phone.evaluate(() => { const t = document.querySelector('[data-testid="script-text"]'); t.setSelectionRange(t.value.length, t.value.length); });
  await phone.keyboard.type('\n// Sam: algae grow back\n');
  await phone.waitForSelector('[data-testid="script-send"]:not([disabled])');
  await phone.tap('[data-testid="script-send"]');
  await phone.waitForSelector('[data-testid="send-state"][data-state="waiting"]');
  await teacher.waitForSelector('[data-testid="session-reviews"]');
  assert.match(await teacher.textContent('[data-testid="session-start"]'), /1 to review/);
  await allInView(teacher, ['[data-testid="session-reviews"]', '[data-testid="undo"]'], 'waiting for review');
  await screenshot(teacher, 'lesson-page-to-review-1366');
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForSelector('#lesson-reviews:not([hidden]) [data-testid="session-submission"]');
  assert.match(await teacher.textContent('[data-testid="session-submission"]'), /^Sam \(2\) · Algae/);
  await teacher.click('[data-testid="submission-accept"]');
  await phone.waitForSelector('[data-testid="send-state"][data-state="applied"]');
  // The teacher undoes it: the student is told, and keeps their version as a draft.
  assert.match(await teacher.getAttribute('[data-testid="undo"]', 'title'), /Sam \(2\) changed Algae/);
  await teacher.click('[data-testid="undo"]');
  await phone.waitForSelector('[data-testid="send-state"][data-state="undone"]');
  assert.doesNotMatch(await phone.inputValue('[data-testid="script-text"]'), /Sam: algae grow back/, 'the class\'s text again');
  // What they made is not lost: their version comes back as their draft, to send again.
  await phone.tap('[data-testid="send-restore"]');
  await phone.waitForFunction(() => /Sam: algae grow back/.test(document.querySelector('[data-testid="script-text"]').value));
  await phone.waitForSelector('[data-testid="script-send"]:not([disabled])');
  await screenshot(phone, 'lesson-page-phone-undone');
  await phone.click('[data-testid="script-toggle"]');
  // The record tells the two Sams apart.
  await lessonTab(teacher, 'record');
  const record = await teacher.$$eval('[data-testid="activity-row"]', (rows) => rows.map((r) => r.textContent));
  assert.ok(record.some((r) => /Sam \(2\): sent a change to Algae/.test(r)), record.join('\n'));
  assert.ok(record.some((r) => / Sam: joined as Fish/.test(r)) && record.some((r) => /Sam \(2\): joined as Fish/.test(r)), record.join('\n'));
});

test('the saved class run is listed under Class runs at once', async () => {
  await lessonTab(teacher, 'record');
  await teacher.click('[data-testid="session-save-run"]');
  await teacher.waitForSelector('[data-testid="session-run-saved"]');
  await sideModel(teacher);
  await teacher.waitForSelector('[data-testid="library-run"]', { state: 'attached' });
});

test('removing who is not steering asks first, spares who sent a script or handed in, and survives the teacher\'s reload', async () => {
  // Sam steers; Ola hands her version in; Sam (2) sent a script above; Ben and Dev do nothing.
  await dragPad(s.sam, [0.5, 0.5], [0.3, 0.3]);
  await s.ola.click('[data-testid="handin"]');
  await s.ola.click('[data-testid="handin-send"]');
  await s.ola.waitForSelector('[data-testid="handin-state"][data-state="arrived"]');
  await lessonTab(teacher, 'students');
  await teacher.waitForFunction((sel) => document.querySelector(sel)?.textContent !== 'never',
    `${student('Sam')} [data-testid="student-last"]`);
  // The teacher's page reloads once it has kept the room as it is now (the load tool's
  // students go on steering, so the record grows all the while): who was active is remembered.
  const noted = Number(await teacher.getAttribute('.session-activity-box', 'data-noted'));
  await teacher.waitForFunction((n) => Number(document.querySelector('.session-activity-box').dataset.kept) >= n, noted);
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="session-code"]');
  // Everyone joins again by themselves (the load tool's clients too, when asked).
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n,
    SCREENS.length + LOADED, { timeout: 30_000 });
  for (const name of ['Sam', 'Sam (2)', 'Ola']) {
    await teacher.waitForFunction((sel) => document.querySelector(sel)?.textContent !== 'never',
      `${student(name)} [data-testid="student-last"]`);
  }
  // It asks first, naming who would go; Cancel keeps everyone.
  await teacher.click('[data-testid="session-remove-idle"]');
  const question = await teacher.textContent('[data-testid="session-confirm"]');
  assert.match(question, /Remove 2 who have not steered, sent a script or handed in: (Ben, Dev|Dev, Ben)\?/);
  await allInView(teacher, ['[data-testid="session-confirm-yes"]', '[data-testid="session-confirm-no"]'], 'the question');
  await screenshot(teacher, 'lesson-page-remove-asks');
  await teacher.click('[data-testid="session-confirm-no"]');
  assert.equal(await teacher.locator('[data-testid="session-student"]').count(), SCREENS.length + LOADED);
  await confirmed(teacher, 'session-remove-idle');
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n,
    SCREENS.length + LOADED - 2);
  await s.ben.waitForSelector('[data-testid="join-refused"]');
  // Let back in, Ben joins again.
  await teacher.click('[data-testid="session-removed"] summary');
  await teacher.click('[data-testid="removed-student"][data-name="Ben"] [data-testid="session-readmit"]');
  await join(s.ben, 'Ben');
  await teacher.waitForSelector(student('Ben'));
});

test('a model with no character asks first, says nobody can join, and can be given one', async () => {
  const none = JSON.stringify({
    id: 'no-characters', label: 'No characters',
    blueprints: [{ name: 'Drifter', scriptText: '# BLUEPRINT Drifter\n# PROGRAM UPDATE\nprop x add 1\n' }],
    instances: [{ id: '1', label: 'D1', bpid: 'Drifter' }],
  });
  await sideModel(teacher);
  // Dismissed, the session's model stays.
  let asked = new Promise((ok) => teacher.once('dialog', (d) => { ok(d.message()); d.dismiss(); }));
  await teacher.setInputFiles('[data-testid="import"]', { name: 'none.gemprj', mimeType: 'application/json', buffer: Buffer.from(none) });
  assert.match(await asked, /'No characters' has no blueprint students can steer/);
  await teacher.waitForFunction(() => document.querySelector('[data-testid="project-label"]').textContent === 'Fish and Algae');
  // Accepted, it opens: the lesson says nobody can join, and the teacher makes Drifter a character.
  asked = new Promise((ok) => teacher.once('dialog', (d) => { ok(d.message()); d.accept(); }));
  await importProject(teacher, 'none.gemprj', none);
  await asked;
  await lessonTab(teacher, 'students');
  await teacher.waitForSelector('[data-testid="session-no-characters"]');
  await s.ben.waitForFunction(() => /This model has no Fish/.test(document.querySelector('[data-testid="student-state"]')?.textContent));
  await teacher.selectOption('[data-testid="session-make-pick"]', 'Drifter');
  await teacher.click('[data-testid="session-make-character"]');
  await teacher.waitForSelector('[data-testid="session-no-characters"]', { state: 'detached' });
  assert.match(await teacher.getAttribute('[data-testid="undo"]', 'title'), /make Drifter a character/);
  await s.ben.waitForSelector('[data-testid="join-blueprint"] option[value="Drifter"]', { state: 'attached' });
  await join(s.ben, 'Ben', 'Drifter');
  await screenshot(teacher, 'lesson-page-made-character');
  // Back to the class model: Ben's Drifter is not in it, and the teacher is asked again.
  assert.match((await pickModel('fish-and-algae', 'Fish and Algae')).join(), /has no Drifter/);
  await join(s.ben, 'Ben', 'Fish');
});

test('the hand-out stays with its model and in reach on a phone with the script sheet open', async () => {
  await lessonTab(teacher, 'students');
  await teacher.click('[data-testid="session-handout"]');
  await openScript(s.sam, 'Fish');
  await s.sam.waitForSelector('[data-testid="handout"]');
  await allInView(s.sam, ['[data-testid="handout-save"]', '[data-testid="handout-later"]'], 'the hand-out with the sheet open');
  await screenshot(s.sam, 'lesson-page-phone-handout-sheet');
  await s.sam.click('[data-testid="script-toggle"]');
  // Another model opened: the offer was for the one before, and goes.
  await pickModel('moths', 'Peppered Moths');
  await s.sam.waitForSelector('[data-testid="handout"]', { state: 'detached', timeout: 15_000 });
  await pickModel('fish-and-algae', 'Fish and Algae');
  await s.sam.waitForFunction(() => document.querySelector('[data-testid="student-state"]')?.dataset.state !== 'stopped');
});

test('status lines say offline when a device is', async () => {
  await s.ola.context().setOffline(true);
  await s.ola.waitForFunction(() => document.querySelector('[data-testid="session-status"]').dataset.offline === 'true');
  assert.match(await statusOf(s.ola), /offline/);
  assert.doesNotMatch(await statusOf(s.ola), /connected/);
  await s.ola.context().setOffline(false);
  await s.ola.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]').textContent), null, { timeout: 30_000 });
  await teacher.context().setOffline(true);
  await lessonTab(teacher, 'students');
  await teacher.waitForFunction(() => document.querySelector('[data-testid="session-server"]').dataset.offline === 'true');
  assert.match(await teacher.textContent('[data-testid="session-server"]'), /this device is offline/);
  await teacher.context().setOffline(false);
  await teacher.waitForFunction(() => /^connected/.test(document.querySelector('[data-testid="session-server"]').textContent), null, { timeout: 30_000 });
});

test('a mistyped code can be typed again', async () => {
  const page = await room.device(`?join=WRONG1&${q}`, { width: 390, height: 844, touch: true });
  await page.waitForSelector('[data-testid="join-no-room"]', { timeout: 15_000 });
  assert.match(await page.textContent('[data-testid="join-no-room"]'), /no room WRONG1 is open/);
  await screenshot(page, 'lesson-page-phone-mistyped');
  await page.fill('[data-testid="join-code"]', code.toLowerCase());
  await page.click('[data-testid="join-code-go"]');
  await page.waitForSelector('[data-testid="join-name"]');
  await join(page, 'Late');
  await teacher.waitForSelector(student('Late'));
});

test('ending the session asks first; the projector stops showing the code', async () => {
  const projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  await projector.waitForSelector('[data-testid="projector-join"]');
  await lessonTab(teacher, 'students');
  await teacher.click('[data-testid="session-end"]');
  assert.match(await teacher.textContent('[data-testid="session-confirm"]'), /End the session for everyone\?/);
  await teacher.click('[data-testid="session-confirm-no"]');
  assert.equal(await teacher.locator('[data-testid="session-code"]').count(), 1, 'the session goes on');
  await confirmed(teacher, 'session-end');
  await teacher.waitForSelector('[data-testid="session-code"]', { state: 'detached' });
  await projector.waitForSelector('[data-testid="projector-join"]', { state: 'detached' });
  await screenshot(projector, 'lesson-page-projector-ended-1920');
  await s.sam.waitForFunction(() => /ended the session/.test(document.querySelector('[data-testid="student-state"]')?.textContent));
});
