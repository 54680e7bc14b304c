//! The map read and played: its hover and click, misère, a drag and its
//! text, its readout beside it, its keyboard cell and its message.

use std::time::Duration;

use fantoccini::Locator;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use serde_json::json;
use stone_game::{Convention, RemotenessTable, ScannedTables};

use crate::library::losing;
use crate::session::{Outcome, Session};

pub(crate) async fn map_hover_and_click(s: &Session) -> Outcome {
    let tables = ScannedTables::scan(30).map_err(|e| e.to_string())?;
    s.open_page("?view=map&a=3&limit=20").await?;
    for (b, c) in [(1, 3), (4, 4), (2, 9), (20, 0)] {
        s.hover_cell(b, c, 20).await?;
        let lost = losing(&tables, &[3, b, c]);
        let expected = format!(
            "{{3, {b}, {c}}}: {} for the player to move",
            if lost { "losing" } else { "winning" }
        );
        s.wait_until(&format!(
            "document.getElementById('map-readout').textContent.startsWith('{expected}')"
        ))
        .await?;
    }
    s.pointer_at_cell(2, 8, 20, true).await?;
    s.wait_until("!document.getElementById('play').hidden")
        .await?;
    s.wait_for_piles("3,2,8").await?;
    s.wait_for_turn().await?;
    let value = s.text("#value").await?;
    if !value.starts_with("3 2 8: the player to move loses") {
        return Err(format!("after the click: {value:?}"));
    }
    // The map, which had the focus, is hidden: the focus is on the moves.
    let focused = s
        .js("return document.activeElement.matches('#moves button.move, #moves summary')")
        .await?;
    if focused != json!(true) {
        let on = s
            .js("return document.activeElement.outerHTML.slice(0, 80)")
            .await?;
        return Err(format!("after the click on the map the focus is on {on}"));
    }
    Ok(())
}

pub(crate) async fn misere_map_without_grundy(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Misere).map_err(|e| e.to_string())?;
    let note = "Grundy values are defined for normal play only";
    // The Grundy colouring offered, and the note hidden, or not.
    let offered = "const option = document.querySelector(\"#map-colour option[value='grundy']\");
        const note = document.getElementById('grundy-note');
        return [!option.disabled, note.offsetParent === null, note.textContent];";
    // From a link, and from the checkbox under a normal-play Grundy map.
    for (query, tick) in [
        ("?view=map&a=3&limit=20&colour=grundy&misere=1", false),
        ("?view=map&a=3&limit=20&colour=grundy&misere=0", true),
    ] {
        s.open_page(query).await?;
        if tick {
            let before = s.js(offered).await?;
            if before[0] != json!(true) || before[1] != json!(true) {
                return Err(format!(
                    "{query}: in normal play, Grundy colouring offered and the note hidden: {before}"
                ));
            }
            s.click(Locator::Id("misere")).await?;
            s.wait_until("new URLSearchParams(location.search).get('misere') === '1'")
                .await?;
        }
        // Not offered, with a note that says why, and never asked for.
        let after = s.js(offered).await?;
        if after[0] != json!(false)
            || after[1] != json!(false)
            || !after[2].as_str().unwrap_or_default().contains(note)
        {
            return Err(format!(
                "{query}: under misère, Grundy colouring offered, the note hidden, its text: {after}"
            ));
        }
        let asked = s
            .js(
                "return performance.getEntriesByType('resource').map((e) => e.name) \
                 .filter((name) => name.includes('/api/grundy') && name.includes('misere=1'))",
            )
            .await?;
        if asked != json!([]) {
            return Err(format!("{query}: misère Grundy values asked for: {asked}"));
        }
        let errors = s.console_errors().await?;
        if !errors.is_empty() {
            return Err(format!("{query}: console errors: {errors:?}"));
        }
        s.wait_until("new URLSearchParams(location.search).get('colour') === 'remoteness'")
            .await?;
        let colour = s
            .js("return document.getElementById('map-colour').value;")
            .await?;
        if colour != json!("remoteness") {
            return Err(format!("{query}: the form shows colouring {colour}"));
        }
        if s.text("#map-legend").await?.contains("Grundy") {
            return Err(format!("{query}: the legend speaks of Grundy values"));
        }
        for (b, c) in [(1, 3), (2, 2), (9, 20)] {
            s.hover_cell(b, c, 20).await?;
            let v = table.value(3, b, c).ok_or("past the table")?;
            let expected = format!(
                "{{3, {b}, {c}}}: {} for the player to move; remoteness {}.",
                if v.outcome == stone_game::Outcome::Lose {
                    "losing"
                } else {
                    "winning"
                },
                v.remoteness
            );
            s.wait_until(&format!(
                "document.getElementById('map-readout').textContent.startsWith('{expected}')"
            ))
            .await?;
            let readout = s.text("#map-readout").await?;
            if readout.contains("Grundy") {
                return Err(format!("{query}: the readout says {readout:?}"));
            }
        }
    }
    // Back to normal play, Grundy values are offered again.
    s.click(Locator::Id("misere")).await?;
    s.wait_until("new URLSearchParams(location.search).get('misere') === '0'")
        .await?;
    let normal = s.js(offered).await?;
    if normal[0] != json!(true) || normal[1] != json!(true) {
        return Err(format!("back in normal play: {normal}"));
    }
    Ok(())
}

