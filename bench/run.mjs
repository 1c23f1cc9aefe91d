// The driver of scripts/bench: runs every system × workload × N in alternation, each run in
// a fresh process with its own warm-up, for several rounds; then prints the table and writes
// target/bench/results.json. scripts/bench builds what the commands below need first.
//
// A system is a command following the runner protocol of lib/protocol.mjs: given a workload,
// N, warm-up and window seconds, it prints one JSON line of ticks-per-second samples and the
// mean contacts. Adding a system is adding an entry to SYSTEMS (and its build to scripts/bench).
//
// The workloads: wander and touch, which every system runs, and the realistic suite (the
// common patterns of real scripts, GEMSTEP's shipped models scaled up, and the AgentScript
// peer model kelp; `stepwise-bench --workloads` names them), which the Stepwise rows run,
// AgentScript its peer model, and the hand-written baseline the ones it has an equivalent of
// (HANDWRITTEN_REALISTIC). A realistic Stepwise row is given as a fraction of its hand-written
// equivalent when there is one, and every Stepwise row as a fraction of the hand-written touch
// baseline on its platform at its N, the yardstick of the speed targets.
//
// Settings, from the environment: BENCH_ROUNDS (5), BENCH_WARMUP and BENCH_WINDOW (seconds per
// run, 1 and 2), BENCH_SIZES ("1000 10000"), BENCH_WORKLOADS (all), BENCH_SYSTEMS (every
// system), BENCH_APP (1: also measure the real app's frames per second in headless Chromium
// with e2e/bench/app-fps.mjs at the same sizes, from the site built in dist/; 0: not).

import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appTable, summarise, table } from './lib/report.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const node = process.execPath

/** Every system, in table order, and the command that runs it. */
const SYSTEMS = [
    { name: 'stepwise-native', command: [join(root, 'target/release/stepwise-bench')] },
    { name: 'stepwise-wasm', command: [node, join(root, 'bench/stepwise-wasm.mjs')] },
    { name: 'handwritten-native', command: [join(root, 'target/release/handwritten-bench')] },
    { name: 'handwritten-wasm', command: [node, join(root, 'bench/handwritten-wasm.mjs')] },
    { name: 'agentscript', command: [node, join(root, 'bench/agentscript.mjs')] },
]

const native = SYSTEMS[0].command[0]
const realistic = execFileSync(native, ['--workloads'], { encoding: 'utf8' }).trim().split(/\s+/)

/** The realistic suite's workloads that bench/handwritten also writes by hand. */
const HANDWRITTEN_REALISTIC = ['pair-props', 'if-getprop', 'physics-touches', 'aquatic']

/** Whether `system` runs `workload`: see the top of this file. */
const runs = (system, workload) =>
    workload === 'wander' || workload === 'touch' || system.name.startsWith('stepwise-') ||
    (system.name.startsWith('handwritten-') && HANDWRITTEN_REALISTIC.includes(workload)) ||
    (system.name === 'agentscript' && workload === 'kelp')

const env = process.env
const list = (text, fallback) => (text ?? fallback).split(/[\s,]+/).filter(Boolean)
const settings = {
    rounds: Number(env.BENCH_ROUNDS ?? 5),
    warmup: env.BENCH_WARMUP ?? '1',
    window: env.BENCH_WINDOW ?? '2',
    sizes: list(env.BENCH_SIZES, '1000 10000').map(Number),
    workloads: list(env.BENCH_WORKLOADS, ['wander', 'touch', ...realistic].join(' ')),
    systems: list(env.BENCH_SYSTEMS, SYSTEMS.map(s => s.name).join(' ')),
    app: (env.BENCH_APP ?? '1') !== '0',
}

const systems = settings.systems.map(name => {
    const system = SYSTEMS.find(s => s.name === name)
    if (!system) throw new Error(`unknown system ${name}: expected one of ${SYSTEMS.map(s => s.name)}`)
    return system
})
if (!(settings.rounds >= 1)) throw new Error(`BENCH_ROUNDS: not a positive count: ${env.BENCH_ROUNDS}`)

/** One run of `system`: its parsed JSON line. */
function runOnce(system, workload, n) {
    const [program, ...args] = system.command
    const out = execFileSync(program, [...args, workload, String(n), settings.warmup, settings.window], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
    })
    const line = out.trim().split('\n').at(-1)
    try {
        return JSON.parse(line)
    } catch {
        throw new Error(`${system.name} ${workload} ${n} printed no JSON line: ${out}`)
    }
}

/** The real app's rows at every size: app-fps.mjs prints them as its last line. */
function runApp() {
    const script = join(root, 'e2e/bench/app-fps.mjs')
    const out = execFileSync(node, [script, '--json', ...settings.sizes.map(String)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
    })
    const lines = out.trim().split('\n')
    for (const line of lines.slice(0, -1)) process.stderr.write(`${line}\n`)
    try {
        return JSON.parse(lines.at(-1))
    } catch {
        throw new Error(`app-fps.mjs printed no JSON line: ${out}`)
    }
}

// Other work on the machine shows in the spread; the load averages say how much there was.
const load = () => loadavg().map(l => l.toFixed(1)).join(' ')
const loadBefore = load()

const cases = settings.workloads.flatMap(workload => settings.sizes.map(n => ({ workload, n })))
const collected = new Map()
for (let round = 0; round < settings.rounds; round++) {
    // Rotate the order each round so no system always runs right after the same one.
    const order = systems.map((_, i) => systems[(i + round) % systems.length])
    for (const { workload, n } of cases) {
        for (const system of order.filter(s => runs(s, workload))) {
            const key = `${system.name} ${workload} ${n}`
            const result = runOnce(system, workload, n)
            const entry = collected.get(key) ?? { system: system.name, workload, n, ticksPerS: [], contacts: [] }
            entry.ticksPerS.push(...result.ticks_per_s)
            if (result.mean_contacts !== null) entry.contacts.push(result.mean_contacts)
            collected.set(key, entry)
            process.stderr.write(`round ${round + 1}/${settings.rounds}  ${key}: ` +
                `${result.ticks_per_s.map(t => t.toFixed(1)).join(' ')} ticks/s\n`)
        }
    }
}

const rows = cases.flatMap(({ workload, n }) =>
    systems.filter(s => runs(s, workload)).map(s => summarise(collected.get(`${s.name} ${workload} ${n}`))))
const appRows = settings.app ? runApp() : []
const out = join(root, 'target/bench/results.json')
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, `${JSON.stringify([...rows, ...appRows], null, 2)}\n`)
console.log(table(rows))
if (appRows.length) console.log(`\nThe app in headless Chromium:\n${appTable(appRows)}`)
console.log(`\n${settings.rounds} rounds of ${settings.warmup} s warm-up + ${settings.window} s ` +
    `measured per run; results in ${out}`)
console.log(`${cpus().length} cores; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after`)
