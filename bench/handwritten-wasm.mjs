// Runner of the hand-written baseline compiled to wasm32-unknown-unknown, instantiated with
// Node's own WebAssembly API (the module imports nothing). The protocol is in lib/protocol.mjs;
// the module path comes from HANDWRITTEN_WASM or the default cargo output. It runs the two
// shared workloads and the realistic ones the baseline hand-writes (pair-props, if-getprop,
// physics-touches, aquatic).

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { measureAndReport, parseArgs, SEED } from './lib/protocol.mjs'

/** Per workload: the export that builds its world, and the one that runs a tick. */
const WORKLOADS = {
    wander: ['world_new', 'step_wander'],
    touch: ['world_new', 'step_touch'],
    'pair-props': ['pair_props_new', 'step_pair_props'],
    'if-getprop': ['if_getprop_new', 'step_if_getprop'],
    'physics-touches': ['physics_touches_new', 'step_physics_touches'],
    aquatic: ['aquatic_new', 'step_aquatic'],
}

const args = parseArgs(Object.keys(WORKLOADS))
const defaultPath = fileURLToPath(
    new URL('../target/wasm32-unknown-unknown/release/bench_handwritten.wasm', import.meta.url)
)
const bytes = readFileSync(process.env.HANDWRITTEN_WASM ?? defaultPath)
const { instance } = await WebAssembly.instantiate(bytes, {})
const [build, step] = WORKLOADS[args.workload].map(name => instance.exports[name])

build(args.n, SEED)
measureAndReport(args, step)
