// The command line: a line of ScriptText run at the next tick by the model, every agent of a
// blueprint or the selected agent; a mistake shows at once with its line and column; the arrow
// keys bring back the commands sent. On the bundled Fish and Algae model and GEMSTEP's moths.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, screenshot, importGemstepModel, stepTick, openTools } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Sends `text` as `who` (the option's value) and waits for the answer to change. */
async function send(page, who, text) {
  const before = await page.locator('[data-testid="command-answer"]').textContent().catch(() => '');
  await page.selectOption('[data-testid="command-who"]', who);
  await page.fill('[data-testid="command-text"]', text);
  await page.press('[data-testid="command-text"]', 'Enter');
  await page.waitForFunction((was) => {
    const now = document.querySelector('[data-testid="command-answer"]')?.textContent;
    return now && now !== was;
  }, before);
  return page.textContent('[data-testid="command-answer"]');
}

test('commands run at the next tick as the model, every Fish, or the selected Fish', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  // The command line is one of the developer tools, closed until asked for.
  assert.equal(await page.locator('[data-testid="command-text"]').count(), 0);
  await openTools(page);
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="command-who"] option')]
    .some((o) => o.value === 'bp:Fish'));
  assert.equal(await page.isDisabled('[data-testid="pause"]'), true, 'the model opened paused');

  assert.equal(await send(page, 'model', "dbgOut 'hello from the model'"),
    'sent to the model; it runs at the next tick');
  assert.equal(await page.inputValue('[data-testid="command-text"]'), '', 'the line is cleared');
  assert.equal(await page.locator('[data-testid="log-entry"]', { hasText: 'hello from the model' }).count(), 0,
    'nothing runs before the tick');
  await stepTick(page);
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="log"]')?.textContent.includes('hello from the model'));

  assert.equal(await send(page, 'bp:Fish', 'prop energy setTo 5'), 'sent to 3 Fish; it runs at the next tick');
  await page.locator('[data-testid="agent-row"]', { hasText: 'Fish' }).first().click();
  await stepTick(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-energy"]')?.value === '5');

  assert.equal(await send(page, 'selected', 'prop energy setTo 42'),
    'sent to the selected agent; it runs at the next tick');
  await stepTick(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-energy"]')?.value === '42');
  await screenshot(page, 'command-line');
});

test('a mistake is refused at once with its line and column, and the text is kept', async () => {
  const { page } = app;
  const answer = await send(page, 'bp:Fish', 'prop enrgy add 1');
  assert.match(answer, /^command to Fish:1:6: /);
  assert.match(answer, /energy/, 'it suggests the prop');
  assert.equal(await page.getAttribute('[data-testid="command-answer"]', 'role'), 'alert');
  assert.equal(await page.inputValue('[data-testid="command-text"]'), 'prop enrgy add 1');
});

test('what a script would only be warned about is refused too, with its column', async () => {
  const { page } = app;
  const missing = await send(page, 'bp:Fish', 'prop energy setTo');
  assert.match(missing, /^command to Fish:1:13: setTo needs its 'value' after it/);
  assert.equal(await page.inputValue('[data-testid="command-text"]'), 'prop energy setTo');
  const unknown = await send(page, 'model', 'featPorp Costume glow setTo 1');
  assert.match(unknown, /^command to the model:1:1: 'featPorp' is not a keyword/);
  assert.equal(await page.locator('[data-testid="log-entry"]', { hasText: 'setTo' }).count(), 0,
    'nothing reached the model to fail in the Log');
});

test('the arrow keys walk through the commands sent', async () => {
  const { page } = app;
  await page.fill('[data-testid="command-text"]', '');
  await page.press('[data-testid="command-text"]', 'ArrowUp');
  assert.equal(await page.inputValue('[data-testid="command-text"]'), 'prop energy setTo 42');
  await page.press('[data-testid="command-text"]', 'ArrowUp');
  assert.equal(await page.inputValue('[data-testid="command-text"]'), 'prop energy setTo 5');
  await page.press('[data-testid="command-text"]', 'ArrowDown');
  await page.press('[data-testid="command-text"]', 'ArrowDown');
  assert.equal(await page.inputValue('[data-testid="command-text"]'), '');
});

test('GEMSTEP\'s moths model takes a command to its Global props', async (t) => {
  const { page } = app;
  if (!await importGemstepModel(t, page, 'moths')) return;
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  assert.equal(await send(page, 'model', 'featCall Global globalProp darkMoths setTo 99'),
    'sent to the model; it runs at the next tick');
  // The graphs sample the Global props once a simulation second: play on to the next sample.
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => {
    const legend = document.querySelector('[data-testid="graphs"] .legend')?.textContent ?? '';
    return Number(/darkMoths: (\d+)/.exec(legend)?.[1]) >= 99;
  });
});
