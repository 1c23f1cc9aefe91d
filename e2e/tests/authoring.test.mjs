// Authoring: the blueprint list creates, renames, duplicates and deletes blueprints; every
// step undoes and redoes by the buttons and by the keys; an applied script reaches the
// running agents of its blueprint while the others keep their places; edits are autosaved.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, shownTick, closeApp, waitForStored } from '../harness.mjs';

const ROW = '[data-testid="blueprint-row"]';
const TEXT = '[data-testid="script-text"]';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** The blueprint names in the list, in order. */
async function rows(page) {
  return page.$$eval(ROW, (items) => items.map((li) => li.dataset.blueprint));
}

/** Waits until the list shows exactly `names`. */
async function waitForRows(page, names) {
  await page.waitForFunction((want) => {
    const got = [...document.querySelectorAll('[data-testid="blueprint-row"]')]
      .map((li) => li.dataset.blueprint);
    return JSON.stringify(got) === JSON.stringify(want);
  }, names, { timeout: 5_000 }).catch(async () => {
    assert.deepEqual(await rows(page), names);
  });
}

/** Clicks the button `action` (rename, duplicate, delete, open) of blueprint `name`'s row. */
async function rowAction(page, name, action) {
  await page.click(`${ROW}[data-blueprint="${name}"] [data-testid="blueprint-${action}"]`);
}

/** Renames blueprint `from` to `to` by typing the name and pressing Enter. */
async function rename(page, from, to) {
  await rowAction(page, from, 'rename');
  await page.fill('[data-testid="blueprint-name-input"]', to);
  await page.press('[data-testid="blueprint-name-input"]', 'Enter');
}

const title = (page, id) => page.getAttribute(`[data-testid="${id}"]`, 'title');

test('a fresh model has nothing to undo', async () => {
  const { page } = app;
  await waitForRows(page, ['Wanderer']);
  assert.ok(await page.isDisabled('[data-testid="undo"]'));
  assert.ok(await page.isDisabled('[data-testid="redo"]'));
  assert.match(await title(page, 'undo'), /^Nothing to undo/);
});

