//! The map: its hover and click, misère, a drag and its text, its colours
//! against the pictures', and a finger's pan and pinch.

use std::time::Duration;

use fantoccini::Locator;
use fantoccini::actions::{
    Actions, InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions,
};
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
    s.wait_until("new URLSearchParams(location.search).get('piles') === '3,2,8'")
        .await?;
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
    let refusal = "Grundy values are defined for normal play only";
    // From a link, and from the checkbox under a normal-play Grundy map.
    for (query, tick) in [
        ("?view=map&a=3&limit=20&colour=grundy&misere=1", false),
        ("?view=map&a=3&limit=20&colour=grundy&misere=0", true),
    ] {
        s.open_page(query).await?;
        if tick {
            s.click(Locator::Id("misere")).await?;
            s.wait_until("new URLSearchParams(location.search).get('misere') === '1'")
                .await?;
        }
        s.wait_until("!document.getElementById('message').hidden")
            .await?;
        let message = s.text("#message").await?;
        if !message.contains(refusal) {
            return Err(format!("{query}: the message is {message:?}"));
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

/// The colour the map drew for the cell (b, c), for a map fitted to its
/// limit: at the cell's centre, or, where cells are a pixel or two wide,
/// at its first device pixel, the one the map fills whatever the cell's
/// width.
async fn cell_colour(s: &Session, b: u64, c: u64, limit: u64) -> Result<[u8; 3], String> {
    let into = if limit > 100 { 0.0 } else { 0.5 };
    let rgb = s
        .js(&format!(
            "const canvas = document.getElementById('map-canvas');
             const side = canvas.clientWidth, scale = side / ({limit} + 1);
             const dpr = window.devicePixelRatio || 1;
             const x = Math.floor(({b} + {into}) * scale * dpr);
             const y = Math.floor((side - ({c} + 1 - {into}) * scale) * dpr);
             return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data].slice(0, 3);"
        ))
        .await?;
    serde_json::from_value(rgb).map_err(|e| e.to_string())
}

/// The map puts c upward and b across, as the command line's pictures do,
/// in their palette (crate stone-game-draw): its marks, its remoteness and
/// Grundy scales, each cell's colour read back from the canvas; a losing
/// position is visible at a limit of 500; ticks and a colour scale are
/// drawn.
pub(crate) async fn map_as_the_pictures(s: &Session) -> Outcome {
    use stone_game_draw::palette;
    let tables = ScannedTables::scan(500).map_err(|e| e.to_string())?;
    s.open_page("?view=map&a=3&limit=20&colour=losing").await?;
    // The top-left cell is (b = 0, c = the limit).
    s.hover_cell(0, 20, 20).await?;
    s.wait_until("document.getElementById('map-readout').textContent.startsWith('{3, 0, 20}')")
        .await?;
    for (b, c) in [(1, 3), (2, 8), (8, 2), (4, 4)] {
        if !losing(&tables, &[3, b, c]) {
            return Err(format!("{{3, {b}, {c}}} is not losing: pick another"));
        }
        let colour = cell_colour(s, b, c, 20).await?;
        if colour != palette::LOSING {
            return Err(format!(
                "{{3, {b}, {c}}} drawn {colour:?}, not {:?}",
                palette::LOSING
            ));
        }
    }
    // Ticks on both axes at the least of 1, 2, 5, 10... cells that puts
    // them 48 pixels apart, from 0 to the limit.
    let ticks = s
        .js("const c = document.getElementById('map-canvas'); \
             return [c.dataset.ticksB, c.dataset.ticksC, c.clientWidth]")
        .await?;
    let cell = ticks[2].as_f64().ok_or("no canvas width")? / 21.0;
    let step = [1, 2, 5, 10, 20]
        .into_iter()
        .find(|&step| f64::from(step) * cell >= 48.0)
        .ok_or("cells too small")?;
    let expected: Vec<String> = (0..=20)
        .step_by(step as usize)
        .map(|v| v.to_string())
        .collect();
    let expected = expected.join(",");
    if ticks[0] != json!(expected) || ticks[1] != json!(expected) {
        return Err(format!(
            "the ticks at limit 20: {ticks}, expected {expected}"
        ));
    }
    let scale = s
        .js("return document.getElementById('map-scale').getAttribute('aria-label')")
        .await?;
    if !scale
        .as_str()
        .unwrap_or("")
        .contains("losing positions dark blue")
    {
        return Err(format!("the colour scale: {scale}"));
    }

    // Remoteness: each outcome on its own scale, to its longest game.
    let remoteness = stone_game::RemotenessTable::compute(20, stone_game::Convention::Normal)
        .map_err(|e| e.to_string())?;
    let value = |b: u64, c: u64| remoteness.value(3, b, c).ok_or("inside");
    let (mut longest_win, mut longest_loss) = (0, 0);
    for b in 0..=20 {
        for c in 0..=20 {
            let v = value(b, c)?;
            if v.outcome == stone_game::Outcome::Lose {
                longest_loss = longest_loss.max(v.remoteness);
            } else {
                longest_win = longest_win.max(v.remoteness);
            }
        }
    }
    s.open_page("?view=map&a=3&limit=20&colour=remoteness")
        .await?;
    for (b, c) in [(1, 3), (5, 5), (10, 12), (19, 7)] {
        let v = value(b, c)?;
        let lost = v.outcome == stone_game::Outcome::Lose;
        let longest = if lost { longest_loss } else { longest_win };
        let expected = palette::remoteness(lost, v.remoteness, longest);
        let colour = cell_colour(s, b, c, 20).await?;
        if colour != expected {
            return Err(format!(
                "remoteness of {{3, {b}, {c}}}: {colour:?}, not {expected:?}"
            ));
        }
    }

    // Grundy values: 0 in the losing colour, the rest on the wins' scale.
    let grundy = stone_game::GrundyTable::compute(20).map_err(|e| e.to_string())?;
    let largest = (0..=20)
        .flat_map(|b| (0..=20).map(move |c| (b, c)))
        .filter_map(|(b, c)| grundy.value(3, b, c))
        .max()
        .unwrap_or(0);
    s.open_page("?view=map&a=3&limit=20&colour=grundy").await?;
    for (b, c) in [(1, 3), (5, 5), (10, 12), (19, 7)] {
        let g = grundy.value(3, b, c).ok_or("inside")?;
        let expected = palette::grundy(g, largest);
        let colour = cell_colour(s, b, c, 20).await?;
        if colour != expected {
            return Err(format!(
                "Grundy value {g} of {{3, {b}, {c}}}: {colour:?}, not {expected:?}"
            ));
        }
    }

    // At a limit of 500, a cell is about a pixel, and a losing one is still
    // drawn in full colour.
    s.open_page("?view=map&a=0&limit=500&colour=losing").await?;
    let mut checked = 0;
    for b in [60, 97, 123, 181, 250, 377, 440] {
        let c = tables.as_tables().partner(0, b).ok_or("a partner")?;
        // Away from the ticks along the edges.
        if !(60..=440).contains(&c) {
            continue;
        }
        let colour = cell_colour(s, b, c, 500).await?;
        if colour != palette::LOSING {
            return Err(format!("{{0, {b}, {c}}} at limit 500 drawn {colour:?}"));
        }
        checked += 1;
    }
    if checked < 3 {
        return Err(format!(
            "only {checked} losing positions checked at limit 500"
        ));
    }
    Ok(())
}

/// A finger's drag pans the map, and two fingers spread apart zoom it in:
/// told by the ticks along the bottom and the positions in view.
pub(crate) async fn map_touch(s: &Session) -> Outcome {
    s.open_page("?view=map&a=3&limit=20").await?;
    let view = || async {
        let view = s
            .js(
                "return [document.getElementById('map-canvas').dataset.ticksB, \
                 document.querySelectorAll('#map-list li').length]",
            )
            .await?;
        let ticks: Vec<u64> = view[0]
            .as_str()
            .unwrap_or_default()
            .split(',')
            .filter_map(|t| t.parse().ok())
            .collect();
        Ok::<_, String>((ticks, view[1].as_u64().unwrap_or(0)))
    };
    let (ticks, listed) = view().await?;
    if ticks.last() != Some(&20) {
        return Err(format!("the fitted map's ticks: {ticks:?}"));
    }
    let canvas = || async {
        s.client
            .find(Locator::Id("map-canvas"))
            .await
            .map_err(|e| e.to_string())
    };
    let finger = |id: &str, element, x: f64, dx: f64| {
        TouchActions::new(id.into())
            .then(PointerAction::MoveToElement {
                element,
                duration: None,
                x,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::MoveBy {
                duration: Some(Duration::from_millis(200)),
                x: dx,
                y: 0.0,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
    };
    // One finger, 120 pixels to the right: b's right end leaves the view.
    s.client
        .perform_actions(finger("finger", canvas().await?, 0.0, 120.0))
        .await
        .map_err(|e| e.to_string())?;
    let (panned, _) = view().await?;
    if panned.last().is_none_or(|&last| last >= 20) {
        return Err(format!("after a finger's pan the ticks are {panned:?}"));
    }
    // Back to the whole plane, then two fingers spread apart.
    s.click(Locator::Id("zoom-reset")).await?;
    let pinch = Actions::from(finger("one", canvas().await?, -40.0, -100.0)).and(finger(
        "two",
        canvas().await?,
        40.0,
        100.0,
    ));
    s.client
        .perform_actions(pinch)
        .await
        .map_err(|e| e.to_string())?;
    let (_, zoomed) = view().await?;
    if zoomed >= listed {
        return Err(format!(
            "after a pinch {zoomed} losing positions are in view, of {listed} before"
        ));
    }
    Ok(())
}
