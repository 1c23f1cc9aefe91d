// The blueprint wizard: the wander model's script as rows of controls; lines added, filled,
// deleted and moved with the controls only; the Text tab and the Wizard tab show one script;
// an edit that would break the script is refused with a message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, closeApp, openWizard, wizardScriptText } from '../harness.mjs';

const LINE = '[data-testid="wizard-line"]';
const TEXT = '[data-testid="script-text"]';
const PROGRAM = '# PROGRAM';

let app;
before(async () => { app = await openWizard(); });
after(() => closeApp(app));

/** The wizard row of text line `n`. */
const row = (n) => app.page.locator(`${LINE}[data-line="${n}"]`);

/** The script as the Text tab shows it. */
const textTab = () => wizardScriptText(app.page);

/** Types `value` into the slot named `slot` of line `n` and leaves the box. */
async function typeInto(n, slot, value) {
  const input = row(n).locator(`input[data-slot="${slot}"]`);
  await input.fill(value);
  await input.press('Tab');
}

test('the wizard shows each line of the script with its keyword and arguments', async () => {
  const { page } = app;
  const text = await textTab();
  const lines = text.split('\n');
  assert.equal(await page.locator(LINE).count(), lines.length);
  const line = lines.indexOf("featProp Movement movementType setTo 'wander'") + 1;
  assert.equal(await row(line).locator('[data-testid="wizard-keyword"]').inputValue(), 'featProp');
  assert.equal(await row(line).locator('select[data-slot="feature"]').inputValue(), 'Movement');
  assert.equal(await row(line).locator('select[data-slot="property"]').inputValue(), 'movementType');
  assert.equal(await row(line).locator('input[data-slot="value"]').inputValue(), 'wander',
    'text shows without its quotes');
  await row(line).locator('select[data-slot="property"]').focus();
  assert.match(await page.textContent('[data-testid="wizard-help"]'), /movementType: How the character moves/);
  await screenshot(page, 'wizard-open');
});

test('a line built with the controls only: addProp energy Number 10', async () => {
  const { page } = app;
  const before = (await textTab()).split('\n');
  const last = before.length;
  await row(last).locator('[data-testid="wizard-add"]').click();
  await page.waitForSelector(`${LINE}[data-line="${last + 1}"]`);
  await row(last + 1).locator('[data-testid="wizard-keyword"]').selectOption('addProp');
  await page.waitForSelector(`${LINE}[data-line="${last + 1}"] input[data-slot="name"]`);
  await typeInto(last + 1, 'name', 'energy');
  await page.waitForFunction((n) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] input[data-slot="name"]`)?.value === 'energy', last + 1);
  assert.equal(await row(last + 1).locator('select[data-slot="type"]').inputValue(), 'Number');
  await typeInto(last + 1, 'initial', '10');
  const after = await textTab();
  assert.equal(after.split('\n')[last], 'addProp energy Number 10');
  await screenshot(page, 'wizard-added-line');
});

test('a feature property value set in the wizard shows in the text', async () => {
  const lines = (await textTab()).split('\n');
  const line = lines.indexOf('featProp Movement distance setTo 3') + 1;
  assert.ok(line > 0);
  await typeInto(line, 'value', '5');
  const text = await textTab();
  assert.equal(text.split('\n')[line - 1], 'featProp Movement distance setTo 5');
});

test('an edit in the Text tab shows in the Wizard', async () => {
  const { page } = app;
  await page.click('[data-testid="text-tab"]');
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\naddProp speed Number 2');
  await page.click('[data-testid="script-apply"]');
  await page.click('[data-testid="wizard-tab"]');
  const speed = page.locator(`${LINE} input[data-slot="name"]`).last();
  assert.equal(await speed.inputValue(), 'speed');
});

test('lines can be deleted and moved', async () => {
  const { page } = app;
  let lines = (await textTab()).split('\n');
  const speed = lines.indexOf('addProp speed Number 2') + 1;
  await row(speed).locator('[data-testid="wizard-delete"]').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="wizard-line"]').length === n,
    lines.length - 1);
  lines = (await textTab()).split('\n');
  assert.ok(!lines.includes('addProp speed Number 2'));
  const scale = lines.indexOf('featProp Physics scale setTo 1.5') + 1;
  await row(scale).locator('[data-testid="wizard-up"]').click();
  await page.waitForFunction((n) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] select[data-slot="feature"]`)?.value === 'Physics', scale - 1);
  const moved = (await textTab()).split('\n');
  assert.equal(moved[scale - 2], 'featProp Physics scale setTo 1.5');
  assert.deepEqual([...moved].sort(), [...lines].sort());
});

test('an edit that would break the script is refused with a message', async () => {
  const { page } = app;
  const before = await textTab();
  const line = before.split('\n').indexOf('addFeature Movement') + 1;
  await row(line).locator('[data-testid="wizard-delete"]').click();
  const message = page.locator('[data-testid="wizard-message"]');
  await message.waitFor();
  assert.match(await message.textContent(), /would break the script/);
  assert.equal(await textTab(), before);
  await page.click('[data-testid="wizard-tab"]');
  await row(line).locator('[data-testid="wizard-delete"]').click();
  await message.waitFor();
  await screenshot(page, 'wizard-refused');
});

test('blocks show nested, and a line can be added inside one', async () => {
  const { page } = app;
  const lines = (await textTab()).split('\n');
  const last = lines.length;
  await row(last).locator('[data-testid="wizard-add"]').click();
  await row(last + 1).locator('[data-testid="wizard-keyword"]').selectOption(PROGRAM);
  await page.waitForSelector(`${LINE}[data-line="${last + 1}"] select[data-slot="program"]`);
  await row(last + 1).locator('[data-testid="wizard-add"]').click();
  await row(last + 2).locator('[data-testid="wizard-keyword"]').selectOption('every');
  await page.locator('[data-testid="wizard-add-inside"]').last().click();
  await page.locator('.wizard-block [data-testid="wizard-keyword"]').last().selectOption('prop');
  await page.waitForSelector('.wizard-block select[data-slot="prop"]');
  const text = await textTab();
  assert.deepEqual(text.split('\n').slice(last), ['# PROGRAM UPDATE', 'every 1 [[', '  prop energy setTo 0', ']]']);
  await page.locator('.wizard-block select[data-slot="prop"]').focus();
  await screenshot(page, 'wizard-nested');
});
