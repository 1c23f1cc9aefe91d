// Live classroom sessions with a real nats-server (deploy/nats/classroom.conf on free
// loopback ports): a teacher's page, a projector page and five students' devices (two
// phone-sized with touch, a tablet, two laptops) in headless Chromium. Students join by
// code, pick a character and steer it; every page shows the same state hash at the same
// tick; a late joiner at tick 300 matches; a script applied mid-session reaches everyone
// without a resync; widgets the teacher adds show on the class screen and follow the
// teacher's slider; the server killed and restarted: everyone resyncs within 5 s while
// the teacher's run goes on; the server refuses a student's page that publishes as the
// teacher; a kicked student cannot come back; and with no server at all a projector window
// on the same computer follows through a BroadcastChannel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, audit, addWidget } from '../harness.mjs';
import {
  startLesson, startSession, join, stageState, hashAt, dragPad, sameState,
} from '../session-harness.mjs';

let nats;
let room;
let teacher;
let projector;
let code;
const students = [];
let q;

const SCREENS = [
  { name: 'Ada', width: 390, height: 844, touch: true },
  { name: 'Ben', width: 390, height: 844, touch: true },
  { name: 'Cleo', width: 768, height: 1024, touch: true },
  { name: 'Dev', width: 1366, height: 768 },
  { name: 'Eve', width: 1366, height: 768 },
];

before(async () => {
  ({ nats, room, q, teacher, code } = await startLesson());
  await teacher.waitForFunction(() => /^connected/.test(document.querySelector('[data-testid="session-server"]').textContent));
  // The QR code is drawn, big enough to scan from the back of a room on a projector.
  const qr = await teacher.locator('[data-testid="session-qr"] svg').boundingBox();
  if (!qr || qr.width < 150 || qr.height < 150) throw new Error(`the QR code is not drawn: ${JSON.stringify(qr)}`);
});

after(async () => {
  await room?.close();
  await nats?.stop();
});

/** Pauses the teacher and waits until `pages` show the teacher's tick; their hashes. */
const sameStateEverywhere = (pages) => sameState(teacher, pages);

const agentCount = async (page) => Number((await page.getAttribute('[data-testid="stage"]', 'aria-label')).match(/(\d+) agents/)[1]);

test('students join by code, pick a character and steer it; every screen shows the same state', async () => {
  projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  await projector.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]').textContent));
  const before = await agentCount(teacher);
  for (const s of SCREENS) {
    const page = await room.device(`?join=${code}&${q}`, s);
    await join(page, s.name);
    students.push(page);
  }
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, SCREENS.length);
  const roster = await teacher.textContent('[data-testid="session-roster"]');
  for (const s of SCREENS) assert.match(roster, new RegExp(`${s.name}\\s*Fish`));
  // Each student's character appears on the teacher's stage and the projector's.
  await teacher.waitForFunction((n) => /(\d+) agents/.exec(document.querySelector('[data-testid="stage"]').ariaLabel)[1] >= n, before + SCREENS.length);
  await projector.waitForFunction((n) => /(\d+) agents/.exec(document.querySelector('[data-testid="stage"]').ariaLabel)[1] >= n, before + SCREENS.length);
  // Drag (mouse on all) and tap (touch on the phones): the characters go there.
  for (const [i, page] of students.entries()) {
    await dragPad(page, [0.5, 0.5], [0.1 + 0.15 * i, 0.8]);
    if (SCREENS[i].touch) {
      const box = await page.locator('[data-testid="controller-pad"]').boundingBox();
      await page.touchscreen.tap(box.x + box.width * (0.1 + 0.15 * i), box.y + box.height * 0.2);
    }
  }
  // Every student's delay is measured and shown on the roster.
  await teacher.waitForFunction(() => [...document.querySelectorAll('[data-testid="session-student"] td:nth-child(5)')].every((td) => /ms/.test(td.textContent)));
  await sameStateEverywhere([projector, ...students]);
  // No serious or critical accessibility finding on the session's screens.
  for (const [name, page] of [['teacher panel', teacher], ['projector', projector], ['phone controller', students[0]], ['tablet controller', students[2]]]) {
    const serious = (await audit(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], `${name}: ${JSON.stringify(serious, null, 1)}`);
  }
  await screenshot(teacher, 'session-teacher-1366');
  await screenshot(projector, 'session-projector-1920');
  await screenshot(students[0], 'session-student-phone');
  await screenshot(students[2], 'session-student-tablet');
  for (const page of room.pages) assert.deepEqual(page.errors, []);
});

