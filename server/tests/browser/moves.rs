//! The moves on the page: a sum's, a large position's in groups, the moves
//! played in words, a game exported and imported, the names of the moves,
//! and the position before while a new game loads.

use fantoccini::Locator;
use serde_json::json;
use stone_game::ScannedTables;

use crate::library::losing;
use crate::session::{Outcome, Session, game_positions, join, parse_piles};

pub(crate) async fn sum_of_games(s: &Session) -> Outcome {
    let grundy = stone_game::GrundyTable::compute(10).map_err(|e| e.to_string())?;
    let value = |p: &[u64]| -> Result<u32, String> {
        let games: Vec<[u64; 3]> = p.chunks(3).map(|g| [g[0], g[1], g[2]]).collect();
        grundy
            .sum_value(&games)
            .ok_or(format!("{p:?} past the table"))
    };
    s.open_page("?engine=none&values=1").await?;
    s.type_start("1 2 3 + 4 5 6").await?;
    s.wait_for_piles("1,2,3,4,5,6").await?;
    s.wait_for_turn().await?;
    let (first, second) = (value(&[1, 2, 3])?, value(&[4, 5, 6])?);
    if first ^ second == 0 {
        return Err(format!(
            "1 2 3 + 4 5 6 is lost ({first} ⊕ {second}): pick a won sum"
        ));
    }
    let expected = format!(
        "1 2 3 + 4 5 6: the player to move wins · Grundy values {first} ⊕ {second} = {}",
        first ^ second
    );
    let shown = s.text("#value").await?;
    if shown != expected {
        return Err(format!("{shown:?}, expected {expected:?}"));
    }
    // Every move of either game, coloured by the XOR it leaves.
    let moves = s.move_buttons().await?;
    let count = stone_game::Move::all_from([1, 2, 3]).count()
        + stone_game::Move::all_from([4, 5, 6]).count();
    if moves.len() != count {
        return Err(format!("{} move buttons, {count} moves", moves.len()));
    }
    let mut winning = None;
    for m in moves {
        let to = parse_piles(m[0].as_str().ok_or("data-to")?);
        let lost = value(&to)? == 0;
        let colour = m[1].as_str().ok_or("a move is not coloured")?;
        if colour != if lost { "lose" } else { "win" } {
            return Err(format!("to {to:?}: coloured {colour}, lost: {lost}"));
        }
        if lost {
            winning = Some(m[0].as_str().unwrap_or_default().to_string());
        }
    }
    // A winning move leaves the XOR 0.
    let to = winning.ok_or("the sum is won, but no move is coloured a win")?;
    s.click_move(&to).await?;
    s.wait_for_piles(&to).await?;
    s.wait_for_turn().await?;
    let shown = s.text("#value").await?;
    if !shown.contains("the player to move loses") || !shown.ends_with("= 0") {
        return Err(format!("after {to}: {shown:?}"));
    }
    // Misère with a sum is refused before anything is asked, with its
    // reason, and the sum goes on in normal play.
    s.click(Locator::Id("misere")).await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    let message = s.text("#message").await?;
    if !message.contains("Misère play has no sums of games") {
        return Err(format!("misère during a sum: {message:?}"));
    }
    let ticked = s
        .js("return document.getElementById('misere').checked")
        .await?;
    if ticked != json!(false) || s.text("#rule-text").await?.contains("misère") {
        return Err("misère was ticked during a sum".into());
    }
    // A step through the game, as a move played, leaves the refusal
    // behind; Redo comes back to the sum as it was.
    s.click(Locator::Id("undo")).await?;
    s.wait_until("document.getElementById('message').hidden")
        .await?;
    s.click(Locator::Id("redo")).await?;
    s.wait_for_piles(&to).await?;
    let moves = s.move_buttons().await?;
    let next = moves.first().ok_or("no move left in the sum")?[0]
        .as_str()
        .ok_or("data-to")?
        .to_string();
    s.click_move(&next).await?;
    s.wait_for_turn().await?;
    let shown = s.text("#value").await?;
    if !shown.contains("Grundy values") {
        return Err(format!("after misère was refused, {next}: {shown:?}"));
    }
    Ok(())
}

