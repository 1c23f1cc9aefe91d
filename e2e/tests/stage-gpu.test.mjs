// The stage drawn by the GPU (WebGL2) and in software shows the same picture. Headless
// Chromium has no GPU, so its WebGL2 is SwiftShader, which the app counts as no GPU; the
// pages here force each path (`render=webgl2`, `render=software`). Every bundled model is
// run to the same tick on both paths at the same window size, and the stage, taken as the
// screen shows it (the WebGL2 canvas with the canvas 2D layer over it), is compared pixel by
// pixel; so is the gallery demo, which draws every costume, halo, meter, status bar, label
// and chart, and a model with an agent ringed at each classroom screen size (the ring is on
// the canvas 2D layer, which must lie exactly over the GPU's canvas). Tolerance: every
// channel of every pixel within 3 of the other path's. Both paths place every sprite on the
// same whole pixels; they only round a blend differently, by 1 or 2 per layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openApp, closeApp, screenshot, frames } from '../harness.mjs';

const SIZE = { width: 1366, height: 768 };
/** Most a channel may differ. */
const CHANNEL_TOLERANCE = 3;
/** The classroom's screens: phone, tablet both ways, laptop, projector. */
const SCREENS = [[390, 844], [1024, 768], [768, 1024], [1366, 768], [1920, 1080]];

/** Opens the app on `path` with the drawing path `render`; checks the path it took. */
async function open(render, path = '') {
  const app = await openApp({ path: `?render=${render}${path ? `&${path}` : ''}`, viewport: SIZE });
  await app.page.waitForFunction((r) => document.querySelector('[data-testid="stage"]')?.dataset.render === r, render);
  return app;
}

/** Opens bundled model `id`, paused at its start, and steps it to `tick`. */
async function stepTo(page, id, tick) {
  await page.selectOption('[data-testid="model-picker"]', id);
  await page.waitForFunction((id) => document.querySelector('[data-testid="model-picker"]')?.value === id, id);
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  await page.click('[data-testid="reset"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="stage"]')?.dataset.tick === '0');
  for (let i = 0; i < tick; i++) {
    await page.click('[data-testid="step"]');
    await page.waitForFunction((t) => Number(document.querySelector('[data-testid="stage"]')?.dataset.tick) === t, i + 1);
  }
}

/** The stage as the screen shows it, as PNG bytes, once two frames have painted it. */
async function stageShot(page) {
  await page.mouse.move(0, 0);
  await frames(page, 3);
  return page.locator('[data-testid="stage"]').screenshot();
}

/** Compares two PNGs of the same size in `page`: the largest channel difference and how many pixels are past the tolerance. */
async function compare(page, a, b) {
  return page.evaluate(async ([a, b, tolerance]) => {
    const pixels = async (base64) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(bitmap, 0, 0);
      return ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    };
    const [x, y] = [await pixels(a), await pixels(b)];
    if (x.width !== y.width || x.height !== y.height) return { size: [x.width, x.height, y.width, y.height] };
    let max = 0;
    let past = 0;
    let drawn = 0;
    for (let i = 0; i < x.data.length; i += 4) {
      let d = 0;
      for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(x.data[i + c] - y.data[i + c]));
      max = Math.max(max, d);
      if (d > tolerance) past++;
      if (x.data[i] !== x.data[0] || x.data[i + 1] !== x.data[1] || x.data[i + 2] !== x.data[2]) drawn++;
    }
    return { max, past, pixels: x.data.length / 4, drawn };
  }, [a.toString('base64'), b.toString('base64'), CHANNEL_TOLERANCE]);
}

function assertSame(what, result) {
  assert.equal(result.size, undefined, `${what}: the two stages differ in size ${result.size}`);
  assert.ok(result.drawn > 1000, `${what}: the stage looks empty (${result.drawn} pixels drawn)`);
  assert.equal(result.past, 0,
    `${what}: ${result.past} of ${result.pixels} pixels differ by more than ${CHANNEL_TOLERANCE} (largest ${result.max})`);
}

const models = JSON.parse(await readFile(join(import.meta.dirname, '..', '..', 'static', 'models', 'index.json'), 'utf8'));

test('every bundled model looks the same drawn by the GPU and in software', async () => {
  const [gpu, soft] = [await open('webgl2'), await open('software')];
  try {
    for (const { id } of models) {
      await stepTo(gpu.page, id, 20);
      await stepTo(soft.page, id, 20);
      const result = await compare(gpu.page, await stageShot(gpu.page), await stageShot(soft.page));
      console.log(`${id}: largest channel difference ${result.max}; ${result.past} of ${result.pixels} pixels past ${CHANNEL_TOLERANCE}`);
      assertSame(id, result);
    }
    await screenshot(gpu.page, 'stage-gpu-fish');
  } finally {
    await closeApp(gpu);
    await closeApp(soft);
  }
});