test('a late joiner at tick 300 reaches the same state', async () => {
  await teacher.selectOption('[data-testid="speed"]', '4');
  await teacher.click('[data-testid="play"]');
  await teacher.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= 300, null, { timeout: 30000 });
  const late = await room.device(`?view=${code}&${q}`, { width: 1024, height: 768, touch: true });
  await late.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]').textContent));
  const { tick } = await sameStateEverywhere([late, projector]);
  assert.ok(tick >= 300);
  await late.close();
});

test('a script applied mid-session reaches everyone without a resync', async () => {
  const resyncs = await projector.getAttribute('[data-testid="session-status"]', 'data-resyncs');
  await teacher.click('[data-testid="play"]');
  // The lesson panel has its own column: the script drawer opens beside it, nothing to hide.
  await teacher.click('[data-testid="script-toggle"]');
  await teacher.waitForSelector('[data-testid="script-editor"]');
  const text = await teacher.inputValue('[data-testid="script-text"]');
  assert.match(text, /addProp energyUse Number 2/);
  await teacher.fill('[data-testid="script-text"]', text.replace('addProp energyUse Number 2', 'addProp energyUse Number 7'));
  await teacher.click('[data-testid="script-apply"]');
  await teacher.waitForFunction(() => document.querySelector('[data-testid="script-state"]').textContent === 'applied');
  await teacher.click('[data-testid="script-toggle"]');
  await teacher.click('[data-testid="session-start"]');
  // Let the new version run a while, then compare.
  const { tick } = await stageState(teacher);
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= t + 60, tick);
  await sameStateEverywhere([projector, ...students]);
  assert.equal(await projector.getAttribute('[data-testid="session-status"]', 'data-resyncs'), resyncs);
});

test("the teacher's widgets show on the class screen, read-only, and follow the teacher's slider", async () => {
  // The model comes with its own widgets; the teacher adds two more.
  const own = await teacher.locator('[data-testid="widget"]').count();
  await teacher.click('[data-testid="edit-widgets"]');
  await addWidget(teacher, 'slider', { label: 'Energy use', target: 'Fish.energyUse', min: 0, max: 10, step: 1 });
  await addWidget(teacher, 'monitor', { label: 'Mean energy use', target: "{{ Fish.mean('energyUse') }}" });
  await teacher.click('[data-testid="edit-widgets"]');
  // The widgets reach the class screen with the project, to look at but not to change.
  await projector.waitForFunction((n) => document.querySelectorAll('[data-testid="widget"]').length === n, own + 2);
  const slider = (page) => page.locator('[data-testid="widget"]').nth(own).locator('[data-testid="widget-slider"]');
  assert.equal(await slider(projector).isDisabled(), true);
  assert.equal(await projector.locator('[data-testid="edit-widgets"]').count(), 0);
  // The teacher's slider, moved while the model is paused, changes every Fish on every
  // screen at once; the run goes on from there alike everywhere.
  assert.equal(await teacher.isEnabled('[data-testid="play"]'), true, 'the model is paused');
  await slider(teacher).fill('4');
  const shows = (n) => {
    const widget = document.querySelectorAll('[data-testid="widget"]');
    return widget[n + 1]?.querySelector('[data-testid="widget-monitor"]')?.textContent === '4'
      && widget[n]?.querySelector('[data-testid="widget-slider"]')?.value === '4';
  };
  await teacher.waitForFunction(shows, own);
  await projector.waitForFunction(shows, own);
  const { tick } = await stageState(teacher);
  await teacher.click('[data-testid="play"]');
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= t + 30, tick);
  await sameStateEverywhere([projector, ...students]);
  await screenshot(projector, 'session-projector-widgets-1920');
  await teacher.click('[data-testid="session-start"]');
  for (const page of room.pages) assert.deepEqual(page.errors, []);
});

