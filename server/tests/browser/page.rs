//! The page as a whole: a clean load, bad links, a phone's width; and the
//! screenshots and the render times, run only when asked for.

use std::path::Path;

use fantoccini::Locator;
use libtest_mimic::Failed;
use serde_json::{Value, json};

use crate::environment::{Environment, runtime};
use crate::session::{Outcome, Session};

pub(crate) async fn page_loads_cleanly(s: &Session) -> Outcome {
    s.open_page("?piles=3,5,7").await?;
    s.open_page("?view=map&a=2&limit=30").await?;
    let title = s.client.title().await.map_err(|e| e.to_string())?;
    if title != "Stone game explorer" {
        return Err(format!("title {title:?}"));
    }
    // Every file and every API call answered 2xx.
    let failed = s
        .js("return performance.getEntriesByType('resource')
                .filter(e => !(e.responseStatus >= 200 && e.responseStatus < 300))
                .map(e => e.name + ' ' + e.responseStatus);")
        .await?;
    if failed != json!([]) {
        return Err(format!("failed requests: {failed}"));
    }
    let loaded = s
        .js("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname);")
        .await?;
    for path in [
        "/style.css",
        "/app.js",
        "/play.js",
        "/chart.js",
        "/map.js",
        "/api.js",
        "/api/slice",
    ] {
        if !loaded.as_array().unwrap().iter().any(|p| p == path) {
            return Err(format!("{path} was not loaded: {loaded}"));
        }
    }
    // The random start (no piles in the link) asks for each position once:
    // the one it starts from is the answer it found a win in.
    let asked = s
        .js(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name))
                .filter(u => u.pathname === '/api/position').map(u => u.search);",
        )
        .await?;
    let asked: Vec<&str> = asked
        .as_array()
        .ok_or("the positions asked")?
        .iter()
        .filter_map(|q| q.as_str())
        .collect();
    if asked.is_empty() || (1..asked.len()).any(|i| asked[..i].contains(&asked[i])) {
        return Err(format!("the random start asked for {asked:?}"));
    }
    let errors = s.console_errors().await?;
    if !errors.is_empty() {
        return Err(format!("console errors: {errors:?}"));
    }
    if s.js("return document.getElementById('message').hidden;")
        .await?
        != json!(true)
    {
        return Err(format!("a message shows: {}", s.text("#message").await?));
    }
    Ok(())
}

