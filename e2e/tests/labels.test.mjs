// Graphing labels under agents: a label of plain ASCII is blended into the frame from the
// glyph atlas, any other text is drawn by the canvas; both show, whole, where the agent is,
// and the atlas's label is as wide as the canvas draws the same text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp, waitForText } from '../harness.mjs';

const LABELS = { left: 'Fish 12 (max ~100)', right: 'café 🐟 déjà' };

const agent = (name, x, text) => ({
  name,
  scriptText: `# BLUEPRINT ${name}\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'square.json' 0\nprop x setTo ${x}\nprop y setTo -200\naddFeature Graphing\nfeatProp Graphing text setTo '${text}'\n`,
});

const PROJECT = {
  id: 'labels', label: 'Labels',
  metadata: { top: -400, right: 400, bottom: 400, left: -400, wrap: [false, false], bounce: true, bgcolor: 0, roundsCanLoop: false },
  blueprints: [agent('Left', -200, LABELS.left), agent('Right', 200, LABELS.right)],
  instances: [
    { id: '1', label: 'l', bpid: 'Left', initScript: '' },
    { id: '2', label: 'r', bpid: 'Right', initScript: '' },
  ],
};

let app;
before(async () => { app = await openApp(); });
after(() => closeApp(app));

/**
 * In each half of the canvas, the white pixels of the band below the agents (canvas rows
 * from a quarter to a half of the height): how many, and the span of columns they cover.
 * Also the width the canvas measures for each label at the labels' font. Runs in the page.
 */
function whiteBelowAgents(labels) {
  const canvas = document.querySelector('[data-testid="stage"]');
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  const { data } = ctx.getImageData(0, 0, width, height);
  const halves = [{ count: 0, min: width, max: -1 }, { count: 0, min: width, max: -1 }];
  for (let y = Math.round(height / 4); y < Math.round(height / 2); y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i] > 230 && data[i + 1] > 230 && data[i + 2] > 230) {
        const half = halves[x < width / 2 ? 0 : 1];
        half.count++;
        half.min = Math.min(half.min, x);
        half.max = Math.max(half.max, x);
      }
    }
  }
  const px = Math.round(Math.min(32, Math.max(12, height / 40)));
  ctx.save();
  ctx.font = `${px}px system-ui, sans-serif`;
  const measured = [labels.left, labels.right].map((t) => ctx.measureText(t).width);
  ctx.restore();
  return { halves, measured };
}

test('labels in and out of the glyph atlas both show, whole, under their agents', async () => {
  const { page } = app;
  await page.setInputFiles('[data-testid="import"]', {
    name: 'labels.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(PROJECT)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Labels');
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  const shown = await page.waitForFunction(
    ([f, labels]) => {
      const seen = new Function(`return (${f})`)()(labels);
      return seen.halves.every((h) => h.count > 40) && seen;
    },
    [whiteBelowAgents.toString(), LABELS],
  );
  const { halves: [left, right], measured } = await shown.jsonValue();
  // The fill of the glyphs spans the text's ink, a little inside its advance width.
  const span = left.max - left.min + 1;
  assert.ok(Math.abs(span - measured[0]) < 8, `ASCII label ${span} px wide, canvas says ${measured[0]}`);
  assert.ok(left.max < right.min, 'each label stays on its own side');
  await screenshot(page, 'labels');
});
