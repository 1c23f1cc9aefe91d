// No model or costume can take down a lesson: a share link whose tick would never end (thirty
// agents, `tellAllCharacters` nested eight deep) opens paused, and played stops at its work
// budget with the place named, and the page answers a click within a second; an SVG costume whose `<use>`
// copies multiply ten levels deep is refused with its name and why, and so is a project
// file carrying one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { openApp, closeApp, waitForText, screenshot } from '../harness.mjs';

let update = 'prop zIndex add 1';
for (let i = 0; i < 8; i++) update = `featCall Population tellAllCharacters [[\n${update}\n]]`;
const ENDLESS = {
  id: 'endless', label: 'Endless tick',
  blueprints: [{
    name: 'Fish',
    scriptText: `# BLUEPRINT Fish\n# PROGRAM DEFINE\naddFeature Population\n# PROGRAM UPDATE\n${update}\n`,
  }],
  instances: Array.from({ length: 30 }, (_, i) => ({ id: String(i), label: `f${i}`, bpid: 'Fish' })),
};
const link = `#project=${deflateRawSync(Buffer.from(JSON.stringify(ENDLESS)), { level: 9 }).toString('base64url')}`;

// Ten levels of a group that uses the level below ten times: 10¹⁰ circles in about 5 KB.
let defs = '<circle id="l0" r="1"/>';
for (let level = 1; level <= 10; level++) {
  defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
}
const BOMB = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><defs>${defs}</defs><use href="#l10"/></svg>`;

/** Milliseconds from a click on `selector` to `done` holding in the page. */
async function answered(page, selector, done) {
  const started = Date.now();
  await page.click(selector);
  await page.waitForFunction(done);
  return Date.now() - started;
}

let app;
before(async () => { app = await openApp({ path: link }); });
after(() => closeApp(app));

test('a link whose tick would never end opens paused; played, it stops, says where, and the page answers', async () => {
  const { page } = app;
  assert.ok(link.length < 1_500, `a ${link.length}-character link`);
  await waitForText(page, '[data-testid="project-label"]', 'Endless tick');
  // Like any model it opens paused at its start: nothing ran yet.
  assert.equal(await page.textContent('[data-testid="tick"]'), '0');
  await page.click('[data-testid="play"]');
  await page.waitForSelector('[data-testid="watchdog-notice"]');
  const notice = await page.textContent('[data-testid="watchdog-notice"]');
  assert.match(notice, /^The run paused itself\. Tick 1 stopped at Fish:13:1: it did more than 4,000,000 steps of work \(lines run and characters visited\) in one tick/);
  await waitForText(page, '[data-testid="log"]', /Fish:13.*Tick 1 stopped at Fish:13:1/);
  // Paused at the tick that stopped: no more ticks, and the page answers at once.
  await page.waitForFunction(() => !document.querySelector('[data-testid="play"]').disabled);
  assert.equal(await page.textContent('[data-testid="tick"]'), '1');
  const ms = await answered(page, '[data-testid="script-toggle"]',
    () => document.querySelector('[data-testid="script-editor"]'));
  assert.ok(ms < 1_000, `the script drawer opened ${ms} ms after the click`);
  await screenshot(page, 'hostile-endless-tick');
  await page.click('[data-testid="script-toggle"]');
});

test('a use-bomb SVG costume is refused on import and in a project file, naming it', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="costume-import"]', {
    name: 'bomb.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(BOMB),
  });
  await waitForText(page, '[data-testid="costume-error"]',
    /^bomb\.svg: the SVG's <use> copies would draw (\d+|billions of) elements; a costume may draw at most 20000$/);
  const html = '<html><body><svg xmlns="http://www.w3.org/2000/svg"><circle r="2"/></svg></body></html>';
  await page.setInputFiles('[data-testid="costume-import"]', {
    name: 'page.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(html),
  });
  await waitForText(page, '[data-testid="costume-error"]', /^page\.svg: it is not an SVG drawing: its outermost element is <html>/);
  // A project file carrying one is refused whole, with the costume's name; the open model stays.
  const project = {
    ...ENDLESS, id: 'bomb', label: 'Bomb costume',
    costumes: [{ name: 'bomb', mediaType: 'image/svg+xml', width: 64, height: 64, data: Buffer.from(BOMB).toString('base64') }],
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: 'bomb.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(project)),
  });
  await waitForText(page, '[data-testid="messages"]', /bomb\.gemprj is not a valid project: costumes\[0\] \('bomb'\): the SVG's <use> copies would draw/);
  assert.equal(await page.textContent('[data-testid="project-label"]'), 'Endless tick');
  const ms = await answered(page, '[data-testid="script-toggle"]',
    () => document.querySelector('[data-testid="script-editor"]'));
  assert.ok(ms < 1_000, `the script drawer opened ${ms} ms after the click`);
});
