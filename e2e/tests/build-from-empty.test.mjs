// A two-blueprint model built from an empty project as a new student would, with the
// blueprint list, the wizard and the map editor only (nothing typed in the text editor): Fish
// and Algae with costumes, a wandering Fish, a `when Fish touches Algae` rule that writes a
// log line, one instance of each placed on the stage; Play runs it and the rule fires.
//
// Each step a student takes is timed and listed (the issue asks how long a first-time user
// needs): the test prints them as diagnostics, `# step N (seconds): what the student did`.
// The times are the app's own response to a scripted user, a floor for a real one; they are
// printed, never asserted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp } from '../harness.mjs';

const LINE = '[data-testid="wizard-line"]';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** The steps taken so far: what the student did, and how long the app took. */
const steps = [];
async function step(what, action) {
  const started = performance.now();
  await action();
  steps.push({ what, ms: performance.now() - started });
}

const row = (n) => app.page.locator(`${LINE}[data-line="${n}"]`);

/** The line numbers of the script in the wizard, by each row's text. */
async function lineOf(pattern) {
  const rows = app.page.locator(LINE);
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const text = await rows.nth(i).evaluate((el) => {
      const words = [...el.querySelectorAll('.wizard-words .wizard-pragma, .wizard-words select, .wizard-words input')]
        .map((e) => (e.tagName === 'SPAN' ? e.textContent : e.value));
      return words.join(' ');
    });
    if (pattern.test(text)) return Number(await rows.nth(i).getAttribute('data-line'));
  }
  throw new Error(`no wizard line matches ${pattern}`);
}

/** Adds a line after line `n`, gives it `keyword`, and returns its number. */
async function addLine(n, keyword) {
  const { page } = app;
  await row(n).locator('[data-testid="wizard-add"]').click();
  await page.waitForSelector(`${LINE}[data-line="${n + 1}"] [data-testid="wizard-keyword"]`);
  await row(n + 1).locator('[data-testid="wizard-keyword"]').selectOption(keyword);
  await page.waitForFunction(([n, keyword]) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] [data-testid="wizard-keyword"]`)?.value === keyword, [n + 1, keyword]);
  return n + 1;
}

/** Picks `value` in the drop-down `slot` of line `n` and waits for the wizard to show it. */
async function pick(n, slot, value) {
  const select = row(n).locator(`select[data-slot="${slot}"]`);
  await select.selectOption(value);
  await app.page.waitForFunction(([n, slot, value]) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] select[data-slot="${slot}"]`)?.value === value, [n, slot, value]);
}