test('every costume and widget of the gallery looks the same on both paths', async () => {
  const [gpu, soft] = [await open('webgl2', 'demo=gallery'), await open('software', 'demo=gallery')];
  // An atlas of 256 × 256 texels cannot hold the gallery's sprites at once: it is drawn from
  // and emptied several times a frame.
  const small = await open('webgl2', 'demo=gallery&atlas=256');
  try {
    const softShot = await stageShot(soft.page);
    const result = await compare(gpu.page, await stageShot(gpu.page), softShot);
    console.log(`gallery: largest channel difference ${result.max}; ${result.past} of ${result.pixels} pixels past ${CHANNEL_TOLERANCE}`);
    assertSame('gallery', result);
    await screenshot(gpu.page, 'stage-gpu-gallery');
    const refilled = await compare(small.page, await stageShot(small.page), softShot);
    console.log(`gallery, small atlas: largest channel difference ${refilled.max}; ${refilled.past} of ${refilled.pixels} pixels past ${CHANNEL_TOLERANCE}`);
    assertSame('gallery, small atlas', refilled);
    // Zoomed far in, the costumes' sprites are over a thousand pixels a side.
    for (const { page } of [gpu, soft]) {
      const box = await page.locator('[data-testid="stage"]').boundingBox();
      await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.25);
      for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -600);
      await frames(page, 3);
    }
    const zoomed = await compare(gpu.page, await stageShot(gpu.page), await stageShot(soft.page));
    console.log(`gallery zoomed in: largest channel difference ${zoomed.max}; ${zoomed.past} of ${zoomed.pixels} pixels past ${CHANNEL_TOLERANCE}`);
    assertSame('gallery zoomed in', zoomed);
    await screenshot(gpu.page, 'stage-gpu-gallery-zoomed');
  } finally {
    await closeApp(gpu);
    await closeApp(soft);
    await closeApp(small);
  }
});

test('at every classroom screen size the ring over a picked agent lies where it does in software', async () => {
  const [gpu, soft] = [await open('webgl2'), await open('software')];
  try {
    for (const app of [gpu, soft]) {
      await stepTo(app.page, 'fish-and-algae', 5);
      await app.page.click('[data-testid="agent-row"] >> nth=0');
      await app.page.waitForFunction(() => document.querySelector('[data-testid="stage"]')?.dataset.rings === '1');
    }
    for (const [width, height] of SCREENS) {
      for (const app of [gpu, soft]) await app.page.setViewportSize({ width, height });
      const result = await compare(gpu.page, await stageShot(gpu.page), await stageShot(soft.page));
      console.log(`${width}×${height}: largest channel difference ${result.max}; ${result.past} of ${result.pixels} pixels past ${CHANNEL_TOLERANCE}`);
      assertSame(`${width}×${height}`, result);
      await screenshot(gpu.page, `stage-gpu-${width}x${height}`);
    }
  } finally {
    await closeApp(gpu);
    await closeApp(soft);
  }
});

test('a stage whose GPU the browser takes away goes on in software, with the same picture', async () => {
  const [gpu, soft] = [await open('webgl2'), await open('software')];
  try {
    for (const app of [gpu, soft]) await stepTo(app.page, 'fish-and-algae', 8);
    await gpu.page.evaluate(() => document.querySelector('[data-testid="stage"]').getContext('webgl2')
      .getExtension('WEBGL_lose_context').loseContext());
    await gpu.page.waitForFunction(() => document.querySelector('[data-testid="stage"]').dataset.render === 'software');
    const result = await compare(gpu.page, await stageShot(gpu.page), await stageShot(soft.page));
    console.log(`after the GPU was lost: largest channel difference ${result.max}; ${result.past} of ${result.pixels} pixels past ${CHANNEL_TOLERANCE}`);
    assertSame('after the GPU was lost', result);
  } finally {
    await closeApp(gpu);
    await closeApp(soft);
  }
});

test("a WebGL2 the CPU emulates counts as no GPU: by itself the page draws in software", async (t) => {
  // Headless Chromium here offers WebGL2 through SwiftShader.
  const app = await openApp({ viewport: SIZE });
  try {
    const emulated = await app.page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : null;
    });
    if (!/SwiftShader|llvmpipe|softpipe/i.test(emulated ?? '')) {
      t.skip(`this browser's WebGL2 runs on ${emulated ?? 'nothing'}, not an emulated GPU`);
      return;
    }
    await app.page.waitForFunction(() => document.querySelector('[data-testid="stage"]')?.dataset.render);
    assert.equal(await app.page.getAttribute('[data-testid="stage"]', 'data-render'), 'software');
  } finally {
    await closeApp(app);
  }
});
