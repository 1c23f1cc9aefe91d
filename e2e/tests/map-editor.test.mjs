// The instance map editor on the Wander model: place two instances by clicking the stage, drag
// one, rename it, change the stage's bounds and wrap and a round's time, and check that the
// exported project holds every change and that the agents stand where they were put.
//
// Wander's stage runs from -400 to 400 on both axes, centred on the canvas; the model's y grows
// downwards. Its twelve agents start on a grid at x = ±100, ±300 and y = -300, 0, 300, so the
// points used here, (200, -150), (-200, 150) and (0, -150), are empty stage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, screenshot, closeApp } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const instances = (page) => page.locator('[data-testid="map-instance"]');
const inspected = (page) => page.textContent('[data-testid="inspected-name"]');

/** The page point showing the model point (x, y) while the stage shows -400..400. */
async function pagePoint(page, x, y) {
  const box = await page.locator('[data-testid="stage"]').boundingBox();
  const scale = box.width / 800;
  return { x: box.x + box.width / 2 + x * scale, y: box.y + box.height / 2 + y * scale };
}

/** The model position an instance row shows ("at 200, -150"). */
async function shownAt(row) {
  const text = await row.locator('[data-testid="instance-at"]').textContent();
  const match = text.match(/at (-?\d+), (-?\d+)/);
  assert.ok(match, `no position in '${text}'`);
  return [Number(match[1]), Number(match[2])];
}

function near([x, y], [ex, ey], what) {
  assert.ok(Math.abs(x - ex) <= 3 && Math.abs(y - ey) <= 3, `${what}: (${x}, ${y}), expected (${ex}, ${ey})`);
}

/** Exports the project and returns its JSON. */
async function exported(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="export"]'),
  ]);
  return JSON.parse(await readFile(await download.path(), 'utf8'));
}

/** Types `value` into the field and applies it, as Enter does. */
async function setField(locator, value) {
  await locator.fill(value);
  await locator.press('Enter');
}

test('clicks on the stage place instances where they were clicked', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="agent-count"]');
  await page.click('[data-testid="map-toggle"]');
  await page.waitForSelector('[data-testid="map-editor"]');
  assert.match(await page.textContent('[data-testid="map-editor"]'), /resets the model/);
  assert.equal(await instances(page).count(), 12);
  await page.selectOption('[data-testid="map-blueprint"]', 'Wanderer');
  const first = await pagePoint(page, 200, -150);
  await page.mouse.click(first.x, first.y);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 13);
  const second = await pagePoint(page, -200, 150);
  await page.mouse.click(second.x, second.y);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 14);
  assert.equal(await instances(page).nth(12).getAttribute('data-name'), 'Wanderer 13');
  near(await shownAt(instances(page).nth(12)), [200, -150], 'first placed');
  near(await shownAt(instances(page).nth(13)), [-200, 150], 'second placed');
  assert.equal(await page.textContent('[data-testid="agent-count"]'), '14');
  // Nothing to place: a press on the new agent selects it, so it is drawn where it was put.
  await page.selectOption('[data-testid="map-blueprint"]', '');
  await page.mouse.click(first.x, first.y);
  assert.equal(await inspected(page), 'Wanderer 13');
  await page.mouse.click(second.x, second.y);
  assert.equal(await inspected(page), 'Wanderer 14');
  await screenshot(page, 'map-editor-placed');
});

test('dragging an agent moves its instance', async () => {
  const { page } = app;
  const from = await pagePoint(page, 200, -150);
  const to = await pagePoint(page, 0, -150);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction(() => {
    const at = document.querySelectorAll('[data-testid="instance-at"]')[12];
    return at && /at -?[0-3], /.test(at.textContent);
  });
  near(await shownAt(instances(page).nth(12)), [0, -150], 'dragged');
  // The model was rebuilt from the new project: the agent starts at its new place.
  await page.keyboard.press('Escape');
  await page.mouse.click(to.x, to.y);
  assert.equal(await inspected(page), 'Wanderer 13');
  await page.keyboard.press('Escape');
  await page.mouse.click(from.x, from.y);
  await page.waitForSelector('[data-testid="no-selection"]');
});