pub(crate) async fn bad_url_parameter(s: &Session) -> Outcome {
    for (query, needle) in [
        ("?piles=3,x,7", "The link's piles '3,x,7'"),
        ("?piles=", "The link's piles ''"),
        ("?piles=0,0,100000", "only up to"),
        ("?piles=1001,1,1", "only up to 1000"),
        ("?piles=1,2", "2 piles: a position is three piles"),
        (
            "?piles=1,,2,3",
            "a ',' after 1 pile: a comma goes between two piles",
        ),
        ("?view=board", "The link's view 'board'"),
        ("?view=map&a=-4", "The link's parameter 'a'"),
    ] {
        s.open_link(query).await?;
        s.wait_until("!document.getElementById('message').hidden")
            .await?;
        let message = s.text("#message").await?;
        if !message.contains(needle) {
            return Err(format!("{query}: {message:?}"));
        }
        // Whatever was wrong, the same: beside the message, a game from a
        // random start, at its first position, with nothing to undo or redo.
        let game = s
            .js("return [document.querySelectorAll('button.move').length, \
                 document.getElementById('undo').disabled, \
                 document.getElementById('redo').disabled]")
            .await?;
        let moves = game[0].as_u64().unwrap_or(0);
        if moves == 0 || game[1] != json!(true) || game[2] != json!(true) {
            return Err(format!("{query}: no fresh game beside the message: {game}"));
        }
    }
    // Two bad parameters: both are named, and the page's own map is drawn
    // rather than none.
    s.open_link("?view=map&a=x&limit=99999").await?;
    let message = s.text("#message").await?;
    for needle in [
        "The link's parameter 'a' is 'x'",
        "is 99999, but this server",
    ] {
        if !message.contains(needle) {
            return Err(format!("a=x&limit=99999: {needle:?} not in {message:?}"));
        }
    }
    let readout = s.text("#map-readout").await?;
    if !readout.starts_with("Losing positions marked:") {
        return Err(format!("a=x&limit=99999: no map drawn: {readout:?}"));
    }
    let limit = s
        .js("return document.getElementById('map-limit').value")
        .await?;
    if limit != json!("60") {
        return Err(format!("a=x&limit=99999: the form shows limit {limit}"));
    }
    // The message stands until the next move played, not beside the
    // game after it.
    s.open_link("?piles=3,x,7").await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    s.play_move(0).await?;
    s.wait_until("document.getElementById('message').hidden")
        .await?;
    // Typed piles are read as the library reads them: a slip is refused
    // in its words (`PositionError`'s), not played as another position.
    // U+FEFF is not white space to the library, as it is to JavaScript's
    // `\s`. A pile past 2^53, which JavaScript would round, is refused as
    // too large (the library reads it, and the server refuses it), quoted
    // as typed.
    s.open_page("?piles=3,5,7").await?;
    for (typed, refusal) in [
        ("1 2 + 3 4 5 6", None),
        ("1,2,3,", None),
        ("1 2 3 4", None),
        ("-3 4 5", None),
        ("3 4 five", None),
        ("3 4 abcdefghijklmnopqrstuvwxyz", None),
        ("1 2 3\u{FEFF}", None),
        ("99999999999999999999 1 1", None),
        ("1234567890123456789012345 1 1", None),
        (
            "9007199254740993 1 1",
            Some("'9007199254740993' is not a pile: it is too large"),
        ),
    ] {
        let needle = match refusal {
            Some(refusal) => refusal.to_string(),
            None => typed
                .parse::<stone_game::Position>()
                .err()
                .ok_or_else(|| format!("the library reads {typed:?} as a position"))?
                .to_string(),
        };
        // Set as a script would, so that every character arrives as it is.
        s.js(&format!(
            "document.getElementById('start-piles').value = {}; return null;",
            json!(typed)
        ))
        .await?;
        s.click(Locator::Css("#new-game button[type=submit]"))
            .await?;
        let message = s
            .js("return document.getElementById('message').textContent")
            .await?;
        let message = message.as_str().unwrap_or_default();
        let piles = s.url_piles().await?;
        if !message.contains(&needle) || piles != "3,5,7" {
            return Err(format!(
                "typed {typed:?}: the message {message:?}, the piles {piles}; \
                 expected {needle:?}"
            ));
        }
    }
    Ok(())
}

