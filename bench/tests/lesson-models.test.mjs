// Every bundled lesson model (static/models/index.json, but the starting points) runs ten
// simulated minutes on its own, rounds started as soon as one ends, on seeds 1, 2 and 3, with
// no runtime error and every alive check of its lesson guide holding at the end: the
// release `stepwise run` says so. (sim-core/tests/bundled_models.rs checks the guides,
// widgets and characters; these runs take minutes unoptimised, seconds in release.)
// Builds nothing: scripts/test builds the release `stepwise` binary first.

import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const stepwise = join(root, 'target/release/stepwise')
const dir = join(root, 'static/models')
const lessons = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).filter(m => !m.starter)
const SEEDS = [1, 2, 3]

/** The summary of a ten-minute run of `file` at `seed`. */
async function tenMinutes(file, seed) {
    const { stdout } = await run(stepwise, ['run', join(dir, file), '--seconds', '600', '--seed', String(seed)])
    return stdout
}

test('every lesson model lasts ten minutes with its populations alive, on three seeds', async () => {
    assert.ok(existsSync(stepwise), `${stepwise} is missing: build it with ` +
        '`cargo build --release -p sim-core --bin stepwise`')
    assert.ok(lessons.length >= 12, `${lessons.length} lesson models`)
    const jobs = lessons.flatMap(m => SEEDS.map(seed => [m.file, seed]))
    const failures = []
    const worker = async () => {
        for (let job = jobs.shift(); job; job = jobs.shift()) {
            const [file, seed] = job
            const out = await tenMinutes(file, seed)
            const problems = out.split('\n').filter(l => l.startsWith('log ') && !l.startsWith('log Debug'))
            if (!/^guide: every alive check holds$/m.test(out)) problems.push(out.match(/^guide: .*$/m)?.[0] ?? 'no guide line')
            if (problems.length) failures.push(`${file} seed ${seed}: ${problems.join('; ')}`)
        }
    }
    await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker))
    assert.deepEqual(failures, [])
})
