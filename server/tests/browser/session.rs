//! A browser session on the explorer, with its helpers, and the helpers
//! the tests share.

use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use libtest_mimic::Failed;
use serde_json::{Value, json};

use crate::environment::{CHROMIUM, Environment, WAIT, runtime};
use crate::support::{self, Fetch};

pub(crate) type Outcome = Result<(), String>;
pub(crate) type TestFn = for<'a> fn(&'a Session) -> Pin<Box<dyn Future<Output = Outcome> + 'a>>;

/// Runs `test` in a fresh browser session, which it closes afterwards.
pub(crate) fn run(environment: &Environment, test: TestFn) -> Result<(), Failed> {
    let runtime = runtime()?;
    runtime.block_on(async {
        let session = Session::open(environment, false).await?;
        let outcome = tokio::time::timeout(Duration::from_secs(240), test(&session))
            .await
            .unwrap_or_else(|_| Err("the test took longer than 240 s".into()));
        session.close().await;
        outcome.map_err(Failed::from)
    })
}

/// A browser session on the explorer.
pub(crate) struct Session {
    pub(crate) client: Client,
    id: String,
    driver: SocketAddr,
    url: String,
    /// Chromium's profile, removed once the session has closed and the
    /// browser no longer writes to it.
    profile: tempfile::TempDir,
}

impl Session {
    pub(crate) async fn open(environment: &Environment, dark: bool) -> Result<Session, String> {
        Session::open_at(
            environment.driver_address,
            environment.server.url.clone(),
            dark,
        )
        .await
    }

    /// Another session on the same server, in the dark scheme; the caller
    /// closes it.
    pub(crate) async fn dark_twin(&self) -> Result<Session, String> {
        Session::open_at(self.driver, self.url.clone(), true).await
    }

