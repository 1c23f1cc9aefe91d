import { openApp } from './harness.mjs';
const lines = 2000;
const body = Array.from({ length: lines }, (_, i) => `prop x setTo ${i % 100}`).join('\n');
const scriptText = `# BLUEPRINT Big\n# PROGRAM DEFINE\naddProp s Number 1\n# PROGRAM UPDATE\n${body}\n`;
const app = await openApp();
const { page } = app;
await page.waitForSelector('[data-testid="project-label"]');
await page.setInputFiles('[data-testid="import"]', { name: 'big.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ id: 'big', label: 'Big', blueprints: [{ name: 'Big', scriptText }], instances: [] })) });
await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent === 'Big');
await page.click('[data-testid="script-toggle"]');
await page.click('[data-testid="wizard-tab"]');
await page.waitForSelector('[data-testid="wizard"]');
const slot = '[data-testid="wizard-line"]:last-child [data-testid="wizard-slot"]';
await page.focus(slot);
await page.evaluate(() => { window.__renders = 0; new MutationObserver((m) => { window.__renders += m.length; }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true }); });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.start');
for (let i = 0; i < 6; i++) { await page.keyboard.press(i % 2 ? 'Backspace' : 'a'); await page.evaluate(() => new Promise((d) => requestAnimationFrame(() => requestAnimationFrame(d)))); }
const { profile } = await cdp.send('Profiler.stop');
console.log('mutations', await page.evaluate(() => window.__renders));
const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas; let i = 0;
for (const s of profile.samples) { const n = byId.get(s); const k = n.callFrame.functionName + ' ' + n.callFrame.url.split('/').pop(); self.set(k, (self.get(k) ?? 0) + (dt[i++] ?? 0)); }
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v / 1000).toFixed(0)} ms ${k}`).join('\n'));
await app.close();
