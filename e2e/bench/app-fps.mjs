// Measures the real app (not the ?demo page) in headless Chromium without a GPU: a model
// scaled to N agents is imported through the import control, played for a while, and the
// page counts animation frames in 1-second windows. The models: the bundled Wander model (its
// one blueprint, N instances spread over the stage) and GEMSTEP's aquatic model scaled up as
// the realistic suite scales it (the native `stepwise-bench --project aquatic N` writes it,
// so build that first). Prints, per model and N, the median frames per second over the
// windows, how many of those frames a second painted the stage (the canvas's `data-painted`;
// a frame that would show what the canvas holds is not painted), the simulation ticks per
// second meanwhile, and the peak memory: the WASM linear
// memory's byteLength, and Chromium's performance.memory.usedJSHeapSize where present.
//
// Run after a build (scripts/bench makes a release one):
//   node e2e/bench/app-fps.mjs [N ...]            (default 1000 10000)
//   node e2e/bench/app-fps.mjs --json [N ...]     (one JSON line of results.json rows, last)
//   node e2e/bench/app-fps.mjs --profile [N ...]  (also where a frame's time goes)
// Settings from the environment: APP_FPS_WARMUP and APP_FPS_SECONDS (2 and 10),
// APP_FPS_MODELS ("wander aquatic"), APP_FPS_QUERY and APP_FPS_SIZE (below).
import { openApp } from '../harness.mjs';
import { frameProfile } from './frame-profile.mjs';
import { modelOf } from './scaled.mjs';
import { median } from '../../bench/lib/report.mjs';

const args = process.argv.slice(2);
const json = args.includes('--json');
const profile = args.includes('--profile');
const sizes = args.filter((a) => !a.startsWith('--')).map(Number);
const WARM_UP_S = Number(process.env.APP_FPS_WARMUP ?? 2);
const MEASURE_S = Number(process.env.APP_FPS_SECONDS ?? 10);
// APP_FPS_QUERY picks the drawing path ("?render=software" or "?render=webgl2");
// APP_FPS_SIZE the window ("1920x1080"; default 1280x900).
const QUERY = process.env.APP_FPS_QUERY ?? '';
const [WIDTH, HEIGHT] = (process.env.APP_FPS_SIZE ?? '1280x900').split('x').map(Number);
const VIEWPORT = { width: WIDTH, height: HEIGHT };
const MODELS = (process.env.APP_FPS_MODELS ?? 'wander aquatic').split(/[\s,]+/).filter(Boolean);

/** Frames per 1-second window over `seconds`, and the peak memory seen at window ends. */
function measureInPage(seconds) {
  return new Promise((done) => {
    const windows = [];
    let [peakWasm, peakHeap] = [0, 0];
    const sampleMemory = () => {
      peakWasm = Math.max(peakWasm, window.__stepwiseWasm?.memory?.buffer?.byteLength ?? 0);
      peakHeap = Math.max(peakHeap, performance.memory?.usedJSHeapSize ?? 0);
    };
    let [frames, start] = [0, performance.now()];
    const frame = (now) => {
      frames++;
      if (now - start >= 1000) {
        windows.push((frames * 1000) / (now - start));
        sampleMemory();
        [frames, start] = [0, now];
      }
      if (windows.length < seconds) requestAnimationFrame(frame);
      else done({ windows, peakWasm, peakHeap: peakHeap || null });
    };
    sampleMemory();
    requestAnimationFrame(frame);
  });
}

/** Opens the app, imports model `name` × n, plays it and measures; one results.json row. */
async function measure(name, n) {
  const app = await openApp({
    path: QUERY,
    viewport: VIEWPORT,
    // Trunk's loader announces the instantiated module; keep its exports to read the memory.
    init: () => addEventListener('TrunkApplicationStarted', (e) => { window.__stepwiseWasm = e.detail.wasm; }),
  });
  try {
    const { page } = app;
    const model = await modelOf(name, n);
    await page.waitForFunction(() => document.querySelector('[data-testid="project-label"]')?.textContent);
    await page.setInputFiles('[data-testid="import"]', {
      name: `${model.id}.gemprj`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(model)),
    });
    await page.waitForFunction((label) =>
      document.querySelector('[data-testid="project-label"]')?.textContent === label, model.label, { timeout: 60_000 });
    await page.waitForFunction((count) =>
      Number(document.querySelector('[data-testid="agent-count"]')?.textContent) === count, n, { timeout: 60_000 });
    if (await page.isEnabled('[data-testid="play"]')) await page.click('[data-testid="play"]');
    await page.waitForTimeout(WARM_UP_S * 1000);
    const tickBefore = Number(await page.textContent('[data-testid="tick"]'));
    const painted = async () => Number(await page.getAttribute('[data-testid="stage"]', 'data-painted'));
    const paintedBefore = await painted();
    const { windows, peakWasm, peakHeap } = await page.evaluate(measureInPage, MEASURE_S);
    const ticks = Number(await page.textContent('[data-testid="tick"]')) - tickBefore;
    const paints = (await painted()) - paintedBefore;
    const breakdown = profile ? await frameProfile(page) : null;
    if (app.errors.length) throw new Error(`the page logged errors: ${app.errors.join('; ')}`);
    return {
      row: {
        system: 'app-chromium',
        workload: name,
        n,
        fps: median(windows),
        ticks_per_s: ticks / MEASURE_S,
        fps_spread: [Math.min(...windows), Math.max(...windows)],
        paints_per_s: paints / MEASURE_S,
        peak_wasm_bytes: peakWasm,
        peak_js_heap_bytes: peakHeap,
      },
      ticks,
      breakdown,
    };
  } finally {
    await app.close();
  }
}

const mb = (bytes) => (bytes === null ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MB`);
const rows = [];
for (const name of MODELS) for (const n of sizes.length ? sizes : [1000, 10000]) {
  const { row, ticks, breakdown } = await measure(name, n);
  rows.push(row);
  const [lo, hi] = row.fps_spread;
  console.log(`app ${name} ${n} agents: ${row.fps.toFixed(1)} fps median of ${MEASURE_S} 1-s windows ` +
    `(${lo.toFixed(1)}–${hi.toFixed(1)}); stage painted ${row.paints_per_s.toFixed(1)} times a second; ` +
    `${ticks} sim ticks meanwhile; peak WASM memory ` +
    `${mb(row.peak_wasm_bytes)}, peak JS heap ${mb(row.peak_js_heap_bytes)}`);
  if (breakdown) console.log(breakdown);
}
if (json) console.log(JSON.stringify(rows));
