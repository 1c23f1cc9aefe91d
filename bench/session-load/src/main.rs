//! # session-load: live sessions under load
//!
//! Simulated devices that speak Stepwise's session protocol (sim-core's own encoder, so the
//! load is the real messages) to nats-server over TCP. Two runs, each printing one JSON
//! object; `scripts/loadtest` starts the servers and the browser pages and prints the table.
//!
//! - `classroom --server H:P --code CODE [--students 30] [--rate 25]
//!   [--seconds 60] [--blueprint Fish]`: students join the room of that code (its key names
//!   its subjects and seals every message) that a real teacher's page runs (and join again
//!   when it asks, after a reload) and send their markers; each input's delay is measured until the teacher's bundle acknowledges
//!   it (the input applied on the teacher's stage, plus the bundle's way back; the teacher
//!   acknowledges each device's newest input of a frame), before and after `--split-at S`.
//!   With `--change-every S`, each student also sends a script change every S seconds (its
//!   own new blueprint, then changes to it; the teacher's page must take new blueprints and
//!   apply at once): the time from sending to the teacher's answer that it was applied, and
//!   to a snapshot carrying it reaching every simulated student.
//! - `flood --server H:P --code CODE [--count 20]`: one student sends `count` changes back
//!   to back; prints how the teacher's page answered (all but one held back by its limit).
//! - `district --servers H:P,H:P,H:P [--rooms 20] [--students 30] [--viewers 2]
//!   [--seconds 60]`: every room has a simulated teacher that gathers its students' inputs
//!   into bundles 30 times a second; students and viewers, spread over the nodes, measure
//!   each bundle's delivery delay and find gaps, asking for a snapshot (the teacher answers)
//!   for each. A node killed meanwhile (by the caller) moves its clients to the others.

mod client;
mod codesign;
mod sealed;
mod stats;

use client::{connect, Conn, Spec};
use sim_core::{
    session::protocol::{Bundle, Join, Message, RoomSnapshot, StudentInput, HASH_EVERY_TICKS},
    session::seal::{Direction, RoomKey},
    Input, InputFrame, Marker,
};
use stats::Delays;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Inputs sent in the first seconds are not measured (joins and the first snapshot).
const WARMUP: Duration = Duration::from_secs(5);

pub(crate) fn arg(args: &[String], name: &str, default: &str) -> String {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| default.to_string())
}

pub(crate) fn num(args: &[String], name: &str, default: u64) -> u64 {
    arg(args, name, &default.to_string())
        .parse()
        .unwrap_or(default)
}

