// A key for each teacher, against a real nats-server configured by scripts/teacher: Alice's
// page logs in as her own user, her room codes start with her tag, and her students join and
// steer as ever; the server itself (not a check of the page's) refuses her subscribing to
// Bob's rooms' inputs, to the classroom teacher's rooms, or sending into Bob's rooms.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { startNats, startClassroom, startSession, join as joinRoom, dragPad, sameState } from '../session-harness.mjs';

const TEACHER = resolve(import.meta.dirname, '../../scripts/teacher');

let dir;
let nats;
let room;
const keys = {};

/** Runs scripts/teacher with this test's own list of teachers. */
const teacher = (...args) => execFileSync(TEACHER, args, {
  encoding: 'utf8', env: { ...process.env, STEPWISE_TEACHERS: join(dir, 'teachers') },
});

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stepwise-teachers-'));
  for (const name of ['alice', 'bob']) {
    const [, tag, key] = teacher('add', name).match(/tag (\w{2}), key (\w+)/);
    keys[name] = { tag, key };
  }
  assert.match(teacher('list'), /alice {2}tag \w{2} {2}http:\/\/ADDRESS:8080\/\?teach=\w{2}:\w+/);
  teacher('config', join(dir, 'conf'));
  nats = await startNats({ config: join(dir, 'conf', 'classroom.conf') });
  room = await startClassroom();
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("a teacher with a key of their own runs a class, and the server keeps them out of another's rooms", async () => {
  const { tag, key } = keys.alice;
  const q = `server=${encodeURIComponent(nats.wsUrl)}`;
  const alice = await room.device(`?teach=${tag}:${key}&${q}`, { width: 1366, height: 768 });
  const code = await startSession(alice);
  assert.equal(code.length, 9);
  assert.ok(code.startsWith(tag), `${code} starts with Alice's tag ${tag}`);
  await alice.waitForFunction(() => /^connected/.test(document.querySelector('[data-testid="session-server"]').textContent));
  const ana = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  await joinRoom(ana, 'Ana');
  if (await alice.isEnabled('[data-testid="play"]')) await alice.click('[data-testid="play"]');
  await dragPad(ana, [0.5, 0.5], [0.3, 0.7]);
  await alice.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > 40);
  await sameState(alice, [ana]);

  // Alice's own credentials, on the server itself.
  const said = await alice.evaluate(async ({ url, user, pass, mine, theirs }) => {
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    let text = '';
    ws.onmessage = (e) => { text += typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data); };
    await new Promise((ok) => { ws.onopen = ok; });
    const send = (t) => ws.send(new TextEncoder().encode(t));
    send(`CONNECT {"user":"${user}","pass":"${pass}","verbose":false,"protocol":1}\r\n`);
    send(`SUB sw.${theirs}.*.in 1\r\nSUB sw.*.in 2\r\nSUB sw.${mine}.*.in 3\r\nPUB sw.${theirs}.x.out 2\r\nhi\r\nPING\r\n`);
    const deadline = Date.now() + 5000;
    while (!text.includes('PONG') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    ws.close();
    return text;
  }, { url: nats.wsUrl, user: `teacher-${tag}`, pass: key, mine: tag, theirs: keys.bob.tag });
  assert.match(said, new RegExp(`Permissions Violation for Subscription to "sw\\.${keys.bob.tag}\\.\\*\\.in"`));
  assert.match(said, /Permissions Violation for Subscription to "sw\.\*\.in"/);
  assert.match(said, new RegExp(`Permissions Violation for Publish to "sw\\.${keys.bob.tag}\\.x\\.out"`));
  assert.doesNotMatch(said, new RegExp(`Subscription to "sw\\.${tag}\\.`), 'her own rooms are hers');
  assert.match(said, /PONG/);
});