/// A position past the grouping's bound (piles 125 125 124: 868 moves; the
/// same holds for piles of 1000, whose tables a debug build takes long to
/// build) shows its moves as seven
/// collapsed groups, with no button made until one is opened; an opened
/// group has all its moves, its winning ones named in its summary, and a
/// move played from it is played.
pub(crate) async fn large_position(s: &Session) -> Outcome {
    let tables = ScannedTables::scan(125).map_err(|e| e.to_string())?;
    s.open_page("?piles=125,125,124&values=1&engine=none")
        .await?;
    let shown = s
        .js(
            "return [document.querySelectorAll('#moves details').length, \
             document.querySelectorAll('#moves button.move').length]",
        )
        .await?;
    if shown != json!([7, 0]) {
        return Err(format!("groups and buttons before opening: {shown}"));
    }
    // The group of pile C: 124 moves, the winning ones named.
    let winning: Vec<u64> = (1..=124)
        .filter(|&n| losing(&tables, &[125, 125, 124 - n]))
        .collect();
    let summary = s.text("#moves details:nth-of-type(3) summary").await?;
    let named: Vec<String> = winning.iter().map(u64::to_string).collect();
    let expected = if named.is_empty() {
        "C 124 moves, none winning".to_string()
    } else {
        format!("C 124 moves, winning: take {}", named.join(", "))
    };
    if summary != expected {
        return Err(format!("the summary {summary:?}, expected {expected:?}"));
    }
    s.click(Locator::Css("#moves details:nth-of-type(3) summary"))
        .await?;
    // A group's buttons are made on its toggle event, which comes after
    // the click.
    let _ = s
        .wait_until("document.querySelectorAll('#moves button.move').length > 0")
        .await;
    let buttons = s.move_buttons().await?;
    if buttons.len() != 124 {
        return Err(format!("{} buttons in the opened group", buttons.len()));
    }
    s.click_move("125,125,123").await?;
    s.wait_for_piles("125,125,123").await?;
    s.wait_for_turn().await?;
    // A small game of a large sum keeps its rows, with their buttons: 1 2 3
    // has 11 moves in 7 rows; the large game's 7 rows are groups.
    s.open_page("?piles=1,2,3,125,125,124&engine=none").await?;
    let shown = s
        .js(
            "return [document.querySelectorAll('#moves details').length, \
             document.querySelectorAll('#moves div.move-row').length, \
             document.querySelectorAll('#moves button.move').length]",
        )
        .await?;
    if shown != json!([7, 7, 11]) {
        return Err(format!(
            "1 2 3 + 125 125 124 ([groups, rows, buttons]): {shown}"
        ));
    }
    Ok(())
}

