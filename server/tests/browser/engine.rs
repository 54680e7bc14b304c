//! The engine on the page: its replies, a new game while one is on its way,
//! the engine given a side, first, or both, and Undo and Redo in every
//! state.

use std::time::Duration;

use fantoccini::Locator;
use serde_json::json;
use stone_game::{Convention, Position, RemotenessTable};

use crate::library::{library_engine_move, losing_in, solver_over};
use crate::session::{Outcome, Session, game_positions, join, parse_piles};

pub(crate) async fn engine_moves(s: &Session) -> Outcome {
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(20, convention).map_err(|e| e.to_string())?;
        let solver = solver_over(&table)?;
        for start in [[3, 5, 7], [4, 4, 9], [6, 10, 2], [1, 1, 12]] {
            s.open_page(&format!("?piles={}&misere={flag}", join(&start)))
                .await?;
            // The player takes one stone from A; the engine replies.
            let to = [start[0] - 1, start[1], start[2]];
            s.click_move(&join(&to)).await?;
            s.wait_until(&format!(
                "!['{}', '{}'].includes(new URLSearchParams(location.search).get('piles'))",
                join(&start),
                join(&to)
            ))
            .await?;
            s.wait_for_turn().await?;
            let position = Position::game(to);
            let engine = solver
                .position(&position)
                .map_err(|e| e.to_string())?
                .engine
                .ok_or(format!("{to:?}: the library has no engine move"))?;
            let expected = join(
                engine
                    .leaves(&position)
                    .ok_or("the engine's move leaves no position")?
                    .piles(),
            );
            let shown = s.url_piles().await?;
            if shown != expected {
                return Err(format!(
                    "misere={flag}, after {to:?}: the page's engine left {shown}, the library's {expected}"
                ));
            }
        }
    }
    Ok(())
}

/// A new game started while the engine's reply to a move is on its way
/// never receives it: the old game's requests are aborted, and an answer
/// for it that still arrives is dropped. The page's requests are held back
/// 1.5 s each, so that the new game starts while the old reply is pending.
pub(crate) async fn new_game_while_a_reply_is_pending(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11").await?;
    s.js("const fetch = window.fetch;
          window.fetch = (url, options) => new Promise((resolve, reject) => {
            const timer = setTimeout(() => fetch(url, options).then(resolve, reject), 1500);
            options?.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new DOMException('aborted', 'AbortError'));
            });
          });")
        .await?;
    let first = s.move_buttons().await?;
    let to = first.first().ok_or("no move")?[0]
        .as_str()
        .ok_or("data-to")?
        .to_string();
    s.click_move(&to).await?;
    // The move's answer, then the engine's reply, are on their way: a new
    // game from typed piles.
    s.type_start("2 3 4").await?;
    s.wait_for_piles("2,3,4").await?;
    s.wait_for_turn().await?;
    // Long enough for the old game's answers to have come back, were they
    // still asked for.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let state = s
        .js(
            "return [new URLSearchParams(location.search).get('piles'), \
                     document.querySelectorAll('#history-list li').length, \
                     document.getElementById('status').dataset.state]",
        )
        .await?;
    if state != json!(["2,3,4", 1, "player"]) {
        return Err(format!(
            "after a new game during the engine's reply to {to}: {state} (piles, positions, state)"
        ));
    }
    Ok(())
}

/// The engine given the second side after a move of a human's: it
/// answers at once with the server's engine move, and the game goes on.
pub(crate) async fn engine_takes_a_side_mid_game(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    let mine = s.play_move(7).await?;
    let expected = s.engine_move(&mine).await?;
    s.select("second-player", "engine").await?;
    s.wait_for_piles(&expected).await?;
    s.wait_for_turn().await?;
    let state = s
        .js("return [document.getElementById('status').textContent, \
             document.querySelectorAll('#moves button.move:not(:disabled)').length > 0, \
             [...document.querySelectorAll('#played button')].pop().textContent, \
             new URLSearchParams(location.search).get('engine')]")
        .await?;
    if state[0] != json!("Your move.")
        || state[1] != json!(true)
        || !state[2]
            .as_str()
            .unwrap_or("")
            .starts_with("The engine takes")
        || state[3] != json!(null)
    {
        return Err(format!(
            "after the engine took the second side: {state} (status, moves enabled, last move, engine in the link)"
        ));
    }
    Ok(())
}

