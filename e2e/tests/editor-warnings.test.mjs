// What GEMSTEP runs but quietly ignores is a warning, not an error: the editor lists it in
// amber with its line and column, the script still applies and runs, and the log says it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openEditor, screenshot, closeApp, waitForText } from '../harness.mjs';

const TEXT = '[data-testid="script-text"]';
const WARNINGS = '[data-testid="script-warnings"] li';

let app;
before(async () => { app = await openEditor(); });
after(() => closeApp(app));

test('an extra argument is warned about, and the script applies and runs', async () => {
  const { page } = app;
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nfeatCall Costume setPose 0 7');
  await page.waitForSelector(WARNINGS);
  const lines = (await page.inputValue(TEXT)).split('\n').length;
  const item = await page.textContent(WARNINGS);
  assert.match(item, new RegExp(`line ${lines}, column 28: warning: setPose takes 1 argument, but this line gives it 2`));
  assert.equal(await page.locator('[data-testid="script-errors"] li').count(), 0, 'no errors');
  await screenshot(page, 'editor-warning');
  await page.click('[data-testid="script-apply"]');
  await waitForText(page, '[data-testid="script-state"]', 'applied');
  await waitForText(page, '[data-testid="blueprints"] li[data-blueprint="Wanderer"] .status', 'ok');
  // The model runs on; the log has the warning at its place.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="log-entry"]')]
    .some((row) => /setPose takes 1 argument/.test(row.textContent)));
});
