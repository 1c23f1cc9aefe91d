// The model's widgets: the teacher adds a slider, a monitor and a button to the Fish and Algae
// model (which comes with two sliders and a monitor of its own); moving the slider changes every Fish at once, the monitor follows the model, the
// button runs its line at the next tick; each edit undoes, and the widgets are saved in the
// project. On GEMSTEP's moths model a slider and a monitor work on a Global prop.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openApp, closeApp, screenshot, importGemstepModel, stepTick, waitForStored, storedProjects, addWidget,
} from '../harness.mjs';

/** How many widgets the Fish and Algae model comes with. */
const OWN = 3;

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('a slider, a monitor and a button added to the Fish and Algae model work at once', async () => {
  const { page } = app;
  await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
  await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Fish and Algae');
  // Added while the model plays (the page redraws all the while: typing must survive it).
  await page.click('[data-testid="play"]');
  assert.equal(await page.isEnabled('[data-testid="pause"]'), true, 'the model plays');
  // The model's own widgets: two sliders and a monitor.
  assert.equal(await page.locator('[data-testid="widget"]').count(), OWN);
  await page.click('[data-testid="edit-widgets"]');
  await addWidget(page, 'slider', { label: 'Energy use', target: 'Fish.energyUse', min: 0, max: 10, step: 1 });
  await addWidget(page, 'monitor', { label: 'Mean energy', target: 'mean Fish.energy' });
  // A mistaken expression is named at once; mended, the monitor works.
  await addWidget(page, 'monitor', { label: 'Twice the energy', target: "{{ Fish.mean('enrgy') * 2 }}" });
  await page.waitForFunction(() => document.querySelector('[data-testid="widget-problem"]')?.textContent
    .includes("column 4: the model has no prop 'enrgy' on Fish (did you mean energy?)"));
  await addWidget(page, 'monitor', { label: 'Twice the energy', target: "{{ Fish.mean('energy') * 2 }}" }, OWN + 2);
  await page.waitForFunction(() => !document.querySelector('[data-testid="widget-problem"]'));
  await addWidget(page, 'button', { label: 'Feed the fish', target: 'Fish', script: 'prop energy setTo 100' });
  await page.click('[data-testid="edit-widgets"]');
  await page.click('[data-testid="pause"]');
  assert.equal(await page.locator('[data-testid="widget"]').count(), OWN + 4);

  // The slider shows the model's value (2, from the script) and sets every Fish when moved.
  const added = page.locator('[data-testid="widget"]').nth(OWN);
  const slider = added.locator('[data-testid="widget-slider"]');
  assert.equal(await slider.inputValue(), '2');
  await page.locator('[data-testid="agent-row"]', { hasText: 'Fish' }).first().click();
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-energyUse"]')?.value === '7');
  assert.equal(await added.locator('[data-testid="widget-value"]').textContent(), '7');
  // The model's own slider on the same prop follows.
  assert.equal(await page.locator('[data-testid="widget-value"]').first().textContent(), '7');
  // Dragged with the mouse to the far end: every Fish has the slider's greatest value.
  const box = await slider.boundingBox();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForFunction(() => document.querySelector('[data-testid="prop-energyUse"]')?.value === '10');

  // The monitor shows the mean energy; the button feeds every Fish at the next tick.
  const monitor = page.locator('[data-testid="widget-monitor"]').nth(1);
  assert.match(await monitor.textContent(), /^\d+(\.\d+)?$/);
  await page.click('[data-testid="widget-button"]');
  await stepTick(page);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-monitor"]')[1]?.textContent === '100');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-monitor"]')[2]?.textContent === '200');
  await screenshot(page, 'widgets-fish');

  // Saved in the project, and each edit undoes.
  await waitForStored(page, 'prop energy setTo 100');
  const saved = JSON.parse((await storedProjects(page)).find((t) => t.includes('prop energy setTo 100')));
  assert.deepEqual(saved.widgets.slice(OWN).map((w) => w.kind), ['slider', 'monitor', 'monitor', 'button']);
  assert.equal(saved.widgets[OWN].target, 'Fish.energyUse');
  // Undo takes back the last edit: the button's line.
  await page.click('[data-testid="undo"]');
  await page.click('[data-testid="edit-widgets"]');
  await page.waitForFunction(() =>
    document.querySelectorAll('[data-testid="widget-script"]')[0]?.value === '');
  await page.click('[data-testid="edit-widgets"]');
});

