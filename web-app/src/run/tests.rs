//! The run's rules, natively: opening, editing, resetting and seeking, and what the page does
//! to its agents.

use super::*;
use crate::inspector::Edit;
use crate::projects::{CurrentProject, Origin};
use sim_core::{Project, PropGroup, Selection, Value};

#[test]
fn a_project_past_the_cap_is_told_how_many_were_made() {
    assert_eq!(cap_note(MAX_AGENTS), None);
    let note = cap_note(MAX_AGENTS + 5).unwrap();
    assert!(note.contains("places 20005 agents"), "{note}");
    assert!(note.ends_with("only the first 20000 were made"), "{note}");
}

/// The bundled wander model and a run of it, opened after its first frame.
fn wander() -> (ProjectHandle, Run) {
    let (handle, run) = super::wander();
    assert_eq!(
        handle.revision(),
        run.revision,
        "the run follows the project"
    );
    (handle, run)
}

fn append_to_script(handle: &ProjectHandle, line: &str) {
    handle.edit("edit", |p| {
        let bp = p.blueprints.first_mut().unwrap();
        bp.script_text.push_str(line);
    });
}

fn nth(run: &Run, n: usize) -> EntityId {
    run.sim().unwrap().agents().nth(n).unwrap().id()
}

fn selection(run: &Run, id: EntityId) -> Selection {
    run.sim().unwrap().agent(id).unwrap().selection()
}

/// Runs frames of 50 ms from `from` to `to` real milliseconds; the ticks run.
fn frames(run: &mut Run, from: u32, to: u32) {
    for ms in (from..=to).step_by(50) {
        run.begin_frame(f64::from(ms));
        run.update_clock(f64::from(ms));
        run.run_due();
    }
}

#[test]
fn a_model_opens_paused_at_its_start_and_plays_only_when_asked() {
    let (handle, mut run) = wander();
    assert!(!run.running(), "opened paused");
    frames(&mut run, 50, 1_000);
    assert_eq!(run.tick(), 0, "nothing ran before Play");
    run.play();
    frames(&mut run, 1_050, 2_000);
    assert!(run.tick() > 0, "Play runs it");
    // Another model opens paused too, even while this one plays.
    let other = Project::from_json(include_str!("../../../static/models/wander.gemprj")).unwrap();
    handle.replace(CurrentProject::new(other, Origin::Other));
    assert_eq!(run.sync(&handle), Synced::Restarted { opened: true });
    assert!(!run.running());
    assert_eq!((run.tick(), run.clock_time()), (0, SimTime::ZERO));
}

#[test]
fn a_demo_plays_from_the_first_frame_unless_the_last_page_crashed() {
    let mut demo = Run::new(no_timer, false, true);
    demo.begin_frame(0.0);
    assert!(demo.running());
    let mut after_crash = Run::new(no_timer, true, true);
    after_crash.begin_frame(0.0);
    assert!(!after_crash.running());
    assert!(after_crash.notices().crashed());
    after_crash.play();
    assert!(
        !after_crash.notices().crashed(),
        "Play dismisses the notice"
    );
}

#[test]
fn a_script_edit_is_swapped_into_the_running_model_and_it_plays_on() {
    let (handle, mut run) = wander();
    run.play();
    run.step();
    run.play();
    let jumps = run.jumps();
    append_to_script(&handle, "\n# PROGRAM DEFINE\naddProp calm Number 1\n");
    assert_eq!(run.sync(&handle), Synced::Kept, "no restart");
    assert_eq!(run.tick(), 1, "the run goes on");
    assert!(run.running(), "and keeps playing");
    assert_ne!(run.jumps(), jumps, "a session sends the new state");
    assert_eq!(run.sync(&handle), Synced::Kept, "nothing new");
    assert_eq!(handle.take_note(), None);
}

#[test]
fn an_edit_that_does_not_compile_keeps_the_last_model_running_with_a_note() {
    let (handle, mut run) = wander();
    run.step();
    append_to_script(&handle, "\nprop enrgy add 3\n");
    assert_eq!(run.sync(&handle), Synced::Kept);
    assert_eq!(run.tick(), 1);
    let note = handle.take_note().unwrap();
    assert!(note.contains("last version that compiled"), "{note}");
}

#[test]
fn a_structural_edit_resets_with_a_note_and_a_new_project_without() {
    let (handle, mut run) = wander();
    run.step();
    handle.edit("stage", |p| p.metadata.right += 10.0);
    assert_eq!(run.sync(&handle), Synced::Restarted { opened: false });
    assert_eq!(run.tick(), 0);
    assert_eq!(
        handle.take_note().as_deref(),
        Some("model reset because the stage settings changed")
    );
    let other = handle.with(|c| c.unwrap().project.clone());
    handle.replace(CurrentProject::new(other, Origin::Other));
    assert_eq!(run.sync(&handle), Synced::Restarted { opened: true });
    assert_eq!(handle.take_note(), None);
}