/// At a phone's width, 390 CSS pixels, nothing is wider than the page,
/// every stone of a long pile stays inside its game's box (the stones
/// wrap), and every label shown stays on the line of the field it names.
pub(crate) async fn phone_width(s: &Session) -> Outcome {
    s.client
        .set_window_size(390, 844)
        .await
        .map_err(|e| e.to_string())?;
    let width = s.js("return window.innerWidth").await?;
    if width.as_u64().is_none_or(|w| w > 400) {
        return Err(format!("the window is {width} pixels wide, not a phone's"));
    }
    for query in [
        "?piles=19,30,7&engine=none",
        "?piles=19,30,7,25,1,2&engine=none",
        "?view=map&a=5&limit=60",
    ] {
        s.open_page(query).await?;
        let overflow = s
            .js("const page = document.documentElement; \
                 const wide = [...document.querySelectorAll('body *')] \
                   .filter((e) => e.offsetParent !== null \
                     && e.getBoundingClientRect().right > page.clientWidth + 0.5) \
                   .map((e) => e.id || e.className || e.tagName); \
                 const out = [...document.querySelectorAll('.stone')].filter((stone) => { \
                   const box = stone.closest('.game').getBoundingClientRect(); \
                   return stone.getBoundingClientRect().right > box.right; }).length; \
                 const apart = [...document.querySelectorAll('label[for]')] \
                   .filter((label) => label.offsetParent !== null) \
                   .filter((label) => { \
                     const own = label.getBoundingClientRect(); \
                     const field = document.getElementById(label.htmlFor).getBoundingClientRect(); \
                     const middle = (own.top + own.bottom) / 2; \
                     return middle < field.top || middle > field.bottom; }) \
                   .map((label) => label.htmlFor); \
                 const rows = (pile) => [...pile.querySelectorAll('.stone')].map((st) => st.getBoundingClientRect()); \
                 let closest = Infinity; \
                 for (const game of document.querySelectorAll('.game')) { \
                   if (game.offsetParent === null) continue; \
                   const piles = [...game.querySelectorAll('.pile')].map(rows).filter((r) => r.length); \
                   for (let i = 1; i < piles.length; i += 1) { \
                     const gap = Math.min(...piles[i].map((r) => r.top)) - Math.max(...piles[i - 1].map((r) => r.bottom)); \
                     closest = Math.min(closest, gap); } } \
                 return [page.scrollWidth, page.clientWidth, wide.slice(0, 5), out, apart, \
                         closest === Infinity ? null : closest];")
            .await?;
        // A pile's stones that wrap stand 3 pixels apart; the next pile's
        // stand well clear of them, so that none reads as another pile's.
        let closest = overflow[5].as_f64();
        if closest.is_some_and(|gap| gap < 12.0) {
            return Err(format!(
                "{query} at 390 px: two piles' stones {closest:?} pixels apart"
            ));
        }
        let (scroll, client) = (overflow[0].as_u64(), overflow[1].as_u64());
        if scroll > client
            || overflow[2] != json!([])
            || overflow[3] != json!(0)
            || overflow[4] != json!([])
        {
            return Err(format!(
                "{query} at 390 px: scroll width {scroll:?} of {client:?}, \
                 wider than the page: {}, stones outside their box: {}, \
                 labels on another line than their field: {}",
                overflow[2], overflow[3], overflow[4]
            ));
        }
    }
    Ok(())
}

