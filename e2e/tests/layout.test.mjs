// The layout at the five classroom screens: nothing scrolls sideways, the stage and the run
// controls are on screen and never under the open script editor, the title bar's toggles
// never lie over each other; on a phone the script editor and the map editor open as sheets
// under the stage and the run controls.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, screenshot, frames } from '../harness.mjs';

const SCREENS = [[390, 844], [768, 1024], [1024, 768], [1366, 768], [1920, 1080]];
const RUN = ['play', 'pause', 'step', 'reset'].map((id) => `[data-testid="${id}"]`);

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** The page box of each selector's first match (null when absent or hidden). */
async function boxes(page, selectors) {
  return page.evaluate((selectors) => selectors.map((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return b.width > 0 && b.height > 0 ? { left: b.left, top: b.top, right: b.right, bottom: b.bottom } : null;
  }), selectors);
}

function overlap(a, b) {
  return a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
}

/**
 * Every control the student can touch on screen (its centre is not under anything else):
 * none may overlap another, and none may be cut off at the sides. Controls under an open
 * sheet are hidden, not half covered.
 */
async function controlClashes(page) {
  return page.evaluate(() => {
    const visible = (e) => {
      const b = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      if (b.width === 0 || b.height === 0 || style.visibility === 'hidden' || style.opacity === '0') return false;
      if (e.type === 'file') return false; // drawn by its label, which is checked
      const y = b.top + b.height / 2;
      if (y < 0 || y >= innerHeight) return false; // scrolled away: checked when in view
      const x = Math.min(Math.max(b.left + b.width / 2, 0), innerWidth - 1);
      const hit = document.elementFromPoint(x, y);
      return hit && (hit === e || e.contains(hit) || hit.contains(e));
    };
    const shown = [...document.querySelectorAll('button, select, input, textarea, summary, a[href], .button')].filter(visible);
    const name = (e) => e.dataset.testid ?? e.className ?? e.tagName;
    const clashes = [];
    for (const e of shown) {
      const b = e.getBoundingClientRect();
      if (b.left < -0.5 || b.right > innerWidth + 0.5) clashes.push(`${name(e)} is cut off`);
    }
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        if (shown[i].contains(shown[j]) || shown[j].contains(shown[i])) continue;
        const a = shown[i].getBoundingClientRect();
        const b = shown[j].getBoundingClientRect();
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
          clashes.push(`${name(shown[i])} overlaps ${name(shown[j])}`);
        }
      }
    }
    return clashes;
  });
}