/// The map's text alternative lists exactly the library's losing positions
/// in view; after a drag, the readout names the position under the pointer
/// (the one the drag started on, since the map moves with the pointer),
/// not the keyboard's cursor.
pub(crate) async fn map_drag_and_text(s: &Session) -> Outcome {
    let tables = ScannedTables::scan(30).map_err(|e| e.to_string())?;
    s.open_page("?view=map&a=3&limit=20").await?;
    let listed = s
        .js("return [...document.querySelectorAll('#map-list li')].map((li) => li.textContent)")
        .await?;
    let expected: Vec<String> = (0..=20u64)
        .flat_map(|b| (0..=20u64).map(move |c| (b, c)))
        .filter(|&(b, c)| losing(&tables, &[3, b, c]))
        .map(|(b, c)| format!("{{3, {b}, {c}}}"))
        .collect();
    if listed != json!(expected) {
        return Err(format!("the list: {listed}, expected {expected:?}"));
    }
    s.hover_cell(12, 7, 20).await?;
    s.wait_until("document.getElementById('map-readout').textContent.startsWith('{3, 12, 7}')")
        .await?;
    let drag = MouseActions::new("mouse".into())
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::MoveBy {
            duration: Some(Duration::from_millis(100)),
            x: -60.0,
            y: -40.0,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    s.client
        .perform_actions(drag)
        .await
        .map_err(|e| e.to_string())?;
    let readout = s.text("#map-readout").await?;
    if !readout.starts_with("{3, 12, 7}") {
        return Err(format!("after the drag, the readout: {readout:?}"));
    }
    // The view moved: the list follows it.
    let after = s
        .js("return document.querySelectorAll('#map-list li').length")
        .await?;
    if after.as_u64() >= Some(expected.len() as u64) {
        return Err(format!(
            "after the drag the list still has {after} positions"
        ));
    }
    Ok(())
}

/// The map's message is the map view's: hidden in the play view, shown
/// again in the map's.
pub(crate) async fn map_message_stays_in_its_view(s: &Session) -> Outcome {
    s.open_page("?view=map&a=3&limit=20").await?;
    s.type_into("map-limit", "99999\u{E007}").await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    let message = s.text("#message").await?;
    if !message.contains("Cannot draw the map") {
        return Err(format!("the map's refusal: {message:?}"));
    }
    let shown = "return document.getElementById('message').offsetParent !== null";
    s.click(Locator::Id("tab-play")).await?;
    if s.js(shown).await? != json!(false) {
        let text = s.text("#message").await?;
        return Err(format!(
            "in the play view, the map's message shows: {text:?}"
        ));
    }
    s.click(Locator::Id("tab-map")).await?;
    if s.js(shown).await? != json!(true) {
        return Err("back in the map view, its message is gone".into());
    }
    Ok(())
}

/// On a laptop's screen (1100 and 1280 by 900), the map as it opens: the
/// whole map and its colour scale are in the first screen, and what the
/// pointer is on reads beside the map, in view, not below the fold under
/// it.
pub(crate) async fn map_scale_and_readout_in_the_first_screen(s: &Session) -> Outcome {
    for width in [1100, 1280] {
        s.client
            .set_window_size(width, 900)
            .await
            .map_err(|e| e.to_string())?;
        s.open_page("?view=map&a=0&limit=60&colour=remoteness")
            .await?;
        let found = s
            .js("const map = document.getElementById('map-canvas').getBoundingClientRect();
                 const scale = document.getElementById('map-scale').getBoundingClientRect();
                 const readout = document.getElementById('map-readout').getBoundingClientRect();
                 return [scale.bottom <= window.innerHeight, readout.left >= map.right,
                         readout.top >= map.top, readout.bottom <= window.innerHeight, window.scrollY,
                         [map.top, map.right, scale.bottom, readout.left, readout.top, readout.bottom,
                          window.innerHeight].map(Math.round)];")
            .await?;
        let seen = found.as_array().ok_or("the map's place")?;
        if seen[..5] != [json!(true), json!(true), json!(true), json!(true), json!(0)] {
            return Err(format!(
                "the map, its scale and its readout at {width} by 900 \
                 ([the scale's bottom in view, the readout's left past the map's right, its top \
                 below the map's, its bottom in view, the page's scroll], [map top, map right, \
                 scale bottom, readout left, top, bottom, the window's height]): {found}"
            ));
        }
    }
    Ok(())
}

/// The keyboard's cell stays in view when the keyboard zooms or pans the
/// map: from cell (2, 3), two zooms about the middle and a pan to the
/// right would leave it out of sight; it is still drawn (pixels of the
/// cursor's colour on the canvas), and Enter plays the cell the readout
/// names.
pub(crate) async fn map_cursor_stays_in_view(s: &Session) -> Outcome {
    s.open_page("?view=map&a=5&limit=40&colour=losing").await?;
    s.focus("#map-canvas").await?;
    // Right, right, up, up, up; +, +; Shift+Right.
    s.keys_to_focused("\u{E014}\u{E014}\u{E013}\u{E013}\u{E013}++\u{E008}\u{E014}\u{E000}")
        .await?;
    let found = s
        .js("const canvas = document.getElementById('map-canvas');
             const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
             const cursor = getComputedStyle(document.documentElement).getPropertyValue('--map-cursor').trim()
               .match(/[0-9a-f]{2}/gi).map((h) => parseInt(h, 16));
             let ring = 0;
             for (let i = 0; i < data.length; i += 4) {
               if (cursor.every((v, k) => data[i + k] === v)) ring += 1;
             }
             return [ring, document.getElementById('map-readout').textContent];")
        .await?;
    let readout = found[1].as_str().unwrap_or_default().to_string();
    if found[0].as_u64().unwrap_or(0) == 0 {
        return Err(format!(
            "after two zooms and a pan, no cursor drawn on the map; the readout {readout:?}"
        ));
    }
    let named =
        cell_named(&readout, 5).ok_or_else(|| format!("the readout names no cell: {readout:?}"))?;
    s.keys_to_focused("\u{E007}").await?;
    s.wait_for_piles(&format!("5,{named}")).await?;
    s.open_page("?view=map&a=5&limit=40&colour=losing").await?;
    s.focus("#map-canvas").await?;
    // Panned past the plane's left edge, no whole cell in view: the cell
    // stays a position of the plane (the readout, which names the cell
    // whatever the colouring, would name a negative pile).
    let left = format!("\u{E008}{}\u{E000}", "\u{E012}".repeat(20));
    s.keys_to_focused(&left).await?;
    let past = s.text("#map-readout").await?;
    if cell_named(&past, 5).is_none_or(|cell| cell.contains('-')) {
        return Err(format!(
            "panned past the plane's edge, the readout {past:?}"
        ));
    }
    Ok(())
}

/// The cell `b,c` a readout of the map of `{a, b, c}` names, as a link's
/// piles write it after `a`.
pub(crate) fn cell_named(readout: &str, a: u64) -> Option<String> {
    let rest = readout.strip_prefix(&format!("{{{a}, "))?;
    Some(rest.split_once('}')?.0.replace(' ', ""))
}
