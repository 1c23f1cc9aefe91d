// The runner protocol every benchmarked system follows (see scripts/bench):
//
//   <runner> <workload> <agents> <warm-up seconds> <window seconds>
//
// (wander and touch, which every system runs, or a workload of the realistic suite that the
// system can express: see REALISTIC in the crate bench/protocol)
// runs ticks for the warm-up, then measures whole ticks over the window (at least
// MIN_TICKS), and prints one JSON line: {"ticks_per_s": [...], "mean_contacts": x | null}.
// This module holds the Node side of it, so each JavaScript or WASM runner only says how to
// build a world and step it; the crate bench/protocol holds the native side.

import { performance } from 'node:perf_hooks'

/** Fewest ticks a measurement may cover, however slow a tick is. */
export const MIN_TICKS = 3
/** The seed of every run, so runs differ only in timing. */
export const SEED = 1

/**
 * The command-line arguments, checked against the workloads the runner knows (`known`; null
 * leaves the check to the runner); exits with a message when they are wrong.
 */
export function parseArgs(known = ['wander', 'touch'], argv = process.argv.slice(2)) {
    const usage = 'expected: <workload> <agents> <warm-up seconds> <window seconds>'
    const [workload, agents, warmup, window] = argv
    const fail = message => {
        console.error(`${process.argv[1]}: ${message}`)
        process.exit(2)
    }
    if (argv.length !== 4) fail(usage)
    if (known && !known.includes(workload))
        fail(`unknown workload ${JSON.stringify(workload)}: expected one of ${known.join(', ')}`)
    const n = Number(agents)
    if (!Number.isInteger(n) || n < 1) fail(`agents: not a positive count: ${agents}`)
    const seconds = (name, text) => {
        const s = Number(text)
        if (!Number.isFinite(s) || s < 0) fail(`${name}: not a number of seconds: ${text}`)
        return s
    }
    return { workload, n, warmup: seconds('warm-up', warmup), window: seconds('window', window) }
}

/**
 * Runs `tick` (which returns the tick's summed contacts, or nothing for wander) for the
 * warm-up, then over the window, and prints the protocol's JSON line.
 */
export function measureAndReport({ workload, n, warmup, window }, tick) {
    runFor(tick, warmup)
    const { ticks, seconds, contacts } = runFor(tick, window)
    const meanContacts = workload === 'touch' ? contacts / (ticks * n) : null
    console.log(JSON.stringify({ ticks_per_s: [ticks / seconds], mean_contacts: meanContacts }))
}

function runFor(tick, seconds) {
    const start = performance.now()
    const end = start + seconds * 1000
    let ticks = 0
    let contacts = 0
    let now = start
    while (ticks < MIN_TICKS || now < end) {
        contacts += tick() ?? 0
        ticks += 1
        now = performance.now()
    }
    return { ticks, seconds: (now - start) / 1000, contacts }
}
