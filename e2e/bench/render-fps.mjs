// Measures the stage renderer's frame rate in headless Chromium (no GPU) with the developer
// wander demo: for each agent count, waits for the sprites to warm up, then counts animation
// frames in the page over a few seconds. Run after a build:
// `node bench/render-fps.mjs [query...]`, each query like `n=10000` or `n=10000&scale=0.3`.
import { openApp } from '../harness.mjs';

const queries = process.argv.slice(2);
const WARM_UP_MS = 3000;
const MEASURE_MS = 5000;

for (const query of queries.length ? queries : ['n=1000', 'n=10000']) {
  const app = await openApp({ path: `?demo=wander&${query}` });
  try {
    await app.page.waitForTimeout(WARM_UP_MS);
    const fps = await app.page.evaluate((ms) => new Promise((done) => {
      let frames = 0;
      const start = performance.now();
      const count = (now) => {
        frames++;
        if (now - start < ms) requestAnimationFrame(count);
        else done((frames * 1000) / (now - start));
      };
      requestAnimationFrame(count);
    }), MEASURE_MS);
    const shown = await app.page.textContent('[data-testid="fps"]');
    const work = await app.page.textContent('[data-testid="frame-ms"]');
    console.log(`${query}: ${fps.toFixed(1)} fps measured in the page; the app shows ${shown} fps, ${work} ms of work per frame`);
    if (app.errors.length) console.log('page errors:', app.errors);
  } finally {
    await app.close();
  }
}
