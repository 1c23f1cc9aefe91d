// Measures the stage renderer's frame rate in headless Chromium (no GPU) with the developer
// wander demo: for each agent count, waits for the sprites to warm up, then counts animation
// frames in the page over a few seconds. Run after a build: `node bench/render-fps.mjs [n...]`.
import { openApp } from '../harness.mjs';

const counts = process.argv.slice(2).map(Number).filter((n) => n > 0);
const WARM_UP_MS = 3000;
const MEASURE_MS = 5000;

for (const n of counts.length ? counts : [1000, 10000]) {
  const app = await openApp({ path: `?demo=wander&n=${n}` });
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
    console.log(`${n} agents: ${fps.toFixed(1)} fps measured in the page, ${shown} fps shown by the app`);
    if (app.errors.length) console.log('page errors:', app.errors);
  } finally {
    await app.close();
  }
}