/// The moves played, each told by what it took ("takes 2 from B and C,
/// leaving 3 1 3"), worked out here from the positions, in a game and in a
/// sum; a click on one goes back to the position it left, and the moves
/// after it are marked undone.
pub(crate) async fn moves_played(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    let mut positions = vec![vec![6u64, 9, 11]];
    for pick in [5, 17] {
        let to = s.play_move(pick).await?;
        positions.push(parse_piles(&to));
    }
    // Two humans play: Player 1 moves first.
    let words = |player: usize, from: &[u64], to: &[u64]| {
        let taken: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
        let names: Vec<&str> = taken
            .iter()
            .map(|&i| ["A", "B", "C", "D", "E", "F"][i])
            .collect();
        let listed = match names.as_slice() {
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => String::new(),
        };
        // A sum's games, three piles each, are joined by " + ".
        let join = |p: &[u64]| {
            let games = p.chunks(3).map(|game| {
                let piles: Vec<String> = game.iter().map(u64::to_string).collect();
                piles.join(" ")
            });
            games.collect::<Vec<_>>().join(" + ")
        };
        format!(
            "Player {player} takes {} from {listed}, leaving {}",
            from[taken[0]] - to[taken[0]],
            join(to)
        )
    };
    let played = || async {
        s.js("return [...document.querySelectorAll('#played button')].map((b) => b.textContent)")
            .await
    };
    let mut expected = vec!["Start: 6 9 11".to_string()];
    for (i, pair) in positions.windows(2).enumerate() {
        expected.push(words(i % 2 + 1, &pair[0], &pair[1]));
    }
    let listed = played().await?;
    if listed != json!(expected) {
        return Err(format!("the moves played: {listed}, expected {expected:?}"));
    }
    s.click(Locator::Css("#played li:first-child button"))
        .await?;
    s.wait_for_piles("6,9,11").await?;
    let undone = s
        .js("return [...document.querySelectorAll('#played button')] \
             .map((b) => [b.textContent.endsWith('(undone)'), b.getAttribute('aria-current')])")
        .await?;
    if undone != json!([[false, "step"], [true, "false"], [true, "false"]]) {
        return Err(format!("after going back to the start: {undone}"));
    }
    // Against the engine, a move of yours leads to the engine's answer to
    // it, your turn again, as the help says.
    s.open_page("?piles=6,9,11").await?;
    for pick in [5, 1] {
        s.play_move(pick).await?;
    }
    let against = game_positions(s).await?;
    s.click(Locator::Css("#played li:nth-child(2) button"))
        .await?;
    let answer = join(against.get(2).ok_or("no answer of the engine's")?);
    s.wait_for_piles(&answer).await?;
    let help = s.text("#played-title + .help").await?;
    if !help.contains("a move of yours goes to the engine's answer to it") {
        return Err(format!("the moves played's help: {help:?}"));
    }
    // In a sum, the piles are named across its games: the second game's
    // are D, E and F.
    s.open_page("?piles=1,2,3,4,5,6&engine=none").await?;
    let mut sum = vec![vec![1u64, 2, 3, 4, 5, 6]];
    for pick in [20, 0] {
        let to = s.play_move(pick).await?;
        sum.push(parse_piles(&to));
    }
    let mut expected = vec!["Start: 1 2 3 + 4 5 6".to_string()];
    for (i, pair) in sum.windows(2).enumerate() {
        expected.push(words(i % 2 + 1, &pair[0], &pair[1]));
    }
    let listed = played().await?;
    if listed != json!(expected) {
        return Err(format!(
            "the moves played in a sum: {listed}, expected {expected:?}"
        ));
    }
    Ok(())
}

