// A project that places more agents than a model may have says so in the messages, not only
// in the log, and the first 20,000 are made.
import { test, before, after } from 'node:test';
import { openApp, closeApp, waitForText } from '../harness.mjs';

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

test('instances beyond the cap are reported where the student sees them', async () => {
  const { page } = app;
  const project = {
    id: 'crowd', label: 'Crowd',
    blueprints: [{ name: 'Dot', scriptText: '# BLUEPRINT Dot' }],
    instances: Array.from({ length: 20_005 }, (_, i) => ({ id: String(i), label: `d${i}`, bpid: 'Dot' })),
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: 'crowd.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Crowd');
  await waitForText(page, '[data-testid="messages"] .notice', /places 20005 agents, more than the 20000 a model may have: only the first 20000 were made/);
});