async function checkScreen(page, width, what) {
  const where = `${width}px, ${what}`;
  assert.deepEqual(await controlClashes(page), [], `${where}: controls clash`);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide`);
  const [map, script, stage, ...run] = await boxes(page, ['[data-testid="map-toggle"]', '[data-testid="script-toggle"]', '[data-testid="stage"]', ...RUN]);
  assert.ok(map && script && !overlap(map, script), `${where}: Map and Script overlap`);
  for (const [name, box] of [['stage', stage], ...run.map((b, i) => [RUN[i], b])]) {
    assert.ok(box, `${where}: ${name} is not shown`);
    assert.ok(box.left >= 0 && box.right <= width + 0.5, `${where}: ${name} is cut off (${box.left}–${box.right})`);
  }
  return { stage, run };
}

test('nothing scrolls sideways, and the stage and run controls stay on screen and clear of the editor', async () => {
  const { page } = app;
  await page.waitForSelector('[data-testid="project-label"]');
  for (const [width, height] of SCREENS) {
    await page.setViewportSize({ width, height });
    await frames(page, 2);
    await checkScreen(page, width, 'editor closed');
    if (width >= 1000) {
      // Laptops and projectors show the inspector beside the stage, not below the fold.
      const [inspector] = await boxes(page, ['[data-testid="inspector"]']);
      assert.ok(inspector && inspector.top < height / 2, `${width}px: the inspector starts at ${inspector?.top}`);
    }
    // No table is wider than its panel (the profiler's task table was).
    const wide = await page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => {
      const panel = t.closest('.panel, .inspector, .projects-panel');
      return panel && t.getBoundingClientRect().right > panel.getBoundingClientRect().right + 0.5;
    }).map((t) => t.className));
    assert.deepEqual(wide, [], `${width}px: tables wider than their panels`);
    await screenshot(page, `layout-${width}x${height}`);
    await page.click('[data-testid="script-toggle"]');
    await page.waitForSelector('[data-testid="script-editor"]');
    await frames(page, 2);
    const open = await checkScreen(page, width, 'editor open');
    const [drawer] = await boxes(page, ['[data-testid="script-editor"]']);
    for (const part of [open.stage, ...open.run]) {
      assert.ok(!overlap(part, drawer), `${width}px: the editor lies over the stage or a run control`);
    }
    await screenshot(page, `layout-${width}x${height}-editor`);
    await page.click('[data-testid="script-toggle"]');
    await page.waitForSelector('[data-testid="script-editor"]', { state: 'detached' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('on a phone the editors open as sheets under the stage and the run controls', async () => {
  const { page } = app;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const [toggle, sheet] of [['script-toggle', '[data-testid="script-editor"]'], ['map-toggle', '.map-editor']]) {
      await page.click(`[data-testid="${toggle}"]`);
      await page.waitForSelector(sheet);
      await frames(page, 2);
      const { stage, run } = await checkScreen(page, 390, `${toggle} open`);
      const [box] = await boxes(page, [sheet]);
      for (const part of [stage, ...run]) {
        assert.ok(part.bottom <= 844 && !overlap(part, box), `${toggle}: the sheet covers the stage or a run control`);
      }
      assert.ok(box.right - box.left >= 390 - 20, `${toggle}: the sheet is ${box.right - box.left} px wide`);
      // The stage still answers a touch with the sheet open (its empty top lets it through).
      const picked = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.dataset.testid,
        { x: (stage.left + stage.right) / 2, y: (stage.top + stage.bottom) / 2 });
      assert.equal(picked, 'stage');
      await screenshot(page, `layout-390x844-${toggle}`);
      await page.click(`[data-testid="${toggle}"]`);
      await page.waitForSelector(sheet, { state: 'detached' });
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

/** Whether the control `selector` answers a tap at its centre (nothing lies over it). */
const tappable = (page, selector) => page.$eval(selector, (e) => {
  const b = e.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return Boolean(hit && (hit === e || e.contains(hit)));
});

/** Opens (or closes) the map editor or the script drawer and waits for it. */
async function toggle(page, which, open) {
  const [button, panel] = which === 'map' ? ['map-toggle', '.map-editor'] : ['script-toggle', '[data-testid="script-editor"]'];
  await page.click(`[data-testid="${button}"]`);
  await page.waitForSelector(panel, { state: open ? 'attached' : 'detached' });
  await frames(page, 2);
}

test('with the map editor, the script drawer or both open, the stage keeps its size, clear of both, and every toggle answers', async () => {
  const { page } = app;
  try {
    for (const [width, height] of SCREENS.filter(([w]) => w > 800)) {
      await page.setViewportSize({ width, height });
      for (const open of [['script'], ['map'], ['script', 'map']]) {
        for (const which of open) await toggle(page, which, true);
        const where = `${width}×${height}, ${open.join(' and ')} open`;
        assert.ok(await tappable(page, '[data-testid="map-toggle"]'), `${where}: the Map button is covered`);
        assert.ok(await tappable(page, '[data-testid="script-toggle"]'), `${where}: the Script button is covered`);
        const [stage, map, drawer] = await boxes(page, ['[data-testid="stage"]', '.map-editor', '[data-testid="script-editor"]']);
        assert.ok(stage.right - stage.left >= 240, `${where}: the stage is ${Math.round(stage.right - stage.left)} px wide`);
        for (const [name, panel] of [['the map editor', map], ['the script drawer', drawer]]) {
          assert.ok(!panel || !overlap(stage, panel), `${where}: ${name} lies over the stage`);
        }
        await checkScreen(page, width, where);
        await screenshot(page, `layout-${width}x${height}-${open.join('-')}`);
        for (const which of open) await toggle(page, which, false);
      }
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test("on a phone a sheet leaves no blank page to scroll, covers no control, and a long message keeps Apply in the sheet", async () => {
  const { page } = app;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    for (const which of ['script', 'map']) {
      await toggle(page, which, true);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      assert.ok(height <= 844 * 1.5, `${which} open: the page scrolls ${height} px`);
      // What the sheet would cover (the command line, Run as) is not shown under it.
      const [sheet] = await boxes(page, [which === 'map' ? '.map-editor' : '[data-testid="script-editor"]']);
      for (const id of ['command-who', 'command-text', 'command-run']) {
        const [box] = await boxes(page, [`[data-testid="${id}"]`]);
        assert.ok(!box || !overlap(box, sheet), `${which} open: the sheet covers ${id}`);
      }
      assert.deepEqual(await controlClashes(page), [], `${which} open: controls clash`);
      await toggle(page, which, false);
    }
    await toggle(page, 'script', true);
    // A long message in the editor's toolbar wraps under the buttons: Apply stays in view.
    await page.$eval('.editor-toolbar', (bar) => {
      const span = document.createElement('span');
      span.className = 'editor-draft-error';
      span.textContent = 'this browser could not keep a draft of your changes: its storage is full; Export keeps a copy';
      bar.prepend(span);
    });
    const [apply, editor] = await boxes(page, ['[data-testid="script-apply"]', '[data-testid="script-editor"]']);
    assert.ok(apply.right <= editor.right + 0.5 && apply.left >= editor.left, 'Apply stays inside the editor');
    assert.ok(await tappable(page, '[data-testid="script-apply"]'), 'Apply answers a tap');
    await screenshot(page, 'layout-390x844-long-message');
    await toggle(page, 'script', false);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test('on a touch tablet every control is at least 44 px each way', async () => {
  const tablet = await openApp({ touch: true });
  try {
    const { page } = tablet;
    await page.waitForSelector('[data-testid="agent-row"]');
    for (const [width, height] of [[1024, 768], [768, 1024]]) {
      await page.setViewportSize({ width, height });
      await page.click('[data-testid="agent-row"]');
      await page.waitForSelector('[data-testid="prop-x"]');
      for (const tab of ['text-tab', 'wizard-tab']) {
        if (!(await page.$('[data-testid="script-editor"]'))) await page.click('[data-testid="script-toggle"]');
        await page.click(`[data-testid="${tab}"]`);
        await frames(page, 2);
        const small = await page.evaluate(() => [...document.querySelectorAll('button, select, input, .button, summary')]
          .filter((e) => {
            const b = e.getBoundingClientRect();
            const hidden = b.width === 0 || getComputedStyle(e).opacity === '0';
            return !hidden && (b.width < 43.5 || b.height < 43.5);
          })
          .map((e) => `${e.tagName.toLowerCase()}[${e.dataset.testid ?? e.className}] ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`));
        assert.deepEqual(small, [], `${width}×${height}, ${tab}: controls under 44 px`);
      }
      await screenshot(page, `layout-touch-${width}x${height}`);
      await page.click('[data-testid="script-toggle"]');
    }
  } finally {
    await closeApp(tablet);
  }
});

test('a long blueprint name keeps its row buttons in the panel', async () => {
  const { page } = app;
  const name = 'AVeryLongBlueprintNameThatGoesOnAndOnAndOnForeverAndEverMore';
  await page.setInputFiles('[data-testid="import"]', {
    name: 'long.gemprj', mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ id: 'long', label: 'Long', blueprints: [{ name, scriptText: `# BLUEPRINT ${name}` }] })),
  });
  await page.waitForSelector(`[data-testid="blueprint-row"][data-blueprint="${name}"]`);
  for (const [width, height] of SCREENS) {
    await page.setViewportSize({ width, height });
    await frames(page, 2);
    const [panel, remove] = await boxes(page, ['.projects-panel', `[data-blueprint="${name}"] [data-testid="blueprint-delete"]`]);
    assert.ok(remove && remove.right <= panel.right + 0.5, `${width}px: ✕ ends at ${remove?.right}, the panel at ${panel.right}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('Import shows a focus ring when the keyboard reaches it', async () => {
  const { page } = app;
  await page.focus('[data-testid="new-project"]');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'import');
  const ring = await page.$eval('[data-testid="import"]', (input) => getComputedStyle(input.closest('.button')).outlineStyle);
  assert.equal(ring, 'solid');
});
