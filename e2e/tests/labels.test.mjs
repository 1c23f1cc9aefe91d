// Graphing labels under agents: a label of plain ASCII is blended into the frame from the
// glyph atlas, any other text is drawn by the canvas; both show, whole, where the agent is,
// and the atlas's label is as wide as the canvas draws the same text. In a crowd, a label
// that would cover another gives way to the one in front, or to the selected agent's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, screenshot, closeApp, waitForText } from '../harness.mjs';

const LABELS = { left: 'Fish 12 (max ~100)', right: 'café 🐟 déjà' };

const agent = (name, x, text, y = -200) => ({
  name,
  scriptText: `# BLUEPRINT ${name}\n# PROGRAM DEFINE\naddFeature Costume\nfeatCall Costume setCostume 'square.json' 0\nprop x setTo ${x}\nprop y setTo ${y}\naddFeature Graphing\nfeatProp Graphing text setTo '${text}'\n`,
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

/** Where the white of both halves (see whiteBelowAgents) spans, pixels. */
const span = ([a, b]) => Math.max(a.max, b.max) - Math.min(a.min, b.min) + 1;

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
  const wide = left.max - left.min + 1;
  assert.ok(Math.abs(wide - measured[0]) < 8, `ASCII label ${wide} px wide, canvas says ${measured[0]}`);
  assert.ok(left.max < right.min, 'each label stays on its own side');
  await screenshot(page, 'labels');
});

test("of two labels on one spot, the front agent's shows, and the selected agent's wins", async () => {
  const { page } = app;
  // Two agents on the same spot: 'Back' is made first, so 'Front' is drawn over it.
  const texts = { left: 'Fish 12 (max ~100)', right: 'W' };
  const crowd = {
    ...PROJECT, id: 'crowd', label: 'Crowd',
    blueprints: [agent('Back', 0, texts.left), agent('Front', 0, texts.right)],
    instances: [
      { id: '1', label: 'back', bpid: 'Back', initScript: '' },
      { id: '2', label: 'front', bpid: 'Front', initScript: '' },
    ],
  };
  await page.setInputFiles('[data-testid="import"]', {
    name: 'crowd.gemprj', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(crowd)),
  });
  await waitForText(page, '[data-testid="project-label"]', 'Crowd');
  if (await page.isEnabled('[data-testid="pause"]')) await page.click('[data-testid="pause"]');
  // Waits until the white below the agents spans `want` of the two texts' measured widths.
  const spanning = async (want) => {
    const seen = await page.waitForFunction(
      ([f, labels, want]) => {
        const seen = new Function(`return (${f})`)()(labels);
        const [a, b] = seen.halves;
        const span = Math.max(a.max, b.max) - Math.min(a.min, b.min) + 1;
        return a.count + b.count > 20 && Math.abs(span - seen.measured[want]) < 8 && seen;
      },
      [whiteBelowAgents.toString(), texts, want],
    );
    return seen.jsonValue();
  };
  const front = await spanning(1);
  assert.ok(span(front.halves) < front.measured[0] / 2, 'only the short label of the front agent shows');
  await page.click('[data-testid="agent-row"]:has-text("Back")');
  const selected = await spanning(0);
  assert.ok(Math.abs(span(selected.halves) - selected.measured[0]) < 8, "the selected agent's label shows whole");
  await screenshot(page, 'labels-crowd');
});