/// At a phone's width, a move played that wraps onto a second line keeps
/// its number by its first line. The number (the list's marker) is no
/// element: it is found in a screenshot of the list, as the ink left of
/// each move.
pub(crate) async fn moves_played_numbered_at_phone_width(s: &Session) -> Outcome {
    s.client
        .set_window_size(390, 844)
        .await
        .map_err(|e| e.to_string())?;
    // Player 2's moves of this game take two lines at 390 pixels.
    s.open_page("?engine=none&game=20+20+20+%3E+19+20+20+%3E+3+4+4+%3E+2+4+4+%3E+1+3+3")
        .await?;
    let png = s
        .client
        .find(Locator::Id("played"))
        .await
        .map_err(|e| e.to_string())?
        .screenshot()
        .await
        .map_err(|e| e.to_string())?;
    // For each move wholly in view, the middle of the ink in the list's
    // margin beside it and its first line's top and bottom; the pixel at
    // the list's top left corner is its background.
    let found = s
        .client
        .execute_async(
            "const [png, done] = [arguments[0], arguments[arguments.length - 1]];
             const list = document.getElementById('played');
             createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' })).then((shot) => {
               const canvas = document.createElement('canvas');
               [canvas.width, canvas.height] = [shot.width, shot.height];
               const ctx = canvas.getContext('2d');
               ctx.drawImage(shot, 0, 0);
               const pixels = ctx.getImageData(0, 0, shot.width, shot.height).data;
               const box = list.getBoundingClientRect();
               const scale = shot.width / box.width;
               // The lines the position a move leaves (its last three
               // numbers) is drawn on.
               const positionLines = (button) => {
                 const found = /\\d+ \\d+ \\d+(?=(?: \\(undone\\))?$)/.exec(button.textContent);
                 const [from, to] = [found.index, found.index + found[0].length];
                 const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
                 const range = document.createRange();
                 for (let seen = 0, node; (node = walker.nextNode()); seen += node.length) {
                   if (from >= seen && from < seen + node.length) range.setStart(node, from - seen);
                   if (to > seen && to <= seen + node.length) range.setEnd(node, to - seen);
                 }
                 return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
               };
               const at = (x, y) => pixels.slice((y * shot.width + x) * 4, (y * shot.width + x) * 4 + 3);
               const back = at(0, 0);
               const ink = (x, y) => at(x, y).reduce((sum, v, i) => sum + Math.abs(v - back[i]), 0) > 96;
               done([...list.querySelectorAll('button')].map((button) => {
                 const li = button.parentElement.getBoundingClientRect();
                 if (li.top < box.top || li.bottom > box.bottom) return null;
                 const range = document.createRange();
                 range.selectNodeContents(button);
                 const first = range.getClientRects()[0];
                 const rows = [];
                 for (let y = Math.ceil((li.top - box.top) * scale); y < (li.bottom - box.top) * scale; y += 1) {
                   for (let x = 0; x < (li.left - box.left) * scale; x += 1) {
                     if (ink(x, y)) { rows.push(box.top + y / scale); break; }
                   }
                 }
                 const middle = rows.length ? (rows[0] + rows[rows.length - 1]) / 2 : null;
                 return [button.textContent, li.height > first.height * 1.5, middle, first.top, first.bottom,
                         positionLines(button)];
               }).filter((move) => move));
             }).catch((e) => done(String(e)));",
            vec![json!(png)],
        )
        .await
        .map_err(|e| e.to_string())?;
    let moves = found
        .as_array()
        .ok_or_else(|| format!("the list's screenshot: {found}"))?;
    let mut wrapped = 0;
    for entry in moves {
        let [middle, top, bottom] = [2, 3, 4].map(|i| entry[i].as_f64());
        let beside = matches!((middle, top, bottom),
            (Some(middle), Some(top), Some(bottom)) if top <= middle && middle <= bottom);
        if !beside {
            return Err(format!(
                "at 390 pixels, {}: its number's middle at {middle:?}, its first line from {top:?} to {bottom:?}",
                entry[0]
            ));
        }
        if entry[1] == json!(true) {
            wrapped += 1;
        }
        if entry[5] != json!(1) {
            return Err(format!(
                "at 390 pixels, {}: the position it leaves is drawn on {} lines",
                entry[0], entry[5]
            ));
        }
    }
    if wrapped == 0 {
        return Err(format!("at 390 pixels no move in view wraps: {found}"));
    }
    Ok(())
}

