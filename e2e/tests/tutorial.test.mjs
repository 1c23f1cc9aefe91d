// A newcomer's first lesson with Stepwise, on a 1366×768 laptop and a 1024×768 touch tablet:
// the library is filtered by subject, a model opens and its Info is read; then the first-model
// tutorial is followed from an empty project to Fish and Algae that meet and a graph, each step
// checked by the app as the student goes (most steps done by hand: the blueprint list, the
// script editor, the map editor; some with *Do this step for me*). Along the way the script
// reference is used: its panel searched, the wizard's help for a clicked line, and (with a
// mouse) the text editor's hover card.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, screenshot, audit } from '../harness.mjs';

const opened = [];
after(async () => { for (const app of opened) await closeApp(app); });

const FISH_START = '# BLUEPRINT Fish\n# PROGRAM DEFINE\n\n# PROGRAM UPDATE\n';

/** Waits until the tutorial shows step `n` (12: all done). */
async function atStep(page, n) {
  await page.waitForFunction((n) => document.querySelector('[data-testid="tutorial"]')?.dataset.step === String(n), n);
}

/** The blueprint's script, as the script drawer shows it, replaced by `text` and applied. */
async function applyScript(page, press, blueprint, text) {
  await page.selectOption('[data-testid="script-blueprint"]', blueprint);
  await page.waitForFunction((b) => document.querySelector('[data-testid="script-text"]')?.getAttribute('aria-label') === `Script of ${b}`, blueprint);
  await page.fill('[data-testid="script-text"]', text);
  await press('[data-testid="script-apply"]');
  await page.waitForFunction(() => /^applied/.test(document.querySelector('[data-testid="script-state"]')?.textContent));
}

/** Opens (true) or closes the script drawer, whichever it is now. */
async function scriptOpen(page, press, open) {
  const now = await page.getAttribute('[data-testid="script-toggle"]', 'aria-pressed');
  if ((now === 'true') !== open) await press('[data-testid="script-toggle"]');
  await page.waitForFunction((open) => !!document.querySelector('[data-testid="script-text"], [data-testid="wizard"]') === open, open);
}

/** The page point showing model point (x, y) on the -400..400 stage. */
async function stagePoint(page, x, y) {
  const box = await page.locator('[data-testid="stage"]').boundingBox();
  const scale = box.width / 800;
  return { x: box.x + box.width / 2 + x * scale, y: box.y + box.height / 2 + y * scale };
}

