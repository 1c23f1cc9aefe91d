// Issue 5's determinism check: the engine compiled to WASM, run under Node, gives the same
// state hash as the native `stepwise run` for every example and GEMSTEP model at two seeds.
// Builds nothing: scripts/test builds the release WASM module (crate stepwise-runner) and the
// release `stepwise` binary first.

import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
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

// Snapshots cross platforms: one `stepwise run` writes at 10 s resumes in WASM, and one the
// WASM engine writes at 10 s resumes in `stepwise run`; both end at 20 s with the hash of the
// run that never stopped.
const work = mkdtempSync(join(tmpdir(), 'stepwise-snapshots-'))
after(() => rmSync(work, { recursive: true, force: true }))

function native(args) {
    const out = execFileSync(stepwise, ['run', ...args], { encoding: 'utf8' })
    return out.match(/^state hash ([0-9a-f]{16})$/m)[1]
}

for (const file of models) {
    test(`${relative(root, file)}: snapshots made natively resume in WASM and back`, async () => {
        const straight = native([file, '--seconds', '20', '--seed', '3'])
        const nativeSnap = join(work, 'native.snap')
        native([file, '--seconds', '20', '--seed', '3', '--snapshot-at', '10', '--snapshot-out', nativeSnap])

        const engine = await instantiate()
        engine.loadProject(readFileSync(file, 'utf8'), 3)
        engine.restore(readFileSync(nativeSnap))
        engine.step(300)
        assert.equal(engine.stateHash(), straight, 'native snapshot resumed in WASM')

        const fresh = await instantiate()
        fresh.loadProject(readFileSync(file, 'utf8'), 3)
        fresh.step(300)
        const wasmSnap = join(work, 'wasm.snap')
        writeFileSync(wasmSnap, fresh.snapshot())
        assert.equal(native([file, '--seconds', '20', '--from', wasmSnap]), straight, 'WASM snapshot resumed natively')
    })
}

// Controller frames drive the same run natively and in WASM, across a snapshot too: a model
// with a controllable blueprint and a generated frame log of two devices.
test('an input log drives agents identically natively and in WASM, across a snapshot', async () => {
    const fish = '# BLUEPRINT Fish\n# TAG isCharControllable true\n# PROGRAM DEFINE\naddFeature Movement\n' +
        "featProp Movement movementType setTo 'wander'\naddProp n Number 0\n# PROGRAM UPDATE\nprop n add 1\n"
    const project = JSON.stringify({ id: 'ctl', label: 'ctl', blueprints: [{ name: 'Fish', scriptText: fish }] })
    const model = join(work, 'ctl.gemprj')
    writeFileSync(model, project)
    const lines = []
    for (let t = 1; t < 600; t += 7) {
        const x = ((t * 37) % 100) / 100 - 0.5
        lines.push(JSON.stringify({ tick: t, device: 's1', blueprint: 'Fish', markers: [{ id: 'a', x, y: -x }, { id: 'b', x: -x, y: 0.2 }] }))
        if (t % 3 === 0) lines.push(JSON.stringify({ tick: t, device: 's2', blueprint: 'Fish', markers: [{ id: 'c', x: x / 2, y: x }] }))
        if (t === 400) lines.push(JSON.stringify({ tick: t, device: 's2', leave: true }))
    }
    const log = join(work, 'frames.jsonl')
    writeFileSync(log, lines.join('\n'))
    const straight = native([model, '--seconds', '20', '--seed', '5', '--inputs', log])
    const snap = join(work, 'ctl.snap')
    native([model, '--seconds', '20', '--seed', '5', '--inputs', log, '--snapshot-at', '10', '--snapshot-out', snap])

    const engine = await instantiate()
    engine.loadProject(project, 5)
    engine.setFrames(lines.join('\n'))
    engine.step(600)
    assert.equal(engine.stateHash(), straight, 'the WASM run with the same frames')

    const resumed = await instantiate()
    resumed.loadProject(project, 5)
    resumed.setFrames(lines.join('\n'))
    resumed.restore(readFileSync(snap))
    resumed.step(300)
    assert.equal(resumed.stateHash(), straight, 'a native snapshot resumed in WASM with the frames after it')
})
