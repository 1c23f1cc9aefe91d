// The models the app benchmarks scale up: the bundled Wander model with N instances, and
// GEMSTEP's aquatic model scaled as the realistic suite scales it (the native
// `stepwise-bench --project aquatic N` writes it, so build that first).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The bundled Wander model with `n` instances on a jittered grid over its stage. */
async function wanderOf(n) {
  const model = JSON.parse(await readFile(join(ROOT, 'static', 'models', 'wander.gemprj'), 'utf8'));
  const { left, right, top, bottom } = model.metadata;
  const side = Math.ceil(Math.sqrt(n));
  const [w, h] = [(right - left) / side, (bottom - top) / side];
  let seed = 12345;
  const jitter = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed / 2 ** 32 - 0.5) * 0.8;
  };
  const template = model.instances[0];
  model.instances = Array.from({ length: n }, (_, i) => {
    const x = left + w * ((i % side) + 0.5 + jitter());
    const y = top + h * (Math.floor(i / side) + 0.5 + jitter());
    return {
      ...template,
      id: String(1000 + i),
      label: `Wanderer ${i + 1}`,
      initScript: `prop x setTo ${x.toFixed(1)}\nprop y setTo ${y.toFixed(1)}`,
    };
  });
  model.id = `wander-${n}`;
  model.label = `Wander × ${n}`;
  return model;
}

/** GEMSTEP's aquatic model scaled to `n` agents, from the native benchmark runner. */
function aquaticOf(n) {
  const runner = join(ROOT, 'target', 'release', 'stepwise-bench');
  const model = JSON.parse(execFileSync(runner, ['--project', 'aquatic', String(n)], {
    encoding: 'utf8', maxBuffer: 1 << 28,
  }));
  model.id = `aquatic-${n}`;
  model.label = `Aquatic × ${n}`;
  return model;
}

/** Model `name` scaled to `n` agents. */
export async function modelOf(name, n) {
  if (name === 'wander') return wanderOf(n);
  if (name === 'aquatic') return aquaticOf(n);
  throw new Error(`unknown model ${name}: expected wander or aquatic`);
}
