// A project's own costumes: a GEMSTEP sprite sheet (JSON + PNG) imported into the project is
// drawn with the pose the script picks, in its own colours, replacing our built-in bunny; it
// survives export and a reload, can be removed and brought back by Undo; a bad file is named
// with the reason and changes nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { openApp, closeApp, waitForText, screenshot } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const PROJECT = {
  id: 'bunnies', label: 'Own bunnies',
  metadata: { top: -100, right: 100, bottom: 100, left: -100 },
  blueprints: [{
    name: 'Bun',
    scriptText: "# BLUEPRINT Bun\n# PROGRAM DEFINE\nuseFeature Costume\nfeatCall Costume setCostume 'bunny.json' 1\n",
  }],
  instances: [{ id: '1', label: 'Bun 1', bpid: 'Bun', initScript: 'prop x setTo 0\nprop y setTo 0' }],
};

const SHEET = {
  frames: {
    'bunny_red.png': { frame: { x: 0, y: 0, w: 40, h: 40 }, rotated: false },
    'bunny_blue.png': { frame: { x: 40, y: 0, w: 40, h: 40 }, rotated: false },
  },
  meta: { image: 'bunny.png', size: { w: 80, h: 40 } },
};

/** An 80×40 PNG drawn in the page: the left half red (pose 0), the right half blue (pose 1). */
async function sheetPicture(page) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 80;
    canvas.height = 40;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = 'rgb(230,20,20)';
    ctx.fillRect(0, 0, 40, 40);
    ctx.fillStyle = 'rgb(20,40,230)';
    ctx.fillRect(40, 0, 40, 40);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** Counts red and blue pixels in the middle of the stage, where the bunny stands. */
function centreColours() {
  const canvas = document.querySelector('[data-testid="stage"]');
  const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const [cx, cy, reach] = [Math.round(width / 2), Math.round(height / 2), Math.round(width / 8)];
  let [red, blue] = [0, 0];
  for (let y = cy - reach; y < cy + reach; y++) {
    for (let x = cx - reach; x < cx + reach; x++) {
      const i = (y * width + x) * 4;
      if (data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 60) red++;
      if (data[i + 2] > 200 && data[i] < 60 && data[i + 1] < 80) blue++;
    }
  }
  return { red, blue };
}

async function waitForBlueBunny(page) {
  const found = await page.waitForFunction(`(${centreColours})().blue > 200 && (${centreColours})()`);
  return found.jsonValue();
}

test('an imported sprite sheet is drawn with the pose the script sets', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'bunnies.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PROJECT)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Own bunnies');
  await page.setInputFiles('[data-testid="costume-import"]', [
    { name: 'bunny.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SHEET)) },
    { name: 'bunny.png', mimeType: 'image/png', buffer: await sheetPicture(page) },
  ]);
  await waitForText(page, '[data-costume="bunny"]', /2 poses · 80×40/);
  assert.equal(await page.locator('[data-testid="costume-row"]').count(), 1, 'the PNG is part of the sheet');
  const { red, blue } = await waitForBlueBunny(page);
  assert.equal(red, 0, `pose 1 only (${blue} blue pixels, ${red} red)`);
  await screenshot(page, 'project-costume-sheet');
});

test('a file that is not a picture is named with the reason and changes nothing', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="costume-import"]', {
    name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a not really'),
  });
  await waitForText(page, '[data-testid="costume-error"]', 'photo.gif: it is not a PNG or SVG image');
  await page.setInputFiles('[data-testid="costume-import"]', {
    name: 'lonely.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(SHEET)),
  });
  await waitForText(page, '[data-testid="costume-error"]', /^lonely.json: .*choose 'bunny.png' together with it$/);
  assert.equal(await page.locator('[data-testid="costume-row"]').count(), 1);
});

test('the costume travels in the exported file and survives a reload', async () => {
  const { page } = app;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('[data-testid="export"]'),
  ]);
  const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(saved.costumes.length, 1);
  assert.equal(saved.costumes[0].name, 'bunny');
  assert.equal(saved.costumes[0].mediaType, 'image/png');
  assert.deepEqual(saved.costumes[0].frames, [
    { x: 0, y: 0, w: 40, h: 40 }, { x: 40, y: 0, w: 40, h: 40 },
  ]);
  await page.reload();
  await waitForText(page, '[data-costume="bunny"]', /2 poses/);
  await waitForBlueBunny(page);
});

test('a removed costume gives the stage back our bunny, and Undo restores it', async () => {
  const { page } = app;
  await page.click('[data-costume="bunny"] [data-testid="costume-remove"]');
  await page.waitForFunction(() => !document.querySelector('[data-testid="costume-row"]'));
  await page.waitForFunction(`(${centreColours})().blue < 20`);
  await page.click('[data-testid="undo"]');
  await waitForText(page, '[data-costume="bunny"]', /2 poses/);
  await waitForBlueBunny(page);
});