/// A game exported as text ("6 9 11 > ... > ...") and imported in another
/// game comes back whole: the same positions, the last one shown; a line
/// whose positions do not follow by moves is refused, naming the one, and
/// the game before goes on.
pub(crate) async fn export_import(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    let mut line = vec!["6 9 11".to_string()];
    for pick in [3, 11] {
        let to = s.play_move(pick).await?;
        line.push(to.replace(',', " "));
    }
    let line = line.join(" > ");
    s.click(Locator::Id("export-game")).await?;
    let exported = s
        .js("return document.getElementById('game-text').value")
        .await?;
    if exported != json!(line) {
        return Err(format!("exported {exported}, expected {line:?}"));
    }
    // Another game, then the line imported back.
    s.open_page("?piles=2,3,4").await?;
    let field = s
        .client
        .find(Locator::Id("game-text"))
        .await
        .map_err(|e| e.to_string())?;
    field.send_keys(&line).await.map_err(|e| e.to_string())?;
    s.click(Locator::Css("#game-io button[type=submit]"))
        .await?;
    let last = line
        .rsplit(" > ")
        .next()
        .unwrap_or_default()
        .replace(' ', ",");
    s.wait_for_piles(&last).await?;
    s.wait_for_turn().await?;
    let played = s
        .js("return [document.querySelectorAll('#played li').length, \
             document.getElementById('first-player').value, \
             document.getElementById('second-player').value]")
        .await?;
    if played != json!([3, "human", "human"]) {
        return Err(format!(
            "after the import: {played} (positions, the players)"
        ));
    }
    // A line that does not follow by moves.
    field.clear().await.map_err(|e| e.to_string())?;
    field
        .send_keys("6 9 11 > 6 9 12")
        .await
        .map_err(|e| e.to_string())?;
    s.click(Locator::Css("#game-io button[type=submit]"))
        .await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    let message = s.text("#message").await?;
    if !message.contains("Cannot import position 2, 6 9 12: no move leads there from 6 9 11") {
        return Err(format!("the refusal: {message:?}"));
    }
    s.wait_for_turn().await?;
    let still = s
        .js("return new URLSearchParams(location.search).get('piles')")
        .await?;
    if still != json!(last) {
        return Err(format!(
            "after the refusal the game is at {still}, not {last}"
        ));
    }
    // Against the engine, a refused import leaves the players as they were.
    s.open_page("?piles=6,9,11").await?;
    s.type_into("game-text", "6 9 11 > 1 1 1").await?;
    s.click(Locator::Css("#game-io button[type=submit]"))
        .await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    s.wait_for_turn().await?;
    let players = s
        .js("return [document.getElementById('first-player').value, \
             document.getElementById('second-player').value, \
             new URLSearchParams(location.search).get('engine'), \
             document.getElementById('message').textContent.includes('Cannot import position 2, 1 1 1')]")
        .await?;
    if players != json!(["human", "engine", null, true]) {
        return Err(format!(
            "after a refused import against the engine: {players} (first, second, the link's engine, the refusal)"
        ));
    }
    // The engine against itself plays on after a refused import, unpaused.
    // Opened as a link: the engines leave no turn to wait for.
    s.open_link("?piles=30,40,50&engine=both&delay=1").await?;
    s.wait_until("document.querySelectorAll('#played li').length >= 1")
        .await?;
    s.type_into("game-text", "30 40 50 > 1 1 1").await?;
    s.click(Locator::Css("#game-io button[type=submit]"))
        .await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    let played = s
        .js("return document.querySelectorAll('#played li').length")
        .await?;
    let played = played.as_u64().ok_or("a count of the moves played")?;
    s.wait_until(&format!(
        "document.querySelectorAll('#played li').length > {played}"
    ))
    .await?;
    let pause = s
        .js("return [document.getElementById('pause').textContent, \
             document.getElementById('pause').disabled]")
        .await?;
    if pause != json!(["Pause", false]) {
        return Err(format!("after a refused import the Pause button: {pause}"));
    }
    Ok(())
}

