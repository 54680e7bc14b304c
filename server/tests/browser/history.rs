//! The value history's chart.

use fantoccini::Locator;
use serde_json::json;
use stone_game::{Convention, Position, RemotenessTable};

use crate::library::solver_over;
use crate::session::{Outcome, Session, game_positions, join};

/// The value history: a point for every position, above the middle line
/// when the first player wins it and below when the second does, nearer
/// the edge the fewer moves are left, the current one marked; a click on a
/// point goes back to its position, and the game is in the link.
pub(crate) async fn value_history_chart(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Normal).map_err(|e| e.to_string())?;
    let solver = solver_over(&table)?;
    s.open_page("?piles=4,7,9&engine=none").await?;
    for pick in [4, 9, 2, 6] {
        s.play_move(pick).await?;
    }
    let positions = game_positions(s).await?;
    let points = s
        .js("const svg = document.querySelector('#history svg');
             const axis = svg.querySelector('line.axis').getAttribute('y1');
             return [Number(axis), [...svg.querySelectorAll('circle')].map((c) =>
               [Number(c.getAttribute('cy')), c.classList.contains('now'), c.dataset.index])];")
        .await?;
    let middle = points[0].as_f64().ok_or("no middle line")?;
    let points = points[1].as_array().ok_or("no points")?;
    if points.len() != positions.len() {
        return Err(format!(
            "{} points for {} positions",
            points.len(),
            positions.len()
        ));
    }
    // Distance from the middle line grows as the remoteness falls, in each
    // half.
    let mut depth = Vec::new();
    for (i, (point, piles)) in points.iter().zip(&positions).enumerate() {
        let y = point[0].as_f64().ok_or("cy")?;
        let position = Position::new(piles.to_vec()).map_err(|e| e.to_string())?;
        let answer = solver.position(&position).map_err(|e| e.to_string())?;
        let mover_wins = answer.value.outcome == stone_game::Outcome::Win;
        let first_wins = mover_wins == (i % 2 == 0);
        if (y < middle) != first_wins {
            return Err(format!(
                "{piles:?} (position {i}) is drawn at {y}, the middle at {middle}: first player wins: {first_wins}"
            ));
        }
        if point[1] != json!(i + 1 == positions.len()) {
            return Err(format!("position {i}'s mark as the current one: {point}"));
        }
        depth.push((
            answer.value.remoteness.ok_or("no remoteness")?,
            (y - middle).abs(),
        ));
    }
    for a in &depth {
        for b in &depth {
            if a.0 < b.0 && a.1 <= b.1 {
                return Err(format!(
                    "remoteness and distance from the middle: {depth:?}"
                ));
            }
        }
    }
    let ticks = s
        .js("return [...document.querySelectorAll('#history text.tick')].map((t) => t.textContent)")
        .await?;
    if !ticks.as_array().is_some_and(|t| t.contains(&json!("0"))) {
        return Err(format!("the chart's ticks: {ticks}"));
    }
    // The game is in the link: opened afresh, it comes back whole.
    let link = s.js("return location.search").await?;
    let link = link.as_str().ok_or("no link")?.to_string();
    s.open_page("?piles=1,2,3").await?;
    s.open_page(&link).await?;
    if game_positions(s).await? != positions
        || s.js("return document.querySelectorAll('#history circle').length")
            .await?
            .as_u64()
            != Some(positions.len() as u64)
    {
        return Err(format!("the link {link} did not bring the game back"));
    }
    // A click on the second point goes back to it.
    s.click(Locator::Css("#history circle[data-index='1']"))
        .await?;
    let second = join(&positions[1]);
    s.wait_for_piles(&second).await?;
    let now = s
        .js("return document.querySelector('#history circle.now').dataset.index")
        .await?;
    if now != json!("1") {
        return Err(format!("after the click the current point is {now}"));
    }
    // A long game's link, past the API's 2 KiB of URI: 240 positions come
    // back whole, and again after a reload.
    let long: Vec<String> = (11..=250).rev().map(|a| format!("{a}+3+3")).collect();
    let link = format!("?engine=none&game={}", long.join("+%3E+"));
    for reload in [false, true] {
        if reload {
            s.client.refresh().await.map_err(|e| e.to_string())?;
            s.wait_until("document.body.dataset.ready === '1'").await?;
        } else {
            s.open_page(&link).await?;
        }
        s.wait_for_turn().await?;
        let shown = s
            .js(
                "return [document.querySelectorAll('#history circle').length, \
                 new URLSearchParams(location.search).get('piles')]",
            )
            .await?;
        if shown != json!([240, "11,3,3"]) {
            return Err(format!(
                "a link of {} bytes (reloaded: {reload}): {shown}",
                link.len()
            ));
        }
    }
    // A game in a link that does not follow by moves is refused, named.
    s.open_link("?game=3+5+7+%3E+3+5+8").await?;
    s.wait_until("!document.getElementById('message').hidden")
        .await?;
    let message = s.text("#message").await?;
    if !message.contains("no move leads there from 3 5 7") {
        return Err(format!("a bad game in a link: {message:?}"));
    }
    Ok(())
}

