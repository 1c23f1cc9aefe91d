// The log links a runtime error to its place: a model whose script divides by zero logs the
// error as `Blueprint:line`, and clicking that link opens the blueprint's script in the
// editor with the caret on that line, scrolled into view and marked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { openApp, screenshot, SCREENSHOTS, closeApp } from '../harness.mjs';

/** Saves a screenshot of the log panel alone. */
async function logShot(page, name) {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.locator('[data-testid="log"]').screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/** Enough comment lines that the failing line is below the editor's first screen. */
const PADDING = Array.from({ length: 80 }, (_, i) => `// note ${i + 1}`);
const SCRIPT = [
  '# BLUEPRINT Counter',
  '# PROGRAM DEFINE',
  'addFeature Costume',
  "featCall Costume setCostume 'circle.json' 0",
  'addProp n Number 4',
  ...PADDING,
  '# PROGRAM UPDATE',
  'prop n div 0',
].join('\n');
/** The 1-based line of `prop n div 0`. */
const FAILING_LINE = SCRIPT.split('\n').indexOf('prop n div 0') + 1;

const MODEL = JSON.stringify({
  id: 'divide-by-zero', label: 'Divide by zero',
  blueprints: [
    { name: 'Quiet', scriptText: '# BLUEPRINT Quiet\n# PROGRAM DEFINE\naddFeature Costume' },
    { name: 'Counter', scriptText: SCRIPT },
  ],
  instances: [{ id: '1', label: 'Counter 1', bpid: 'Counter', initScript: '' }],
});

test('a runtime error links to its line, which opens the script there', async () => {
  const { page } = app;
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="project-label"]')?.textContent === 'Wander');
  await page.setInputFiles('[data-testid="import"]', {
    name: 'divide.gemprj', mimeType: 'application/json', buffer: Buffer.from(MODEL),
  });
  await page.click('[data-testid="play"]').catch(() => {});
  const link = page.locator('[data-testid="log-link"]').first();
  await link.waitFor({ timeout: 10_000 });
  assert.equal(await link.textContent(), `Counter:${FAILING_LINE}`);
  const entry = page.locator('[data-testid="log-entry"]').first();
  assert.match(await entry.textContent(), /cannot divide by zero/);
  assert.equal(await page.isVisible('[data-testid="script-editor"]'), false, 'the editor starts closed');
  await logShot(page, 'log-link');

  await link.click();
  const editor = page.locator('[data-testid="script-editor"]');
  await editor.waitFor();
  assert.equal(await page.inputValue('[data-testid="script-blueprint"]'), 'Counter',
    'the editor shows the failing blueprint, not the first one');
  const marked = page.locator('[data-testid="revealed-line"]');
  assert.equal(await marked.getAttribute('data-line'), String(FAILING_LINE));
  assert.equal(await marked.textContent(), 'prop n div 0');
  // The caret is at the start of the failing line.
  const caretLine = await page.$eval('[data-testid="script-text"]', (area) =>
    area.value.slice(0, area.selectionStart).split('\n').length);
  assert.equal(caretLine, FAILING_LINE);
  // The line is scrolled into the textarea's visible box.
  const area = await page.locator('[data-testid="script-text"]').boundingBox();
  const line = await marked.boundingBox();
  assert.ok(line.y >= area.y && line.y + line.height <= area.y + area.height,
    `line at y ${line.y}..${line.y + line.height}, textarea ${area.y}..${area.y + area.height}`);
  await marked.scrollIntoViewIfNeeded();
  await screenshot(page, 'log-link-opened');
});

test('a round script\'s log line is shown as text, not a link', async () => {
  const { page } = app;
  await page.click('[data-testid="script-toggle"]');
  await page.selectOption('[data-testid="model-picker"]', 'moths');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="log"]')?.textContent.includes('Round 1 starts'));
  const entry = page.locator('[data-testid="log-entry"]', { hasText: 'Round 1 starts' }).first();
  assert.equal(await entry.locator('[data-testid="log-link"]').count(), 0);
  await logShot(page, 'log-moths');
});
