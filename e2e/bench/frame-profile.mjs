// Where the app's frame time goes: samples the page's CPU for a few seconds with Chromium's
// own profiler (over the DevTools protocol) and reports the share of the samples spent in
// the frame's main parts, counted inclusively (a sample inside the simulation's tick counts
// for the tick, whichever function it is in), and the functions with the most self time.
// WASM functions carry their Rust names when the build keeps the name section.

/** The frame's main parts: a label and the function-name pattern that marks it. */
const PARTS = [
  ['simulation ticks (Simulation::advance_to)', /advance_to/],
  ['agent list for the stage (Runner::agents)', /Runner.*agents|render_agent/],
  ['drawing (Renderer::draw)', /Renderer.*draw|draw_agent|draw_widgets/],
  ['  of which blending sprites (Pixmap::blit, inlined in Renderer::blit)', /Pixmap.*blit|Renderer.*blit/],
  ['  of which putImageData', /putImageData/],
  ['inspector snapshot (Inspection::of)', /Inspection.*of\b|Inspection::of/],
  ['log/profiler snapshot (PanelsSnapshot::of)', /PanelsSnapshot.*of\b/],
  ['Yew view diffing and DOM patching', /dom_bundle|reconcile/],
  ['profiler timer (performance.now)', /performance_micros|__wbg_performance|__wbg_now/],
  ['garbage collector', /\(garbage collector\)/],
  ['idle', /\(idle\)/],
];

/** Profiles `page` for `ms` milliseconds; resolves to a printable report. */
export async function frameProfile(page, ms = 4000) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(ms);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  return report(profile);
}

/** The report of a CPU profile: inclusive shares of PARTS and the top self-time functions. */
function report({ nodes, samples, timeDeltas }) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n) => n.callFrame.functionName || `(anonymous ${n.callFrame.url.split('/').at(-1)})`;
  const self = new Map();
  const inclusive = PARTS.map(() => 0);
  let total = 0;
  samples.forEach((id, i) => {
    const dt = timeDeltas[i] ?? 0;
    total += dt;
    const leaf = byId.get(id);
    self.set(name(leaf), (self.get(name(leaf)) ?? 0) + dt);
    const stack = [];
    for (let at = id; at !== undefined; at = parent.get(at)) stack.push(name(byId.get(at)));
    PARTS.forEach(([, pattern], p) => { if (stack.some((f) => pattern.test(f))) inclusive[p] += dt; });
  });
  const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
  const lines = [`  CPU profile over ${(total / 1e6).toFixed(1)} s, share of samples (inclusive):`];
  PARTS.forEach(([label], p) => lines.push(`    ${pct(inclusive[p])}  ${label}`));
  lines.push('  most self time:');
  [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15)
    .forEach(([fn, t]) => lines.push(`    ${pct(t)}  ${fn.slice(0, 110)}`));
  return lines.join('\n');
}
