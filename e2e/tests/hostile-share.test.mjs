// A share link whose model doubles a text every tick (and logs it) no longer kills the page:
// the text stops at its limit with an error in the log naming the line, the model runs on and
// the page keeps answering.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { openApp, closeApp, waitForText } from '../harness.mjs';

const S = "agent.getProp('s').value";
const PROJECT = {
  id: 'grow', label: 'Growing text',
  blueprints: [{
    name: 'G',
    scriptText: `# BLUEPRINT G\n# PROGRAM DEFINE\naddProp s String 'ab'\n# PROGRAM UPDATE\nexprPush {{ ${S} + ${S} }}\npropPop s\ndbgOut {{ ${S} }}\n`,
  }],
  instances: [{ id: '1', label: 'g', bpid: 'G' }],
};
const fragment = `#project=${deflateRawSync(Buffer.from(JSON.stringify(PROJECT)), { level: 9 }).toString('base64url')}`;

let app;
before(async () => { app = await openApp({ path: fragment }); });
after(() => closeApp(app));

test('a text-doubling model from a share link runs on within its limits', async () => {
  const { page } = app;
  assert.ok(fragment.length < 400, `a ${fragment.length}-character link`);
  await waitForText(page, '[data-testid="project-label"]', 'Growing text');
  if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="tick"]').textContent) > 90);
  // An entry reads "0.53 s" "G:5" "in {{ … }}: '+' would make a text 128 KB long, but …".
  await waitForText(page, '[data-testid="log"]', /G:5in \{\{.*'\+' would make a text \d+ KB long, but a text may hold at most 64 KB/);
  await page.click('[data-testid="pause"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="pause"]').disabled);
  const memory = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  assert.ok(memory < 512 * 1024 * 1024, `${memory} bytes of JS heap`);
});