/// A game with the engine first, played to its end by a human who picks
/// moves round the list: the engine's every move is the library's, it opens
/// the game (so the human cannot take its first move back), and from a
/// winning start it wins.
pub(crate) async fn engine_first_to_the_end(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Normal).map_err(|e| e.to_string())?;
    let solver = solver_over(&table)?;
    s.open_page("?piles=6,9,11&engine=first").await?;
    s.wait_for_turn().await?;
    let opening = s.url_piles().await?;
    if opening != library_engine_move(&solver, &[6, 9, 11])? {
        return Err(format!("the engine opened to {opening}"));
    }
    let first = s
        .js("return [document.getElementById('undo').disabled, \
             document.getElementById('status').textContent, \
             document.querySelector('#played li:nth-child(2) button').textContent]")
        .await?;
    if first[0] != json!(true)
        || first[1] != json!("Your move.")
        || !first[2]
            .as_str()
            .unwrap_or("")
            .starts_with("The engine takes")
    {
        return Err(format!(
            "after the engine's opening: {first} (undo disabled, status, its move)"
        ));
    }
    for pick in 0.. {
        if s.js("return document.getElementById('status').dataset.state;")
            .await?
            == "over"
        {
            break;
        }
        if pick > 40 {
            return Err("the game did not end in 40 turns".into());
        }
        let mine = s.play_move(pick * 7 + 3).await?;
        let shown = s.url_piles().await?;
        if mine != "0,0,0" && shown != library_engine_move(&solver, &parse_piles(&mine))? {
            return Err(format!("after {mine} the engine left {shown}"));
        }
    }
    let end = s
        .js("return [document.getElementById('status').textContent, \
             document.querySelectorAll('#played li').length, \
             document.getElementById('undo').disabled]")
        .await?;
    let positions = game_positions(s).await?;
    if end[0] != json!("The engine wins.")
        || end[1].as_u64() != Some(positions.len() as u64)
        || end[2] != json!(false)
    {
        return Err(format!(
            "at the end: {end} (status, moves listed, undo disabled), {} positions in the link",
            positions.len()
        ));
    }
    Ok(())
}

/// The engine against itself: it plays one move at a time, a delay apart;
/// Pause stops it and Resume lets it go on; its every move is the
/// library's, in both conventions; the game ends with the winner named, and
/// the choice of players and the delay are in the link.
pub(crate) async fn engine_against_engine(s: &Session) -> Outcome {
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(20, convention).map_err(|e| e.to_string())?;
        let solver = solver_over(&table)?;
        s.open_page(&format!("?piles=5,8,13&engine=none&misere={flag}"))
            .await?;
        s.select("first-player", "engine").await?;
        s.select("second-player", "engine").await?;
        s.type_into("engine-delay", "0.4\t").await?;
        s.wait_until("new URLSearchParams(location.search).get('delay') === '0.4'")
            .await?;
        // One move, then a pause: no move comes while it holds.
        s.wait_until("document.querySelectorAll('#played li').length >= 2")
            .await?;
        s.click(Locator::Id("pause")).await?;
        s.wait_until("document.getElementById('status').dataset.state === 'paused'")
            .await?;
        let held = s
            .js("return document.querySelectorAll('#played li').length")
            .await?;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let still = s
            .js("return [document.querySelectorAll('#played li').length, \
                 document.getElementById('pause').textContent, \
                 document.getElementById('pause').getAttribute('aria-pressed')]")
            .await?;
        if still != json!([held, "Resume", "true"]) {
            return Err(format!("paused at {held} positions: {still}"));
        }
        s.click(Locator::Id("pause")).await?;
        s.wait_until("document.getElementById('status').dataset.state === 'over'")
            .await?;
        let positions = game_positions(s).await?;
        for pair in positions.windows(2) {
            let expected = library_engine_move(&solver, &pair[0])?;
            if join(&pair[1]) != expected {
                return Err(format!(
                    "misere={flag}: from {:?} the engine left {:?}, the library {expected}",
                    pair[0], pair[1]
                ));
            }
        }
        // The first player wins from a winning start, whichever convention.
        let first_wins = !losing_in(&solver, &[5, 8, 13])?;
        let winner = if first_wins { 1 } else { 2 };
        let end = s
            .js("return [document.getElementById('status').textContent, \
                 new URLSearchParams(location.search).get('engine')]")
            .await?;
        if end != json!([format!("Game over: Engine {winner} wins."), "both"]) {
            return Err(format!("misere={flag}: the end says {end}"));
        }
        // Over, the game has nothing to pause.
        let pause = s
            .js("const pause = document.getElementById('pause'); \
                 return [pause.disabled, pause.textContent];")
            .await?;
        if pause != json!([true, "Pause"]) {
            return Err(format!("misere={flag}: at the end, Pause: {pause}"));
        }
    }
    Ok(())
}