fn wall_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Where marker `i` of a device is at `t` seconds: a slow circle.
fn circle(i: u64, t: f64) -> Marker {
    let phase = i as f64 * 0.7 + t * 0.8;
    Marker {
        id: "m0".into(),
        x: 0.3 * phase.cos(),
        y: 0.3 * phase.sin(),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = match args.get(1).map(String::as_str) {
        Some("classroom") => classroom(&args),
        Some("district") => district(&args),
        Some("flood") => codesign::flood(&args),
        _ => {
            eprintln!("usage: session-load classroom|district [options] (see the crate's doc)");
            std::process::exit(2);
        }
    };
    match out {
        Ok(json) => println!("{json}"),
        Err(e) => {
            eprintln!("session-load: {e}");
            std::process::exit(1);
        }
    }
}

/// A sent input's time, by device and number.
type SentTimes = Arc<Mutex<HashMap<(usize, u32), Instant>>>;

fn classroom(args: &[String]) -> Result<serde_json::Value, String> {
    let server = arg(args, "--server", "127.0.0.1:4222");
    let code = arg(args, "--code", "");
    let key = Arc::new(RoomKey::derive(&code));
    let students = num(args, "--students", 30) as usize;
    let rate = num(args, "--rate", 25).max(1);
    let seconds = num(args, "--seconds", 60);
    let blueprint = arg(args, "--blueprint", "Fish");
    let split = Duration::from_secs(num(args, "--split-at", u64::MAX / 4));
    let room = key.id().to_string();
    let (out, inn) = key.subjects();
    let start = Instant::now();
    let sent: SentTimes = Arc::default();
    // Delays of inputs sent before and after the split (the caller adds a page then).
    let delays = [Delays::default(), Delays::default()];
    let acked = Arc::new(AtomicU64::new(0));
    let joined: Arc<Mutex<Vec<bool>>> = Arc::new(Mutex::new(vec![false; students]));
    // The teacher's page asks a student to join again after it reloaded (its roster is read
    // back as students rejoin): the sender sends the join again.
    let rejoin: Arc<Mutex<Vec<bool>>> = Arc::new(Mutex::new(vec![false; students]));
    let change_every = num(args, "--change-every", 0);
    let changes = Arc::new(codesign::Changes::default());
    let mut conns = Vec::new();
    let join_of = |i: usize| {
        Message::Join(Join {
            device: format!("load-{i}"),
            secret: format!("load-secret-{i:04}-{room}"),
            name: format!("Load {i}"),
            blueprint: blueprint.clone(),
            code: code.clone(),
        })
    };
    for i in 0..students {
        let device = format!("load-{i}");
        let spec = Spec {
            servers: vec![server.clone()],
            first: 0,
            user: "student".into(),
            password: "student".into(),
            name: device.clone(),
            subscribe: Some(out.clone()),
        };
        let (sent, delays, acked, joined, rejoin) = (
            sent.clone(),
            delays.clone(),
            acked.clone(),
            joined.clone(),
            rejoin.clone(),
        );
        let changes = changes.clone();
        let me = device.clone();
        let k = key.clone();
        let conn = connect(spec, move |payload, _| {
            match sealed::open(&k, Direction::Out, payload) {
                Ok(Message::Welcome(w)) if w.device == me => {
                    joined.lock().unwrap_or_else(|e| e.into_inner())[i] = true;
                }
                Ok(Message::Outcome(o)) if o.device == me => changes.answered(i, &o),
                Ok(Message::Rejoin { device }) if device == me => {
                    rejoin.lock().unwrap_or_else(|e| e.into_inner())[i] = true;
                }
                Ok(Message::Snapshot(s)) if change_every > 0 => changes.snapshot(&s, students),
                Ok(Message::Bundle(b)) => {
                    for (d, seq) in &b.acks {
                        if *d == me {
                            let at = sent
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .remove(&(i, *seq));
                            if let Some(at) = at {
                                acked.fetch_add(1, Ordering::Relaxed);
                                let since = at.duration_since(start);
                                if since >= WARMUP {
                                    let phase = usize::from(since >= split);
                                    delays[phase].add(at.elapsed().as_secs_f64() * 1000.0);
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        })
        .map_err(|e| format!("cannot reach {server}: {e}"))?;
        conn.publish(&inn, &sealed::seal(&key, Direction::In, &join_of(i)));
        conns.push(conn);
    }
    // One thread sends every student's inputs, spread evenly over each period.
    let period = Duration::from_secs_f64(1.0 / rate as f64);
    let mut seq = vec![0u32; students];
    // Each student's next script change: spread over the period, after the warm-up.
    let every = Duration::from_secs(change_every.max(1));
    let mut next_change: Vec<Instant> = (0..students)
        .map(|i| start + WARMUP + every.mul_f64(i as f64 / students as f64))
        .collect();
    let mut change_n = vec![0u32; students];
    let mut inputs_sent = 0u64;
    let end = start + Duration::from_secs(seconds);
    let mut next = start;
    while Instant::now() < end {
        for (i, conn) in conns.iter().enumerate() {
            let slot = next + period.mul_f64(i as f64 / students as f64);
            if let Some(wait) = slot.checked_duration_since(Instant::now()) {
                thread::sleep(wait);
            }
            if std::mem::take(&mut rejoin.lock().unwrap_or_else(|e| e.into_inner())[i]) {
                conn.publish(&inn, &sealed::seal(&key, Direction::In, &join_of(i)));
            }
            if !joined.lock().unwrap_or_else(|e| e.into_inner())[i] {
                continue;
            }
            seq[i] += 1;
            let t = start.elapsed().as_secs_f64();
            let input = Message::Input(StudentInput {
                device: format!("load-{i}"),
                secret: format!("load-secret-{i:04}-{room}"),
                seq: seq[i],
                markers: vec![circle(i as u64, t)],
                delay_ms: None,
                behind_ms: None,
            });
            sent.lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert((i, seq[i]), Instant::now());
            if conn.publish(&inn, &sealed::seal(&key, Direction::In, &input)) {
                inputs_sent += 1;
            }
            if change_every > 0 && Instant::now() >= next_change[i] {
                next_change[i] += every;
                change_n[i] += 1;
                let secret = format!("load-secret-{i:04}-{room}");
                let device = format!("load-{i}");
                let change = codesign::submit(i, (&device, &secret), change_n[i], &changes);
                conn.publish(&inn, &sealed::seal(&key, Direction::In, &change));
            }
        }
        next += period;
    }
    thread::sleep(Duration::from_millis(500));
    for c in &conns {
        c.close();
    }
    let joined = joined
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter(|j| **j)
        .count();
    Ok(serde_json::json!({
        "students": students, "joined": joined, "rate": rate, "seconds": seconds,
        "inputs_sent": inputs_sent, "inputs_acked": acked.load(Ordering::Relaxed),
        "input_to_applied_ms": [delays[0].summary(), delays[1].summary()],
        "changes_sent": change_n.iter().map(|&n| u64::from(n)).sum::<u64>(),
        "change_answers": changes.answers(),
        "send_to_applied_ms": changes.applied.summary(),
        "send_to_every_screen_ms": changes.every_screen.summary(),
    }))
}

/// What a district's subscribers counted.
#[derive(Default)]
struct Tally {
    delivered: AtomicU64,
    /// Gaps before and after the split (the moment the caller kills a node).
    gaps: [AtomicU64; 2],
    resynced: AtomicU64,
}

fn district(args: &[String]) -> Result<serde_json::Value, String> {
    let servers: Vec<String> = arg(args, "--servers", "127.0.0.1:4222")
        .split(',')
        .map(str::to_string)
        .collect();
    let rooms = num(args, "--rooms", 20) as usize;
    let students = num(args, "--students", 30) as usize;
    let viewers = num(args, "--viewers", 2) as usize;
    let seconds = num(args, "--seconds", 60);
    let key = arg(args, "--teacher-key", "");
    let split = Duration::from_secs(num(args, "--split-at", u64::MAX / 4));
    // Delivery delays before and after the split.
    let delays = [Delays::default(), Delays::default()];
    let tally = Arc::new(Tally::default());
    let start = Instant::now();
    let mut teachers = Vec::new();
    let mut devices: Vec<(String, Arc<RoomKey>, Conn)> = Vec::new();
    let mut all = Vec::new();
    let keys: Vec<Arc<RoomKey>> = (0..rooms)
        .map(|r| Arc::new(RoomKey::derive(&format!("LOAD{r:03}"))))
        .collect();
    for (r, room_key) in keys.iter().enumerate() {
        let (out, inn) = room_key.subjects();
        // The teacher gathers the room's inputs, and answers snapshot requests at once.
        let pending: Arc<Mutex<Vec<Input>>> = Arc::default();
        let seq = Arc::new(AtomicU64::new(0));
        let (p, s, o, k) = (pending.clone(), seq.clone(), out.clone(), room_key.clone());
        let teacher = connect(
            Spec {
                servers: servers.clone(),
                first: r,
                user: "teacher".into(),
                password: key.clone(),
                name: format!("teacher-{r}"),
                subscribe: Some(inn.clone()),
            },
            move |payload, conn| match sealed::open(&k, Direction::In, payload) {
                Ok(Message::Input(i)) => {
                    let frame = InputFrame::Markers {
                        device: i.device,
                        blueprint: "Fish".into(),
                        markers: i.markers,
                    };
                    p.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(Input::Frame(frame));
                }
                Ok(Message::WantSnapshot { .. }) => {
                    let snapshot = Message::Snapshot(RoomSnapshot {
                        epoch: 1,
                        seq: s.load(Ordering::SeqCst),
                        project: vec![0; 2_000],
                        state: vec![0; 20_000],
                        characters: vec!["Fish".into()],
                        playing: true,
                    });
                    conn.publish(&o, &sealed::seal(&k, Direction::Out, &snapshot));
                }
                _ => {}
            },
        )
        .map_err(|e| format!("cannot reach the cluster: {e}"))?;
        teachers.push((teacher.clone(), pending, seq, out.clone(), room_key.clone()));
        all.push(teacher);
        for d in 0..students + viewers {
            let node = r * 7 + d;
            let expected = Arc::new(AtomicU64::new(0));
            let (tally, delays) = (tally.clone(), delays.clone());
            let inn2 = inn.clone();
            let k = room_key.clone();
            let me = format!("d{r}-{d}");
            let conn = connect(
                Spec {
                    servers: servers.clone(),
                    first: node,
                    user: "student".into(),
                    password: "student".into(),
                    name: me.clone(),
                    subscribe: Some(out.clone()),
                },
                move |payload, conn| match sealed::open(&k, Direction::Out, payload) {
                    Ok(Message::Bundle(b)) => {
                        tally.delivered.fetch_add(1, Ordering::Relaxed);
                        let phase = usize::from(start.elapsed() >= split);
                        if start.elapsed() >= WARMUP {
                            delays[phase].add(wall_ms() - b.sent_ms);
                        }
                        let want = expected.load(Ordering::Relaxed);
                        if want != 0 && b.seq > want {
                            // A gap: ask for the state, as a device does.
                            tally.gaps[phase].fetch_add(1, Ordering::Relaxed);
                            let ask = Message::WantSnapshot {
                                device: me.clone(),
                                reason: "gap".into(),
                            };
                            conn.publish(&inn2, &sealed::seal(&k, Direction::In, &ask));
                            expected.store(u64::MAX, Ordering::Relaxed);
                        } else if want != u64::MAX {
                            expected.store(b.seq + 1, Ordering::Relaxed);
                        }
                    }
                    Ok(Message::Snapshot(s)) if expected.load(Ordering::Relaxed) == u64::MAX => {
                        tally.resynced.fetch_add(1, Ordering::Relaxed);
                        expected.store(s.seq + 1, Ordering::Relaxed);
                    }
                    _ => {}
                },
            )
            .map_err(|e| format!("cannot reach the cluster: {e}"))?;
            if d < students {
                devices.push((inn.clone(), room_key.clone(), conn.clone()));
            }
            all.push(conn);
        }
    }
    // Teachers: 30 bundles a second each; students: 25 inputs a second each.
    let end = start + Duration::from_secs(seconds);
    let bundler = {
        let teachers = teachers.clone();
        thread::spawn(move || {
            let period = Duration::from_secs_f64(1.0 / 30.0);
            let mut next = Instant::now();
            let mut sent = 0u64;
            while Instant::now() < end {
                for (conn, pending, seq, out, key) in &teachers {
                    let inputs =
                        std::mem::take(&mut *pending.lock().unwrap_or_else(|e| e.into_inner()));
                    let n = seq.fetch_add(1, Ordering::SeqCst) + 1;
                    let bundle = Message::Bundle(Bundle {
                        epoch: 1,
                        seq: n,
                        from: n - 1,
                        inputs,
                        until: 0,
                        tick: n,
                        hash: (n % HASH_EVERY_TICKS == 0).then_some(n),
                        acks: Vec::new(),
                        sent_ms: wall_ms(),
                    });
                    if conn.publish(out, &sealed::seal(key, Direction::Out, &bundle)) {
                        sent += 1;
                    }
                }
                next += period;
                if let Some(w) = next.checked_duration_since(Instant::now()) {
                    thread::sleep(w);
                }
            }
            sent
        })
    };
    let period = Duration::from_secs_f64(1.0 / 25.0);
    let mut next = Instant::now();
    let mut inputs = 0u64;
    let mut seqs = vec![0u32; devices.len()];
    while Instant::now() < end {
        let t = start.elapsed().as_secs_f64();
        for (k, (inn, key, conn)) in devices.iter().enumerate() {
            seqs[k] += 1;
            let input = Message::Input(StudentInput {
                device: format!("s{k}"),
                secret: "load".into(),
                seq: seqs[k],
                markers: vec![circle(k as u64, t)],
                delay_ms: None,
                behind_ms: None,
            });
            if conn.publish(inn, &sealed::seal(key, Direction::In, &input)) {
                inputs += 1;
            }
        }
        next += period;
        if let Some(w) = next.checked_duration_since(Instant::now()) {
            thread::sleep(w);
        }
    }
    let bundles = bundler.join().unwrap_or(0);
    thread::sleep(Duration::from_millis(500));
    let moves: u64 = all.iter().map(|c| c.moves.load(Ordering::Relaxed)).sum();
    let unsent: u64 = all.iter().map(|c| c.unsent.load(Ordering::Relaxed)).sum();
    for c in &all {
        c.close();
    }
    Ok(serde_json::json!({
        "rooms": rooms, "students_per_room": students, "viewers_per_room": viewers,
        "nodes": servers.len(), "seconds": seconds,
        "connections": all.len(), "bundles_sent": bundles, "inputs_sent": inputs,
        "bundles_expected_deliveries": bundles * (students + viewers) as u64,
        "bundles_delivered": tally.delivered.load(Ordering::Relaxed),
        "delivery_delay_ms_before_split": delays[0].summary(),
        "delivery_delay_ms_after_split": delays[1].summary(),
        "gaps_before_split": tally.gaps[0].load(Ordering::Relaxed),
        "gaps_after_split": tally.gaps[1].load(Ordering::Relaxed),
        "gaps_resynced": tally.resynced.load(Ordering::Relaxed),
        "clients_moved_to_another_node": moves,
        "publishes_while_disconnected": unsent,
    }))
}
