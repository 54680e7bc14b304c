//! A game played on the page: by clicks to its end, undone and redone, from
//! the keyboard, and in misère play.

use fantoccini::Locator;
use serde_json::json;
use stone_game::{Convention, RemotenessTable, ScannedTables};

use crate::library::losing;
use crate::session::{Outcome, Session, join, parse_piles};

pub(crate) async fn a_whole_game(s: &Session) -> Outcome {
    let tables = ScannedTables::scan(20).map_err(|e| e.to_string())?;
    let remoteness = stone_game::RemotenessTable::compute(20, stone_game::Convention::Normal)
        .map_err(|e| e.to_string())?;
    s.open_page("?piles=4,7,9&values=1").await?;
    let mut turns = 0;
    loop {
        let state = s
            .js("return document.getElementById('status').dataset.state;")
            .await?;
        if state == "over" {
            break;
        }
        turns += 1;
        if turns > 30 {
            return Err("the game did not end in 30 turns".into());
        }
        let position = parse_piles(&s.url_piles().await?);
        let moves = s.move_buttons().await?;
        let expected = stone_game::Move::all_from([position[0], position[1], position[2]]).count();
        if moves.len() != expected {
            return Err(format!(
                "{position:?}: {} move buttons, {expected} moves",
                moves.len()
            ));
        }
        let mut winning = None;
        for m in moves {
            let to = parse_piles(m[0].as_str().ok_or("data-to")?);
            let lost = losing(&tables, &to);
            let colour = m[1].as_str().ok_or("a move is not coloured")?;
            if colour != if lost { "lose" } else { "win" } {
                return Err(format!(
                    "{position:?} to {to:?}: coloured {colour}, lost: {lost}"
                ));
            }
            let r: u64 = m[2]
                .as_str()
                .ok_or("no remoteness")?
                .parse()
                .map_err(|_| "remoteness")?;
            let library = remoteness
                .value(to[0], to[1], to[2])
                .ok_or("past the table")?;
            if u64::from(library.remoteness) != r {
                return Err(format!("{to:?}: remoteness {r}, the library's {library:?}"));
            }
            if lost {
                winning = Some(m[0].as_str().unwrap().to_string());
            }
        }
        // The player plays a winning move, by a click on its button; or, on
        // the first turn, by a click on a stone.
        let Some(to) = winning else {
            return Err(format!(
                "{position:?} has no winning move, but the player started on a win"
            ));
        };
        if turns == 1 && position[2] > 0 && losing(&tables, &[position[0], position[1], 0]) {
            let css = format!(".pile[data-pile='2'] .stone[data-take='{}']", position[2]);
            let stone = s
                .client
                .find(Locator::Css(&css))
                .await
                .map_err(|e| e.to_string())?;
            stone.click().await.map_err(|e| e.to_string())?;
        } else {
            s.click_move(&to).await?;
        }
        s.wait_for_piles_other_than(&[&join(&position)]).await?;
        s.wait_for_turn().await?;
    }
    let status = s.text("#status").await?;
    if status != "You win!" {
        return Err(format!("the end says {status:?}"));
    }
    if s.url_piles().await? != "0,0,0" {
        return Err(format!("ended at {}", s.url_piles().await?));
    }
    // In normal play the engine, to move at the end, has lost.
    let (class, title) = last_point(s).await?;
    if !class.split(' ').any(|c| c == "lose") || !title.ends_with("has lost") {
        return Err(format!("the end is charted as {class:?}, {title:?}"));
    }
    // The history chart has a point for every position.
    let points = s
        .js("return document.querySelectorAll('#history circle').length;")
        .await?;
    if points.as_u64() != Some(2 * turns) {
        return Err(format!("{points} points for {turns} turns"));
    }
    Ok(())
}

pub(crate) async fn undo_redo(s: &Session) -> Outcome {
    s.open_page("?piles=3,5,7").await?;
    s.click_move("3,5,6").await?;
    s.wait_for_piles_other_than(&["3,5,6", "3,5,7"]).await?;
    s.wait_for_turn().await?;
    let after = s.url_piles().await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_for_piles("3,5,7").await?;
    s.click(Locator::Id("redo")).await?;
    s.wait_for_piles(&after).await?;
    // The keyboard: u undoes, r redoes.
    s.js("document.activeElement.blur();").await?;
    s.client
        .find(Locator::Css("body"))
        .await
        .map_err(|e| e.to_string())?
        .send_keys("u")
        .await
        .map_err(|e| e.to_string())?;
    s.wait_for_piles("3,5,7").await?;
    // Back and forward walk the same history.
    s.client.back().await.map_err(|e| e.to_string())?;
    s.wait_for_piles(&after).await?;
    s.wait_until(&format!(
        "document.getElementById('value').textContent.startsWith('{}:')",
        after.replace(',', " ")
    ))
    .await?;
    s.client.forward().await.map_err(|e| e.to_string())?;
    s.wait_until("document.getElementById('value').textContent.startsWith('3 5 7:')")
        .await?;
    Ok(())
}

