// The report's arithmetic: medians, spreads, mean contacts and the Stepwise ratios.
// Run with `node --test bench/tests/` (no packages needed; no timing involved).

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { summarise, table } from '../lib/report.mjs'

const row = (system, ticksPerS, workload = 'touch', contacts = [2.8, 3.0]) =>
    summarise({ system, workload, n: 1000, ticksPerS, contacts })

test('a row holds the median, the spread and the mean contacts of its samples', () => {
    assert.deepEqual(row('agentscript', [30, 10, 20]), {
        system: 'agentscript',
        workload: 'touch',
        n: 1000,
        ticks_per_s: 20,
        spread: [10, 30],
        mean_contacts: 2.9,
    })
    assert.equal(row('agentscript', [10, 40, 20, 30]).ticks_per_s, 25)
    assert.equal(row('agentscript', [10], 'wander', []).mean_contacts, null)
})

test('the table gives ns per agent-tick and leaves ratios blank without Stepwise rows', () => {
    const lines = table([row('handwritten-wasm', [1000]), row('agentscript', [10])]).split('\n')
    assert.equal(lines.length, 4)
    assert.match(lines[2], /handwritten-wasm\s+1,000\s+1,000–1,000\s+1,000\s+2\.900$/)
    assert.match(lines[3], /agentscript\s+10\.0\s+10\.0–10\.0\s+100,000\s+2\.900$/)
})

test('a Stepwise row is compared with AgentScript and the hand-written code of its platform', () => {
    const rows = [
        row('stepwise-wasm', [500]),
        row('stepwise-native', [900]),
        row('handwritten-wasm', [1000]),
        row('handwritten-native', [3000]),
        row('agentscript', [10]),
    ]
    const lines = table(rows).split('\n')
    assert.match(lines[2], /stepwise-wasm .* 50\.00× +0\.50×$/)
    assert.match(lines[3], /stepwise-native .* 90\.00× +0\.30×$/)
    assert.doesNotMatch(lines[4], /×/)
})
