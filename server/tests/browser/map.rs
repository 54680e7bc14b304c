//! The map: its hover and click, misère, a drag and its text, its colours
//! against the pictures', a finger's pan and pinch, its fit when shown or
//! resized, its numbers outside the plot, its scale's ends and its message.

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

/// The remoteness scale's bars are labelled from the map's own shortest
/// and longest games of each outcome: under misère {0, 0, 0} is a win in
/// 0 moves and no loss is shorter than 1, the reverse of normal play.
pub(crate) async fn remoteness_scale_ends(s: &Session) -> Outcome {
    let moves = |n: u32| format!("{n} move{}", if n == 1 { "" } else { "s" });
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(20, convention).map_err(|e| e.to_string())?;
        let (mut wins, mut losses) = (Vec::new(), Vec::new());
        for b in 0..=20 {
            for c in 0..=20 {
                let v = table.value(0, b, c).ok_or("inside the table")?;
                if v.outcome == stone_game::Outcome::Lose {
                    losses.push(v.remoteness);
                } else {
                    wins.push(v.remoteness);
                }
            }
        }
        let ends = |r: &[u32]| {
            (
                moves(*r.iter().min().unwrap_or(&0)),
                moves(*r.iter().max().unwrap_or(&0)),
            )
        };
        let ((win_low, win_high), (lose_low, lose_high)) = (ends(&wins), ends(&losses));
        let expected = format!(
            "Colour scale: wins from light orange ({win_low}) to dark orange ({win_high}); \
             losses from light blue ({lose_low}) to dark blue ({lose_high})."
        );
        s.open_page(&format!(
            "?view=map&a=0&limit=20&colour=remoteness&misere={flag}"
        ))
        .await?;
        let label = s
            .js("return document.getElementById('map-scale').getAttribute('aria-label')")
            .await?;
        if label != json!(expected) {
            return Err(format!(
                "misere={flag}: the scale says {label}, expected {expected:?}"
            ));
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
             const [left, top, side] = canvas.dataset.plot.split(',').map(Number);
             const scale = side / ({limit} + 1);
             const dpr = window.devicePixelRatio || 1;
             const x = Math.floor((left + ({b} + {into}) * scale) * dpr);
             const y = Math.floor((top + side - ({c} + 1 - {into}) * scale) * dpr);
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
             return [c.dataset.ticksB, c.dataset.ticksC, Number(c.dataset.plot.split(',')[2])]")
        .await?;
    let cell = ticks[2].as_f64().ok_or("no plot side")? / 21.0;
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

/// Whether the map shows its whole plane, fitted to the canvas's
/// displayed width, with the colour scale drawn at its own displayed
/// width and the device's pixel ratio: an error naming what is not.
async fn fitted(s: &Session, when: &str, limit: u64) -> Outcome {
    let last = limit.to_string();
    s.wait_until(&format!(
        "document.getElementById('map-canvas').dataset.ticksB?.split(',').pop() === '{last}'"
    ))
    .await
    .map_err(|e| format!("{when}: {e}"))?;
    let [left, top, side] = s.map_plot().await?;
    let shown = s
        .js("const map = document.getElementById('map-canvas');
             const scale = document.getElementById('map-scale');
             const dpr = window.devicePixelRatio || 1;
             return [map.dataset.ticksB, map.dataset.ticksC, map.clientWidth, map.clientHeight,
                     scale.width, Math.round(scale.clientWidth * dpr), scale.clientWidth];")
        .await?;
    let number = |i: usize| shown[i].as_f64().unwrap_or(f64::NAN);
    let ends = |i: usize| {
        let ticks = shown[i].as_str().unwrap_or_default();
        (
            ticks.starts_with('0') && ticks.ends_with(&last),
            ticks.to_string(),
        )
    };
    let ((b_whole, b_ticks), (c_whole, c_ticks)) = (ends(0), ends(1));
    let inside = left > 0.0
        && top > 0.0
        && left + side < number(2)
        && top + side < number(3)
        && side > number(2) * 0.8;
    if !b_whole || !c_whole || !inside || number(4) != number(5) || number(6) < 300.0 {
        return Err(format!(
            "{when}: ticks b {b_ticks:?}, c {c_ticks:?} (0 to {limit} expected); \
             the plot at ({left}, {top}), {side} wide, in a canvas {} by {}; \
             the scale {} device pixels wide, shown at {} ({} CSS pixels)",
            number(2),
            number(3),
            number(4),
            number(5),
            number(6)
        ));
    }
    Ok(())
}

/// The map shown after it was drawn hidden, at a phone's width, shows its
/// whole plane, and so it does again after a resize, with its colour
/// scale drawn at the width it is shown at.
pub(crate) async fn map_fits_when_shown_and_resized(s: &Session) -> Outcome {
    let window = |width, height| async move {
        s.client
            .set_window_size(width, height)
            .await
            .map_err(|e| e.to_string())
    };
    window(390, 844).await?;
    s.open_page("?piles=1,1,1").await?;
    s.click(Locator::Id("tab-map")).await?;
    fitted(s, "shown at 390 pixels", 60).await?;
    window(1280, 900).await?;
    fitted(s, "resized to 1280 pixels", 60).await?;
    s.open_page("?view=map&colour=remoteness&limit=40").await?;
    fitted(s, "opened at 1280 pixels", 40).await?;
    window(390, 844).await?;
    fitted(s, "resized to 390 pixels", 40).await?;
    Ok(())
}

/// The ticks and their numbers are outside the plot: every pixel of the
/// plain map's plot is a cell's colour or the background, cell (0, 0),
/// the losing {0, 0, 0}, is whole, and the last numbers of both axes are
/// inside the canvas.
pub(crate) async fn map_numbers_outside_the_plot(s: &Session) -> Outcome {
    use stone_game_draw::palette;
    let [r, g, b] = palette::LOSING;
    s.open_page("?view=map&a=0&limit=60&colour=losing").await?;
    let found = s
        .js(&format!(
            "const canvas = document.getElementById('map-canvas');
             const [left, top, side] = canvas.dataset.plot.split(',').map(Number);
             const dpr = window.devicePixelRatio || 1;
             const ctx = canvas.getContext('2d');
             const [x0, y0, n] = [Math.ceil(left * dpr), Math.ceil(top * dpr), Math.floor(side * dpr)];
             const data = ctx.getImageData(x0, y0, n, n).data;
             const is = (i, rgb) => rgb.every((v, k) => data[i + k] === v);
             let stray = 0;
             for (let i = 0; i < data.length; i += 4) {{
               if (!is(i, [255, 255, 255]) && !is(i, [{r}, {g}, {b}])) stray += 1;
             }}
             // Cell (0, 0), but for its gap of a pixel at the right and the bottom.
             const cell = side / 61;
             const inner = Math.floor((cell - 2) * dpr);
             const whole = ctx.getImageData(x0, Math.ceil((top + side - cell) * dpr), inner, inner).data;
             let covered = 0;
             for (let i = 0; i < whole.length; i += 4) {{
               if (![{r}, {g}, {b}].every((v, k) => whole[i + k] === v)) covered += 1;
             }}
             ctx.font = '11px system-ui, sans-serif';
             const lastB = Number(canvas.dataset.ticksB.split(',').pop());
             const lastC = Number(canvas.dataset.ticksC.split(',').pop());
             const right = left + (lastB + 0.5) * cell + ctx.measureText(String(lastB)).width / 2;
             const high = top + side - (lastC + 0.5) * cell - 6;
             // The bitmap shown at its own size: one of its pixels a device
             // pixel, so that every cell keeps its whole pixels on screen.
             const unscaled = [canvas.width, canvas.height].join() ===
               [canvas.clientWidth, canvas.clientHeight].map((v) => Math.round(v * dpr)).join();
             return [stray, covered, whole.length / 4, right <= canvas.clientWidth, high >= 0, unscaled];"
        ))
        .await?;
    if found[0] != json!(0)
        || found[1] != json!(0)
        || found[2].as_u64().is_none_or(|n| n < 4)
        || found[3] != json!(true)
        || found[4] != json!(true)
        || found[5] != json!(true)
    {
        return Err(format!(
            "pixels in the plot neither a cell nor the background: {}; \
             pixels of cell (0, 0) not its colour: {} of {}; \
             the last b number inside the canvas: {}; the last c number: {}; \
             the bitmap shown at its size: {}",
            found[0], found[1], found[2], found[3], found[4], found[5]
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

/// At 1280 by 900, the map as it opens: what the pointer is on reads
/// beside the map, in view, not below the fold under it.
pub(crate) async fn map_readout_beside_it_in_view(s: &Session) -> Outcome {
    s.client
        .set_window_size(1280, 900)
        .await
        .map_err(|e| e.to_string())?;
    s.open_page("?view=map&a=0&limit=60&colour=remoteness")
        .await?;
    let found = s
        .js("const map = document.getElementById('map-canvas').getBoundingClientRect();
             const readout = document.getElementById('map-readout').getBoundingClientRect();
             return [readout.left >= map.right, readout.top >= map.top,
                     readout.bottom <= window.innerHeight, window.scrollY,
                     [map.top, map.right, readout.left, readout.top, readout.bottom].map(Math.round)];")
        .await?;
    let seen = found.as_array().ok_or("the readout's place")?;
    if seen[..4] != [json!(true), json!(true), json!(true), json!(0)] {
        return Err(format!(
            "the readout beside the map and in view at 1280 by 900 \
             ([its left past the map's right, its top below the map's, its bottom in view, the page's scroll], \
             [map top, map right, readout left, top, bottom]): {found}"
        ));
    }
    Ok(())
}

/// WCAG's contrast of two colours `[r, g, b]`, in JavaScript for the page.
const CONTRAST: &str = "const lum = (rgb) => {
       const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
       return 0.2126 * r + 0.7152 * g + 0.0722 * b;
     };
     const contrast = (x, y) => {
       const [hi, lo] = [lum(x), lum(y)].sort((p, q) => q - p);
       return (hi + 0.05) / (lo + 0.05);
     };
     const rgbOf = (css) => css.match(/\\d+/g).slice(0, 3).map(Number);";

/// In the light and the dark scheme, the map's marks stand out at 3:1 or
/// more, as WCAG asks of what a person must see: the edge of every
/// swatch and bar of the colour scale against the page's background (each
/// coloured pixel of their top row), and the keyboard's cell on the map
/// against the map's background.
pub(crate) async fn map_marks_stand_out_in_both_schemes(s: &Session) -> Outcome {
    let dark = s.dark_twin().await?;
    let found = marks_stand_out(s, "light").await;
    let found_dark = marks_stand_out(&dark, "dark").await;
    dark.close().await;
    found.and(found_dark)
}

async fn marks_stand_out(s: &Session, scheme: &str) -> Outcome {
    for colour in ["losing", "grundy", "remoteness"] {
        s.open_page(&format!("?view=map&a=5&limit=40&colour={colour}"))
            .await?;
        // The keyboard's cell, moved right and back to (0, 0).
        s.focus("#map-canvas").await?;
        s.keys_to_focused("\u{E014}\u{E012}").await?;
        let found = s
            .js(&format!(
                "{CONTRAST}
                 const page = rgbOf(getComputedStyle(document.body).backgroundColor);
                 const scale = document.getElementById('map-scale');
                 const dpr = window.devicePixelRatio || 1;
                 const row = scale.getContext('2d')
                   .getImageData(0, Math.floor(4 * dpr), scale.width, 1).data;
                 let edge = 0, least = Infinity;
                 for (let i = 0; i < row.length; i += 4) {{
                   if (row[i + 3] < 128) continue;
                   edge += 1;
                   least = Math.min(least, contrast([row[i], row[i + 1], row[i + 2]], page));
                 }}
                 const canvas = document.getElementById('map-canvas');
                 const [left, top, side] = canvas.dataset.plot.split(',').map(Number);
                 const cell = side / 41;
                 // The middle of the top of the cursor's ring round cell (0, 0).
                 const [x, y] = [left + cell / 2, top + side - cell - 1].map((v) => Math.floor(v * dpr));
                 const ring = [...canvas.getContext('2d').getImageData(x, y, 1, 1).data].slice(0, 3);
                 const back = rgbOf(getComputedStyle(document.documentElement).getPropertyValue('--map-back')
                   .replace(/#(..)(..)(..)/, (_, r, g, b) => [r, g, b].map((h) => parseInt(h, 16)).join(',')));
                 return [edge, least, contrast(ring, back)];"
            ))
            .await?;
        let (edge, least, cursor) = (found[0].as_u64(), found[1].as_f64(), found[2].as_f64());
        let stands_out = |c: Option<f64>| c.is_some_and(|c| c >= 3.0);
        if edge.unwrap_or(0) < 16 || !stands_out(least) || !stands_out(cursor) {
            return Err(format!(
                "the map coloured by {colour}, {scheme} scheme: {edge:?} pixels of the scale's top edge, \
                 the least contrast of one with the page {least:?}, the cursor's with the map {cursor:?} \
                 (3 or more wanted)"
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
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '5,{named}'"
    ))
    .await?;
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

/// A finger has no hover: its first tap on a position shows its value and
/// plays nothing; a second tap on it plays from it.
pub(crate) async fn map_tap_shows_then_plays(s: &Session) -> Outcome {
    s.open_page("?view=map&a=3&limit=20").await?;
    let canvas = s
        .client
        .find(Locator::Id("map-canvas"))
        .await
        .map_err(|e| e.to_string())?;
    let tap = || {
        TouchActions::new("finger".into())
            .then(PointerAction::MoveToElement {
                element: canvas.clone(),
                duration: None,
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
    };
    s.client
        .perform_actions(tap())
        .await
        .map_err(|e| e.to_string())?;
    let first = s
        .js("return [new URLSearchParams(location.search).get('view'), \
             document.getElementById('map-readout').textContent]")
        .await?;
    let readout = first[1].as_str().unwrap_or_default().to_string();
    let Some(named) = cell_named(&readout, 3) else {
        return Err(format!("after one tap the readout {readout:?}"));
    };
    if first[0] != json!("map") || !readout.ends_with("Tap it again to play from it.") {
        return Err(format!("after one tap: {first} (the view, the readout)"));
    }
    s.client
        .perform_actions(tap())
        .await
        .map_err(|e| e.to_string())?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '3,{named}'"
    ))
    .await
}

/// The cell `b,c` a readout of the map of `{a, b, c}` names, as a link's
/// piles write it after `a`.
fn cell_named(readout: &str, a: u64) -> Option<String> {
    let rest = readout.strip_prefix(&format!("{{{a}, "))?;
    Some(rest.split_once('}')?.0.replace(' ', ""))
}