pub(crate) async fn keyboard_move(s: &Session) -> Outcome {
    s.open_page("?piles=2,2,2&engine=none").await?;
    // Tab reaches the first move button; the arrows move along; Enter plays.
    let first = s
        .client
        .find(Locator::Css("button.move"))
        .await
        .map_err(|e| e.to_string())?;
    first
        .send_keys("\u{E014}\u{E014}\u{E007}")
        .await
        .map_err(|e| e.to_string())?; // right, right, Enter
    s.wait_for_piles("0,2,2").await?;
    s.wait_for_turn().await?;
    // The focus stays among the moves, on the first of the new position,
    // and Enter plays on from there; with no move left it goes to Undo.
    s.wait_until("document.activeElement.matches('button.move[tabindex=\"0\"]')")
        .await?;
    for _ in 0..10 {
        let over = s
            .js("return document.querySelectorAll('button.move').length === 0")
            .await?;
        if over == json!(true) {
            break;
        }
        let piles = s.url_piles().await?;
        s.keys_to_focused("\u{E007}").await?;
        s.wait_for_piles_other_than(&[&piles]).await?;
        s.wait_for_turn().await?;
    }
    let focused = s.js("return document.activeElement.id").await?;
    if focused != json!("undo") {
        return Err(format!(
            "with no move left, the focus is on {focused}, not Undo"
        ));
    }
    let labelled = s
        .js("return [...document.querySelectorAll('button, input, select, canvas')]
                .filter(e => !e.labels?.length && !e.getAttribute('aria-label') && !e.textContent.trim())
                .map(e => e.outerHTML);")
        .await?;
    if labelled != json!([]) {
        return Err(format!("controls with no label: {labelled}"));
    }
    Ok(())
}

pub(crate) async fn misere(s: &Session) -> Outcome {
    // Misère: whoever takes the last stone loses, so one stone left is lost.
    s.open_page("?piles=0,0,1&misere=1").await?;
    let value = s.text("#value").await?;
    if value != "0 0 1: the player to move loses in 1 move" {
        return Err(format!("misère 0 0 1: {value:?}"));
    }
    if !s.text("#rule-text").await?.contains("loses") {
        return Err("the rules do not say misère".into());
    }
    // The checkbox switches back to normal play, where it is a win.
    s.click(Locator::Id("misere")).await?;
    s.wait_until("new URLSearchParams(location.search).get('misere') === '0'")
        .await?;
    s.wait_until("document.getElementById('value').textContent === '0 0 1: the player to move wins in 1 move · Grundy value 1'").await?;
    Ok(())
}

/// The class and the title of the history chart's last point.
async fn last_point(s: &Session) -> Result<(String, String), String> {
    let point = s
        .js(
            "const p = [...document.querySelectorAll('#history circle')].pop();
             return p ? [p.getAttribute('class'), p.textContent] : null;",
        )
        .await?;
    let text = |i: usize| point[i].as_str().map(str::to_string);
    text(0)
        .zip(text(1))
        .ok_or_else(|| format!("no point in the chart: {point}"))
}

pub(crate) async fn misere_game_to_its_end(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Misere).map_err(|e| e.to_string())?;
    let value = |p: &[u64]| {
        table
            .value(p[0], p[1], p[2])
            .ok_or(format!("{p:?} past the table"))
    };
    let mut start = None;
    for p in [[4, 7, 9], [3, 5, 7], [2, 3, 5], [1, 2, 4]] {
        if value(&p)?.outcome == stone_game::Outcome::Win {
            start = Some(p);
            break;
        }
    }
    let start = start.ok_or("no won misère start among the candidates")?;
    s.open_page(&format!("?piles={}&misere=1&values=1", join(&start)))
        .await?;
    for turn in 0.. {
        let state = s
            .js("return document.getElementById('status').dataset.state;")
            .await?;
        if state == "over" {
            break;
        }
        if turn == 30 {
            return Err("the game did not end in 30 turns".into());
        }
        let position = parse_piles(&s.url_piles().await?);
        // Every move coloured by misère play's outcome; the player plays the
        // first that wins.
        let mut winning = None;
        for m in s.move_buttons().await? {
            let to = parse_piles(m[0].as_str().ok_or("data-to")?);
            let lost = value(&to)?.outcome == stone_game::Outcome::Lose;
            let colour = m[1].as_str().ok_or("a move is not coloured")?;
            if colour != if lost { "lose" } else { "win" } {
                return Err(format!(
                    "misère {position:?} to {to:?}: coloured {colour}, lost: {lost}"
                ));
            }
            if lost && winning.is_none() {
                winning = Some(join(&to));
            }
        }
        let to = winning.ok_or(format!("misère {position:?} has no winning move"))?;
        s.click_move(&to).await?;
        s.wait_for_piles_other_than(&[&join(&position)]).await?;
        s.wait_for_turn().await?;
    }
    // The engine took the last stone: under misère play it lost, and the
    // player to move at the end has won.
    let status = s.text("#status").await?;
    if status != "You win!" {
        return Err(format!("the misère end says {status:?}"));
    }
    let shown = s.text("#value").await?;
    if shown != "0 0 0: the player to move has won" {
        return Err(format!("the misère end reads {shown:?}"));
    }
    let (class, title) = last_point(s).await?;
    if !class.split(' ').any(|c| c == "win") || class.contains("lose") {
        return Err(format!("the misère end is charted as {class:?}"));
    }
    if !title.ends_with("has won") {
        return Err(format!("the misère end's point says {title:?}"));
    }
    Ok(())
}