/// Undo and Redo in every state: at the start; after a move and the
/// engine's reply; at the end of a game; with the engine first, whose
/// opening cannot be taken back; with two humans, a position at a time;
/// with the engine against itself, a position back and paused; and while
/// an answer is on its way, disabled.
pub(crate) async fn undo_in_every_state(s: &Session) -> Outcome {
    let state = "return [new URLSearchParams(location.search).get('piles'), \
                 document.getElementById('undo').disabled, \
                 document.getElementById('redo').disabled, \
                 document.getElementById('status').dataset.state]";
    // Human against the engine.
    s.open_page("?piles=3,5,7").await?;
    let start = s.js(state).await?;
    if start != json!(["3,5,7", true, true, "player"]) {
        return Err(format!("at the start: {start}"));
    }
    s.play_move(0).await?;
    let replied = s.url_piles().await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_for_piles("3,5,7").await?;
    let back = s.js(state).await?;
    if back != json!(["3,5,7", true, false, "player"]) {
        return Err(format!("after undoing a move and its reply: {back}"));
    }
    s.click(Locator::Id("redo")).await?;
    s.wait_for_piles(&replied).await?;
    // At the end of a game: undo goes back to the human's last turn.
    s.open_page("?piles=0,1,1").await?;
    s.click_move("0,0,0").await?;
    s.wait_until("document.getElementById('status').dataset.state === 'over'")
        .await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_for_piles("0,1,1").await?;
    // The engine first: its opening stays.
    s.open_page("?piles=3,5,7&engine=first").await?;
    s.wait_for_turn().await?;
    let opened = s.js(state).await?;
    if opened[1] != json!(true) {
        return Err(format!("after the engine's opening: {opened}"));
    }
    s.play_move(1).await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_for_piles(opened[0].as_str().ok_or("no piles in the URL")?)
        .await?;
    // Two humans: a position at a time.
    s.open_page("?piles=3,5,7&engine=none").await?;
    let one = s.play_move(2).await?;
    s.play_move(2).await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_for_piles(&one).await?;
    // The engine against itself: a position back, and paused.
    s.open_page("?piles=10,12,15&engine=both&delay=0.3").await?;
    s.wait_until("document.querySelectorAll('#played li').length >= 3")
        .await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until("document.getElementById('status').dataset.state === 'paused'")
        .await?;
    let paused = s
        .js("return [document.querySelectorAll('#played button[aria-current=step]').length, \
             [...document.querySelectorAll('#played button')].findIndex((b) => b.getAttribute('aria-current') === 'step') \
               === document.querySelectorAll('#played li').length - 2]")
        .await?;
    if paused != json!([1, true]) {
        return Err(format!("after undo in engine against engine: {paused}"));
    }
    // While an answer is on its way, neither can be pressed.
    s.open_page("?piles=3,5,7&engine=none").await?;
    s.play_move(0).await?;
    s.js("const fetch = window.fetch;
          window.fetch = (url, options) => new Promise((resolve) =>
            setTimeout(() => resolve(fetch(url, options)), 1500));")
        .await?;
    let moves = s.move_buttons().await?;
    let to = moves.first().ok_or("no move")?[0]
        .as_str()
        .ok_or("data-to")?
        .to_string();
    s.click_move(&to).await?;
    let waiting = s.js(state).await?;
    if waiting[1] != json!(true) || waiting[2] != json!(true) {
        return Err(format!("while the answer is on its way: {waiting}"));
    }
    s.wait_for_turn().await?;
    Ok(())
}