    async fn open_at(driver: SocketAddr, url: String, dark: bool) -> Result<Session, String> {
        let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
        let mut args = vec![
            "--headless".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--window-size=1100,1500".into(),
            "--hide-scrollbars".into(),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        if dark {
            args.push("--force-dark-mode".into());
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({ "binary": CHROMIUM, "args": args }),
        );
        capabilities.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = tokio::time::timeout(
            WAIT,
            ClientBuilder::new(connector)
                .capabilities(capabilities)
                .connect(&format!("http://{driver}")),
        )
        .await
        .map_err(|_| "no browser session within 30 s".to_string())?
        .map_err(|e| format!("no browser session: {e}"))?;
        let id = client
            .session_id()
            .await
            .map_err(|e| e.to_string())?
            .ok_or("no session id")?;
        Ok(Session {
            client,
            id,
            driver,
            url,
            profile,
        })
    }

    /// Plays the move of the `pick`-th button (counted round the list),
    /// waits for the next turn, and returns the piles it left.
    pub(crate) async fn play_move(&self, pick: usize) -> Result<String, String> {
        let moves = self.move_buttons().await?;
        let to = moves.get(pick % moves.len().max(1)).ok_or("no move")?[0]
            .as_str()
            .ok_or("data-to")?
            .to_string();
        self.click_move(&to).await?;
        // The move is in the game, as the position shown or, when the
        // engine has answered it, before it.
        self.wait_until(&format!(
            "(() => {{ const q = new URLSearchParams(location.search);
                return q.get('piles') === '{to}' || (q.get('game') ?? '').split(' > ')
                  .some((p) => p.split(/[ +]+/).join(',') === '{to}'); }})()"
        ))
        .await?;
        self.wait_for_turn().await?;
        Ok(to)
    }

    /// The engine's move from `piles` (joined by commas) as the server
    /// names it: the piles it leaves.
    pub(crate) async fn engine_move(&self, piles: &str) -> Result<String, String> {
        let to = self
            .client
            .execute_async(
                &format!(
                    "const done = arguments[arguments.length - 1];
                     fetch('/api/position?piles={piles}').then((r) => r.json())
                       .then((a) => done(a.engine.to.join(',')));"
                ),
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        Ok(to.as_str().ok_or("no engine move")?.to_string())
    }

    /// Chooses `value` in the select `id`, as a person does.
    pub(crate) async fn select(&self, id: &str, value: &str) -> Outcome {
        self.client
            .find(Locator::Id(id))
            .await
            .map_err(|e| format!("#{id}: {e}"))?
            .select_by_value(value)
            .await
            .map_err(|e| format!("#{id} = {value}: {e}"))
    }

    /// Clicks the element `locator` finds.
    pub(crate) async fn click(&self, locator: Locator<'_>) -> Outcome {
        self.client
            .find(locator)
            .await
            .map_err(|e| e.to_string())?
            .click()
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    pub(crate) async fn close(self) {
        let _ = self.client.close().await;
        // Closing the session ends the browser, which may still be writing
        // its profile as it goes: a profile that cannot be removed yet is
        // left for the system's temporary files rather than failing a test.
        let _ = self.profile.close();
    }

    /// Opens the page at `query` and waits until it has read its URL.
    pub(crate) async fn open_link(&self, query: &str) -> Outcome {
        self.client
            .goto(&format!("{}{query}", self.url))
            .await
            .map_err(|e| e.to_string())?;
        self.wait_until("document.body.dataset.ready === '1'").await
    }

    /// Every move button: the position it leaves, what that position is
    /// for the player who must answer it, and its remoteness (each `null`
    /// where the button does not show it).
    pub(crate) async fn move_buttons(&self) -> Result<Vec<Value>, String> {
        let moves = self
            .js(
                "return [...document.querySelectorAll('button.move')].map(b =>
                    [b.dataset.to, b.dataset.leadsTo || null, b.dataset.remoteness || null]);",
            )
            .await?;
        Ok(moves.as_array().ok_or("no moves")?.clone())
    }

    /// Opens the page at `query` and waits until it has settled.
    pub(crate) async fn open_page(&self, query: &str) -> Outcome {
        self.open_link(query).await?;
        self.wait_until(
            "!document.getElementById('status').dataset.state.match(/loading|thinking|engine/)",
        )
        .await
    }

    /// Runs `script` (a function body) and returns its value.
    pub(crate) async fn js(&self, script: &str) -> Result<Value, String> {
        self.client
            .execute(script, vec![])
            .await
            .map_err(|e| format!("{script}: {e}"))
    }

    /// Waits until the expression `condition` is true.
    pub(crate) async fn wait_until(&self, condition: &str) -> Outcome {
        let start = Instant::now();
        loop {
            if self.js(&format!("return !!({condition});")).await? == json!(true) {
                return Ok(());
            }
            if start.elapsed() > WAIT {
                let status = self.text("#status").await.unwrap_or_default();
                let message = self.text("#message").await.unwrap_or_default();
                return Err(format!(
                    "waited {WAIT:?} for {condition}; status {status:?}, message {message:?}"
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until it is the player's turn, or the game is over.
    pub(crate) async fn wait_for_turn(&self) -> Outcome {
        self.wait_until(
            "['player', 'over'].includes(document.getElementById('status').dataset.state)",
        )
        .await
    }

    pub(crate) async fn text(&self, css: &str) -> Result<String, String> {
        let element = self
            .client
            .find(Locator::Css(css))
            .await
            .map_err(|e| format!("{css}: {e}"))?;
        element.text().await.map_err(|e| e.to_string())
    }

    /// Gives the focus to the first element `css` selects, as a script
    /// would (no click, which would also act on it).
    pub(crate) async fn focus(&self, css: &str) -> Outcome {
        self.js(&format!(
            "document.querySelector({}).focus(); return null;",
            json!(css)
        ))
        .await
        .map(|_| ())
    }

    /// Sends `keys` to the element with the focus, as a person typing.
    pub(crate) async fn keys_to_focused(&self, keys: &str) -> Outcome {
        self.client
            .active_element()
            .await
            .map_err(|e| e.to_string())?
            .send_keys(keys)
            .await
            .map_err(|e| e.to_string())
    }

    /// Waits until the URL names `piles` (joined by commas): the page has
    /// gone to that position.
    pub(crate) async fn wait_for_piles(&self, piles: &str) -> Outcome {
        self.wait_until(&format!(
            "new URLSearchParams(location.search).get('piles') === {}",
            json!(piles)
        ))
        .await
    }

    /// Waits until the URL names piles other than each of `left` (joined
    /// by commas): the page has gone on from them.
    pub(crate) async fn wait_for_piles_other_than(&self, left: &[&str]) -> Outcome {
        self.wait_until(&format!(
            "!{}.includes(new URLSearchParams(location.search).get('piles'))",
            json!(left)
        ))
        .await
    }

    /// The piles in the URL.
    pub(crate) async fn url_piles(&self) -> Result<String, String> {
        let value = self
            .js("return new URLSearchParams(location.search).get('piles');")
            .await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// Clears the field `id` and types `keys` into it.
    pub(crate) async fn type_into(&self, id: &str, keys: &str) -> Outcome {
        let field = self
            .client
            .find(Locator::Id(id))
            .await
            .map_err(|e| e.to_string())?;
        field.clear().await.map_err(|e| e.to_string())?;
        field.send_keys(keys).await.map_err(|e| e.to_string())
    }

    /// Types `piles` into the start's field and presses Enter, which
    /// submits the form: a new game from them.
    pub(crate) async fn type_start(&self, piles: &str) -> Outcome {
        self.type_into("start-piles", &format!("{piles}\u{E007}"))
            .await
    }

    /// Clicks the move button that leaves `to` (piles joined by commas).
    pub(crate) async fn click_move(&self, to: &str) -> Outcome {
        let css = format!("button.move[data-to='{to}']");
        let button = self
            .client
            .find(Locator::Css(&css))
            .await
            .map_err(|e| format!("{css}: {e}"))?;
        button.click().await.map_err(|e| e.to_string())
    }

    /// The browser's console entries at level SEVERE.
    pub(crate) async fn console_errors(&self) -> Result<Vec<String>, String> {
        let path = format!("/session/{}/se/log", self.id);
        let request = Fetch {
            method: axum::http::Method::POST,
            body: br#"{"type":"browser"}"#.to_vec(),
            ..Fetch::get(&path)
        };
        let answer = support::fetch(&support::client(), self.driver, request).await;
        if answer.status != 200 {
            return Err(format!("the log: {} {}", answer.status, answer.body));
        }
        let log: Value = serde_json::from_str(&answer.body).map_err(|e| e.to_string())?;
        Ok(log["value"]
            .as_array()
            .ok_or("the log is not a list")?
            .iter()
            .filter(|entry| entry["level"] == "SEVERE")
            .map(|entry| entry["message"].to_string())
            .collect())
    }

    /// The map's plot inside its canvas, in CSS pixels: its left, its top
    /// and its side, as the map drew it last.
    pub(crate) async fn map_plot(&self) -> Result<[f64; 3], String> {
        let plot = self
            .js("return document.getElementById('map-canvas').dataset.plot ?? ''")
            .await?;
        let numbers: Vec<f64> = plot
            .as_str()
            .unwrap_or_default()
            .split(',')
            .filter_map(|n| n.parse().ok())
            .collect();
        numbers
            .try_into()
            .map_err(|_| format!("the map's plot is {plot}, not its left, top and side"))
    }

    /// Moves the mouse over cell (b, c) of a map fitted to `limit`.
    pub(crate) async fn hover_cell(&self, b: u64, c: u64, limit: u64) -> Outcome {
        self.pointer_at_cell(b, c, limit, false).await
    }

    pub(crate) async fn pointer_at_cell(&self, b: u64, c: u64, limit: u64, click: bool) -> Outcome {
        let canvas = self
            .client
            .find(Locator::Id("map-canvas"))
            .await
            .map_err(|e| e.to_string())?;
        let [left, top, side] = self.map_plot().await?;
        let size = self
            .js("const c = document.getElementById('map-canvas'); return [c.clientWidth, c.clientHeight];")
            .await?;
        let (width, height) = (
            size[0].as_f64().ok_or("no canvas width")?,
            size[1].as_f64().ok_or("no canvas height")?,
        );
        let cell = side / (limit + 1) as f64;
        // Offsets from the canvas's centre, to the centre of the cell: b
        // across from the plot's left, c up from its bottom.
        let x = (left + (b as f64 + 0.5) * cell - width / 2.0).round();
        let y = (top + side - (c as f64 + 0.5) * cell - height / 2.0).round();
        let mut mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
            element: canvas,
            duration: Some(Duration::from_millis(50)),
            x,
            y,
        });
        if click {
            mouse = mouse
                .then(PointerAction::Down {
                    button: MOUSE_BUTTON_LEFT,
                })
                .then(PointerAction::Up {
                    button: MOUSE_BUTTON_LEFT,
                });
        }
        self.client
            .perform_actions(mouse)
            .await
            .map_err(|e| e.to_string())
    }
}

pub(crate) fn parse_piles(text: &str) -> Vec<u64> {
    text.split(',').filter_map(|w| w.parse().ok()).collect()
}

pub(crate) fn join(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The positions of the game shown, from its start, as its link has them:
/// `game` ("6 9 11 > 6 1 3") past the start, `piles` alone at it.
pub(crate) async fn game_positions(s: &Session) -> Result<Vec<Vec<u64>>, String> {
    let game = s
        .js("return new URLSearchParams(location.search).get('game');")
        .await?;
    let Some(game) = game.as_str() else {
        return Ok(vec![parse_piles(&s.url_piles().await?)]);
    };
    Ok(game
        .split('>')
        .map(|p| {
            p.split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect()
        })
        .collect())
}
