// Peak memory of the Stepwise engine as WASM (crate bench/stepwise-runner under Node) for a
// workload at N agents, after loading it and running some ticks: a WASM memory never
// shrinks, so its size then is the most the engine held. The same project as the native
// runner's (`stepwise-bench --project`); STEPWISE_WASM picks another module (an older build,
// to compare).
//
//   node bench/wasm-memory.mjs <workload> <agents> [ticks, default 300]
//
// Prints one JSON line: workload, agents, ticks, wasm_bytes.

import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { SEED } from './lib/protocol.mjs'
import { instantiate } from './lib/stepwise-module.mjs'

const [workload, agents, ticks = '300'] = process.argv.slice(2)
if (!workload || !(Number(agents) > 0) || !(Number(ticks) >= 0)) {
    console.error('usage: node bench/wasm-memory.mjs <workload> <agents> [ticks]')
    process.exit(2)
}
const native = fileURLToPath(new URL('../target/release/stepwise-bench', import.meta.url))
const project = execFileSync(native, ['--project', workload, agents], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    stdio: ['ignore', 'pipe', 'inherit'],
})
const engine = await instantiate()
engine.loadProject(project, SEED)
engine.step(Number(ticks))
console.log(JSON.stringify({
    workload, agents: Number(agents), ticks: Number(ticks), wasm_bytes: engine.memoryBytes(),
}))
