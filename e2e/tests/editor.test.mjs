// The script editor: colours, compile errors underlined where they are, completion, bracket
// matching, apply; and the transparent textarea lying pixel-exactly over the coloured text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openEditor, screenshot, closeApp, waitForStored, waitForText } from '../harness.mjs';

const TEXT = '[data-testid="script-text"]';
const MARK = '[data-testid="script-error-mark"]';
const ERRORS = '[data-testid="script-errors"] li';
const POPUP = '[data-testid="script-completion"]';

let app;
before(async () => { app = await openEditor(); });
after(() => closeApp(app));

/** Puts the caret at the end of the script and types `text` there. */
async function typeAtEnd(page, text) {
  await page.focus(TEXT);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

/** The caret (selectionStart) of the textarea and its text. */
async function caret(page) {
  return page.$eval(TEXT, (t) => ({ at: t.selectionStart, value: t.value }));
}

test('the editor shows the blueprint coloured, with line numbers and no errors', async () => {
  const { page } = app;
  const value = await page.inputValue(TEXT);
  assert.match(value, /^# BLUEPRINT Wanderer\n/);
  assert.equal(await page.locator(ERRORS).count(), 0);
  const lines = value.split('\n').length;
  const gutter = await page.textContent('.editor-gutter');
  assert.equal(gutter.trim().split('\n').at(-1), String(lines));
  const keyword = page.locator('.editor-line[data-line="3"] .hl-keyword');
  assert.equal(await keyword.textContent(), 'addFeature');
  assert.equal(await page.locator('.editor-line[data-line="3"] .hl-feature').textContent(), 'Costume');
  assert.equal(await page.locator('.editor-line[data-line="4"] .hl-string').textContent(), "'circle.json'");
  assert.equal(await page.locator('.editor-line[data-line="6"] .hl-comment').count(), 1);
  await screenshot(page, 'editor-open');
});

/**
 * Compares the coloured layer with the textarea: their text metrics, their boxes, and how far
 * (in px) the worst coloured run starts from the character grid the textarea's text follows.
 */
async function overlay(page) {
  return page.evaluate(() => {
    const layer = document.querySelector('.editor-layer');
    const input = document.querySelector('.editor-input');
    const METRICS = ['fontFamily', 'fontSize', 'fontWeight', 'fontStyle', 'lineHeight',
      'letterSpacing', 'wordSpacing', 'tabSize', 'whiteSpace', 'paddingLeft', 'paddingTop',
      'borderLeftWidth', 'borderTopWidth', 'fontVariantLigatures', 'textIndent'];
    const metrics = (el) => METRICS.map((k) => `${k}: ${getComputedStyle(el)[k]}`);
    const box = (el) => JSON.stringify(el.getBoundingClientRect());
    // One character's width, from a long single run of text in the layer's font.
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(100);
    layer.append(probe);
    const advance = probe.getBoundingClientRect().width / 100;
    probe.remove();
    const style = getComputedStyle(layer);
    const rect = layer.getBoundingClientRect();
    const left = rect.left + parseFloat(style.paddingLeft) - layer.scrollLeft;
    const top = rect.top + parseFloat(style.paddingTop) - layer.scrollTop;
    const lineHeight = parseFloat(style.lineHeight);
    const tab = Number(style.tabSize);
    let drift = 0;
    for (const line of layer.querySelectorAll('.editor-line')) {
      const row = Number(line.dataset.line) - 1;
      let cells = 0;
      for (const node of line.childNodes) {
        const text = node.textContent;
        const range = document.createRange();
        range.selectNodeContents(node);
        const run = range.getClientRects()[0];
        if (run && text[0] !== '\t') {
          drift = Math.max(drift, Math.abs(run.left - left - cells * advance));
          if (Math.abs(run.top - top - row * lineHeight) > 2) drift = Infinity;
        }
        for (const c of text) cells = c === '\t' ? (Math.floor(cells / tab) + 1) * tab : cells + 1;
      }
    }
    return { layer: metrics(layer), input: metrics(input), boxes: [box(layer), box(input)], drift };
  });
}

test('the textarea text lies over the coloured text, within a quarter pixel', async () => {
  const check = await overlay(app.page);
  assert.deepEqual(check.layer, check.input, 'the layer and the textarea differ in text metrics');
  assert.equal(check.boxes[0], check.boxes[1], 'the layer and the textarea differ in place or size');
  // The browser rounds each span's edge to 1/64 px; a quarter pixel is below what can be seen.
  assert.ok(check.drift < 0.25, `a coloured run is ${check.drift}px off the textarea's grid`);
});

test('a mistyped feature prop is underlined at its line with the message listed', async () => {
  const { page } = app;
  await typeAtEnd(page, '\tfeatProp Movement distanse setTo 5');
  await page.waitForSelector(MARK);
  const lines = (await page.inputValue(TEXT)).split('\n').length;
  const mark = page.locator(`.editor-line[data-line="${lines}"] ${MARK}`);
  assert.equal(await mark.textContent(), 'distanse');
  assert.equal(await page.locator(ERRORS).count(), 1);
  const item = await page.textContent(ERRORS);
  assert.match(item, new RegExp(`line ${lines}, column 20: .*distanse.*distance`));
  // Hovering the underline shows the message.
  const box = await mark.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  assert.match(await page.getAttribute(TEXT, 'title'), /distanse/);
  const area = await page.locator(TEXT).boundingBox();
  await page.mouse.move(area.x + area.width - 30, area.y + area.height - 30);
  assert.equal(await page.getAttribute(TEXT, 'title'), null);
  await screenshot(page, 'editor-error');
});

test('clicking an error moves the caret to it, and fixing the word clears it', async () => {
  const { page } = app;
  await page.click(`${ERRORS} button`);
  const { at, value } = await caret(page);
  assert.equal(value.slice(at, at + 8), 'distanse');
  for (let i = 0; i < 8; i++) await page.keyboard.press('Delete');
  await page.keyboard.type('distance');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[data-testid="script-error-mark"]'));
  assert.equal(await page.locator(ERRORS).count(), 0);
});

test('completion offers featProp after feat, then the blueprint features', async () => {
  const { page } = app;
  await typeAtEnd(page, '\nfeat');
  await page.waitForSelector(POPUP);
  const labels = await page.locator(`${POPUP} .item-label`).allTextContents();
  assert.ok(labels.includes('featProp'), `offered ${labels}`);
  assert.ok(labels.every((l) => l.startsWith('feat')), `offered ${labels}`);
  assert.match(await page.textContent(`${POPUP} .item-help`), /\w+/);
  await screenshot(page, 'editor-completion');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  // The name goes in with nothing after it, as code editors do; the space is the student's,
  // and it offers the next word.
  assert.match((await caret(page)).value, /\nfeatProp$/);
  await page.keyboard.type(' ');
  await page.waitForSelector(POPUP);
  const features = await page.locator(`${POPUP} .item-label`).allTextContents();
  assert.deepEqual(features.sort(), ['Costume', 'Movement', 'Physics']);
  await page.keyboard.type('Mo');
  await page.keyboard.press('Tab');
  await page.keyboard.type(' dist');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' se');
  const methods = await page.locator(`${POPUP} .item-label`).allTextContents();
  assert.ok(methods.includes('setTo'), `offered ${methods}`);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator(POPUP).count(), 0);
  await page.keyboard.type('tTo 4');
  assert.match((await caret(page)).value, /\nfeatProp Movement distance setTo 4$/);
});

