//! A class run's replay page (`?run=ID`): the lesson shown on the stage at any moment exactly
//! as it ran, played on at its own pace or faster, and *Continue from here*. The run itself
//! is sim-core's [`RunReplay`]; this is the page's side: which moment is asked for, and the
//! stage catching up to it a few ticks a frame, so a far seek never freezes the page.

use super::page::PageState;
use crate::session::PuppetNames;
use sim_core::session::class_run::KEYFRAME_EVERY_TICKS;
use sim_core::session::{Playhead, Reached, RunReplay};
use sim_core::TICKS_PER_SECOND;
use std::rc::Rc;

/// The most ticks one frame replays while catching up to the moment asked for.
const CATCH_UP_TICKS: u64 = 90;

/// The replay shown on the page.
pub struct ClassRunView {
    /// The opened run.
    pub replay: Rc<RunReplay>,
    head: Option<Playhead>,
    /// The position asked for (the slider, or play moving on).
    pub wanted: u64,
    /// Where play stands, with the part of a tick its frames moved.
    play_at: f64,
    /// Whether it plays on by itself.
    pub playing: bool,
    /// Ticks of the lesson per tick of real time (1: as it ran).
    pub speed: f64,
    last_ts: Option<f64>,
    /// The position the stage shows, once it caught up.
    pub shown: Option<u64>,
    /// Why the replay stopped: a damaged file, or a state that differs from the lesson's.
    pub error: Option<String>,
    /// The lesson's state hashes matched since the last seek.
    pub checks: u64,
    /// The students' names by their characters, as the run's file has them.
    pub names: PuppetNames,
}

impl ClassRunView {
    fn new(replay: RunReplay) -> ClassRunView {
        ClassRunView {
            names: PuppetNames::new(replay.file().names.clone(), true),
            replay: Rc::new(replay),
            head: None,
            wanted: 0,
            play_at: 0.0,
            playing: false,
            speed: 1.0,
            last_ts: None,
            shown: None,
            error: None,
            checks: 0,
        }
    }

    /// The lesson's time at `position`, as minutes and seconds.
    pub fn clock(position: u64) -> String {
        let seconds = position / u64::from(TICKS_PER_SECOND);
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

impl PageState {
    /// Opens the class run `replay` at its start.
    pub fn open_class_run(&mut self, replay: RunReplay) {
        self.class_run = Some(ClassRunView::new(replay));
        self.catch_up();
    }

    /// Shows moment `position` of the run (the timeline or a part picked).
    pub fn seek_class_run(&mut self, position: u64) {
        if let Some(run) = &mut self.class_run {
            run.wanted = position.min(run.replay.length().saturating_sub(1));
            run.play_at = run.wanted as f64;
            run.error = None;
        }
        self.catch_up();
    }

    /// Plays the replay on (`true`) or holds it.
    pub fn play_class_run(&mut self, on: bool) {
        if let Some(run) = &mut self.class_run {
            run.playing = on && run.wanted + 1 < run.replay.length();
            run.last_ts = None;
        }
    }

    /// Sets how many times faster than the lesson the replay plays.
    pub fn set_class_run_speed(&mut self, speed: f64) {
        if let Some(run) = self
            .class_run
            .as_mut()
            .filter(|_| speed.is_finite() && speed > 0.0)
        {
            run.speed = speed;
        }
    }

    /// A frame of the replay page at real time `ts`: play moves the moment on, and the stage
    /// catches up to it. True when the stage shows another moment.
    pub fn class_run_frame(&mut self, ts: f64) -> bool {
        let Some(run) = &mut self.class_run else {
            return false;
        };
        if run.playing {
            let elapsed = run
                .last_ts
                .map_or(0.0, |last| (ts - last).clamp(0.0, 250.0));
            run.play_at += elapsed / 1_000.0 * f64::from(TICKS_PER_SECOND) * run.speed;
            let end = run.replay.length().saturating_sub(1);
            run.wanted = (run.play_at as u64).min(end);
            if run.wanted >= end {
                run.playing = false;
            }
        }
        run.last_ts = Some(ts);
        if run.shown == Some(run.wanted) {
            return false;
        }
        self.catch_up();
        let arrived = self
            .class_run
            .as_ref()
            .is_some_and(|run| !run.playing && run.shown == Some(run.wanted));
        if arrived {
            // A moment sought is reached: the inspector and panels show it.
            self.inspect();
        }
        true
    }

    /// Brings the stage a frame's work nearer the moment asked for: on from where it is
    /// when that is a little ahead in the same part, else from the nearest keyframe.
    fn catch_up(&mut self) {
        let Some(run) = &mut self.class_run else {
            return;
        };
        let (part, tick) = run.replay.locate(run.wanted);
        let now = self.run.tick();
        let same_part = run.head.as_ref().is_some_and(|h| h.part() == part);
        let near = same_part && now <= tick && tick - now <= KEYFRAME_EVERY_TICKS;
        if !near {
            match run.replay.seek(run.wanted) {
                Ok((head, project, sim)) => {
                    let project = (!same_part).then_some(project);
                    self.run.adopt(&self.project, project, sim);
                    if !same_part {
                        self.stage.fit_to_project(&self.project);
                    }
                    run.head = Some(head);
                }
                Err(why) => return stop(run, why),
            }
        }
        let (Some(head), Some(sim)) = (run.head.as_mut(), self.run.sim_mut()) else {
            return;
        };
        let result = run.replay.play_to(head, sim, tick, CATCH_UP_TICKS);
        run.checks = head.checks();
        self.session.hash_stale = true;
        match result {
            Ok(Reached::Partway) => {}
            Ok(Reached::There | Reached::End) => run.shown = Some(run.wanted),
            Err(why) => stop(run, why),
        }
    }

    /// *Continue from here*: the part's model starting where the run is now, kept as a new
    /// project that the app opens next; its name.
    pub fn run_from_here(&self) -> Option<(sim_core::Project, String)> {
        let run = self.class_run.as_ref()?;
        let (project, title) = self
            .project
            .with(|c| c.map(|c| (c.project.clone(), c.title().to_string())))?;
        let mut from_here = self.run.project_from_here(&project)?;
        // A student's character is named by their device; the new project names it by them.
        for instance in &mut from_here.instances {
            if let Some(name) = run.names.of(&instance.label) {
                instance.label = name;
            }
        }
        let name = format!("{title} from {}", ClassRunView::clock(run.wanted));
        Some((from_here, name))
    }
}

/// The replay stops at what went wrong, and says it (a seek starts afresh).
fn stop(run: &mut ClassRunView, why: String) {
    run.head = None;
    run.playing = false;
    run.shown = Some(run.wanted);
    run.error = Some(why);
}