test('on a touch tablet, widgets are added, set and removed by tapping, and the removal undoes', async () => {
  const tablet = await openApp({ touch: true });
  try {
    const { page } = tablet;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.selectOption('[data-testid="model-picker"]', 'fish-and-algae');
    await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Fish and Algae');
    assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the model opens paused');
    await page.tap('[data-testid="edit-widgets"]');
    await page.tap('[data-testid="add-slider"]');
    await addWidget(page, 'slider', { target: 'Fish.energyUse', min: 0, max: 8, step: 2 }, OWN);
    await page.tap('[data-testid="add-monitor"]');
    await addWidget(page, 'monitor', { target: 'max Fish.energyUse' }, OWN + 1);
    await page.tap('[data-testid="edit-widgets"]');
    // A tap near the slider's right end sets every Fish to its greatest value.
    const slider = page.locator('[data-testid="widget"]').nth(OWN).locator('[data-testid="widget-slider"]');
    await slider.scrollIntoViewIfNeeded();
    const box = await slider.boundingBox();
    await page.touchscreen.tap(box.x + box.width - 2, box.y + box.height / 2);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-monitor"]')[1]?.textContent === '8');
    // Removed with a tap, and back with Undo.
    await page.tap('[data-testid="edit-widgets"]');
    await page.locator('[data-testid="remove-widget"]').nth(OWN).tap();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="widget-editor"]').length === n, OWN + 1);
    await page.tap('[data-testid="undo"]');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="widget-editor"]').length === n, OWN + 2);
    assert.equal(await page.locator('[data-testid="widget-target"]').nth(OWN).inputValue(), 'Fish.energyUse');
    await screenshot(page, 'widgets-tablet-touch');
    assert.deepEqual(tablet.errors, []);
  } finally {
    await closeApp(tablet);
  }
});

test('GEMSTEP\'s moths model gets a slider and a monitor on a Global prop', async (t) => {
  const { page } = app;
  if (!await importGemstepModel(t, page, 'moths')) return;
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  await page.click('[data-testid="edit-widgets"]');
  await addWidget(page, 'slider', { target: 'Global.darkMoths', min: 0, max: 50, step: 5 });
  await addWidget(page, 'monitor', { target: 'Global.darkMoths' });
  // GEMSTEP's own way of reading a Global prop, in an expression.
  await addWidget(page, 'monitor', { target: "{{ global.getProp('darkMoths').value / 5 }}" });
  await page.click('[data-testid="edit-widgets"]');
  const slider = page.locator('[data-testid="widget-slider"]');
  await slider.fill('25');
  await page.waitForFunction(() => document.querySelector('[data-testid="widget-monitor"]')?.textContent === '25');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="widget-monitor"]')[1]?.textContent === '5');
  assert.equal(await page.textContent('[data-testid="widget"] .widget-label'), 'Global.darkMoths');
});

test('Suggest widgets offers GEMSTEP\'s aquatic props its students may change, and Keep adds one', async (t) => {
  const { page } = app;
  if (!await importGemstepModel(t, page, 'aquatic')) return;
  await page.click('[data-testid="edit-widgets"]');
  await page.click('[data-testid="suggest-widgets"]');
  const row = page.locator('[data-testid="suggestion"]', { hasText: 'slider Fish.energyUse' });
  assert.match(await row.textContent(), /STUDENTS_MAY_CHANGE/);
  const before = await page.locator('[data-testid="suggestion"]').count();
  await row.locator('[data-testid="keep-suggestion"]').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="suggestion"]').length === n - 1, before);
  assert.equal(await page.inputValue('[data-testid="widget-target"]'), 'Fish.energyUse');
  await page.click('[data-testid="edit-widgets"]');
  assert.equal(await page.locator('[data-testid="widget-slider"]').count(), 1);
});