test('the server killed and restarted: everyone reconnects and resyncs within 5 s, the run goes on', async () => {
  await teacher.click('[data-testid="play"]');
  await nats.kill();
  const { tick: atKill } = await stageState(teacher);
  for (const page of [projector, ...students]) {
    await page.waitForFunction(() => document.querySelector('[data-testid="session-status"]').dataset.connected === 'false');
  }
  await teacher.waitForFunction(() => /reconnecting/.test(document.querySelector('[data-testid="session-server"]').textContent));
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > t + 30, atKill);
  await nats.start();
  const restarted = Date.now();
  const target = (await stageState(teacher)).tick + 15;
  for (const page of [projector, ...students]) {
    await page.waitForFunction(() => document.querySelector('[data-testid="session-status"]').dataset.connected === 'true', null, { timeout: 5000 });
    await page.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) >= t, target, { timeout: 5000 });
  }
  const took = Date.now() - restarted;
  assert.ok(took <= 5000, `resynced in ${took} ms`);
  console.log(`# every device back in step ${took} ms after the server restarted`);
  await sameStateEverywhere([projector, ...students]);
});

test("the teacher's page reloads: the session goes on in the same room and students rejoin by themselves", async () => {
  await teacher.reload();
  await teacher.waitForSelector('[data-testid="stage"]');
  await teacher.waitForFunction((c) => document.querySelector('[data-testid="session-start"]')?.textContent.includes(c), code);
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, students.length, { timeout: 15000 });
  await sameStateEverywhere([projector, ...students]);
});

