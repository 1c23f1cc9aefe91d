// Optional arguments in the wizard: a line offers the arguments its keyword or method may
// take but leaves out ("+ option" on `every`, "+ frame" on `setCostume`), marks the ones it
// may lose with ×, and every addition or removal shows in the text, which still compiles.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, closeApp, openWizard, wizardScriptText } from '../harness.mjs';

const LINE = '[data-testid="wizard-line"]';

let app;
before(async () => { app = await openWizard(); });
after(() => closeApp(app));

const row = (n) => app.page.locator(`${LINE}[data-line="${n}"]`);

/** The script as the Text tab shows it. */
const textTab = () => wizardScriptText(app.page);

/** Checks that line `n` of the text (from 1) reads `expected`. */
async function lineIs(n, expected) {
  const lines = (await textTab()).split('\n');
  assert.equal(lines[n - 1], expected);
}

test('every offers runAtStart, which is added and removed with the controls', async () => {
  const { page } = app;
  const lines = (await textTab()).split('\n');
  const last = lines.length;
  await row(last).locator('[data-testid="wizard-add"]').click();
  await page.waitForSelector(`${LINE}[data-line="${last + 1}"]`);
  await row(last + 1).locator('[data-testid="wizard-keyword"]').selectOption('every');
  const add = row(last + 1).locator('[data-testid="wizard-add-arg"][data-arg="option"]');
  await add.waitFor();
  assert.equal(await row(last + 1).locator('[data-testid="wizard-remove-arg"]').count(), 0,
    'no required argument can be removed');
  await add.click();
  await page.waitForSelector(`${LINE}[data-line="${last + 1}"] select[data-slot="option"]`);
  await lineIs(last + 1, 'every 1 runAtStart [[');
  assert.equal(await row(last + 1).locator('[data-testid="wizard-add-arg"]').count(), 0);
  await screenshot(page, 'wizard-optional-added');
  await row(last + 1).locator('[data-testid="wizard-remove-arg"]').click();
  await row(last + 1).locator('[data-testid="wizard-add-arg"][data-arg="option"]').waitFor();
  await lineIs(last + 1, 'every 1 [[');
});

test("a feature method's optional frame is removed and added back", async () => {
  const { page } = app;
  const lines = (await textTab()).split('\n');
  const n = lines.indexOf("featCall Costume setCostume 'circle.json' 0") + 1;
  assert.ok(n > 0, 'the wander script has its setCostume line');
  const remove = row(n).locator('[data-testid="wizard-remove-arg"]');
  assert.equal(await remove.count(), 1, 'only the frame may be left out');
  await remove.click();
  const add = row(n).locator('[data-testid="wizard-add-arg"][data-arg="frame"]');
  await add.waitFor();
  await lineIs(n, "featCall Costume setCostume 'circle.json'");
  await add.click();
  await row(n).locator('[data-testid="wizard-remove-arg"]').waitFor();
  await lineIs(n, "featCall Costume setCostume 'circle.json' 0");
  assert.equal(await page.locator('[data-testid="wizard-errors"]').count(), 0, 'the script compiles');
});

test('an argument the line needs after all is not offered for removal', async () => {
  const { page } = app;
  const top = page.locator('.wizard-lines > .wizard-item > [data-testid="wizard-line"]');
  const before = await top.count();
  await top.last().locator('[data-testid="wizard-add"]').click();
  await page.waitForFunction((n) => document.querySelectorAll(
    '.wizard-lines > .wizard-item > [data-testid="wizard-line"]').length === n, before + 1);
  const added = Number(await top.last().getAttribute('data-line'));
  await row(added).locator('[data-testid="wizard-keyword"]').selectOption('when');
  await row(added).locator('select[data-slot="second"]').waitFor();
  // touches compares two kinds of character, so its optional second kind stays.
  assert.equal(await row(added).locator('[data-testid="wizard-remove-arg"]').count(), 0);
  await lineIs(added, 'when Wanderer touches Wanderer [[');
});

test("setCostume's picture is picked from the costumes there is art for", async () => {
  const { page } = app;
  const lines = (await textTab()).split('\n');
  const n = lines.indexOf("featCall Costume setCostume 'circle.json' 0") + 1;
  const file = row(n).locator('select[data-slot="file"]');
  const offered = await file.locator('option').allTextContents();
  for (const name of ["'fish.json'", "'flower.json'", "'predator.json'", "'onexone.json'"]) {
    assert.ok(offered.includes(name), `${name} is offered: ${offered}`);
  }
  await file.selectOption("'flower.json'");
  await page.waitForFunction((n) => document.querySelector(
    `[data-testid="wizard-line"][data-line="${n}"] select[data-slot="file"]`)?.value === "'flower.json'", n);
  await lineIs(n, "featCall Costume setCostume 'flower.json' 0");
  await file.selectOption("'circle.json'");
  await lineIs(n, "featCall Costume setCostume 'circle.json' 0");
});
