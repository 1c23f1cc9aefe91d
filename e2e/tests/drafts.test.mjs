// Drafts: script text typed but not applied survives switching blueprint, closing the
// script drawer and reloading the page, shown as unapplied until applied or discarded.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, waitForText } from '../harness.mjs';

const TEXT = '[data-testid="script-text"]';
const STATE = '[data-testid="script-state"]';
const TYPED = '\n// a note not applied yet';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

async function openFishEditor(page) {
  if (!(await page.locator('[data-testid="script-editor"]').count())) {
    await page.click('[data-testid="script-toggle"]');
  }
  await page.waitForSelector(TEXT);
  await page.selectOption('[data-testid="script-blueprint"]', 'Fish');
  await page.waitForFunction((t) => document.querySelector(t).getAttribute('aria-label') === 'Script of Fish', TEXT);
}

test('an unapplied text survives a switch of blueprint and a closed drawer', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await waitForText(page, '[data-testid="project-label"]', 'Fish and Algae');
  await openFishEditor(page);
  const applied = await page.inputValue(TEXT);
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(TYPED);
  await waitForText(page, STATE, 'unapplied changes');
  await page.selectOption('[data-testid="script-blueprint"]', 'Algae');
  await page.waitForFunction((t) => document.querySelector(t).getAttribute('aria-label') === 'Script of Algae', TEXT);
  await openFishEditor(page);
  assert.equal(await page.inputValue(TEXT), applied + TYPED);
  await waitForText(page, STATE, 'unapplied changes');
  await page.click('[data-testid="script-toggle"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="script-editor"]'));
  await openFishEditor(page);
  assert.equal(await page.inputValue(TEXT), applied + TYPED);
});

test('a reload keeps the draft, Discard goes back to the applied text', async () => {
  const { page } = app;
  const draft = await page.inputValue(TEXT);
  await page.reload();
  await waitForText(page, '[data-testid="project-label"]', 'Fish and Algae');
  await openFishEditor(page);
  assert.equal(await page.inputValue(TEXT), draft);
  await waitForText(page, STATE, 'unapplied changes');
  await page.click('[data-testid="script-discard"]');
  await waitForText(page, STATE, 'applied');
  assert.equal(await page.inputValue(TEXT), draft.slice(0, -TYPED.length));
  await page.reload();
  await waitForText(page, '[data-testid="project-label"]', 'Fish and Algae');
  await openFishEditor(page);
  await waitForText(page, STATE, 'applied');
});

test('an applied text is no longer a draft', async () => {
  const { page } = app;
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n// applied this time');
  await waitForText(page, STATE, 'unapplied changes');
  await page.click('[data-testid="script-apply"]');
  await waitForText(page, STATE, 'applied');
  await page.reload();
  await waitForText(page, '[data-testid="project-label"]', 'Fish and Algae');
  await openFishEditor(page);
  await waitForText(page, STATE, 'applied');
  assert.match(await page.inputValue(TEXT), /\/\/ applied this time$/);
});
