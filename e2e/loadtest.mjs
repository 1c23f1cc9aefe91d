// The session load test (scripts/loadtest): figures for a classroom and for a district.
//
// Classroom: a real nats-server (deploy/nats/classroom.conf), a teacher's page and a
// projector page in headless Chromium running our fish-and-algae model, and 30 simulated
// students (bench/session-load) sending 25 inputs a second for 60 s: the input-to-applied
// delay (until the teacher's bundle acknowledges the input), the projector's bundle delay
// (teacher's send to applied on the projector), bytes per second through the server, the
// teacher's frame rate; each student also sends a script change every 30 s (a blueprint of
// their own, applied at once): Send to applied, and Send to the change reaching every
// student's screen.
// District: three nats-server nodes clustered on loopback (deploy/nats/cluster-node.conf),
// 20 rooms × (a simulated teacher sending bundles 30 times a second, 30 students at 25 Hz,
// 2 viewers) for 60 s, one node killed half way: delivery delay, messages lost, gaps found
// and resynced, clients moved.
// Usage: node e2e/loadtest.mjs [classroom|district|both] [--seconds N]
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { startNats, startClassroom, startSession, freePort, TEACHER_KEY } from './session-harness.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const TOOL = resolve(ROOT, 'target/release/session-load');
const which = process.argv[2] ?? 'both';
const secondsAt = process.argv.indexOf('--seconds');
const SECONDS = secondsAt > 0 ? Number(process.argv[secondsAt + 1]) : 60;

function runTool(args) {
  return new Promise((ok, fail) => {
    const p = spawn(TOOL, args);
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('exit', (code) => (code === 0 ? ok(JSON.parse(out)) : fail(new Error(`session-load: ${err}`))));
  });
}

async function varz(port) {
  const res = await fetch(`http://127.0.0.1:${port}/varz`);
  return res.json();
}

const row = (name, value, target = '') => console.log(`| ${name.padEnd(52)} | ${String(value).padStart(14)} | ${target.padEnd(14)} |`);
const head = (title) => {
  console.log(`\n${title}\n`);
  console.log(`| ${'measure'.padEnd(52)} | ${'value'.padStart(14)} | ${'target'.padEnd(14)} |`);
  console.log(`|${'-'.repeat(54)}|${'-'.repeat(16)}|${'-'.repeat(16)}|`);
};

async function classroom() {
  const monitor = await freePort();
  const nats = await startNats({ monitor });
  const room = await startClassroom();
  try {
    const q = `server=${encodeURIComponent(nats.wsUrl)}`;
    // The teacher's page on a laptop's screen; the projector on the class screen.
    const teacher = await room.device(`?teach=${TEACHER_KEY}&${q}`, { width: 1366, height: 768 });
    const code = await startSession(teacher);
    // Students write the model too: each adds a blueprint of their own and changes it every
    // 30 s, applied at once.
    await teacher.selectOption('[data-testid="session-edit-policy"]', 'new');
    await teacher.selectOption('[data-testid="session-review"]', 'apply');
    await teacher.click('[data-testid="session-panel"] header button');
    // The projector joins half way: the first half measures the teacher's page alone (as on
    // a classroom laptop, the projector being another computer), the second half the
    // projector's delay.
    let projector;
    const projectorJoins = new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2)).then(async () => {
      projector = await room.device(`?view=${code}&${q}`, { width: 1920, height: 1080 });
      await projector.waitForFunction(() => /in step/.test(document.querySelector('[data-testid="session-status"]').textContent));
    });
    // The teacher's frame rate: frames counted in each real second of the run.
    await teacher.evaluate(() => {
      window.__frames = [];
      let second = Math.floor(performance.now() / 1000);
      let n = 0;
      const count = (t) => {
        const s = Math.floor(t / 1000);
        if (s !== second) { window.__frames.push(n); n = 0; second = s; }
        n += 1;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
    });
    const before = await varz(monitor);
    const started = Date.now();
    const result = await runTool(['classroom', '--server', `127.0.0.1:${nats.port}`, '--code', code,
      '--students', process.env.STUDENTS ?? '30', '--rate', '25', '--seconds', String(SECONDS),
      '--split-at', String(SECONDS / 2), '--change-every', '30']);
    const elapsed = (Date.now() - started) / 1000;
    const after = await varz(monitor);
    await projectorJoins;
    const frames = (await teacher.evaluate(() => window.__frames)).slice(2, Math.floor(SECONDS / 2));
    const sorted = [...frames].sort((a, b) => a - b);
    const projectorP95 = await projector.getAttribute('[data-testid="session-status"]', 'data-bundle-delay-p95');
    await teacher.click('[data-testid="session-start"]');
    const counts = await teacher.textContent('[data-testid="session-counts"]');
    const students = await teacher.locator('[data-testid="session-student"]').count();
    head(`Classroom: 30 simulated students × ${result.rate} inputs/s for ${SECONDS} s, fish-and-algae on the teacher's page (Chromium, 1366×768), the projector page (1920×1080) joining half way`);
    row('students joined (on the teacher\'s roster)', `${result.joined} (${students})`);
    row('inputs sent / acknowledged by the teacher', `${result.inputs_sent} / ${result.inputs_acked}`);
    const [alone, withProjector] = result.input_to_applied_ms;
    for (const [label, d] of [['teacher alone', alone], ['projector on this machine too', withProjector]]) {
      row(`input → applied on the teacher's stage, ${label}, p50/p95/p99 (ms)`, `${d.p50} / ${d.p95} / ${d.p99}`, '≤ 100 (p95)');
    }
    row('teacher → applied on the projector, p95 (ms)', projectorP95);
    row('input → projector p95 (ms, the two added: an upper bound)', (Number(withProjector.p95) + Number(projectorP95)).toFixed(1), '≤ 150');
    row('script changes sent / answers', `${result.changes_sent} / ${JSON.stringify(result.change_answers)}`);
    row('Send → applied on the teacher\'s page, p50 / p95 (ms)', `${result.send_to_applied_ms.p50} / ${result.send_to_applied_ms.p95}`);
    row('Send → running on every student screen, p50 / p95 (ms)', `${result.send_to_every_screen_ms.p50} / ${result.send_to_every_screen_ms.p95}`);
    row('bytes/s into the server (all clients)', Math.round((after.in_bytes - before.in_bytes) / elapsed));
    row('bytes/s out of the server (all clients)', Math.round((after.out_bytes - before.out_bytes) / elapsed));
    row('teacher frame rate, median fps (first half, no projector)', sorted[Math.floor(sorted.length / 2)], '≥ 50');
    row('teacher frame rate, slowest second fps (first half)', sorted[0]);
    console.log(`\nteacher's counts: ${counts}`);
    for (const p of room.pages) if (p.errors.length) console.log('page errors:', p.errors);
  } finally {
    await room.close();
    await nats.stop();
  }
}

