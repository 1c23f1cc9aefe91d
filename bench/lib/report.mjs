// Turns the runners' samples into the rows of target/bench/results.json and the printed
// table: median and spread of ticks per second, ns per agent-tick, mean contacts, and the
// ratios of each Stepwise row to AgentScript and to the hand-written baseline on the same
// platform (stepwise-wasm against handwritten-wasm, stepwise-native against handwritten-native):
// in a shared workload (wander, touch) to the hand-written code of that workload; in a
// workload of the realistic suite to its own hand-written equivalent, when the baseline has
// one (pair-props, if-getprop, physics-touches, aquatic), so real scripts are set against the
// best code for the same work; and, for every row, to the hand-written *touch* baseline on
// its platform at its N, which every workload of the realistic suite is measured against.
// The real app's rows (e2e/bench/app-fps.mjs: frames per second and peak memory in headless
// Chromium) have their own table.

/** The median of `values`. */
export const median = values => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = sorted.length >> 1
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const mean = values => values.reduce((a, b) => a + b, 0) / values.length

/**
 * One results.json row per (system, workload, n) from its collected samples:
 * `{ system, workload, n, ticks_per_s, spread: [min, max], mean_contacts }`.
 */
export function summarise({ system, workload, n, ticksPerS, contacts }) {
    return {
        system,
        workload,
        n,
        ticks_per_s: median(ticksPerS),
        spread: [Math.min(...ticksPerS), Math.max(...ticksPerS)],
        mean_contacts: contacts.length ? mean(contacts) : null,
    }
}

/** The workloads every system runs; the others are the realistic suite's. */
const SHARED = ['wander', 'touch']

/** The ratios of a Stepwise row against its references, or blanks for other rows. */
function ratios(row, rows) {
    const platform = row.system.match(/^stepwise-(\w+)$/)?.[1]
    if (!platform) return { agentscript: '', handwritten: '', own: '', touch: '' }
    const find = (system, workload = row.workload) =>
        rows.find(r => r.system === system && r.workload === workload && r.n === row.n)
    const ratio = other => (other ? `${(row.ticks_per_s / other.ticks_per_s).toFixed(3)}×` : '')
    const same = ratio(find(`handwritten-${platform}`))
    const shared = SHARED.includes(row.workload)
    return {
        agentscript: ratio(find('agentscript')),
        handwritten: shared ? same : '',
        own: shared ? '' : same,
        touch: ratio(find(`handwritten-${platform}`, 'touch')),
    }
}

const fixed = (value, digits) => value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
})
const significant = value => fixed(value, value >= 100 ? 0 : value >= 10 ? 1 : 2)

/** The table of `rows`, one line per row, as text. */
export function table(rows) {
    const header = ['workload', 'N', 'system', 'ticks/s', 'min–max', 'ns/agent-tick', 'contacts/agent',
        'Stepwise/AgentScript', 'Stepwise/hand-written', 'of own hand-written',
        'of hand-written touch']
    const lines = rows.map(row => {
        const { agentscript, handwritten, own, touch } = ratios(row, rows)
        const [min, max] = row.spread
        return [
            row.workload,
            fixed(row.n, 0),
            row.system,
            significant(row.ticks_per_s),
            `${significant(min)}–${significant(max)}`,
            significant(1e9 / (row.ticks_per_s * row.n)),
            row.mean_contacts === null ? '' : row.mean_contacts.toFixed(3),
            agentscript,
            handwritten,
            own,
            touch,
        ]
    })
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map(l => l[i].length)))
    const format = cells => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ').trimEnd()
    return [format(header), widths.map(w => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n')
}

const megabytes = bytes => (bytes === null || bytes === undefined ? 'n/a' : (bytes / 2 ** 20).toFixed(1))

/**
 * The table of the real app's rows, `{ system, workload, n, fps, fps_spread: [min, max],
 * paints_per_s, ticks_per_s, peak_wasm_bytes, peak_js_heap_bytes }`, one line per row, as
 * text. Frames are the animation frames the browser ran; paints, those of them in which the
 * stage was painted (a frame that would show what the canvas holds is not painted).
 */
export function appTable(rows) {
    const header = ['workload', 'N', 'system', 'frames/s', 'min–max', 'paints/s', 'ticks/s',
        'peak WASM MB', 'peak JS heap MB']
    const lines = rows.map(row => [
        row.workload,
        fixed(row.n, 0),
        row.system,
        significant(row.fps),
        row.fps_spread.map(significant).join('–'),
        row.paints_per_s === undefined ? 'n/a' : significant(row.paints_per_s),
        row.ticks_per_s === undefined ? 'n/a' : significant(row.ticks_per_s),
        megabytes(row.peak_wasm_bytes),
        megabytes(row.peak_js_heap_bytes),
    ])
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map(l => l[i].length)))
    const format = cells => cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ').trimEnd()
    return [format(header), widths.map(w => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n')
}
