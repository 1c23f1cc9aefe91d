// Runner of Stepwise compiled to wasm32-unknown-unknown (crate bench/stepwise-runner), run
// under Node: the real engine runs the workloads' ScriptText blueprints. The protocol is in
// lib/protocol.mjs; the module path comes from STEPWISE_WASM or the default cargo output.
// Wander and touch are built inside the module; a realistic workload's project comes from the
// native runner (`stepwise-bench --project`), so both platforms run the same project.

import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { measureAndReport, parseArgs, SEED } from './lib/protocol.mjs'
import { instantiate } from './lib/stepwise-module.mjs'

const native = fileURLToPath(new URL('../target/release/stepwise-bench', import.meta.url))
const args = parseArgs(null)
const engine = await instantiate()
if (args.workload === 'wander' || args.workload === 'touch') {
    engine.loadWorkload(args.workload, args.n, SEED)
    measureAndReport(args, engine.tickContacts)
} else {
    const project = execFileSync(native, ['--project', args.workload, String(args.n)], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'inherit'],
    })
    engine.loadProject(project, SEED)
    // A model with rounds goes on to the next as `stepwise run` does.
    measureAndReport(args, () => engine.step(1))
}