/// How long the play view takes to show a large position once its
/// answer is in the page: "Show values" toggled redraws it from the
/// answer it holds, synchronously, and reading the layout makes the
/// browser lay it out as well. The median and the slowest of 21 redraws
/// a position, each printed.
pub(crate) fn run_render_times(environment: &Environment) -> Result<(), Failed> {
    let runtime = runtime()?;
    runtime.block_on(async {
        let session = Session::open(environment, false).await?;
        let sum: Vec<String> = (0..8)
            .map(|g| format!("{0},{1},{2}", 1000 - g, 999 - g, 998 - g))
            .collect();
        let positions = [
            ("6 9 11 (14 moves)", "6,9,11".to_string()),
            ("125 125 124 (747 moves)", "125,125,124".to_string()),
            ("1000 1000 1000 (7000 moves)", "1000,1000,1000".to_string()),
            (
                "a sum of 8 games of piles near 1000 (about 28,000 moves)",
                sum.join(","),
            ),
        ];
        for (name, piles) in positions {
            session
                .open_page(&format!("?piles={piles}&engine=none"))
                .await?;
            let times = session
                .js("const box = document.getElementById('show-values');
                     const times = [];
                     for (let i = 0; i < 21; i += 1) {
                       const start = performance.now();
                       box.click();
                       document.body.getBoundingClientRect();
                       times.push(performance.now() - start);
                     }
                     return times.sort((a, b) => a - b);")
                .await?;
            let times: Vec<f64> = times
                .as_array()
                .ok_or("no times")?
                .iter()
                .filter_map(Value::as_f64)
                .collect();
            let moves = session
                .js("return document.querySelectorAll('#moves .move-row').length")
                .await?;
            if moves.as_u64().is_none_or(|rows| rows == 0) {
                return Err(format!("{name}: no move drawn"));
            }
            println!(
                "render {name}: median {:.1} ms, slowest {:.1} ms ({moves} rows)",
                times.get(10).copied().unwrap_or(f64::NAN),
                times.last().copied().unwrap_or(f64::NAN)
            );
        }
        session.close().await;
        Ok::<(), String>(())
    })?;
    Ok(())
}

/// Writes the screenshots of the play and map views, light and dark.
pub(crate) fn run_screenshots(environment: &Environment, dir: &Path) -> Result<(), Failed> {
    let runtime = runtime()?;
    runtime.block_on(async {
        for (dark, suffix) in [(false, ""), (true, "-dark")] {
            let session = Session::open(environment, dark).await?;
            let shots = [
                ("play", "?view=play&piles=6,9,11&values=1"),
                ("map", "?view=map&a=5&limit=40&colour=remoteness"),
            ];
            for (name, query) in shots {
                // The play view is long: tall enough for its history's chart.
                let height = if name == "play" { 1720 } else { 1500 };
                session
                    .client
                    .set_window_size(1100, height)
                    .await
                    .map_err(|e| e.to_string())?;
                session.open_page(query).await?;
                if name == "play" {
                    // Three moves into the game, none of them the best,
                    // so that the history and a mix of colours show.
                    for _ in 0..3 {
                        let to = session
                            .js("return document.querySelector(\"button.move[data-leads-to='win']\").dataset.to;")
                            .await?;
                        session.click_move(to.as_str().ok_or("no move")?).await?;
                        session.wait_for_turn().await?;
                    }
                } else {
                    session.hover_cell(12, 20, 40).await?;
                }
                let png = session
                    .client
                    .screenshot()
                    .await
                    .map_err(|e| e.to_string())?;
                let file = dir.join(format!("explorer-{name}{suffix}.png"));
                std::fs::write(&file, png).map_err(|e| format!("{}: {e}", file.display()))?;
            }
            session.close().await;
        }
        Ok(())
    })
}

/// At a phone's width the players' box starts closed, one line saying who
/// plays, so that the board starts in the first screen; Pause, which Undo
/// needs against the engine playing itself, stays outside it. Opened, its
/// fields work and the line follows them. Where the page is wide it starts
/// open.
pub(crate) async fn players_in_a_line_at_phone_width(s: &Session) -> Outcome {
    s.client
        .set_window_size(390, 844)
        .await
        .map_err(|e| e.to_string())?;
    s.open_page("?piles=19,30,7&engine=none").await?;
    let shown = s
        .js("const box = document.getElementById('players'); \
             const pile = document.querySelector('#board .pile').getBoundingClientRect(); \
             return [box.open, box.querySelector('summary').textContent, \
                     !document.getElementById('first-player').checkVisibility(), \
                     document.getElementById('pause').checkVisibility(), \
                     pile.bottom <= window.innerHeight, window.innerHeight];")
        .await?;
    let expected = json!([
        false,
        "Players: Human first, Human second",
        true,
        true,
        true,
        shown[5]
    ]);
    if shown != expected {
        return Err(format!(
            "at 390 px: [open, its line, the fields hidden, Pause shown, the board's first \
             pile in the first screen, the screen's height] = {shown}"
        ));
    }
    s.click(Locator::Css("#players summary")).await?;
    s.select("second-player", "engine").await?;
    s.wait_for_turn().await?;
    let line = s
        .js("return document.getElementById('players-now').textContent")
        .await?;
    if line != json!(": Human first, Engine second") {
        return Err(format!(
            "the line after Engine took the second side: {line}"
        ));
    }
    s.select("first-player", "engine").await?;
    s.type_into("engine-delay", "2.5\t").await?;
    let line = s
        .js("return document.getElementById('players-now').textContent")
        .await?;
    if line != json!(": Engine first, Engine second, 2.5 s a move") {
        return Err(format!("the line with the engine on both sides: {line}"));
    }
    s.client
        .set_window_size(1100, 1500)
        .await
        .map_err(|e| e.to_string())?;
    s.open_page("?piles=19,30,7&engine=none").await?;
    if s.js("return document.getElementById('players').open")
        .await?
        != json!(true)
    {
        return Err("at 1100 px the players' box starts closed".into());
    }
    Ok(())
}
