//! The web explorer in a real Chromium, headless, driven through
//! chromedriver (WebDriver) by fantoccini.
//!
//! Where Chromium or chromedriver is missing, every test is reported as
//! ignored, with the reason printed, and the run passes; with
//! `STONE_GAME_BROWSER_TESTS=required` (as CI sets it) a missing browser
//! fails every test instead. `STONE_GAME_SCREENSHOTS=DIR` also runs the
//! `screenshots` trial, which writes the README's pictures into DIR (a
//! relative one under the repository's root). The
//! server runs in this process.

#[path = "../support/mod.rs"]
mod support;

mod engine;
mod environment;
mod history;
mod library;
mod map;
mod map_drawing;
mod map_touch;
mod moves;
mod page;
mod play;
mod session;

use std::path::Path;
use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};

use environment::{Environment, runtime};
use session::{Session, TestFn};

/// The accessibility check's name.
const AXE_TEST: &str = "no_serious_accessibility_violation_in_any_view_light_or_dark";

/// Every view the accessibility check opens.
const AXE_VIEWS: [(&str, &str); 7] = [
    ("play with values", "?piles=6,9,11&values=1&engine=none"),
    ("misère play", "?piles=6,9,11&values=1&misere=1&engine=none"),
    ("a sum of games", "?piles=1,2,3,4,5,6&values=1&engine=none"),
    (
        "the map of losing positions",
        "?view=map&a=5&limit=40&colour=losing",
    ),
    (
        "the map by remoteness",
        "?view=map&a=5&limit=40&colour=remoteness",
    ),
    (
        "the map by Grundy value",
        "?view=map&a=5&limit=40&colour=grundy",
    ),
    ("a bad link", "?piles=1,2"),
];