/** Types `value` into the box `slot` of line `n`, leaves it, and waits for the wizard. */
async function type(n, slot, value) {
  const input = row(n).locator(`input[data-slot="${slot}"]`);
  await input.fill(value);
  await input.press('Tab');
  await app.page.waitForFunction(([n, slot, value]) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] input[data-slot="${slot}"]`)?.value.replace(/^'|'$/g, '') === value,
  [n, slot, value]);
}

/** Creates a blueprint with the list's "+ New" and renames it `name`. */
async function createBlueprint(name) {
  const { page } = app;
  const before = await page.locator('[data-testid="blueprint-row"]').count();
  await step(`add a blueprint (+ New in the blueprint list)`, async () => {
    await page.click('[data-testid="blueprint-create"]');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="blueprint-row"]').length === n, before + 1);
  });
  const created = page.locator('[data-testid="blueprint-row"]').nth(before);
  const old = await created.getAttribute('data-blueprint');
  await step(`rename it ${name} (✎, type the name, OK)`, async () => {
    await created.locator('[data-testid="blueprint-rename"]').click();
    await page.fill('[data-testid="blueprint-name-input"]', name);
    await page.click('[data-testid="blueprint-rename-ok"]');
    await page.waitForSelector(`[data-testid="blueprint-row"][data-blueprint="${name}"]`);
  });
  assert.notEqual(old, name);
}

/** Opens `name` in the wizard. */
async function openInWizard(name) {
  const { page } = app;
  await step(`open ${name} in the Wizard (its name in the list, then the Wizard tab)`, async () => {
    await page.click(`[data-testid="blueprint-row"][data-blueprint="${name}"] [data-testid="blueprint-open"]`);
    await page.click('[data-testid="wizard-tab"]');
    await page.waitForSelector('[data-testid="wizard"]');
    await page.waitForFunction((name) => [...document.querySelectorAll('[data-testid="wizard"] input')]
      .some((i) => i.value === name), name);
  });
}

/** Gives the blueprint open in the wizard a costume, on the empty line after DEFINE. */
async function addCostume(file) {
  const blank = (await lineOf(/# PROGRAM DEFINE/)) + 1;
  await step('choose addFeature on the empty line, feature Costume', async () => {
    await row(blank).locator('[data-testid="wizard-keyword"]').selectOption('addFeature');
    await row(blank).locator('select[data-slot="feature"]').waitFor();
    await pick(blank, 'feature', 'Costume');
  });
  let call;
  await step(`+ Line, choose featCall (Costume setCostume), pick the costume ${file}`, async () => {
    call = await addLine(blank, 'featCall');
    await pick(call, 'file', `'${file}'`);
  });
  return call;
}

/** The page point showing the model point (x, y) on a -400..400 stage. */
async function pagePoint(x, y) {
  const box = await app.page.locator('[data-testid="stage"]').boundingBox();
  const scale = box.width / 800;
  return { x: box.x + box.width / 2 + x * scale, y: box.y + box.height / 2 + y * scale };
}

/** Waits until the inspector's agent count reads `want`: it refreshes after the map list. */
async function agentCount(page, want) {
  await page.waitForFunction((want) =>
    document.querySelector('[data-testid="agent-count"]')?.textContent === want, want);
}

test('a Fish and Algae model built with the wizard and the map editor runs its touch rule', async (t) => {
  const { page } = app;
  // The first bundled model loads on open; New comes after it, as it would for a student.
  await page.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Wanderer"]');
  await step('New (an empty project)', async () => {
    await page.click('[data-testid="new-project"]');
    await page.waitForSelector('[data-testid="blueprint-list"]');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blueprint-row"]').length === 0);
  });
  await agentCount(page, '0');

  await createBlueprint('Fish');
  await createBlueprint('Algae');

  await openInWizard('Algae');
  await addCostume('algae.json');

  await openInWizard('Fish');
  const call = await addCostume('fish.json');
  let movement;
  await step('+ Line, choose addFeature, feature Movement', async () => {
    movement = await addLine(call, 'addFeature');
    await pick(movement, 'feature', 'Movement');
  });
  await step('+ Line, choose featProp, feature Movement (movementType setTo), type wander', async () => {
    const line = await addLine(movement, 'featProp');
    await pick(line, 'feature', 'Movement');
    await pick(line, 'property', 'movementType');
    await type(line, 'value', 'wander');
  });
  let rule;
  await step('+ Line after # PROGRAM UPDATE, choose when, pick Fish touches Algae', async () => {
    rule = await addLine(await lineOf(/# PROGRAM UPDATE/), 'when');
    await pick(rule, 'first', 'Fish');
    await pick(rule, 'test', 'touches');
    await pick(rule, 'second', 'Algae');
  });
  await step('+ Add a line inside the rule, choose dbgOut, + values, type Fish meets Algae', async () => {
    await row(rule).locator('xpath=..').locator('[data-testid="wizard-add-inside"]').first().click();
    await page.waitForSelector(`${LINE}[data-line="${rule + 1}"] [data-testid="wizard-keyword"]`);
    await row(rule + 1).locator('[data-testid="wizard-keyword"]').selectOption('dbgOut');
    const add = row(rule + 1).locator('[data-testid="wizard-add-arg"][data-arg="values"]');
    await add.click();
    await row(rule + 1).locator('input[data-slot="values"]').waitFor();
    await type(rule + 1, 'values', 'Fish meets Algae');
  });
  assert.equal(await page.locator('[data-testid="wizard-errors"]').count(), 0, 'the Fish script compiles');
  await screenshot(page, 'build-from-empty-wizard');

  await step('close the script panel, open the map editor', async () => {
    await page.click('[data-testid="script-toggle"]');
    await page.click('[data-testid="map-toggle"]');
    await page.waitForSelector('[data-testid="map-editor"]');
  });
  const algae = await pagePoint(0, 0);
  await step('choose Algae to place, click the middle of the stage', async () => {
    await page.selectOption('[data-testid="map-blueprint"]', 'Algae');
    await page.mouse.click(algae.x, algae.y);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 1);
  });
  // Just off the Algae's drawn costume (44 units wide, so a click within 22 units of its
  // centre selects it) and close enough that their bodies (32 units wide each) overlap.
  const fish = await pagePoint(27, 0);
  await step('choose Fish to place, click just beside the Algae', async () => {
    await page.selectOption('[data-testid="map-blueprint"]', 'Fish');
    await page.mouse.click(fish.x, fish.y);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 2);
  });
  await agentCount(page, '2');
  assert.deepEqual(
    await page.locator('[data-testid="map-instance"]').evaluateAll((rows) => rows.map((r) => r.dataset.name)),
    ['Algae 1', 'Fish 1'],
  );

  await step('Play, and watch the log', async () => {
    await page.click('[data-testid="play"]');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="log-entry"]')]
      .some((e) => e.textContent.includes('Fish meets Algae')), null, { timeout: 15000 });
  });
  await screenshot(page, 'build-from-empty-running');

  const total = steps.reduce((sum, s) => sum + s.ms, 0);
  steps.forEach((s, i) => t.diagnostic(`step ${i + 1} (${(s.ms / 1000).toFixed(2)} s): ${s.what}`));
  t.diagnostic(`${steps.length} steps, ${(total / 1000).toFixed(1)} s of app time in all`);
});