for (const [name, size, touch] of [['laptop', { width: 1366, height: 768 }, false], ['tablet', { width: 1024, height: 768 }, true]]) {
  test(`on a ${name}: the library, a model's Info, the reference and the first-model tutorial`, async () => {
    const app = await openApp({ viewport: size, touch });
    opened.push(app);
    const { page } = app;
    const press = (selector) => (touch ? page.tap(selector) : page.click(selector));
    await page.waitForSelector('[data-testid="blueprint-row"][data-blueprint="Wanderer"]');

    // The library, filtered by subject; a model opens, and its Info is read.
    await press('[data-testid="open-library"]');
    await page.waitForSelector('[data-testid="library-page"]');
    await page.locator('[data-testid="library-subject"]', { hasText: 'Earth science' }).first()[touch ? 'tap' : 'click']();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="library-card"]')]
      .map((c) => c.dataset.model).includes('water-cycle'));
    const shown = await page.$$eval('[data-testid="library-card"]', (all) => all.map((c) => c.dataset.model));
    assert.ok(!shown.includes('moths'), 'a life-science model is filtered out');
    await press('[data-testid="library-card"][data-model="water-cycle"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="title-project"]')?.textContent === 'Water Cycle');
    await press('[data-testid="info-toggle"]');
    await page.waitForSelector('[data-testid="info-panel"]');
    const guide = await page.textContent('[data-testid="info-panel"]');
    assert.match(guide, /In class/);
    assert.match(guide, /Things to try/);
    await press('[data-testid="info-close"]');

    // The tutorial starts from the library's card; its first step is to press New.
    await press('[data-testid="open-library"]');
    await press('[data-testid="library-tutorial"]');
    await page.waitForSelector('[data-testid="tutorial"]');
    await atStep(page, 1);
    assert.match(await page.textContent('[data-testid="tutorial-step"]'), /Start an empty model/);
    await screenshot(page, `tutorial-start-${name}`);
    assert.deepEqual(await audit(page), []);
    await press('[data-testid="new-project"]');
    await atStep(page, 2);

    // A Fish blueprint, with the list's + New and its rename. *Show me where* rings + New.
    await press('[data-testid="tutorial-show"]');
    await page.waitForSelector('[data-testid="blueprint-create"].tutorial-spot');
    await press('[data-testid="blueprint-create"]');
    await page.waitForSelector('[data-testid="blueprint-row"]');
    await press('[data-testid="blueprint-row"] [data-testid="blueprint-rename"]');
    await page.fill('[data-testid="blueprint-name-input"]', 'Fish');
    await press('[data-testid="blueprint-rename-ok"]');
    await atStep(page, 3);

    // Its costume, typed in the script editor and applied (+ New opened the script).
    await scriptOpen(page, press, true);
    let fish = FISH_START.replace('DEFINE\n', "DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'fish.json' 0\n");
    await applyScript(page, press, 'Fish', fish);
    await atStep(page, 4);

    // The script reference beside the script: searched, an entry read.
    await press('[data-testid="reference-open"]');
    await page.waitForSelector('[data-testid="reference-panel"]');
    await page.fill('[data-testid="reference-search"]', 'touches');
    await press('[data-testid="reference-item"][data-key="touches"]');
    const entry = await page.textContent('[data-testid="reference-entry"]');
    assert.match(entry, /when Fish touches Algae/);
    await screenshot(page, `tutorial-reference-${name}`);
    assert.deepEqual(await audit(page), []);
    await press('[data-testid="reference-close"]');

    // Three fish placed on the stage with the map editor.
    await scriptOpen(page, press, false);
    await press('[data-testid="map-toggle"]');
    await page.selectOption('[data-testid="map-blueprint"]', 'Fish');
    for (const [x, y] of [[-250, -200], [220, -220], [-200, 220]]) {
      const at = await stagePoint(page, x, y);
      await (touch ? page.touchscreen.tap(at.x, at.y) : page.mouse.click(at.x, at.y));
    }
    await atStep(page, 5);
    await press('[data-testid="map-toggle"]');

    // Swimming, typed; then the wizard explains a clicked line with its reference entry.
    await scriptOpen(page, press, true);
    fish = fish.replace("0\n", "0\naddFeature Movement\nfeatProp Movement movementType setTo 'wander'\n");
    await applyScript(page, press, 'Fish', fish);
    await atStep(page, 6);
    await press('[data-testid="wizard-tab"]');
    await page.waitForSelector('[data-testid="wizard-line"][data-line="4"]');
    await page.focus('[data-testid="wizard-line"][data-line="4"] [data-testid="wizard-keyword"]');
    await page.waitForSelector('[data-testid="wizard-help"] [data-testid="reference-brief"][data-key="Costume.setCostume"]');
    await press('[data-testid="text-tab"]');
    await page.waitForSelector('[data-testid="script-text"]');
    if (!touch) {
      // The text editor's hover card names what the word under the pointer does.
      const word = await page.locator('[data-testid="script-editor"] .editor-line[data-line="4"] .hl-method').boundingBox();
      await page.mouse.move(word.x + word.width / 2, word.y + word.height / 2);
      await page.waitForSelector('[data-testid="script-hover"] [data-key="Costume.setCostume"]');
      await page.mouse.move(5, 5);
    }

    // Algae, and algae in the pond: done by the tutorial for a student who is stuck.
    await press('[data-testid="tutorial-do"]');
    await atStep(page, 7);
    await press('[data-testid="tutorial-do"]');
    await atStep(page, 8);

    // Energy, and the rule that makes the two kinds of character meet, typed.
    fish = fish.replace("'wander'\n", "'wander'\naddProp energy Number 50\n")
      + 'every 1 [[\n  prop energy sub 2\n]]\n';
    await applyScript(page, press, 'Fish', fish);
    await atStep(page, 9);
    // A typing mistake is caught: the step says the script has one, and waits.
    await applyScript(page, press, 'Fish', `${fish}when Fish touches Algae [[\n  prop Fish.energy add\n`);
    await page.waitForSelector('[data-testid="tutorial-stuck"]');
    await atStep(page, 9);
    fish += 'when Fish touches Algae [[\n  prop Fish.energy add 1\n  featProp Fish.Costume glow setTo 0.5\n]]\n';
    await applyScript(page, press, 'Fish', fish);
    await atStep(page, 10);

    // The graph, done for the student; then the run.
    await press('[data-testid="tutorial-do"]');
    await atStep(page, 11);
    const script = await page.inputValue('[data-testid="script-text"]');
    assert.match(script, /featCall Graphing bindGraphTo energy/, 'the lines are in the script, to read');
    await scriptOpen(page, press, false);
    await page.selectOption('[data-testid="speed"]', '4');
    await press('[data-testid="reset"]');
    await press('[data-testid="play"]');
    await page.waitForSelector('[data-testid="tutorial-done"]', { timeout: 60_000 });
    await press('[data-testid="pause"]');
    assert.equal(await page.textContent('[data-testid="agent-count"]'), '7', '3 fish and 4 algae');
    await screenshot(page, `tutorial-done-${name}`);

    // A reload goes on with the tutorial, where the student was.
    await page.reload();
    await page.waitForSelector('[data-testid="tutorial"]');
    await press('[data-testid="tutorial-close"]');
    await page.waitForFunction(() => !document.querySelector('[data-testid="tutorial"]'));
    assert.deepEqual(app.errors, []);
  });
}