test('the partner of the bracket at the caret is highlighted', async () => {
  const { page } = app;
  await typeAtEnd(page, '\ndbgOut {{ agent.x + 1 }}');
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
  const matched = await page.locator('.hl-match').allTextContents();
  assert.deepEqual(matched, ['{{', '}}']);
  await screenshot(page, 'editor-brackets');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.hl-match').count(), 0);
});

test('apply hands over the text and shows whether changes are applied', async () => {
  const { page } = app;
  const state = '[data-testid="script-state"]';
  assert.equal(await page.textContent(state), 'unapplied changes');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction((s) => document.querySelector(s).textContent === 'applied', state);
  await typeAtEnd(page, '\n');
  assert.equal(await page.textContent(state), 'unapplied changes');
  await page.click('[data-testid="script-apply"]');
  await page.waitForFunction((s) => document.querySelector(s).textContent === 'applied', state);
  // A script with an error may be applied too, but it is not what runs, and the editor
  // and the messages say so until it is fixed.
  const good = await page.inputValue(TEXT);
  await typeAtEnd(page, 'prop nothing setTo 1');
  await page.keyboard.press('Escape');
  await page.click('[data-testid="script-apply"]');
  await page.waitForSelector(MARK);
  await waitForText(page, state, 'applied with errors: the stage runs the last version that compiled');
  const stale = /the stage keeps running the last version that compiled/;
  await waitForText(page, '[data-testid="messages"]', stale);
  await page.fill(TEXT, good);
  await page.click('[data-testid="script-apply"]');
  await waitForText(page, state, 'applied');
  await page.waitForFunction((source) => !new RegExp(source).test(document.querySelector('[data-testid="messages"]').textContent), stale.source);
});

