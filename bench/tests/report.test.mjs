// The report's arithmetic: medians, spreads, mean contacts and the Stepwise ratios, and the
// app's frames-per-second table.
// Run with `node --test bench/tests/` (no packages needed; no timing involved).

import assert from 'node:assert/strict'
import { test } from 'node:test'
import { appTable, median, summarise, table } from '../lib/report.mjs'

const row = (system, ticksPerS, workload = 'touch', contacts = [2.8, 3.0]) =>
    summarise({ system, workload, n: 1000, ticksPerS, contacts })

/** The text of line `i` of a table under the column headed `heading` (ratios are narrower). */
const under = (lines, i, heading) => {
    const start = lines[0].indexOf(heading)
    return lines[i].slice(start, start + heading.length).trim()
}

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
    assert.match(lines[2], /stepwise-wasm .* 50\.000× +0\.500× +0\.500×$/)
    assert.match(lines[3], /stepwise-native .* 90\.000× +0\.300× +0\.300×$/)
    assert.doesNotMatch(lines[4], /×/)
})

test('a realistic Stepwise row is a fraction of the hand-written touch baseline at its N', () => {
    const rows = [
        row('handwritten-native', [3000]),
        row('stepwise-native', [300], 'aquatic', []),
        row('stepwise-native', [450], 'kelp', []),
        row('agentscript', [150], 'kelp', []),
    ]
    const lines = table(rows).split('\n')
    // No hand-written aquatic: that cell is blank, the touch baseline's is not.
    assert.match(lines[3], /^aquatic .* 0\.100×$/)
    assert.doesNotMatch(lines[3], /×.*×/)
    assert.equal(under(lines, 3, 'of own hand-written'), '')
    assert.match(lines[4], /^kelp .* 3\.000× +0\.150×$/)
})

test('a realistic Stepwise row is a fraction of its own hand-written equivalent on its platform', () => {
    const rows = [
        row('stepwise-native', [900]),
        row('handwritten-native', [3000]),
        row('stepwise-native', [300], 'aquatic', []),
        row('handwritten-native', [600], 'aquatic', []),
        row('stepwise-wasm', [100], 'pair-props', []),
        row('handwritten-native', [400], 'pair-props', []),
        row('handwritten-wasm', [200], 'pair-props', []),
    ]
    const lines = table(rows).split('\n')
    const ratios = i => ['Stepwise/hand-written', 'of own hand-written', 'of hand-written touch']
        .map(heading => under(lines, i, heading))
    // A shared workload's ratio stays in its own column; the realistic ones' in theirs.
    assert.deepEqual(ratios(2), ['0.300×', '', '0.300×'])
    assert.deepEqual(ratios(4), ['', '0.500×', '0.100×'])
    // Against the hand-written code of its own platform only; no WASM touch row here.
    assert.deepEqual(ratios(6), ['', '0.500×', ''])
    for (const i of [3, 5, 7, 8]) assert.doesNotMatch(lines[i], /×/)
})

test('the app table shows frames and paints per second and peak memory in megabytes', () => {
    assert.equal(median([9, 1, 5, 7]), 6)
    const lines = appTable([{
        system: 'app-chromium', workload: 'wander', n: 10000, fps: 24.5, fps_spread: [20, 31],
        paints_per_s: 22.1, ticks_per_s: 24.5, peak_wasm_bytes: 64 * 2 ** 20, peak_js_heap_bytes: null,
    }]).split('\n')
    assert.equal(lines.length, 3)
    assert.match(lines[0], /^workload\s+N\s+system\s+frames\/s/)
    assert.match(lines[2], /^wander\s+10,000\s+app-chromium\s+24\.5\s+20\.0–31\.0\s+22\.1\s+24\.5\s+64\.0\s+n\/a$/)
})
