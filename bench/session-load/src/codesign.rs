//! Students' script changes under load: what a simulated student sends, and the time from
//! *Send* to the change running on every screen (a snapshot carrying it reached every
//! simulated student), and a flood that the teacher's page must throttle.

use crate::client::Conn;
use crate::sealed;
use crate::stats::Delays;
use sim_core::session::codesign::{revision, Outcome, SendState, Submit};
use sim_core::session::follow::unpack_project;
use sim_core::session::protocol::{Message, RoomSnapshot};
use sim_core::session::seal::{Direction, RoomKey};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The blueprint simulated student `i` writes.
pub fn blueprint(i: usize) -> String {
    format!("Load{i}")
}

/// Change `n` of student `i`: its script and the mark that finds it in a project.
pub fn script(i: usize, n: u32) -> (String, String) {
    let mark = format!("// load {i} change {n}");
    let text = format!(
        "# BLUEPRINT {}\n# PROGRAM UPDATE\nprop x add 0\n{mark}\n",
        blueprint(i)
    );
    (text, mark)
}

/// A change on its way: when it was sent and how many screens show it.
struct Pending {
    sent: Instant,
    seen: usize,
}

/// The changes sent and what became of them.
#[derive(Default)]
pub struct Changes {
    pending: Mutex<HashMap<String, Pending>>,
    /// Send → the teacher's answer that it was applied.
    pub applied: Delays,
    /// Send → a snapshot carrying it reached every simulated student.
    pub every_screen: Delays,
    answers: Mutex<HashMap<String, u64>>,
}

impl Changes {
    /// Notes that a change with `mark` was sent now.
    pub fn sent(&self, mark: String) {
        let pending = Pending {
            sent: Instant::now(),
            seen: 0,
        };
        self.pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(mark, pending);
    }

    /// The teacher answered a change of student `i`.
    pub fn answered(&self, i: usize, o: &Outcome) {
        let kind = match &o.state {
            SendState::Applied => "applied",
            SendState::Waiting => "waiting",
            SendState::Conflict => "conflict",
            SendState::Declined(_) => "declined",
            SendState::Refused(why) if why.contains("2 seconds") => "throttled",
            SendState::Refused(_) => "refused",
        };
        *self
            .answers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(kind.into())
            .or_default() += 1;
        if o.state == SendState::Applied {
            let (_, mark) = script(i, o.id);
            let pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(p) = pending.get(&mark) {
                self.applied.add(p.sent.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }

    /// A snapshot reached one of `screens` simulated students: the changes it carries are
    /// counted as shown there, and those shown on every screen are measured.
    pub fn snapshot(&self, snapshot: &RoomSnapshot, screens: usize) {
        let Ok(project) = unpack_project(&snapshot.project) else {
            return;
        };
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        let mut done = Vec::new();
        for (mark, p) in pending.iter_mut() {
            let shown = project
                .blueprints
                .iter()
                .any(|b| b.script_text.contains(mark.as_str()));
            if shown {
                p.seen += 1;
                if p.seen >= screens {
                    self.every_screen
                        .add(p.sent.elapsed().as_secs_f64() * 1000.0);
                    done.push(mark.clone());
                }
            }
        }
        for mark in done {
            pending.remove(&mark);
        }
    }

    /// The answers by kind, for the report.
    pub fn answers(&self) -> serde_json::Value {
        let answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        serde_json::to_value(&*answers).unwrap_or_default()
    }
}

/// What student `i` (device `device`) sends as change `n` (the first adds its blueprint,
/// with no agents).
pub fn submit(i: usize, (device, secret): (&str, &str), n: u32, changes: &Changes) -> Message {
    let (text, mark) = script(i, n);
    let base = if n <= 1 {
        0
    } else {
        revision(&script(i, n - 1).0)
    };
    changes.sent(mark);
    Message::Submit(Submit {
        device: device.to_string(),
        secret: secret.to_string(),
        id: n,
        blueprint: blueprint(i),
        text,
        base,
        new_agents: (n <= 1).then_some(0),
    })
}

/// `flood --server H:P --code CODE [--count 20]`: one student joins and sends `count`
/// changes back to back; prints how the teacher's page answered them.
pub fn flood(args: &[String]) -> Result<serde_json::Value, String> {
    let server = crate::arg(args, "--server", "127.0.0.1:4222");
    let code = crate::arg(args, "--code", "");
    let count = crate::num(args, "--count", 20) as u32;
    let key = Arc::new(RoomKey::derive(&code));
    let (out, inn) = key.subjects();
    let changes = Arc::new(Changes::default());
    let welcomed = Arc::new(Mutex::new(false));
    let device = "flood-0".to_string();
    let secret = format!("flood-secret-{}", key.id());
    let conn: Conn = {
        let (k, me, changes, welcomed) = (
            key.clone(),
            device.clone(),
            changes.clone(),
            welcomed.clone(),
        );
        crate::client::connect(
            crate::client::Spec {
                servers: vec![server.clone()],
                first: 0,
                user: "student".into(),
                password: "student".into(),
                name: device.clone(),
                subscribe: Some(out),
            },
            move |payload, _| match sealed::open(&k, Direction::Out, payload) {
                Ok(Message::Welcome(w)) if w.device == me => {
                    *welcomed.lock().unwrap_or_else(|e| e.into_inner()) = true;
                }
                Ok(Message::Outcome(o)) if o.device == me => changes.answered(0, &o),
                _ => {}
            },
        )
        .map_err(|e| format!("cannot reach {server}: {e}"))?
    };
    let join = Message::Join(sim_core::session::protocol::Join {
        device: device.clone(),
        secret: secret.clone(),
        name: "Flood".into(),
        blueprint: crate::arg(args, "--blueprint", "Fish"),
        code,
    });
    let deadline = Instant::now() + std::time::Duration::from_secs(20);
    // Joins until welcomed (the first may come before the teacher's page hears the room).
    while !*welcomed.lock().unwrap_or_else(|e| e.into_inner()) {
        if Instant::now() > deadline {
            return Err("the teacher's page did not welcome the flooding student".into());
        }
        conn.publish(&inn, &sealed::seal(&key, Direction::In, &join));
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    for n in 1..=count {
        let message = submit(0, (&device, &secret), n, &changes);
        conn.publish(&inn, &sealed::seal(&key, Direction::In, &message));
    }
    // Waits for an answer to every change (or the deadline).
    let answered = |c: &Changes| {
        c.answers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .sum::<u64>()
    };
    while answered(&changes) < u64::from(count) && Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    conn.close();
    Ok(serde_json::json!({ "sent": count, "answers": changes.answers() }))
}