test('tabs, accented letters and scrolling keep the layers lined up', async () => {
  const { page } = app;
  const lines = Array.from({ length: 40 }, (_, i) => `\tdbgOut 'ünï ${i}'\t{{ ${i} }} // ça`);
  await typeAtEnd(page, '\n' + lines.join('\n'));
  await page.keyboard.press('Escape');
  await page.$eval(TEXT, (t) => { t.scrollTop = 300; t.scrollLeft = 40; t.dispatchEvent(new Event('scroll')); });
  const scroll = await page.evaluate(() => ['.editor-input', '.editor-layer', '.editor-gutter']
    .map((s) => [document.querySelector(s).scrollTop, document.querySelector(s).scrollLeft]));
  assert.deepEqual(scroll[1], scroll[0], 'the coloured layer did not scroll with the textarea');
  assert.equal(scroll[2][0], scroll[0][0], 'the line numbers did not scroll with the textarea');
  const check = await overlay(page);
  assert.ok(check.drift < 0.25, `a coloured run is ${check.drift}px off the textarea's grid`);
  await screenshot(page, 'editor-scrolled');
});

test('a chosen completion joins the textarea undo history', async () => {
  const { page } = app;
  await typeAtEnd(page, '\nfeat');
  await page.waitForSelector(POPUP);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  assert.match((await caret(page)).value, /\nfeatProp$/);
  await page.keyboard.press('Control+z');
  assert.match((await caret(page)).value, /\nfeat$/);
  await page.keyboard.press('Control+Shift+z');
  assert.match((await caret(page)).value, /\nfeatProp$/);
});

test('Enter after a word typed in full starts a new line', async () => {
  const { page } = app;
  // `prop` is a keyword and the start of others (propPop, propPush): the list stays open.
  await typeAtEnd(page, '\nprop');
  await page.waitForSelector(POPUP);
  assert.equal(await page.textContent(`${POPUP} [aria-selected="true"] .item-label`), 'prop');
  await page.keyboard.press('Enter');
  assert.match((await caret(page)).value, /\nprop\n$/);
  // With a part typed, Enter still picks.
  await page.keyboard.type('propP');
  await page.waitForSelector(POPUP);
  const picked = await page.textContent(`${POPUP} [aria-selected="true"] .item-label`);
  assert.match(picked, /^propP\w+$/);
  await page.keyboard.press('Enter');
  assert.ok((await caret(page)).value.endsWith(`\nprop\n${picked}`));
});

test('applying an edit recompiles the project, and the edit survives a reload', async () => {
  const { page } = app;
  const row = '[data-testid="blueprints"] li[data-blueprint="Wanderer"] .status';
  await page.fill(TEXT, '# BLUEPRINT Wanderer\n# PROGRAM DEFINE\naddProp speed Number 2\nfeatProp Movement distanse setTo 3\n');
  await page.click('[data-testid="script-apply"]');
  await page.waitForFunction((sel) => document.querySelector(sel)?.textContent === '1 error', row);
  // The save reaches the project library; a reload then shows the applied text.
  await waitForStored(page, 'distanse');
  await page.reload();
  await page.click('[data-testid="script-toggle"]');
  await page.waitForSelector(TEXT);
  assert.match(await page.inputValue(TEXT), /addProp speed Number 2/);
  assert.equal(await page.textContent(row), '1 error');
});
