// Runner of the hand-written baseline compiled to wasm32-unknown-unknown, instantiated with
// Node's own WebAssembly API (the module imports nothing). The protocol is in lib/protocol.mjs;
// the module path comes from HANDWRITTEN_WASM or the default cargo output.

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { measureAndReport, parseArgs, SEED } from './lib/protocol.mjs'

const args = parseArgs()
const defaultPath = fileURLToPath(
    new URL('../target/wasm32-unknown-unknown/release/bench_handwritten.wasm', import.meta.url)
)
const bytes = readFileSync(process.env.HANDWRITTEN_WASM ?? defaultPath)
const { instance } = await WebAssembly.instantiate(bytes, {})
const { world_new, step_wander, step_touch } = instance.exports

world_new(args.n, SEED)
measureAndReport(args, args.workload === 'touch' ? step_touch : step_wander)