/// Runs axe-core on the page (injected before), answering its serious and
/// critical violations, each with the first elements it names.
const AXE_RUN: &str = "const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] })
  .then((r) => done(r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} elements, as ` +
      v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))
  .catch((e) => done([`axe failed: ${e}`]));";

/// The tests, by name.
const TESTS: [(&str, TestFn); 39] = [
    (
        "page_loads_without_console_errors_or_failed_requests",
        |s| Box::pin(page::page_loads_cleanly(s)),
    ),
    (
        "a_whole_game_played_by_clicks_shows_the_librarys_values",
        |s| Box::pin(play::a_whole_game(s)),
    ),
    ("undo_redo_and_the_back_button", |s| {
        Box::pin(play::undo_redo(s))
    }),
    ("the_maps_hover_and_click", |s| {
        Box::pin(map::map_hover_and_click(s))
    }),
    ("a_bad_url_parameter_shows_a_message", |s| {
        Box::pin(page::bad_url_parameter(s))
    }),
    ("the_keyboard_plays_a_move", |s| {
        Box::pin(play::keyboard_move(s))
    }),
    ("misere_from_a_link_and_from_the_checkbox", |s| {
        Box::pin(play::misere(s))
    }),
    (
        "a_typed_sum_of_games_shows_the_xor_and_the_librarys_colours",
        |s| Box::pin(moves::sum_of_games(s)),
    ),
    ("misere_ticked_mid_game_keeps_the_game_and_the_turn", |s| {
        Box::pin(play::misere_ticked_mid_game(s))
    }),
    ("a_misere_game_to_its_end_is_charted_right", |s| {
        Box::pin(play::misere_game_to_its_end(s))
    }),
    ("a_misere_map_draws_no_grundy_values", |s| {
        Box::pin(map::misere_map_without_grundy(s))
    }),
    ("the_pages_engine_moves_are_the_librarys", |s| {
        Box::pin(engine::engine_moves(s))
    }),
    ("the_page_fits_a_phone_390_pixels_wide", |s| {
        Box::pin(page::phone_width(s))
    }),
    ("at_a_phones_width_the_players_are_one_line", |s| {
        Box::pin(page::players_in_a_line_at_phone_width(s))
    }),
    (
        "a_new_game_never_receives_the_old_games_engine_reply",
        |s| Box::pin(engine::new_game_while_a_reply_is_pending(s)),
    ),
    ("the_maps_readout_after_a_drag_and_its_text", |s| {
        Box::pin(map::map_drag_and_text(s))
    }),
    ("the_map_is_drawn_as_the_pictures_are", |s| {
        Box::pin(map_drawing::map_as_the_pictures(s))
    }),
    ("a_finger_pans_the_map_and_two_pinch_it", |s| {
        Box::pin(map_touch::map_touch(s))
    }),
    (
        "a_large_positions_moves_are_grouped_and_made_when_opened",
        |s| Box::pin(moves::large_position(s)),
    ),
    ("the_moves_played_in_words_lead_back", |s| {
        Box::pin(moves::moves_played(s))
    }),
    ("a_move_played_keeps_its_number_when_it_wraps", |s| {
        Box::pin(moves::moves_played_numbered_at_phone_width(s))
    }),
    ("the_moves_played_follow_the_position_shown", |s| {
        Box::pin(moves::moves_played_follow_the_position_shown(s))
    }),
    ("a_game_exported_as_text_and_imported_back", |s| {
        Box::pin(moves::export_import(s))
    }),
    ("the_engine_given_a_side_mid_game_moves_at_once", |s| {
        Box::pin(engine::engine_takes_a_side_mid_game(s))
    }),
    ("a_game_with_the_engine_first_played_to_its_end", |s| {
        Box::pin(engine::engine_first_to_the_end(s))
    }),
    ("the_engine_against_itself_with_a_delay_and_a_pause", |s| {
        Box::pin(engine::engine_against_engine(s))
    }),
    ("undo_and_redo_in_every_state", |s| {
        Box::pin(engine::undo_in_every_state(s))
    }),
    (
        "the_value_history_charts_both_players_and_leads_back",
        |s| Box::pin(history::value_history_chart(s)),
    ),
    ("the_chart_is_drawn_at_its_width_its_numbers_clear", |s| {
        Box::pin(history::chart_at_its_width(s))
    }),
    ("the_map_fits_when_shown_and_when_resized", |s| {
        Box::pin(map_drawing::map_fits_when_shown_and_resized(s))
    }),
    ("the_maps_numbers_are_outside_its_plot", |s| {
        Box::pin(map_drawing::map_numbers_outside_the_plot(s))
    }),
    ("the_remoteness_scale_is_labelled_from_the_map", |s| {
        Box::pin(map_drawing::remoteness_scale_ends(s))
    }),
    (
        "the_map_its_scale_and_its_readout_fit_the_first_screen",
        |s| Box::pin(map::map_scale_and_readout_in_the_first_screen(s)),
    ),
    ("the_maps_marks_stand_out_in_both_schemes", |s| {
        Box::pin(map_drawing::map_marks_stand_out_in_both_schemes(s))
    }),
    ("the_maps_keyboard_cell_stays_in_view", |s| {
        Box::pin(map::map_cursor_stays_in_view(s))
    }),
    ("a_finger_taps_once_to_see_a_position_twice_to_play", |s| {
        Box::pin(map_touch::map_tap_shows_then_plays(s))
    }),
    ("the_maps_message_stays_in_the_map_view", |s| {
        Box::pin(map::map_message_stays_in_its_view(s))
    }),
    ("a_new_games_load_disables_the_old_position", |s| {
        Box::pin(moves::controls_while_a_game_loads(s))
    }),
    ("a_moves_name_says_its_moves_left_in_words", |s| {
        Box::pin(moves::move_names(s))
    }),
];

fn main() {
    let args = Arguments::from_args();
    let required = environment::required();
    let missing = environment::missing();
    let screenshots = std::env::var_os("STONE_GAME_SCREENSHOTS");

    if let Some(path) = missing {
        let names = TESTS.map(|(name, _)| name);
        libtest_mimic::run(&args, environment::skipped(path, required, &names)).exit();
    }

    let mut trials = Vec::new();
    let environment = Arc::new(Environment::start());
    for (name, test) in TESTS {
        let environment = Arc::clone(&environment);
        trials.push(Trial::test(name, move || session::run(&environment, test)));
    }
    // axe-core from npm, whose path `.ci/run` gives: without it the check
    // is skipped and named, unless the browser tests are required.
    let axe = std::env::var_os("STONE_GAME_AXE");
    let axe_reason = "the accessibility check skipped: STONE_GAME_AXE is not set \
        (npm install axe-core, then STONE_GAME_AXE=node_modules/axe-core/axe.min.js)";
    let axe_trial = match axe {
        Some(path) => {
            let environment = Arc::clone(&environment);
            Trial::test(AXE_TEST, move || {
                let script = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", Path::new(&path).display()))?;
                run_axe(&environment, &script)
            })
        }
        None => {
            if !required {
                println!("{axe_reason}\n  skipped: {AXE_TEST}");
            }
            Trial::test(AXE_TEST, move || Err(axe_reason.into())).with_ignored_flag(!required)
        }
    };
    trials.push(axe_trial);
    // The screenshots write files: a trial only when asked for, so that
    // `--include-ignored` runs every test and writes nothing.
    match screenshots {
        Some(dir) => {
            // A relative DIR is the repository's, as README gives it
            // (`STONE_GAME_SCREENSHOTS=docs`): cargo runs tests in the
            // package's folder.
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
            let shots = Arc::clone(&environment);
            trials.push(Trial::test("screenshots", move || {
                page::run_screenshots(&shots, &dir)
            }));
        }
        None => println!("screenshots: not taken; set STONE_GAME_SCREENSHOTS=DIR to write them"),
    }
    // The render times are a measurement, printed, not a test: a trial
    // only when asked for.
    if std::env::var_os("STONE_GAME_RENDER_TIMES").is_some() {
        let timed = Arc::clone(&environment);
        trials.push(Trial::test("render_times", move || {
            page::run_render_times(&timed)
        }));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    drop(environment);
    conclusion.exit();
}

/// Runs axe-core (`script`) on every view of the page, in the light and
/// the dark scheme, and fails on any serious or critical violation.
fn run_axe(environment: &Environment, script: &str) -> Result<(), Failed> {
    let runtime = runtime()?;
    runtime.block_on(async {
        let mut found = Vec::new();
        for (dark, scheme) in [(false, "light"), (true, "dark")] {
            let session = Session::open(environment, dark).await?;
            for (view, query) in AXE_VIEWS {
                session.open_page(query).await?;
                session.js(script).await?;
                let violations = session
                    .client
                    .execute_async(AXE_RUN, vec![])
                    .await
                    .map_err(|e| format!("{view} ({scheme}): axe: {e}"))?;
                for violation in violations.as_array().into_iter().flatten() {
                    found.push(format!(
                        "{view} ({scheme}): {}",
                        violation.as_str().unwrap_or("?")
                    ));
                }
            }
            session.close().await;
        }
        if found.is_empty() {
            Ok(())
        } else {
            Err(found.join("\n").into())
        }
    })
}
