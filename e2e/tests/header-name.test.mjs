// A script whose `# BLUEPRINT` line names the blueprint otherwise than the project does: the
// editor says so over the text and offers both fixes (rename the blueprint, or change the
// line); another script naming the header's name hears which blueprint has that line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, closeApp, waitForText, screenshot } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

const row = (name) => `[data-testid="blueprint-row"][data-blueprint="${name}"]`;

async function importMismatched(page, id) {
  const project = {
    id, label: id,
    blueprints: [
      { name: 'Fsh', scriptText: '# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Costume\n' },
      { name: 'Shark', scriptText: '# BLUEPRINT Shark\n# PROGRAM UPDATE\nwhen Shark touches Fish [[\n]]\n' },
    ],
    instances: [{ id: '1', label: 'f', bpid: 'Fsh', initScript: '' }],
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: `${id}.gemprj`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)),
  });
  await waitForText(page, '[data-testid="project-label"]', id);
  await waitForText(page, '[data-testid="messages"]', /there is no blueprint 'Fish': the blueprint 'Fsh' has the line '# BLUEPRINT Fish'/);
  await page.click(`${row('Fsh')} [data-testid="blueprint-open"]`);
  await page.waitForSelector('[data-testid="header-mismatch"]');
  assert.match(await page.textContent('[data-testid="header-mismatch"]'), /Line 1 calls this blueprint 'Fish', but the project calls it 'Fsh'/);
  assert.match(await page.textContent('[data-testid="script-warnings"]'), /line 1, column 13: warning: this line names the blueprint 'Fish'/);
}

test('renaming the blueprint to its line\'s name makes every script compile', async () => {
  const { page } = app;
  await importMismatched(page, 'Mismatch A');
  await screenshot(page, 'header-mismatch');
  await page.click('[data-testid="header-rename"]');
  await page.waitForSelector(row('Fish'));
  await waitForText(page, `${row('Shark')} .status`, 'ok');
  await waitForText(page, `${row('Fish')} .status`, 'ok');
  // The drawer followed the blueprint to its new name, and the offer is gone.
  assert.equal(await page.inputValue('[data-testid="script-blueprint"]'), 'Fish');
  await page.waitForSelector('[data-testid="header-mismatch"]', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid="agent-count"]')?.textContent === '1');
  await page.click('[data-testid="script-toggle"]');
});

test('changing the line to the project\'s name applies it', async () => {
  const { page } = app;
  await importMismatched(page, 'Mismatch B');
  await page.click('[data-testid="header-use-name"]');
  await page.waitForSelector('[data-testid="header-mismatch"]', { state: 'detached' });
  assert.match(await page.inputValue('[data-testid="script-text"]'), /^# BLUEPRINT Fsh\n/);
  await waitForText(page, '[data-testid="script-state"]', 'applied');
  await waitForText(page, `${row('Fsh')} .status`, 'ok');
  // Shark still names Fish, which no blueprint is called: its error says so plainly now.
  await waitForText(page, '[data-testid="messages"]', /there is no blueprint 'Fish' — did you mean 'Fsh'\?/);
});
