// Issue 5's determinism check: the engine compiled to WASM, run under Node, gives the same
// state hash as the native `stepwise run` for every example and GEMSTEP model at two seeds.
// Builds nothing: scripts/test builds the release WASM module (crate stepwise-runner) and the
// release `stepwise` binary first.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { instantiate } from '../lib/stepwise-module.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
const stepwise = join(root, 'target/release/stepwise')
const SECONDS = 60
const TICKS = SECONDS * 30
const SEEDS = [1, 2]

/** Every model of static/models and, when present, of ../shared/gemstep-models. */
const models = [join(root, 'static/models'), join(root, '../shared/gemstep-models')]
    .filter(existsSync)
    .flatMap(dir => readdirSync(dir).filter(f => f.endsWith('.gemprj')).sort().map(f => join(dir, f)))

function nativeHash(file, seed) {
    assert.ok(existsSync(stepwise), `${stepwise} is missing: build it with ` +
        '`cargo build --release -p sim-core --bin stepwise`')
    const out = execFileSync(stepwise, ['run', file, '--seconds', String(SECONDS), '--seed', String(seed)], {
        encoding: 'utf8',
    })
    const match = out.match(/^state hash ([0-9a-f]{16})$/m)
    assert.ok(match, `stepwise run ${file} printed no state hash:\n${out}`)
    return match[1]
}

async function wasmHash(file, seed) {
    const engine = await instantiate()
    engine.loadProject(readFileSync(file, 'utf8'), seed)
    engine.step(TICKS)
    return engine.stateHash()
}

test('the example models are found', () => {
    assert.ok(models.some(f => f.endsWith('wander.gemprj')), `models found: ${models}`)
})

const hashes = new Map()
for (const file of models) {
    for (const seed of SEEDS) {
        test(`${relative(root, file)} seed ${seed}: WASM hash equals native hash after ${SECONDS} s`, async () => {
            const native = nativeHash(file, seed)
            const wasm = await wasmHash(file, seed)
            assert.equal(wasm, native)
            hashes.set(`${file} ${seed}`, native)
        })
    }
}

test('different seeds give different runs for a model with randomness', () => {
    const wander = models.find(f => f.endsWith('wander.gemprj'))
    assert.notEqual(hashes.get(`${wander} 1`), hashes.get(`${wander} 2`))
})
