// How well a slow device follows the class model: a real nats-server, the teacher's page
// running GEMSTEP's aquatic model scaled to N agents (e2e/bench/scaled.mjs), and a projector
// page following it with its CPU slowed by Chromium (CDP Emulation.setCPUThrottlingRate, as
// Lighthouse models a phone; 4× by default), both at one window size. Prints, per N, the
// follower's frames a second (median of 1-s windows), how often it painted the stage, how
// many ticks it ran against the teacher's, how far behind the class it ended (ticks) and
// whether it said it was behind, and the teacher's own frames a second. With --profile, also
// where the follower's frame goes (simulation against drawing).
//
// Run after a build (and `cargo build --release -p stepwise-bench`):
//   node e2e/bench/follower-fps.mjs [--size 1366x768] [--throttle 4] [--render software|webgl2]
//                                   [--seconds 8] [--profile] N ...   (default 1000 3000 5000)
import { startNats, startClassroom, TEACHER_KEY } from '../session-harness.mjs';
import { importProject } from '../harness.mjs';
import { frameProfile } from './frame-profile.mjs';
import { modelOf } from './scaled.mjs';
import { median } from '../../bench/lib/report.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args.splice(at, 2)[1] : fallback;
};
const [width, height] = option('size', '1366x768').split('x').map(Number);
const throttle = Number(option('throttle', '4'));
const render = option('render', '');
const seconds = Number(option('seconds', '8'));
const profile = args.includes('--profile');
const sizes = args.filter((a) => !a.startsWith('--')).map(Number);

/** Frames per 1-s window over `seconds`, counted in the page. */
function framesPerSecond(seconds) {
  return new Promise((done) => {
    const windows = [];
    let [frames, start] = [0, performance.now()];
    const frame = (now) => {
      frames++;
      if (now - start >= 1000) {
        windows.push((frames * 1000) / (now - start));
        [frames, start] = [0, now];
      }
      if (windows.length < seconds) requestAnimationFrame(frame);
      else done(windows);
    };
    requestAnimationFrame(frame);
  });
}

const tickOf = (page) => page.$eval('[data-testid="stage"]', (c) => Number(c.dataset.tick));
const paintedOf = (page) => page.$eval('[data-testid="stage"]', (c) => Number(c.dataset.painted));

async function measure(n) {
  const nats = await startNats();
  const room = await startClassroom();
  try {
    const q = `server=${encodeURIComponent(nats.wsUrl)}${render ? `&render=${render}` : ''}`;
    const teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width, height });
    const model = await modelOf('aquatic', n);
    await importProject(teacher, `${model.id}.gemprj`, JSON.stringify(model));
    await teacher.waitForFunction((count) =>
      Number(document.querySelector('[data-testid="agent-count"]')?.textContent) === count, n, { timeout: 120_000 });
    await teacher.click('[data-testid="session-start"]');
    await teacher.waitForSelector('[data-testid="session-code"]');
    const code = (await teacher.textContent('[data-testid="session-code"]')).trim();
    const follower = await room.device(`?view=${code}&${q}`, { width, height });
    await follower.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]')?.textContent ?? ''), null, { timeout: 120_000 });
    const cdp = await follower.context().newCDPSession(follower);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    if (await teacher.isEnabled('[data-testid="play"]')) await teacher.click('[data-testid="play"]');
    await teacher.waitForFunction(() => Number(document.querySelector('[data-testid="stage"]').dataset.tick) > 90, null, { timeout: 120_000 });
    const [t0, f0, p0] = [await tickOf(teacher), await tickOf(follower), await paintedOf(follower)];
    const [windows, teacherWindows] = await Promise.all([
      follower.evaluate(framesPerSecond, seconds),
      teacher.evaluate(framesPerSecond, seconds),
    ]);
    const [t1, f1, p1] = [await tickOf(teacher), await tickOf(follower), await paintedOf(follower)];
    const told = await follower.$('[data-testid="device-behind"]') !== null;
    const breakdown = profile ? await frameProfile(follower) : null;
    const errors = room.pages.flatMap((p) => p.errors);
    if (errors.length) throw new Error(`a page logged errors: ${errors.join('; ')}`);
    return {
      n,
      render: await follower.getAttribute('[data-testid="stage"]', 'data-render'),
      fps: median(windows),
      spread: [Math.min(...windows), Math.max(...windows)],
      paints: (p1 - p0) / seconds,
      ticks: [f1 - f0, t1 - t0],
      behind: t1 - f1,
      told,
      teacherFps: median(teacherWindows),
      breakdown,
    };
  } finally {
    await room.close();
    await nats.stop();
  }
}

console.log(`follower (projector page, CPU ${throttle}× slower) at ${width}×${height}, ${render || 'automatic'} drawing, ${seconds} s`);
for (const n of sizes.length ? sizes : [1000, 3000, 5000]) {
  const r = await measure(n);
  console.log(`aquatic ${n}: follower ${r.fps.toFixed(1)} fps (${r.spread.map((f) => f.toFixed(1)).join('–')}), ` +
    `painted ${r.paints.toFixed(1)}/s, drew with ${r.render}; ran ${r.ticks[0]} ticks to the teacher's ${r.ticks[1]}, ` +
    `${r.behind} ticks behind at the end${r.told ? ' (said it is behind)' : ''}; teacher ${r.teacherFps.toFixed(1)} fps`);
  if (r.breakdown) console.log(r.breakdown);
}
