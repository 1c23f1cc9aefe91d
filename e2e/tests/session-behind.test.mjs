// A student's device too slow for the class model says so, and the teacher's roster marks it:
// a real nats-server, the teacher's page (1366×768) running our fish-and-algae model grown to
// 1,500 agents, and a student's phone (390×844, touch) whose CPU Chromium slows 100× (as
// Lighthouse models a slow phone, at an extreme) until it falls behind. Once the phone is
// fast again it catches up, and both marks go.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { importProject, screenshot } from '../harness.mjs';
import { startNats, startClassroom, TEACHER_KEY, join as joinRoom } from '../session-harness.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

let nats;
let room;

before(async () => {
  nats = await startNats();
  room = await startClassroom();
});

after(async () => {
  for (const page of room?.pages ?? []) assert.deepEqual(page.errors, [], 'no page logged an error');
  await room?.close();
  await nats?.stop();
});

/** Our fish-and-algae model with its fish and algae copied to `n` agents over its stage. */
async function grown(n) {
  const model = JSON.parse(await readFile(join(ROOT, 'static/models/fish-and-algae.gemprj'), 'utf8'));
  const characters = model.instances.filter((i) => i.bpid === 'Fish' || i.bpid === 'Algae');
  const others = model.instances.filter((i) => !characters.includes(i));
  const copies = Array.from({ length: n - others.length }, (_, k) => {
    const from = characters[k % characters.length];
    // A fixed spread over the 800 × 800 stage, so every run is the same model.
    const x = ((k * 97) % 760) - 380;
    const y = ((k * 61) % 760) - 380;
    return { ...from, id: `grown-${k}`, label: `${from.bpid} ${k}`, initScript: `prop x setTo ${x}\nprop y setTo ${y}` };
  });
  return JSON.stringify({ ...model, id: 'fish-and-algae-grown', label: 'Fish and Algae, grown', instances: [...others, ...copies] });
}

test('a device that cannot keep up is told, and the roster marks it until it catches up', async () => {
  const q = `server=${encodeURIComponent(nats.wsUrl)}`;
  const teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768 });
  await importProject(teacher, 'grown.gemprj', await grown(1500));
  await teacher.click('[data-testid="session-start"]');
  await teacher.waitForSelector('[data-testid="session-code"]');
  const code = (await teacher.textContent('[data-testid="session-code"]')).trim();

  const phone = await room.device(`?join=${code}&${q}`, { width: 390, height: 844, touch: true });
  await joinRoom(phone, 'Ana');
  if (await teacher.isEnabled('[data-testid="play"]')) await teacher.click('[data-testid="play"]');
  // The phone follows the class run, in step (on this busy machine it may trail a moment
  // while both pages start).
  await phone.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > 60
    && !document.querySelector('[data-testid="device-behind"]'), null, { polling: 200, timeout: 60_000 });
  const row = teacher.locator('[data-testid="session-student"]', { hasText: 'Ana' });
  await row.locator('[data-testid="student-behind"]').waitFor({ state: 'detached' });

  // Every notice the phone shows, with its status line of that moment: a fast machine may
  // show it only for a few frames while it catches up, between two looks from here.
  await phone.evaluate(() => {
    window.__behindSeen = [];
    const look = () => {
      const notice = document.querySelector('[data-testid="device-behind"]');
      const status = document.querySelector('[data-testid="session-status"]');
      if (notice && status) window.__behindSeen.push([notice.textContent, status.textContent]);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  // Its CPU slowed 100×, it cannot run the model as fast as the class: it says so, and the
  // teacher's roster marks it (the phone's next input carries how far behind it is).
  const cdp = await phone.context().newCDPSession(phone);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 100 });
  const marked = await teacher.waitForFunction(() => {
    const ana = [...document.querySelectorAll('[data-testid="session-student"]')]
      .find((r) => r.textContent.includes('Ana'));
    const mark = ana?.querySelector('[data-testid="student-behind"]');
    // Far enough behind that it is still behind a while after it is sped up again below.
    return mark && Number(ana.dataset.behindMs) >= 6000 && [mark.textContent, ana.dataset.behindMs];
  }, null, { timeout: 120_000 });
  const [mark, behindMs] = await marked.jsonValue();
  assert.match(mark, /^\d+ s behind$/);
  assert.ok(Number(behindMs) >= 2000, behindMs);
  await teacher.locator('[data-testid="session-roster"]').scrollIntoViewIfNeeded();
  await screenshot(teacher, 'session-behind-teacher');
  // Slowed less, the phone answers a question now and then (at 100× it hardly does) and
  // is still far behind: it says so, and where it says how its run stands.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  // The notice and the status line of one moment, as the phone showed them: it catches up
  // soon at this speed.
  const said = await phone.waitForFunction(() => window.__behindSeen[0], null, { polling: 200, timeout: 60_000 });
  const [notice, status] = await said.jsonValue();
  assert.match(notice, /^This device is \d+ s behind the class/);
  assert.match(status, /· \d+ s behind · /);
  // The teacher's class run goes on meanwhile.
  const tick = Number(await teacher.$eval('[data-testid="stage"]', (c) => c.dataset.tick));
  await teacher.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > t + 30, tick);

  // Fast again, it works through what waited and is in step: both marks go. Its picture is
  // taken now that it draws at its own pace (a screenshot of a page slowed 20× waits on a
  // frame it may not draw for minutes on a busy machine), while it still catches up.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await screenshot(phone, 'session-behind-phone');
  await phone.waitForFunction(() => !document.querySelector('[data-testid="device-behind"]'),
    null, { polling: 500, timeout: 120_000 });
  await row.locator('[data-testid="student-behind"]').waitFor({ state: 'detached', timeout: 60_000 });
});