test("the server refuses a student's page that publishes bundles or controls, or reads inputs", async () => {
  const student = students[3];
  await teacher.click('[data-testid="session-start"]');
  const roomId = await teacher.getAttribute('[data-testid="session-panel"]', 'data-room');
  assert.match(roomId, /^[0-9a-f]{32}$/);
  assert.ok(!roomId.toUpperCase().includes(code), 'the code is not the id');
  const outcome = await student.evaluate(async ({ url, code }) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    const said = [];
    ws.onmessage = (e) => said.push(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data));
    await new Promise((ok) => { ws.onopen = ok; });
    const send = (t) => ws.send(new TextEncoder().encode(t));
    send('CONNECT {"user":"student","pass":"student","verbose":false,"protocol":1}\r\n');
    send(`PUB sw.${code}.out 4\r\nSWSP\r\n`);
    send(`SUB sw.${code}.in 1\r\n`);
    send('PING\r\n');
    const deadline = Date.now() + 5000;
    while (!said.join('').includes('PONG') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    ws.close();
    return said.join('');
  }, { url: nats.wsUrl, code: roomId });
  assert.match(outcome, /Permissions Violation for Publish to "sw\.\w+\.out"/);
  assert.match(outcome, /Permissions Violation for Subscription to "sw\.\w+\.in"/);
  // A student's own client, with the public student password and no code, subscribes to
  // all it may: it gets only sealed bytes (no code, name, model or input), and what it sends
  // into the room is dropped and counted, with the class still in step.
  const overheard = await student.evaluate(async ({ url, room }) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    let text = '';
    ws.onmessage = (e) => { text += typeof e.data === 'string' ? e.data : new TextDecoder('latin1').decode(e.data); };
    await new Promise((ok) => { ws.onopen = ok; });
    ws.send(new TextEncoder().encode('CONNECT {"user":"student","pass":"student","verbose":false,"protocol":1}\r\nSUB sw.*.out 1\r\nSUB > 2\r\nSUB sw.*.in 3\r\nPING\r\n'));
    const deadline = Date.now() + 10_000;
    while ((text.match(/MSG /g) ?? []).length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // A flood of what it can make without the code: joins, inputs and snapshot requests
    // in the clear, and random bytes.
    const junk = (n) => crypto.getRandomValues(new Uint8Array(n));
    for (let i = 0; i < 500; i++) {
      const plain = new TextEncoder().encode(`{"Join":{"device":"fake${i}","secret":"xxxxxxxxxx","name":"Fake","blueprint":"Fish","code":"${room}"}}`);
      const body = i % 2 ? plain : junk(64);
      const head = new TextEncoder().encode(`PUB sw.${room}.in ${body.length}\r\n`);
      ws.send(new Uint8Array([...head, ...body, 13, 10]));
    }
    ws.send(new TextEncoder().encode('PING\r\n'));
    // The server answers the PING once it has read every message before it.
    const flooded = Date.now() + 20_000;
    while (((text.match(/PONG/g) ?? []).length < 2 || ws.bufferedAmount > 0) && Date.now() < flooded) {
      await new Promise((r) => setTimeout(r, 20));
    }
    ws.close();
    return text;
  }, { url: nats.wsUrl, room: roomId });
  assert.ok((overheard.match(/MSG sw\.[0-9a-f]{32}\.out /g) ?? []).length >= 40, 'it heard the room, sealed');
  for (const secret of [code, 'Ada', 'Cleo', 'Fish', 'Algae', 'BLUEPRINT', 'scriptText', 'markers']) {
    assert.ok(!overheard.includes(secret), `'${secret}' travelled readable`);
  }
  assert.match(overheard, /Permissions Violation for Subscription to ">"/);
  assert.match(overheard, /Permissions Violation for Subscription to "sw\.\*\.in"/);
  await teacher.waitForFunction(() => {
    const counts = document.querySelector('[data-testid="session-counts"]')?.textContent ?? '';
    return Number(/(\d+) damaged messages ignored/.exec(counts)?.[1]) >= 500;
  });
  assert.equal(await teacher.locator('[data-testid="session-student"]', { hasText: 'Fake' }).count(), 0);
  await teacher.click('[data-testid="play"]');
  await sameStateEverywhere([projector, ...students]);
  await teacher.click('[data-testid="session-start"]');
  // A wrong teacher key is refused too.
  const wrong = await student.evaluate(async (url) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    const said = [];
    ws.onmessage = (e) => said.push(typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data));
    await new Promise((ok) => { ws.onopen = ok; });
    ws.send(new TextEncoder().encode('CONNECT {"user":"teacher","pass":"guess","verbose":false,"protocol":1}\r\nPING\r\n'));
    await new Promise((ok) => { ws.onclose = ok; setTimeout(ok, 5000); });
    return said.join('');
  }, nats.wsUrl);
  assert.match(wrong, /Authorization Violation/);
});

test('a kicked student is removed, told, and cannot come back', async () => {
  const kicked = students[4];
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForSelector('[data-testid="session-roster"]');
  const before = await teacher.locator('[data-testid="session-student"]').count();
  const eve = teacher.locator('[data-testid="session-student"]', { has: teacher.locator('td.name', { hasText: /^Eve$/ }) });
  await eve.locator('[data-testid="session-kick"]').click();
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n - 1, before);
  await kicked.waitForSelector('[data-testid="join-refused"]');
  assert.match(await kicked.textContent('[data-testid="join-refused"]'), /removed you/);
  await kicked.fill('[data-testid="join-name"]', 'Eve again');
  await kicked.click('[data-testid="join-go"]');
  await kicked.waitForFunction(() => /removed you/.test(document.querySelector('[data-testid="join-refused"]')?.textContent ?? ''));
  assert.equal(await teacher.locator('[data-testid="session-student"]').count(), before - 1);
});

test('with no server, a projector window on the same computer follows through a BroadcastChannel', async () => {
  const solo = await room.device('?server=none', { width: 1366, height: 768 });
  const soloCode = await startSession(solo);
  assert.match(await solo.textContent('[data-testid="session-server"]'), /no session server/);
  const win = await room.device(`?view=${soloCode}&server=none`, { context: solo.context() });
  await win.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]').textContent));
  await solo.click('[data-testid="pause"]');
  await solo.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const { tick } = await stageState(solo);
  assert.equal(await hashAt(win, tick), await hashAt(solo, tick));
  await win.close();
  await solo.close();
});

