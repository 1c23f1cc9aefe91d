// The Stepwise engine compiled to a bare wasm32 module (crate bench/stepwise-runner),
// instantiated with Node's own WebAssembly API: the module imports nothing and exports plain
// functions over one simulation per instance. This wraps those exports for the determinism
// test and the benchmark runner.

import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** Where `cargo build --release -p stepwise-runner --target wasm32-unknown-unknown` puts it. */
export const DEFAULT_WASM = fileURLToPath(
    new URL('../../target/wasm32-unknown-unknown/release/stepwise_runner.wasm', import.meta.url)
)

/** The workloads' numbers in the module's `load_workload`. */
const WORKLOADS = { wander: 0, touch: 1 }

/** Instantiates the module at `path` and returns its simulation's controls. */
export async function instantiate(path = process.env.STEPWISE_WASM ?? DEFAULT_WASM) {
    if (!existsSync(path)) {
        throw new Error(`${path} is missing: build it with ` +
            '`cargo build --release -p stepwise-runner --lib --target wasm32-unknown-unknown`')
    }
    const { instance } = await WebAssembly.instantiate(readFileSync(path), {})
    const x = instance.exports
    const message = () => {
        const bytes = new Uint8Array(x.memory.buffer, x.input_address(), x.input_len())
        return new TextDecoder().decode(bytes)
    }
    const loaded = ok => {
        if (!ok) throw new Error(`the WASM engine could not load the project: ${message()}`)
    }
    return {
        /** Loads a project's JSON text with a seed (a BigInt or a number). */
        loadProject(text, seed) {
            const bytes = new TextEncoder().encode(text)
            const at = x.input_buffer(bytes.length)
            new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes)
            const wide = BigInt(seed)
            const ok = x.load(Number(wide >> 32n), Number(wide & 0xffffffffn))
            loaded(ok)
            x.input_free()
        },
        /** Loads a benchmark workload ("wander" or "touch") of `n` agents. */
        loadWorkload(workload, n, seed) {
            loaded(x.load_workload(WORKLOADS[workload], n, seed))
        },
        /** Runs `ticks` ticks. */
        step: ticks => x.step(ticks),
        /** Runs one tick; returns the contacts the touch rule counted in it. */
        tickContacts: () => x.tick_contacts(),
        /** The state hash as 16 hex digits, the way `stepwise run` prints it. */
        stateHash: () => BigInt.asUintN(64, x.state_hash()).toString(16).padStart(16, '0'),
        agentCount: () => x.agent_count(),
        /** The module's memory in bytes: a WASM memory never shrinks, so this is its peak. */
        memoryBytes: () => x.memory.buffer.byteLength,
        /** Takes a log of controller frames (JSON lines, as `stepwise run --inputs`). */
        setFrames(text) {
            const bytes = new TextEncoder().encode(text)
            const at = x.input_buffer(bytes.length)
            new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes)
            const ok = x.set_frames()
            if (!ok) throw new Error(`the WASM engine could not read the frames: ${message()}`)
            x.input_free()
        },
        /** A snapshot of the simulation, as bytes (a copy). */
        snapshot() {
            const len = x.snapshot()
            const bytes = new Uint8Array(x.memory.buffer, x.input_address(), len).slice()
            x.input_free()
            return bytes
        },
        /** Restores a snapshot (bytes) of the loaded project; throws with the reason. */
        restore(bytes) {
            const at = x.input_buffer(bytes.length)
            new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes)
            const ok = x.restore()
            if (!ok) {
                const why = message()
                x.input_free()
                throw new Error(`the WASM engine could not restore the snapshot: ${why}`)
            }
            x.input_free()
        },
    }
}