test('an instance is renamed, and a taken name is refused', async () => {
  const { page } = app;
  const name = instances(page).nth(12).locator('[data-testid="instance-name"]');
  await setField(name, 'Nemo');
  await page.waitForSelector('[data-testid="map-instance"][data-name="Nemo"]');
  await setField(instances(page).nth(13).locator('[data-testid="instance-name"]'), 'Nemo');
  assert.match(await page.textContent('[data-testid="map-error"]'), /already named 'Nemo'/);
  assert.equal(await instances(page).nth(13).getAttribute('data-name'), 'Wanderer 14');
  const to = await pagePoint(page, 0, -150);
  await page.mouse.click(to.x, to.y);
  assert.equal(await inspected(page), 'Nemo');
});

test('stage bounds, wrap and a round time are edited; impossible bounds are refused', async () => {
  const { page } = app;
  await setField(page.locator('[data-testid="stage-left"]'), '900');
  assert.match(await page.textContent('[data-testid="map-error"]'), /left \(900\) must be less than right/);
  await setField(page.locator('[data-testid="stage-left"]'), '-400');
  await setField(page.locator('[data-testid="stage-right"]'), '500');
  await page.check('[data-testid="stage-wrap-x"]');
  await page.click('[data-testid="round-add"]');
  await page.waitForSelector('[data-testid="map-round"]');
  await setField(page.locator('[data-testid="round-time"]'), 'soon');
  assert.match(await page.textContent('[data-testid="map-error"]'), /whole seconds/);
  await setField(page.locator('[data-testid="round-time"]'), '45');
  await page.waitForFunction(() => !document.querySelector('[data-testid="map-error"]'));
  await screenshot(page, 'map-editor-settings');

  const project = await exported(page);
  assert.equal(project.metadata.left, -400);
  assert.equal(project.metadata.right, 500);
  assert.deepEqual(project.metadata.wrap, [true, false]);
  assert.equal(project.rounds.length, 1);
  assert.equal(project.rounds[0].time, 45);
  const nemo = project.instances.find((i) => i.label === 'Nemo');
  assert.equal(nemo.bpid, 'Wanderer');
  assert.match(nemo.initScript, /^prop x setTo -?[0-3]\nprop y setTo -1(4[7-9]|5[0-3])$/);
  const other = project.instances.find((i) => i.label === 'Wanderer 14');
  assert.match(other.initScript, /prop x setTo -(19[7-9]|20[0-3])\nprop y setTo 1(4[7-9]|5[0-3])/);
  assert.equal(project.instances.length, 14);
});

test('deleting an instance removes its agent, and undo brings it back', async () => {
  const { page } = app;
  await instances(page).nth(13).locator('[data-testid="instance-delete"]').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 13);
  assert.equal(await page.textContent('[data-testid="agent-count"]'), '13');
  // Each map edit is one undo step: Undo brings the instance back, Redo deletes it again.
  assert.equal(await page.getAttribute('[data-testid="undo"]', 'title'), 'Undo delete Wanderer 14 (Ctrl+Z)');
  await page.click('[data-testid="undo"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 14);
  await page.click('[data-testid="redo"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="map-instance"]').length === 13);
  await page.click('[data-testid="map-toggle"]');
  assert.equal(await page.locator('[data-testid="map-editor"]').count(), 0);
});

test('the map editor names blueprints as the side panel does', async () => {
  const { page } = app;
  const project = {
    id: 'labels', label: 'Labels',
    blueprints: [{ name: 'Fsh', label: 'Red fish', scriptText: '# BLUEPRINT Fsh' }, { name: 'Rock', scriptText: '# BLUEPRINT Rock' }],
    instances: [{ id: '1', label: 'f1', bpid: 'Fsh', initScript: 'prop x setTo 0\nprop y setTo 0' }],
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: 'labels.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)),
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Labels');
  const panel = await page.$$eval('[data-testid="blueprint-open"]', (b) => b.map((x) => x.textContent));
  assert.deepEqual(panel, ['Red fish', 'Rock']);
  if (!await page.$('[data-testid="map-editor"]')) await page.click('[data-testid="map-toggle"]');
  await page.waitForSelector('[data-testid="map-editor"]');
  const options = await page.$$eval('[data-testid="map-blueprint"] option:not([value=""])', (o) => o.map((x) => x.textContent));
  assert.deepEqual(options, panel);
  assert.equal(await page.textContent('[data-testid="map-instance"] .map-instance-kind'), 'Red fish');
  await page.click('[data-testid="map-toggle"]');
});
