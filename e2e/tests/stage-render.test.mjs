// The stage renderer: costumes are drawn as art (many colours, not plain dots), the gallery
// demo shows every costume and widget, and the wheel zooms while a drag on empty stage pans.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, stagePixels, frames } from '../harness.mjs';

/** How many distinct colours (quantised to 4 bits a channel) cover at least 20 pixels. */
async function stageColours(page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const counts = new Map();
    for (let i = 0; i < data.length; i += 4) {
      const key = ((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts.values()].filter((n) => n >= 20).length;
  });
}

/** The colour of the stage canvas pixel at CSS offset (x, y) from its top-left corner. */
async function pixelAt(page, x, y) {
  return page.evaluate(([x, y]) => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const k = canvas.width / canvas.clientWidth;
    return [...canvas.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data];
  }, [x, y]);
}

async function withApp(path, body) {
  const app = await openApp({ path });
  try {
    await body(app.page);
  } finally {
    const errors = app.errors;
    await app.close();
    assert.deepEqual(errors, [], 'the page logged errors');
  }
}

test('the skeleton agents are drawn as costume art of several colours', () =>
  withApp('', async (page) => {
    await frames(page, 10);
    assert.ok(await page.isDisabled('[data-testid="pause"]'), 'the model opens paused');
    // Background, orange fish, tan moths and bunny, yellow bee, dark outlines, eyes...
    const colours = await stageColours(page);
    assert.ok(colours >= 6, `expected costume art in several colours, found ${colours}`);
    await screenshot(page, 'stage-skeleton');
  }));

test('the gallery demo draws every costume and widget', () =>
  withApp('?demo=gallery', async (page) => {
    await frames(page, 10);
    const colours = await stageColours(page);
    assert.ok(colours >= 30, `expected a colourful gallery, found ${colours} colours`);
    assert.ok((await stagePixels(page)).drawn > 40000, 'the gallery looks nearly empty');
    await screenshot(page, 'stage-gallery');
  }));

test('the wheel zooms about the pointer and a drag on empty stage pans', () =>
  withApp('?demo=gallery', async (page) => {
    await frames(page, 10);
    const box = await page.locator('[data-testid="stage"]').boundingBox();
    // A corner of the fitted stage is inside the stage colour; zoomed out, it is surround.
    const corner = await pixelAt(page, 3, 3);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 600);
    await frames(page, 3);
    const zoomedOut = await pixelAt(page, 3, 3);
    assert.notDeepEqual(zoomedOut, corner, 'zooming out did not reveal the surround');
    const before = await stagePixels(page);
    // Drag from an empty spot near the bottom edge of the stage.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height - 30);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height - 90, { steps: 5 });
    await page.mouse.up();
    await frames(page, 3);
    assert.notEqual((await stagePixels(page)).hash, before.hash, 'dragging did not pan the stage');
    await screenshot(page, 'stage-zoomed-panned');
    await page.dblclick('[data-testid="stage"]', { position: { x: box.width / 2, y: box.height - 30 } });
    await frames(page, 3);
    assert.deepEqual(await pixelAt(page, 3, 3), corner, 'a double click did not fit the stage again');
    // Zoomed in over the first row of costumes, the art is redrawn large, not stretched.
    await page.mouse.move(box.x + box.width * 0.36, box.y + box.height * 0.12);
    await page.mouse.wheel(0, -900);
    await frames(page, 3);
    await screenshot(page, 'stage-zoomed-in');
  }));

/** Sends a touch-style pointer event to the stage at CSS offset (x, y) from its corner. */
async function touch(page, type, pointerId, x, y) {
  await page.evaluate(([type, pointerId, x, y]) => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const box = canvas.getBoundingClientRect();
    canvas.dispatchEvent(new PointerEvent(type, {
      pointerId, pointerType: 'touch', isPrimary: pointerId === 1, button: type === 'pointermove' ? -1 : 0,
      clientX: box.left + x, clientY: box.top + y, bubbles: true,
    }));
  }, [type, pointerId, x, y]);
}

test('two fingers spreading apart zoom the stage in', () =>
  withApp('?demo=gallery', async (page) => {
    await frames(page, 10);
    const box = await page.locator('[data-testid="stage"]').boundingBox();
    const [cx, y] = [box.width / 2, box.height - 40];
    const before = await stagePixels(page);
    const stage = await pixelAt(page, 3, 3);
    const circle = await pixelAt(page, box.width * 0.05, box.height * 0.075);
    assert.notDeepEqual(circle, stage, 'the gallery\'s circle is not where this test expects');
    await touch(page, 'pointerdown', 1, cx - 40, y);
    await touch(page, 'pointerdown', 2, cx + 40, y);
    for (let step = 1; step <= 5; step++) {
      await touch(page, 'pointermove', 1, cx - 40 - 20 * step, y);
      await touch(page, 'pointermove', 2, cx + 40 + 20 * step, y);
    }
    await touch(page, 'pointerup', 1, cx - 140, y);
    await touch(page, 'pointerup', 2, cx + 140, y);
    await frames(page, 3);
    const after = await stagePixels(page);
    assert.notEqual(after.hash, before.hash, 'the pinch did not change the view');
    // Zoomed in 3.5x about the bottom middle, the top row of costumes has left the canvas.
    const topRow = await pixelAt(page, box.width * 0.05, box.height * 0.075);
    assert.deepEqual(topRow, stage, 'the circle is still in view: no zoom happened');
    await screenshot(page, 'stage-pinched');
  }));

test('the wander demo draws ten thousand agents and reports its frame rate', () =>
  withApp('?demo=wander&n=10000', async (page) => {
    await page.waitForSelector('[data-testid="fps"]', { timeout: 10000 });
    const fps = Number(await page.textContent('[data-testid="fps"]'));
    assert.ok(fps > 0, `no frame rate shown: ${fps}`);
    await screenshot(page, 'stage-wander-10000');
  }));