test('create, rename, duplicate and delete blueprints, each undoable', async () => {
  const { page } = app;
  await page.click('[data-testid="blueprint-create"]');
  await waitForRows(page, ['Wanderer', 'Blueprint1']);
  // The new blueprint opens in the script editor with a header that names it.
  await page.waitForSelector(TEXT);
  assert.equal(await page.inputValue('[data-testid="script-blueprint"]'), 'Blueprint1');
  assert.match(await page.inputValue(TEXT), /^# BLUEPRINT Blueprint1\n/);
  assert.equal(await page.textContent(`${ROW}[data-blueprint="Blueprint1"] .status`), 'ok');

  await rename(page, 'Blueprint1', 'Fox');
  await waitForRows(page, ['Wanderer', 'Fox']);
  await page.waitForFunction((sel) => document.querySelector(sel)?.value.startsWith('# BLUEPRINT Fox\n'), TEXT);
  assert.equal(await title(page, 'undo'), 'Undo rename Blueprint1 to Fox (Ctrl+Z)');

  // A name a script cannot use is refused with a reason, and nothing changes.
  await rename(page, 'Fox', 'two words');
  assert.match(await page.textContent('[data-testid="blueprint-error"]'), /'two words' is not a name a script can use/);
  await page.fill('[data-testid="blueprint-name-input"]', 'Wanderer');
  await page.press('[data-testid="blueprint-name-input"]', 'Enter');
  assert.equal(await page.textContent('[data-testid="blueprint-error"]'), "there is already a blueprint named 'Wanderer'");
  await page.press('[data-testid="blueprint-name-input"]', 'Escape');
  await waitForRows(page, ['Wanderer', 'Fox']);

  await rowAction(page, 'Fox', 'duplicate');
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
  await rowAction(page, 'Wanderer', 'delete');
  await waitForRows(page, ['Fox', 'FoxCopy']);
  await page.waitForFunction(() => document.querySelector('[data-testid="agent-count"]')?.textContent.trim() === '0');
  await screenshot(page, 'authoring-list');

  // Undo by the button brings Wanderer and its agents back.
  assert.equal(await title(page, 'undo'), 'Undo delete Wanderer (Ctrl+Z)');
  await page.click('[data-testid="undo"]');
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
  await page.waitForFunction(() => document.querySelector('[data-testid="agent-count"]')?.textContent.trim() === '12');
  // Undo by the keys, with the focus outside any text field.
  await page.click('[data-testid="project-label"]');
  await page.keyboard.press('Control+z');
  await waitForRows(page, ['Wanderer', 'Fox']);
  await page.keyboard.press('Control+z');
  await waitForRows(page, ['Wanderer', 'Blueprint1']);
  await page.keyboard.press('Control+Shift+z');
  await waitForRows(page, ['Wanderer', 'Fox']);
  await page.keyboard.press('Control+y');
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
  await page.click('[data-testid="redo"]');
  await waitForRows(page, ['Fox', 'FoxCopy']);
  assert.ok(await page.isDisabled('[data-testid="redo"]'));
  await page.click('[data-testid="undo"]');
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
});

test('Ctrl+Z in the script text undoes typing, not the project', async () => {
  const { page } = app;
  await rowAction(page, 'Fox', 'open');
  await page.waitForFunction((sel) => document.querySelector(sel)?.value.startsWith('# BLUEPRINT Fox'), TEXT);
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type('// note');
  await page.keyboard.press('Control+z');
  assert.doesNotMatch(await page.inputValue(TEXT), /\/\/ note/);
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
});

test('an edit survives a reload, and a reload starts a new history', async () => {
  const { page } = app;
  await waitForStored(page, 'FoxCopy');
  await page.reload();
  await page.waitForSelector('[data-testid="stage"]');
  await waitForRows(page, ['Wanderer', 'Fox', 'FoxCopy']);
  assert.ok(await page.isDisabled('[data-testid="undo"]'));
});

const SWAP = JSON.stringify({
  id: 'swap-check', label: 'Swap check',
  blueprints: [
    { name: 'Walker', scriptText: '# BLUEPRINT Walker\n# PROGRAM DEFINE\naddProp steps Number 0\n# PROGRAM UPDATE\nprop x add 1\nprop steps add 1\n' },
    { name: 'Post', scriptText: '# BLUEPRINT Post\n# PROGRAM DEFINE\naddProp age Number 0\n# PROGRAM UPDATE\nprop age add 1\n' },
  ],
  instances: [
    { id: '1', label: 'W1', bpid: 'Walker', initScript: 'prop x setTo -200\nprop y setTo 0' },
    { id: '2', label: 'P1', bpid: 'Post', initScript: 'prop x setTo 100\nprop y setTo -100' },
  ],
});

/** Selects agent `name` in the inspector's list and returns its props as numbers. */
async function inspect(page, name, props) {
  await page.click(`[data-testid="agent-row"]:has-text("${name}")`);
  await page.waitForFunction((n) => document.querySelector('[data-testid="inspected-name"]')?.textContent === n, name);
  const values = {};
  for (const prop of props) values[prop] = Number(await page.inputValue(`[data-testid="prop-${prop}"]`));
  return values;
}

test('a script applied while running reaches its agents; the other blueprint keeps its state', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'swap.gemprj', mimeType: 'application/json', buffer: Buffer.from(SWAP),
  });
  await waitForRows(page, ['Walker', 'Post']);
  await rowAction(page, 'Walker', 'open');
  await page.click('[data-testid="text-tab"]');
  await page.waitForFunction((sel) => document.querySelector(sel)?.value.startsWith('# BLUEPRINT Walker'), TEXT);
  // The model opened paused; it runs once Play is pressed.
  await page.click('[data-testid="play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) > 20);
  // Walker stops walking east and walks south instead, while the model runs.
  const edited = (await page.inputValue(TEXT)).replace('prop x add 1', 'prop y add 5');
  await page.fill(TEXT, edited);
  const applied = await shownTick(page);
  await page.click('[data-testid="script-apply"]');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]')?.textContent) > t + 10, applied);
  await page.click('[data-testid="script-toggle"]');
  await page.click('[data-testid="pause"]');
  const tick = await shownTick(page);
  assert.ok(tick > applied, `the run went on from tick ${applied} (now ${tick}), it was not reset`);

  const walker = await inspect(page, 'W1', ['x', 'y', 'steps']);
  assert.equal(walker.steps, tick, 'Walker counted every tick: its props were kept');
  assert.ok(walker.x > -200 + 20 && walker.x < -200 + tick, `Walker walked east, then stopped (x ${walker.x})`);
  assert.equal(walker.y, 5 * (tick - (walker.x + 200)), 'and walked south for every tick since');
  const post = await inspect(page, 'P1', ['x', 'y', 'age']);
  assert.deepEqual(post, { x: 100, y: -100, age: tick }, 'Post kept its place and its props');

  await page.click('[data-testid="step"]');
  await page.waitForFunction((t) => Number(document.querySelector('[data-testid="tick"]')?.textContent) === t + 1, tick);
  assert.deepEqual(await inspect(page, 'W1', ['x', 'y', 'steps']),
    { x: walker.x, y: walker.y + 5, steps: walker.steps + 1 });
  await screenshot(page, 'authoring-hot-swap');

  // A new blueprint changes nothing on stage; deleting one resets the model and says why.
  await page.click('[data-testid="blueprint-create"]');
  await waitForRows(page, ['Walker', 'Post', 'Blueprint1']);
  await page.click('[data-testid="script-toggle"]');
  assert.equal(await shownTick(page), tick + 1, 'no reset for a new blueprint');
  await rowAction(page, 'Post', 'delete');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="messages"] li')]
    .some((li) => li.textContent === 'model reset because a blueprint was removed or renamed'));
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]')?.textContent.trim() === '0');
});
