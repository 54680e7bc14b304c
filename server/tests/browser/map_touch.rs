//! The map under a finger: a pan, a pinch, and a tap that shows a
//! position before a second plays from it.

use std::time::Duration;

use fantoccini::Locator;
use fantoccini::actions::{Actions, InputSource, MOUSE_BUTTON_LEFT, PointerAction, TouchActions};
use serde_json::json;

use crate::map::cell_named;
use crate::session::{Outcome, Session};

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
    s.wait_for_piles(&format!("3,{named}")).await
}
