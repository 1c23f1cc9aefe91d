// Runner of Stepwise compiled to wasm32-unknown-unknown (crate bench/stepwise-runner), run
// under Node: the real engine runs the workloads' ScriptText blueprints. The protocol is in
// lib/protocol.mjs; the module path comes from STEPWISE_WASM or the default cargo output.

import { measureAndReport, parseArgs, SEED } from './lib/protocol.mjs'
import { instantiate } from './lib/stepwise-module.mjs'

const args = parseArgs()
const engine = await instantiate()
engine.loadWorkload(args.workload, args.n, SEED)
measureAndReport(args, engine.tickContacts)