test('a student who opens the site types the room code to reach the join form', async () => {
  const page = await room.device(`?${q}`, { width: 390, height: 844, touch: true });
  const joinForm = async () => (await audit(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await page.click('[data-testid="join-session"]');
  await page.waitForSelector('[data-testid="join-code"]');
  await page.fill('[data-testid="join-code"]', code.toLowerCase());
  await page.click('[data-testid="join-code-go"]');
  await page.waitForSelector('[data-testid="join-name"]');
  assert.match(page.url(), new RegExp(`join=${code}`));
  assert.deepEqual(await joinForm(), [], 'the join form has no serious accessibility finding');
  await page.close();
});

test('a code that names no open room says so within 3 s', async () => {
  const wrong = code === 'ZZZZ222' ? 'ZZZZ223' : 'ZZZZ222';
  const page = await room.device(`?join=${wrong}&${q}`, { width: 390, height: 844, touch: true });
  const opened = Date.now();
  await page.waitForSelector('[data-testid="join-no-room"]', { timeout: 10_000 });
  const took = Date.now() - opened;
  assert.equal(await page.textContent('[data-testid="join-no-room"]'),
    `no room ${wrong} is open: check the code with your teacher. Type the code again:`);
  assert.ok(took <= 3_000, `said so ${took} ms after the page opened`);
  console.log(`# a wrong code was answered ${took} ms after the page opened`);
  // No join form for a room that is not there: the field to type the code again instead.
  assert.equal(await page.locator('[data-testid="join-go"]').count(), 0);
  await page.waitForSelector('[data-testid="join-code"]');
  await screenshot(page, 'session-no-room-phone');
  await page.close();
});

test('a long name fits the roster, a student who never steered says so, and one click removes them', async () => {
  // 40 characters, the most the join form takes.
  const long = 'Maximiliana Alexandra Konstantinopoulou-';
  const idle = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  await join(idle, long);
  await teacher.click('[data-testid="session-start"]');
  const row = teacher.locator('[data-testid="session-student"]', { hasText: 'Maximilian' });
  await row.waitFor();
  assert.equal(await row.locator('td.name').getAttribute('title'), long, 'the whole name on hover');
  assert.equal(await row.locator('[data-testid="student-last"]').textContent(), 'never');
  const panel = await teacher.locator('[data-testid="session-panel"]').boundingBox();
  const remove = await row.locator('[data-testid="session-kick"]').boundingBox();
  assert.ok(remove.x + remove.width <= panel.x + panel.width, 'Remove stays inside the panel');
  // Ada steers (the roster keeps through the teacher's reload when each student was last
  // active).
  await dragPad(students[0], [0.5, 0.5], [0.3, 0.3]);
  const ada = teacher.locator('[data-testid="session-student"]', { has: teacher.locator('td.name', { hasText: /^Ada$/ }) });
  const last = '[data-testid="student-last"]';
  await teacher.waitForFunction((last) => [...document.querySelectorAll('[data-testid="session-student"]')]
    .some((tr) => tr.dataset.name === 'Ada' && tr.querySelector(last).textContent !== 'never'), last);
  const rows = await teacher.$$eval(`[data-testid="session-student"] ${last}`, (tds) => tds.map((td) => td.textContent));
  const steering = rows.filter((at) => at !== 'never').length;
  // It asks first, naming who would go; Cancel keeps everyone.
  await teacher.click('[data-testid="session-remove-idle"]');
  assert.match(await teacher.textContent('[data-testid="session-confirm"]'), /Maximiliana/);
  await teacher.click('[data-testid="session-confirm-no"]');
  assert.equal(await row.count(), 1, 'nobody was removed');
  await teacher.click('[data-testid="session-remove-idle"]');
  await teacher.click('[data-testid="session-confirm-yes"]');
  await teacher.waitForFunction((n) => document.querySelectorAll('[data-testid="session-student"]').length === n, steering);
  assert.equal(await row.count(), 0);
  assert.equal(await ada.count(), 1, 'a student who steered stays');
  await idle.waitForSelector('[data-testid="join-refused"]');
  await idle.close();
});