#[test]
fn reset_and_seek_pause_and_count_as_jumps() {
    let (handle, mut run) = wander();
    for _ in 0..5 {
        run.step();
    }
    run.play();
    let jumps = run.jumps();
    assert_eq!(run.seek(&handle, 2), Ok(sim_core::sim::tick_time(2)));
    assert!(!run.running());
    assert_eq!(run.tick(), 2);
    assert_eq!(run.jumps(), jumps + 1);
    run.play();
    run.reset();
    assert!(!run.running());
    assert_eq!((run.tick(), run.jumps()), (0, jumps + 2));
    assert_eq!(run.timeline_range(), Some((0, 0)));
}

#[test]
fn step_advances_one_tick_and_says_how_far_for_the_bundle() {
    let (_handle, mut run) = wander();
    run.step();
    run.step();
    assert_eq!(run.tick(), 2);
    assert_eq!(run.advanced_to(), sim_core::sim::tick_time(2));
    assert!(!run.running());
}

#[test]
fn speeds_step_through_the_list_and_stop_at_its_ends() {
    let mut run = Run::default();
    run.speed_by(1);
    assert_eq!(run.speed_label(), "2");
    for _ in 0..10 {
        run.speed_by(1);
    }
    assert_eq!((run.speed_label(), run.speed()), ("8", 8.0));
    run.set_speed("nonsense");
    assert_eq!(run.speed_label(), "8");
    for _ in 0..10 {
        run.speed_by(-1);
    }
    assert_eq!(run.speed_label(), "0.25");
}

#[test]
fn a_click_selects_alone_and_a_shift_click_groups() {
    let (_handle, mut run) = wander();
    let (a, b, c) = (nth(&run, 0), nth(&run, 1), nth(&run, 2));
    run.select(a, false);
    run.select(b, false);
    run.select(c, true);
    assert!(!selection(&run, a).selected);
    assert!(selection(&run, b).selected && !selection(&run, b).grouped);
    assert!(selection(&run, c).selected && selection(&run, c).grouped);
    run.clear_selection();
    assert!(!selection(&run, b).selected && !selection(&run, c).grouped);
}

#[test]
fn hovering_moves_the_mark_from_agent_to_agent() {
    let (_handle, mut run) = wander();
    let (a, b) = (nth(&run, 0), nth(&run, 1));
    assert!(run.hover(Some(a)));
    assert!(!run.hover(Some(a)));
    assert!(run.hover(Some(b)));
    assert!(!selection(&run, a).hovered && selection(&run, b).hovered);
    assert!(run.hover(None));
    assert!(!selection(&run, b).hovered);
}

#[test]
fn delete_removes_only_the_selected_and_grouped_agents() {
    let (_handle, mut run) = wander();
    let (a, b) = (nth(&run, 0), nth(&run, 1));
    run.select(a, false);
    run.select(b, true);
    run.remove_selected();
    let sim = run.sim().unwrap();
    assert_eq!(sim.agents().count(), 10);
    assert!(sim.agent(a).is_none() && sim.agent(b).is_none());
}

#[test]
fn a_drag_in_the_y_up_world_lands_at_the_y_down_sim_position() {
    let (_handle, mut run) = wander();
    let a = nth(&run, 0);
    run.drag_to(a, 30.0, 40.0);
    assert_eq!(
        run.sim().unwrap().agent(a).unwrap().position(),
        (30.0, -40.0)
    );
}

fn edit(agent: EntityId, name: &str, text: &str, was: Value) -> Edit {
    Edit {
        agent,
        group: PropGroup::Builtin,
        name: name.to_string(),
        text: text.to_string(),
        was,
    }
}

#[test]
fn edits_apply_or_say_why_not() {
    let (_handle, mut run) = wander();
    let a = nth(&run, 0);
    assert_eq!(run.edit(&edit(a, "x", "12", Value::Number(0.0))), Ok(()));
    assert_eq!(run.sim().unwrap().agent(a).unwrap().position().0, 12.0);
    let refused = run.edit(&edit(a, "id", "5", Value::Number(1.0)));
    assert_eq!(
        refused,
        Err("id: 'id' cannot be changed: it is only there to be read".to_string())
    );
    assert!(run.edit(&edit(a, "x", "far", Value::Number(0.0))).is_err());
}

#[test]
fn a_checkbox_edit_turns_a_boolean_prop_off_and_on() {
    let (_handle, mut run) = wander();
    let a = nth(&run, 0);
    let toggle = |text: &str| edit(a, "visible", text, Value::Boolean(true));
    assert_eq!(run.edit(&toggle("false")), Ok(()));
    assert!(!run.sim().unwrap().agent(a).unwrap().visible());
    assert_eq!(run.edit(&toggle("true")), Ok(()));
    assert!(run.sim().unwrap().agent(a).unwrap().visible());
}
