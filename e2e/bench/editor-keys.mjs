// Measures how the script editor and the wizard keep up with a large script: the time to
// open each on a one-blueprint project of N lines, and the time from a key press to the
// frame that shows it, measured in the page (the median and the worst of 20 keys). Run after a build:
// `node e2e/bench/editor-keys.mjs [lines...]` (default 200, 1000, 2000); `2000w` makes the
// lines about twice as long (2,000 lines ≈ 64 KB, the editors' limit).
import { openApp } from '../harness.mjs';

const sizes = process.argv.slice(2);
const KEYS = 20;

function project(size) {
  const lines = parseInt(size, 10);
  const line = size.endsWith('w')
    ? (i) => `prop x setTo {{ agent.getProp('s').value + ${i % 100} }}`
    : (i) => `prop x setTo ${i % 100}`;
  const body = Array.from({ length: lines }, (_, i) => line(i)).join('\n');
  const scriptText = `# BLUEPRINT Big\n# PROGRAM DEFINE\naddProp s Number 1\n# PROGRAM UPDATE\n${body}\n`;
  return JSON.stringify({
    id: 'big', label: 'Big', blueprints: [{ name: 'Big', scriptText }],
    instances: [{ id: '1', label: 'b', bpid: 'Big', initScript: '' }],
  });
}

/** Milliseconds from now until `selector` shows, with a frame drawn after. */
async function timeToShow(page, action, selector) {
  const start = Date.now();
  await action();
  await page.waitForSelector(selector, { timeout: 120_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return Date.now() - start;
}

/**
 * Per key: ms from the page receiving the key until the frame showing it was painted (a
 * task queued from the next animation frame runs after that frame's paint).
 */
async function keyTimes(page, selector) {
  await page.focus(selector);
  await page.evaluate(() => {
    window.__keyTimes = [];
    if (window.__timingKeys) return;
    window.__timingKeys = true;
    document.addEventListener('keydown', () => {
      const start = performance.now();
      requestAnimationFrame(() => setTimeout(() => window.__keyTimes.push(performance.now() - start)));
    }, { capture: true });
  });
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(i % 2 ? 'Backspace' : 'a');
    await page.waitForFunction((n) => window.__keyTimes.length > n, i);
  }
  const times = (await page.evaluate(() => window.__keyTimes)).sort((a, b) => a - b);
  return { median: Math.round(times[Math.floor(times.length / 2)]), worst: Math.round(times[times.length - 1]) };
}

for (const lines of sizes.length ? sizes : ['200', '1000', '2000']) {
  const app = await openApp();
  const { page } = app;
  try {
    await page.waitForSelector('[data-testid="project-label"]');
    await page.setInputFiles('[data-testid="import"]', {
      name: 'big.gemprj', mimeType: 'application/json', buffer: Buffer.from(project(lines)),
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Big');
    const editorOpen = await timeToShow(page, () => page.click('[data-testid="script-toggle"]'),
      '[data-testid="script-text"], [data-testid="script-too-large"]');
    if (await page.$('[data-testid="script-too-large"]')) {
      console.log(`${lines} lines: refused (${await page.textContent('[data-testid="script-too-large"]')})`);
      continue;
    }
    await page.focus('[data-testid="script-text"]');
    await page.keyboard.press('Control+End');
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const editor = await keyTimes(page, '[data-testid="script-text"]');
    const wizardOpen = await timeToShow(page, () => page.click('[data-testid="wizard-tab"]'), '[data-testid="wizard"]');
    const slot = '[data-testid="wizard-line"]:last-child [data-testid="wizard-slot"]';
    const wizard = await page.$(slot) ? await keyTimes(page, slot) : null;
    console.log(`${lines} lines: editor opens in ${editorOpen} ms, a key takes ${editor.median} ms (worst ${editor.worst}); ` +
      `wizard opens in ${wizardOpen} ms` + (wizard ? `, a key takes ${wizard.median} ms (worst ${wizard.worst})` : ''));
    if (app.errors.length) console.log('page errors:', app.errors);
  } finally {
    await app.close();
  }
}