async function district() {
  const nodes = [];
  const ports = [];
  for (let i = 0; i < 3; i++) ports.push({ client: 4322 + i, ws: 9322 + i, route: 6222 + i });
  for (const [i, p] of ports.entries()) {
    const env = {
      ...process.env, STEPWISE_NODE: `n${i + 1}`, STEPWISE_NATS_HOST: '127.0.0.1',
      STEPWISE_NATS_PORT: String(p.client), STEPWISE_WS_PORT: String(p.ws),
      STEPWISE_CLUSTER_PORT: String(p.route), STEPWISE_TEACHER_KEY: TEACHER_KEY,
    };
    const proc = spawn('nats-server', ['-c', resolve(ROOT, 'deploy/nats/cluster-node.conf')], { env });
    let log = '';
    proc.stderr.on('data', (d) => { log += d; });
    nodes.push({ proc, log: () => log });
  }
  // Wait until every node has its two routes.
  const deadline = Date.now() + 15000;
  while (!nodes.every((n) => (n.log().match(/Route connection created/g) ?? []).length >= 2)) {
    if (Date.now() > deadline) throw new Error(`the cluster did not form:\n${nodes.map((n) => n.log()).join('\n')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  try {
    const servers = ports.map((p) => `127.0.0.1:${p.client}`).join(',');
    const run = runTool(['district', '--servers', servers, '--rooms', '20', '--students', process.env.STUDENTS ?? '30', '--viewers', '2',
      '--seconds', String(SECONDS), '--teacher-key', TEACHER_KEY, '--split-at', String(SECONDS / 2)]);
    await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
    nodes[1].proc.kill('SIGKILL');
    const result = await run;
    head(`District: 3 nodes, 20 rooms × (teacher 30 bundles/s, 30 students × 25 inputs/s, 2 viewers), ${SECONDS} s, node n2 killed at ${SECONDS / 2} s`);
    row('connections', result.connections);
    row('bundles sent / inputs sent', `${result.bundles_sent} / ${result.inputs_sent}`);
    row('bundle deliveries expected / made', `${result.bundles_expected_deliveries} / ${result.bundles_delivered}`);
    row('bundle deliveries lost (whole run)', result.bundles_expected_deliveries - result.bundles_delivered);
    row('gaps before the kill (a lost message each)', result.gaps_before_split, '0');
    row('gaps from the kill on', result.gaps_after_split);
    row('gaps resynced by a snapshot', result.gaps_resynced);
    for (const [label, d] of [['before the kill', result.delivery_delay_ms_before_split], ['from the kill on', result.delivery_delay_ms_after_split]]) {
      row(`delivery delay ${label}, p50 / p95 / p99 (ms)`, `${d.p50} / ${d.p95} / ${d.p99}`);
    }
    row('clients moved to another node', result.clients_moved_to_another_node);
    row('publishes while disconnected', result.publishes_while_disconnected);
  } finally {
    for (const n of nodes) n.proc.kill('SIGKILL');
  }
}

if (which === 'classroom' || which === 'both') await classroom();
if (which === 'district' || which === 'both') await district();
