//! The steps of one animation frame on the page's state, in order: take in what changed (the
//! session's news, an edit of the project, the widgets), run the ticks due, hand the session
//! its part, draw, and show the tick and the session's hash. The stage area drives them and
//! runs the periodic task due after them.

use super::now_ms;
use super::page::PageState;
use crate::run::Synced;
use std::rc::Rc;

/// What a frame's steps found, for the stage area to tell the shell.
pub struct FrameDone {
    /// Whether the page shows something new (a new model, another tick, another hash).
    pub changed: bool,
    /// How long drawing took, milliseconds.
    pub work_ms: f64,
}

impl PageState {
    /// One frame at real time `ts` (milliseconds), up to the drawing and the tick shown.
    pub fn frame(&mut self, ts: f64) -> FrameDone {
        self.run.begin_frame(ts);
        let synced = self.take_in_changes(ts);
        self.run.update_clock(ts);
        let replayed = self.class_run_frame(ts);
        if self.session.device.is_none() && self.class_run.is_none() {
            self.run_due();
        }
        let inputs = self.session.after_ticks(&self.run, &self.project, ts);
        if inputs && !self.run.running() {
            // Inputs applied while paused changed the state without a tick: the agent list
            // and the panels show it (the periodic refresh only runs while playing).
            self.refresh_panels();
            self.refresh_inspection();
            self.readouts.stale = true;
        }
        let started = now_ms();
        self.draw();
        let work_ms = now_ms() - started;
        let ticked = self.stage.show_tick(&self.run);
        let hash_before = self.session.shown_hash;
        self.refresh_hash();
        FrameDone {
            changed: synced || replayed || ticked || hash_before != self.session.shown_hash,
            work_ms,
        }
    }

    /// Before the frame's ticks: what the session brought, a changed project (which restarts
    /// the graphs and the inspection) and changed widgets. Returns whether the model was
    /// replaced.
    fn take_in_changes(&mut self, ts: f64) -> bool {
        let arrived = self.session.before_ticks(&mut self.run, &self.project, ts);
        let adopted = arrived.adopted;
        if adopted {
            self.stage.fit_to_project(&self.project);
        }
        if arrived.teacher_acted && !self.model_running() {
            // While the teacher plays, the periodic refreshes show what changed.
            self.refresh_panels();
            self.refresh_inspection();
            self.readouts.stale = true;
        }
        let synced = adopted || (self.session.device.is_none() && self.sync_project());
        if synced {
            self.stage.started_over(&self.run);
            self.readouts.edit_error = None;
            if adopted {
                self.follow_series();
            } else {
                self.restart_series();
            }
            self.inspect();
        } else if self.readouts.inspected_at != self.project.revision() {
            // An edit swapped in without a restart (a student's new blueprint brings agents).
            self.inspect();
            self.readouts.stale = true;
        }
        self.readouts.inspected_at = self.project.revision();
        if self.widgets_behind() && self.refresh_widgets() {
            self.readouts.stale = true;
        }
        synced
    }

    /// Picks up a newly loaded or edited project: its costumes, and when the run started
    /// afresh, the stage fitted to the model's bounds. True when the run started afresh.
    fn sync_project(&mut self) -> bool {
        self.stage.show_costumes(&self.project);
        match self.run.sync(&self.project) {
            Synced::Kept => false,
            Synced::Restarted { .. } => {
                self.stage.fit_to_project(&self.project);
                true
            }
        }
    }

    /// Runs the ticks due on a page that runs its own model, and hands a hosted session the
    /// bundle of what ran.
    fn run_due(&mut self) {
        if self.run.run_due() {
            // The run paused itself: the panels, which refresh only while it runs, show what
            // the last ticks did (the error that stopped it).
            self.refresh_panels();
            self.refresh_inspection();
        }
        self.session.ran(&self.run);
        self.note_branch();
    }

    /// After the run went on from a rewound moment: the graphs drop what came after it, and a
    /// message says the old future is gone.
    fn note_branch(&mut self) {
        let Some(at) = self.run.take_branched() else {
            return;
        };
        Rc::make_mut(&mut self.readouts.series).drop_ahead();
        self.project.post_note(format!(
            "The run went on from t = {:.2} s, so what came after that moment before was dropped.",
            sim_core::sim::tick_time(at).to_f64()
        ));
    }

    /// The state hash the stage shows in a session or a class run's replay.
    fn refresh_hash(&mut self) {
        // A class run's replay moves by its own play button, not the stage's clock.
        let (replaying, running) = match &self.class_run {
            Some(run) => (true, run.playing),
            None => (false, self.model_running()),
        };
        self.session.refresh_hash(&self.run, replaying, running);
    }
}