/// While a new game loads, the position before can be neither played nor
/// left: its moves, its moves played, Undo and Redo are disabled, and its
/// stones are not clickable; the new game's are enabled once it has come.
pub(crate) async fn controls_while_a_game_loads(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    s.play_move(0).await?;
    // The form's submission runs the new game to its request, at once.
    let loading = s
        .js("document.getElementById('start-piles').value = '30 40 50';
             document.getElementById('new-game').requestSubmit();
             const moves = [...document.querySelectorAll('#moves button.move, #played button')];
             return [document.getElementById('status').dataset.state,
                     moves.length > 0 && moves.every((b) => b.disabled),
                     document.getElementById('undo').disabled,
                     document.getElementById('redo').disabled,
                     document.getElementById('board').classList.contains('clickable')];")
        .await?;
    if loading != json!(["loading", true, true, true, false]) {
        return Err(format!(
            "while a new game loads (status, moves and moves played disabled, \
             Undo and Redo disabled, stones clickable): {loading}"
        ));
    }
    s.wait_for_turn().await?;
    let loaded = s
        .js(
            "const moves = [...document.querySelectorAll('#moves button.move')];
             return [new URLSearchParams(location.search).get('piles'),
                     moves.length > 0 && moves.every((b) => !b.disabled),
                     document.getElementById('board').classList.contains('clickable')];",
        )
        .await?;
    if loaded != json!(["30,40,50", true, true]) {
        return Err(format!("once the new game has come: {loaded}"));
    }
    Ok(())
}

/// Each move button's name says the moves left after it in words, one
/// move in the singular.
pub(crate) async fn move_names(s: &Session) -> Outcome {
    s.open_page("?piles=1,1,2&values=1&engine=none").await?;
    let names = s
        .js(
            "return [...document.querySelectorAll('button.move')].map((b) => \
             [b.dataset.take, b.dataset.remoteness, b.getAttribute('aria-label')])",
        )
        .await?;
    let mut singular = 0;
    for name in names.as_array().ok_or("no moves")? {
        let (take, left, label) = (
            name[0].as_str().unwrap_or_default(),
            name[1].as_str().unwrap_or_default(),
            name[2].as_str().unwrap_or_default(),
        );
        let words = if left == "1" { "move" } else { "moves" };
        if !label.starts_with(&format!(
            "{take}, {left} {words} left after it: Take {take} from "
        )) {
            return Err(format!("a move's name: {label:?}"));
        }
        singular += usize::from(left == "1");
    }
    if singular == 0 {
        return Err(format!("no move of 1 move left among {names}"));
    }
    Ok(())
}

/// A game longer than the list of moves played shows: the list is scrolled
/// to the position shown, and an entry chosen from the keyboard keeps the
/// focus, on the entry of the position it went back to.
pub(crate) async fn moves_played_follow_the_position_shown(s: &Session) -> Outcome {
    s.client
        .set_window_size(1280, 900)
        .await
        .map_err(|e| e.to_string())?;
    // 20 20 20, then one stone from A at a time: 21 positions.
    let game: Vec<String> = (0..=20).rev().map(|a| format!("{a}+20+20")).collect();
    s.open_page(&format!("?engine=none&game={}", game.join("+%3E+")))
        .await?;
    s.wait_for_turn().await?;
    let in_view = "const list = document.getElementById('played');
         const shown = list.querySelector('button[aria-current=step]');
         const [box, at] = [list.getBoundingClientRect(), shown.parentElement.getBoundingClientRect()];
         return [shown.dataset.index, at.top >= box.top - 1 && at.bottom <= box.bottom + 1,
                 list.scrollHeight > list.clientHeight,
                 document.activeElement === shown];";
    let last = s.js(in_view).await?;
    if last != json!(["20", true, true, false]) {
        return Err(format!(
            "at the end of a game of 21 positions, the list of moves played \
             ([the entry shown, in the list's view, the list scrolls, focused]): {last}"
        ));
    }
    s.focus("#played li:nth-child(3) button").await?;
    s.keys_to_focused("\u{E007}").await?;
    s.wait_for_piles("18,20,20").await?;
    let back = s.js(in_view).await?;
    if back != json!(["2", true, true, true]) {
        return Err(format!(
            "after Enter on the third entry of the moves played \
             ([the entry shown, in the list's view, the list scrolls, focused]): {back}"
        ));
    }
    Ok(())
}
