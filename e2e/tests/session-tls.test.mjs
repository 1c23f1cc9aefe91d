// A live session over TLS, as a school serves it: the site over https:// with a certificate
// from a throwaway authority (tls.mjs; only this browser trusts it, for this run), the session
// server's WebSocket over wss:// with the same certificate (deploy/nats/classroom-tls.conf).
// The pages are given the server as ws://, and an https:// page reaches it over wss:// by
// itself; a student joins from a phone and steers, and every screen is in step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { makeCertificates } from '../tls.mjs';
import { startNats, startClassroom, startSession, join, dragPad, sameState, TEACHER_KEY } from '../session-harness.mjs';

let certs;
let nats;
let room;

before(async () => {
  certs = await makeCertificates();
  nats = await startNats({ tls: certs });
  room = await startClassroom({ tls: certs });
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
  if (certs) await rm(certs.dir, { recursive: true, force: true });
});

test('an https page runs a session over wss, and a phone joins, steers and stays in step', async () => {
  assert.match(nats.wsUrl, /^wss:/);
  assert.match(room.site.url, /^https:/);
  // Given as ws://: an https page may not open it, so it upgrades to wss:// by itself.
  const q = `server=${encodeURIComponent(nats.wsUrl.replace(/^wss:/, 'ws:'))}`;
  const teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768 });
  const code = await startSession(teacher);
  await teacher.waitForFunction(() => /^connected/.test(document.querySelector('[data-testid="session-server"]').textContent));
  const projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
  const ana = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  await join(ana, 'Ana');
  await teacher.waitForFunction(() => [...document.querySelectorAll('[data-testid="agent-row"]')].some((r) => r.textContent === 'Ana'));
  if (await teacher.isEnabled('[data-testid="play"]')) await teacher.click('[data-testid="play"]');
  await dragPad(ana, [0.5, 0.5], [0.8, 0.3]);
  await teacher.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > 60);
  await sameState(teacher, [projector, ana]);
  assert.equal(await ana.evaluate(() => location.protocol), 'https:');
});
