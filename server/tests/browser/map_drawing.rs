//! The map drawn: its colours against the pictures', its fit when shown or
//! resized, its numbers outside the plot, its scale's ends, and its marks'
//! contrast in both schemes.

use fantoccini::Locator;
use serde_json::json;
use stone_game::{Convention, RemotenessTable, ScannedTables};

use crate::library::losing;
use crate::session::{Outcome, Session};

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