/// The chart is drawn at the width it is shown at, at a phone's width and
/// after a resize, so that its numbers keep their 12 pixels; none of its
/// numbers is under a point, the start's ringed one included, and none of
/// its labels overlaps another, the lower half's under a phone's row of
/// move numbers included; and the history as text below it stands clear
/// of its box.
pub(crate) async fn chart_at_its_width(s: &Session) -> Outcome {
    // One move of the svg's units is one pixel of the page; no number's
    // box comes within 2 pixels of a point's, its ring's stroke included.
    let check = "const svg = document.querySelector('#history svg');
        const numbers = [...svg.querySelectorAll('text.tick')].map((t) => t.getBoundingClientRect());
        const points = [...svg.querySelectorAll('circle')].map((c) => c.getBoundingClientRect());
        const near = (a, b, gap) => a.left < b.right + gap && b.left - gap < a.right
          && a.top < b.bottom + gap && b.top - gap < a.bottom;
        const covered = numbers.filter((n) => points.some((p) => near(n, p, 2 + 1.25))).length;
        return [svg.getBoundingClientRect().width, svg.viewBox.baseVal.width, covered, numbers.length];";
    for (width, height) in [(390, 844), (1100, 1500)] {
        s.client
            .set_window_size(width, height)
            .await
            .map_err(|e| e.to_string())?;
        // A short game: the remoteness axis has a number at every value,
        // the start's among them.
        s.open_page("?piles=0,1,2&engine=none").await?;
        let gap = s
            .js(
                "return document.getElementById('history-text').getBoundingClientRect().top \
                 - document.getElementById('history').getBoundingClientRect().bottom",
            )
            .await?;
        if gap.as_f64().is_none_or(|gap| gap < 8.0) {
            return Err(format!(
                "at {width} pixels the history as text is {gap} pixels below the chart's box"
            ));
        }
        for moved in [false, true] {
            if moved {
                s.play_move(0).await?;
            }
            let found = s.js(check).await?;
            let (shown, drawn) = (
                found[0].as_f64().unwrap_or(0.0),
                found[1].as_f64().unwrap_or(0.0),
            );
            if (shown - drawn).abs() > 0.5 || found[2] != json!(0) || found[3] == json!(0) {
                return Err(format!(
                    "at {width} pixels (a move played: {moved}): the chart shown {shown} wide, \
                     drawn {drawn} wide; {} of its {} numbers near a point",
                    found[2], found[3]
                ));
            }
        }
    }
    // A game of seven positions at 390 pixels: its move numbers run across
    // the whole width, and no label of the chart overlaps another.
    s.client
        .set_window_size(390, 844)
        .await
        .map_err(|e| e.to_string())?;
    s.open_page(
        "?engine=none&game=20+20+20+%3E+19+20+20+%3E+3+4+4+%3E+2+4+4+%3E+1+3+3+%3E+0+3+3+%3E+0+0+0",
    )
    .await?;
    let overlaps = s
        .js(
            "const labels = [...document.querySelectorAll('#history svg text')];
             const boxes = labels.map((t) => t.getBoundingClientRect());
             const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
             const found = [];
             boxes.forEach((a, i) => boxes.forEach((b, j) => {
               if (i < j && hit(a, b)) found.push([labels[i].textContent, labels[j].textContent]);
             }));
             return [labels.length, found];",
        )
        .await?;
    if overlaps[1] != json!([]) || overlaps[0].as_u64().is_none_or(|n| n < 10) {
        return Err(format!(
            "at 390 pixels, of the chart's {} labels these overlap: {}",
            overlaps[0], overlaps[1]
        ));
    }
    // A game that the first player wins, one stone at a time from 9 0 0:
    // its last point, ringed, at the top right, clear of the upper half's
    // label; and a long game's points drawn smaller, each still apart.
    let game: Vec<String> = (0..=9).rev().map(|a| format!("{a}+0+0")).collect();
    s.open_page(&format!("?engine=none&game={}", game.join("+%3E+")))
        .await?;
    let side_hits = "const svg = document.querySelector('#history svg');
         const sides = [...svg.querySelectorAll('text.side')].map((t) => t.getBoundingClientRect());
         const points = [...svg.querySelectorAll('circle')].map((c) => c.getBoundingClientRect());
         const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
         return [points.length, sides.length,
                 points.filter((p) => sides.some((t) => hit(p, t))).length];";
    let found = s.js(side_hits).await?;
    if found != json!([10, 2, 0]) {
        return Err(format!(
            "at 390 pixels, a game of 10 positions won by the first player \
             ([points, side labels, points on a label]): {found}"
        ));
    }
    // A game of 61 positions at 390 pixels: 5 pixels a move, and the
    // points, but the ringed one, apart.
    let game: Vec<String> = (0..=60).rev().map(|a| format!("{a}+0+0")).collect();
    s.open_page(&format!("?engine=none&game={}", game.join("+%3E+")))
        .await?;
    let apart = s
        .js("const dots = [...document.querySelectorAll('#history circle:not(.now)')]
               .map((c) => c.getBoundingClientRect()).sort((a, b) => a.left - b.left);
             return [dots.length, dots.filter((d, i) => i > 0 && d.left < dots[i - 1].right).length];")
        .await?;
    if apart != json!([60, 0]) {
        return Err(format!(
            "at 390 pixels, a game of 61 positions ([points not ringed, points on the one \
             before]): {apart}"
        ));
    }
    // Resized, it is drawn again at its new width, each time.
    let drawn_at_its_width = "Math.abs(document.querySelector('#history svg').getBoundingClientRect().width \
         - document.querySelector('#history svg').viewBox.baseVal.width) <= 0.5";
    s.client
        .set_window_size(1100, 1500)
        .await
        .map_err(|e| e.to_string())?;
    s.wait_until(&format!(
        "{drawn_at_its_width} && document.querySelector('#history svg').viewBox.baseVal.width > 600"
    ))
    .await
    .map_err(|e| format!("after a resize to 1100 pixels: {e}"))?;
    s.client
        .set_window_size(390, 844)
        .await
        .map_err(|e| e.to_string())?;
    s.wait_until(drawn_at_its_width)
        .await
        .map_err(|e| format!("after a resize to 390 pixels: {e}"))
}
