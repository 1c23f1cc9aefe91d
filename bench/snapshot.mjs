// Snapshot figures of the engine compiled to WASM, under Node: how long a snapshot and a
// restore of 10,000 agents take (median of 7, after one warm-up) and how large the snapshot
// is, for both workloads, and for every real GEMSTEP model as it ships.
//   node bench/snapshot.mjs
// Builds nothing: build the module first (`cargo build --release -p stepwise-runner --lib
// --target wasm32-unknown-unknown`).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { instantiate } from './lib/stepwise-module.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

function median(values) {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)]
}

function measure(engine) {
    const snapshots = []
    const restores = []
    let bytes = engine.snapshot()
    engine.restore(bytes)
    for (let i = 0; i < 7; i++) {
        let t = performance.now()
        bytes = engine.snapshot()
        snapshots.push(performance.now() - t)
        t = performance.now()
        engine.restore(bytes)
        restores.push(performance.now() - t)
    }
    return { agents: engine.agentCount(), snapshotMs: median(snapshots), restoreMs: median(restores), kB: bytes.length / 1024 }
}

const rows = []
for (const workload of ['wander', 'touch']) {
    const engine = await instantiate()
    engine.loadWorkload(workload, 10000, 1)
    engine.step(30)
    rows.push({ model: `${workload} workload`, ...measure(engine) })
}
const shared = join(root, '../shared/gemstep-models')
if (existsSync(shared)) {
    for (const file of readdirSync(shared).filter(f => f.endsWith('.gemprj')).sort()) {
        const engine = await instantiate()
        engine.loadProject(readFileSync(join(shared, file), 'utf8'), 1)
        engine.step(300)
        rows.push({ model: file, ...measure(engine) })
    }
} else {
    console.log(`skipped the GEMSTEP models: ${shared} is absent`)
}
console.log('model                      agents  snapshot ms  restore ms  size kB')
for (const r of rows) {
    console.log(`${r.model.padEnd(26)} ${String(r.agents).padStart(6)} ${r.snapshotMs.toFixed(1).padStart(12)} ${r.restoreMs.toFixed(1).padStart(11)} ${r.kB.toFixed(1).padStart(8)}`)
}
