// Keys for the run controls and a list of them: `.` steps, R resets, + and − change the
// speed, `?` lists every shortcut (Escape closes the list); the stage is an image whose label
// names the model and its agent count.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, waitForText, shownTick } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('the stage says what it shows', async () => {
  const { page } = app;
  await waitForText(page, '[data-testid="project-label"]', 'Wander');
  assert.equal(await page.getAttribute('[data-testid="stage"]', 'role'), 'img');
  await page.waitForFunction(() => document.querySelector('[data-testid="stage"]').getAttribute('aria-label') === 'Stage of Wander: 12 agents');
});

test('keys step, reset and change the speed', async () => {
  const { page } = app;
  await page.click('[data-testid="project-label"]');
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="pause"]').disabled);
  const tick = await shownTick(page);
  await page.keyboard.press('.');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]').textContent) === t + 1, tick);
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]').textContent === '0');
  assert.equal(await page.inputValue('[data-testid="speed"]'), '1');
  await page.keyboard.press('+');
  await page.waitForFunction(() => document.querySelector('[data-testid="speed"]').value === '2');
  for (let i = 0; i < 6; i++) await page.keyboard.press('+');
  await page.waitForFunction(() => document.querySelector('[data-testid="speed"]').value === '8');
  for (let i = 0; i < 8; i++) await page.keyboard.press('-');
  await page.waitForFunction(() => document.querySelector('[data-testid="speed"]').value === '0.25');
  await page.selectOption('[data-testid="speed"]', '1');
});

test('? lists the shortcuts and Escape closes the list', async () => {
  const { page } = app;
  await page.click('[data-testid="project-label"]');
  await page.keyboard.press('?');
  await page.waitForSelector('[data-testid="shortcuts"]');
  const keys = await page.$$eval('[data-testid="shortcuts"] dt', (dts) => dts.map((d) => d.textContent));
  for (const key of ['Space', '.', 'R', '+ / −', '?']) assert.ok(keys.includes(key), `${key} is listed`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-testid="shortcuts"]', { state: 'detached' });
  await page.click('[data-testid="shortcuts-toggle"]');
  await page.waitForSelector('[data-testid="shortcuts"]');
  await page.click('[data-testid="shortcuts-close"]');
  await page.waitForSelector('[data-testid="shortcuts"]', { state: 'detached' });
});

/** The test id (or tag) of the focused element. */
const focused = (page) => page.evaluate(() => document.activeElement?.dataset.testid ?? document.activeElement?.tagName);

test('Tab reaches the title bar\'s tools, then the run controls before the agent list, and the list is one tab stop', async () => {
  const { page } = app;
  await page.goto(app.url);
  await page.waitForSelector('[data-testid="agent-row"]');
  const order = [];
  for (let i = 0; i < 40 && !order.includes('download-csv'); i++) {
    await page.keyboard.press('Tab');
    order.push(await focused(page));
  }
  // The model opens paused, so Play is the run control to reach (Pause and Undo are off).
  assert.deepEqual(order.slice(0, 5), ['map-toggle', 'script-toggle', 'info-toggle', 'tools-toggle', 'session-start'], order.join(', '));
  const play = order.indexOf('play');
  assert.ok(play >= 0 && play < 9, `Play is Tab number ${play + 1}: ${order.join(', ')}`);
  assert.ok(play < order.indexOf('agent-row'), order.join(', '));
  assert.equal(order.filter((id) => id === 'agent-row').length, 1, order.join(', '));
});

test('arrow keys move the selection inside the agent list', async () => {
  const { page } = app;
  const rows = '[data-testid="agent-row"]';
  await page.focus(rows);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((rows) => document.querySelectorAll(rows)[2]?.classList.contains('selected'), rows);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.index), '2');
  await page.keyboard.press('End');
  await page.waitForFunction((rows) => [...document.querySelectorAll(rows)].at(-1)?.classList.contains('selected'), rows);
  await page.keyboard.press('Home');
  await page.waitForFunction((rows) => document.querySelectorAll(rows)[0]?.classList.contains('selected'), rows);
  // Leaving the list and coming back lands on the selected agent.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.index), '0');
});
