// GEMSTEP's shipped models drawn with our own art: a screenshot of each after a second of
// play (e2e/screenshots/gemstep-art-*.png), and aquatic's Sunbeam, a yellow circle stretched
// 2.5 times in height by Physics scaleY, drawn as a tall yellow oval. Skips when ../shared
// is absent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir, access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { openApp, screenshot, closeApp, waitForText } from '../harness.mjs';

const MODELS = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'gemstep-models');
const present = await access(MODELS).then(() => true, () => false);
const SKIP = !present && `GEMSTEP's models are not at ${MODELS} (no ../shared checkout)`;
const files = present ? (await readdir(MODELS)).filter((f) => f.endsWith('.gemprj')).sort() : [];

let app;
before(async () => { if (!SKIP) app = await openApp(); });
after(() => closeApp(app));

async function importModel(page, name, json) {
  await page.setInputFiles('[data-testid="import"]', {
    name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(json)),
  });
  await waitForText(page, '[data-testid="project-label"]', json.label);
}

for (const file of files) {
  test(`${file} is drawn with costume art`, { skip: SKIP }, async () => {
    const { page } = app;
    const json = JSON.parse(await readFile(join(MODELS, file), 'utf8'));
    await importModel(page, file, json);
    if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]')?.textContent) >= 30);
    if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
    await screenshot(page, `gemstep-art-${file.replace('.gemprj', '')}`);
  });
}

test('aquatic\'s Sunbeam is a tall yellow oval', { skip: SKIP }, async () => {
  const { page } = app;
  const json = JSON.parse(await readFile(join(MODELS, 'aquatic.gemprj'), 'utf8'));
  json.label = 'aquatic with a sunbeam';
  // Opaque and at the centre, so its pixels are easy to find.
  json.instances.push({ id: 'sun', label: 'Sun', bpid: 'Sunbeam', initScript: 'prop alpha setTo 1\nprop x setTo 0\nprop y setTo 0' });
  await importModel(page, 'sunbeam.gemprj', json);
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  await page.click('[data-testid="reset"]');
  await page.click('[data-testid="step"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="tick"]')?.textContent === '1');
  const box = await page.waitForFunction(() => {
    const canvas = document.querySelector('[data-testid="stage"]');
    const { data, width, height } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    // Only around the centre, where the sunbeam is: aquatic's flowers are yellow too.
    const [cx, cy, reach] = [Math.round(width / 2), Math.round(height / 2), Math.round(width / 10)];
    let [x0, y0, x1, y1, n] = [width, height, -1, -1, 0];
    for (let y = cy - reach; y < cy + reach; y++) {
      for (let x = cx - reach; x < cx + reach; x++) {
        const i = (y * width + x) * 4;
        if (data[i] > 180 && data[i + 1] > 160 && data[i + 2] < 110) {
          n++; x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
        }
      }
    }
    return n > 20 ? { w: x1 - x0 + 1, h: y1 - y0 + 1, n } : null;
  });
  const { w, h } = await box.jsonValue();
  assert.ok(h / w > 1.8 && h / w < 3.2, `the sunbeam is ${w}×${h} pixels`);
  await screenshot(page, 'gemstep-art-sunbeam');
});
