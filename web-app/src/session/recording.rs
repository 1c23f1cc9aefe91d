//! The class run on the teacher's page: every epoch and bundle the room was sent, recorded as
//! the lesson goes (sim-core's [`Recorder`]), kept in the library's database now and then so
//! a reload of the page goes on with it, kept among the library's class runs when the
//! session ends, and saved as a file on the teacher's word.

use super::hosting::Hosting;
use crate::projects::{rooms, runs, ProjectHandle};
use crate::run::Run;
use sim_core::session::{protocol::Bundle, Recorder, RunFile};
use std::cell::RefCell;
use std::rc::Rc;

/// How often the recording is kept for a reload, milliseconds of the wall clock: often while
/// it is small, once a minute once it weighs [`KEEP_OFTEN_BYTES`] (each keeping writes it all).
const KEEP_EVERY_MS: (f64, f64) = (10_000.0, 60_000.0);
/// See [`KEEP_EVERY_MS`].
const KEEP_OFTEN_BYTES: usize = 2 << 20;

/// The recording of one session's run.
pub struct Recording {
    recorder: Recorder,
    /// Its id among the library's class runs (one per lesson: saving again replaces it).
    pub id: String,
    /// When it was last kept for a reload.
    kept_ms: f64,
    /// How many ticks of the run the last keeping that finished held (what a reload finds).
    pub kept_ticks: Rc<RefCell<u64>>,
    /// The recording kept before a reload, once read back.
    pub inbox: Rc<RefCell<Option<RunFile>>>,
    /// Why a new epoch is due, until the model can give its start (it has none while the
    /// page is still opening the model).
    due: Option<&'static str>,
    /// What became of the last save into the library: its size, or why it failed.
    pub saved: Rc<RefCell<Option<Result<runs::RunEntry, String>>>>,
}

/// Where room `code`'s recording is kept for a reload.
fn kept_key(code: &str) -> String {
    format!("{code}#run")
}

impl Recording {
    /// A recording of room `code`'s lesson of the model called `title`.
    pub fn new(code: &str, title: &str) -> Recording {
        let now = js_sys::Date::now();
        Recording {
            recorder: Recorder::new(title, now),
            id: format!("lesson-{code}-{now:.0}"),
            kept_ms: now,
            kept_ticks: Rc::default(),
            inbox: Rc::default(),
            due: None,
            saved: Rc::default(),
        }
    }

    /// Reads back room `code`'s recording kept before a reload (into [`Recording::inbox`]).
    pub fn restore(&self, code: &str) {
        let (inbox, key) = (self.inbox.clone(), kept_key(code));
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(Some(bytes)) = rooms::kept(&key).await {
                *inbox.borrow_mut() = RunFile::decode(&bytes).ok();
            }
        });
    }

    /// Takes in what the frame sent: a new epoch first when the state `jumped` (`why`), then
    /// the bundles, then a keyframe when one is due. A recording read back after a reload
    /// takes the place of this one's and goes on from here.
    pub fn record(
        &mut self,
        (run, hosting): (&Run, &Hosting),
        project: &ProjectHandle,
        jumped: Option<&'static str>,
        bundles: &[Bundle],
    ) {
        if let Some(why) = jumped {
            self.due = self.due.or(Some(why));
        }
        let restored = self.inbox.borrow_mut().take();
        if let Some(file) = restored {
            self.id = format!("lesson-{:.0}", file.started_ms);
            self.recorder = Recorder::resume(file);
            self.due = Some("the teacher's page came back");
        }
        if let Some(why) = self.due {
            if let Some(snapshot) = hosting.room_snapshot(run, project, Vec::new(), false) {
                self.recorder
                    .epoch(&snapshot, run.tick(), why, js_sys::Date::now());
                self.due = None;
            }
        }
        for bundle in bundles {
            self.recorder.bundle(bundle);
        }
        if self.recorder.keyframe_due(run.tick()) {
            if let Some((epoch, seq, tick, state)) = hosting.keyframe(run) {
                self.recorder.keyframe(epoch, seq, tick, state);
            }
        }
    }

    /// The run file now, with the students' `names` and the lesson's `activity` record.
    pub fn file(&mut self, names: Vec<(String, String)>, activity: &str) -> Vec<u8> {
        self.recorder.save(names, activity)
    }

    /// Minutes of the run recorded, and the bytes kept.
    pub fn size(&self) -> (f64, usize) {
        let ticks = self.recorder.ticks() as f64;
        let minutes = ticks / f64::from(sim_core::TICKS_PER_SECOND) / 60.0;
        (minutes, self.recorder.bytes())
    }

    /// Why the recording stopped (it reached its limit), once it did.
    pub fn stopped(&self) -> Option<&str> {
        self.recorder.stopped()
    }

    /// Keeps the recording for a reload when a minute passed since it was last kept.
    pub fn keep_if_due(&mut self, code: &str, now_ms: f64) {
        let every = if self.recorder.bytes() < KEEP_OFTEN_BYTES {
            KEEP_EVERY_MS.0
        } else {
            KEEP_EVERY_MS.1
        };
        if now_ms - self.kept_ms < every || self.inbox.borrow().is_some() {
            return;
        }
        self.kept_ms = now_ms;
        let (bytes, key) = (self.file(Vec::new(), ""), kept_key(code));
        let (kept, ticks) = (self.kept_ticks.clone(), self.recorder.ticks());
        wasm_bindgen_futures::spawn_local(async move {
            match rooms::keep_extra(&key, &bytes).await {
                Ok(()) => *kept.borrow_mut() = ticks,
                Err(e) => web_sys::console::warn_1(&e.to_string().into()),
            }
        });
    }

    /// Keeps the run file `bytes` among the library's class runs (its outcome in
    /// [`Recording::saved`]), then calls `done`.
    pub fn keep_in_library(&self, bytes: Vec<u8>, done: impl FnOnce() + 'static) {
        let (saved, id) = (self.saved.clone(), self.id.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let kept = runs::keep_run(&id, &bytes).await.map_err(|e| e.to_string());
            *saved.borrow_mut() = Some(kept);
            done();
        });
    }

    /// The file name a saved run gets: the model's file name, the lesson's date and time.
    pub fn file_name(&self, project: &ProjectHandle) -> String {
        let stem = project
            .with(|c| c.map(|c| c.file_name()))
            .unwrap_or_default()
            .trim_end_matches(".gemprj")
            .to_string();
        let d = js_sys::Date::new(&self.recorder.started_ms().into());
        format!(
            "{stem}-class-run-{:04}-{:02}-{:02}-{:02}{:02}.stepwise-run",
            d.get_full_year(),
            d.get_month() + 1,
            d.get_date(),
            d.get_hours(),
            d.get_minutes()
        )
    }
}