/// A position's value as the page words it for the player to move.
fn in_words(value: stone_game::Value) -> String {
    let (verb, over) = match value.outcome {
        stone_game::Outcome::Win => ("wins", "has won"),
        stone_game::Outcome::Lose => ("loses", "has lost"),
    };
    match value.remoteness {
        0 => over.to_string(),
        1 => format!("{verb} in 1 move"),
        r => format!("{verb} in {r} moves"),
    }
}

/// Misère ticked in the middle of a game: the game goes on from where it
/// was, the same side to move and every move played kept, each position
/// valued again under misère; with the engine to answer a human, the
/// engine does not take the human's turn. The history's sentences name
/// the sides in lower case ("the player to move (the engine)").
pub(crate) async fn misere_ticked_mid_game(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Misere).map_err(|e| e.to_string())?;
    let tick = async || -> Outcome {
        s.click(Locator::Id("misere")).await?;
        s.wait_until("new URLSearchParams(location.search).get('misere') === '1'")
            .await?;
        s.wait_for_turn().await
    };
    s.open_page("?piles=6,9,11&engine=none").await?;
    let to = parse_piles(&s.play_move(3).await?);
    s.wait_for_turn().await?;
    tick().await?;
    let mut expected = Vec::new();
    for (i, piles) in [vec![6u64, 9, 11], to].iter().enumerate() {
        let value = table
            .value(piles[0], piles[1], piles[2])
            .ok_or("past the table")?;
        expected.push(format!(
            "{}: the player to move (Player {}) {}{}",
            piles
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            i + 1,
            in_words(value),
            if i == 1 { " (now)" } else { "" }
        ));
    }
    let shown = s
        .js("return [document.getElementById('status').textContent, \
             [...document.querySelectorAll('#history-list li')].map((li) => li.textContent)]")
        .await?;
    if shown != json!(["Player 2 to move.", expected]) {
        return Err(format!(
            "after misère was ticked on Player 2's turn: {shown}, expected Player 2 to move and {expected:?}"
        ));
    }
    // The engine has opened, and it is the human's turn: it stays so.
    s.open_page("?piles=6,9,11&engine=first").await?;
    s.wait_for_turn().await?;
    let opening = s.url_piles().await?;
    tick().await?;
    let after = s
        .js("return [document.getElementById('status').textContent, \
             new URLSearchParams(location.search).get('piles'), \
             [...document.querySelectorAll('#played button')].map((b) => b.textContent)]")
        .await?;
    let played = after[2].as_array().map(Vec::len);
    if after[0] != json!("Your move.")
        || after[1] != json!(opening)
        || played != Some(2)
        || after[2][0] != json!("Start: 6 9 11")
    {
        return Err(format!(
            "after misère was ticked on the human's turn against the engine, which opened to {opening}: {after} (status, piles, moves played)"
        ));
    }
    // The history's sentences name the sides in lower case.
    let history = s
        .js("return [...document.querySelectorAll('#history-list li')].map((li) => li.textContent)")
        .await?;
    let names = |i: usize, side: &str| {
        history[i]
            .as_str()
            .is_some_and(|line| line.contains(&format!("the player to move ({side})")))
    };
    if !(names(0, "the engine") && names(1, "you")) {
        return Err(format!("the history against the engine: {history}"));
    }
    Ok(())
}
