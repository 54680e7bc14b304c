//! The web explorer in a real Chromium, headless, driven through
//! chromedriver (WebDriver) by fantoccini.
//!
//! Where Chromium or chromedriver is missing, every test is reported as
//! ignored, with the reason printed, and the run passes; with
//! `STONE_GAME_BROWSER_TESTS=required` (as CI sets it) a missing browser
//! fails every test instead. `STONE_GAME_SCREENSHOTS=DIR` also runs the
//! `screenshots` trial, which writes the README's pictures into DIR (a
//! relative one under the repository's root). The
//! server runs in this process.

mod support;

use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::Path;
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use fantoccini::actions::{
    Actions, InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction, TouchActions,
};
use fantoccini::{Client, ClientBuilder, Locator};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::{Value, json};
use stone_game::{Convention, Position, RemotenessTable, ScannedTables, Solver};
use support::{Fetch, Server};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The longest any one wait lasts: a page that has not settled by then has
/// failed.
const WAIT: Duration = Duration::from_secs(30);

type Outcome = Result<(), String>;
type TestFn = for<'a> fn(&'a Session) -> Pin<Box<dyn Future<Output = Outcome> + 'a>>;

/// The accessibility check's name.
const AXE_TEST: &str = "no_serious_accessibility_violation_in_any_view_light_or_dark";

/// Every view the accessibility check opens.
const AXE_VIEWS: [(&str, &str); 7] = [
    ("play with values", "?piles=6,9,11&values=1&engine=none"),
    ("misère play", "?piles=6,9,11&values=1&misere=1&engine=none"),
    ("a sum of games", "?piles=1,2,3,4,5,6&values=1&engine=none"),
    (
        "the map of losing positions",
        "?view=map&a=5&limit=40&colour=losing",
    ),
    (
        "the map by remoteness",
        "?view=map&a=5&limit=40&colour=remoteness",
    ),
    (
        "the map by Grundy value",
        "?view=map&a=5&limit=40&colour=grundy",
    ),
    ("a bad link", "?piles=1,2"),
];

/// Runs axe-core on the page (injected before), answering its serious and
/// critical violations, each with the first elements it names.
const AXE_RUN: &str = "const done = arguments[arguments.length - 1];
axe.run(document, { resultTypes: ['violations'] })
  .then((r) => done(r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}; ${v.nodes.length} elements, as ` +
      v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '))))
  .catch((e) => done([`axe failed: ${e}`]));";

/// The tests, by name.
const TESTS: [(&str, TestFn); 24] = [
    (
        "page_loads_without_console_errors_or_failed_requests",
        |s| Box::pin(page_loads_cleanly(s)),
    ),
    (
        "a_whole_game_played_by_clicks_shows_the_librarys_values",
        |s| Box::pin(a_whole_game(s)),
    ),
    ("undo_redo_and_the_back_button", |s| Box::pin(undo_redo(s))),
    ("the_maps_hover_and_click", |s| {
        Box::pin(map_hover_and_click(s))
    }),
    ("a_bad_url_parameter_shows_a_message", |s| {
        Box::pin(bad_url_parameter(s))
    }),
    ("the_keyboard_plays_a_move", |s| Box::pin(keyboard_move(s))),
    ("misere_from_a_link_and_from_the_checkbox", |s| {
        Box::pin(misere(s))
    }),
    (
        "a_typed_sum_of_games_shows_the_xor_and_the_librarys_colours",
        |s| Box::pin(sum_of_games(s)),
    ),
    ("a_misere_game_to_its_end_is_charted_right", |s| {
        Box::pin(misere_game_to_its_end(s))
    }),
    ("a_misere_map_draws_no_grundy_values", |s| {
        Box::pin(misere_map_without_grundy(s))
    }),
    ("the_pages_engine_moves_are_the_librarys", |s| {
        Box::pin(engine_moves(s))
    }),
    ("the_page_fits_a_phone_390_pixels_wide", |s| {
        Box::pin(phone_width(s))
    }),
    (
        "a_new_game_never_receives_the_old_games_engine_reply",
        |s| Box::pin(new_game_while_a_reply_is_pending(s)),
    ),
    ("the_maps_readout_after_a_drag_and_its_text", |s| {
        Box::pin(map_drag_and_text(s))
    }),
    ("the_map_is_drawn_as_the_pictures_are", |s| {
        Box::pin(map_as_the_pictures(s))
    }),
    ("a_finger_pans_the_map_and_two_pinch_it", |s| {
        Box::pin(map_touch(s))
    }),
    (
        "a_large_positions_moves_are_grouped_and_made_when_opened",
        |s| Box::pin(large_position(s)),
    ),
    ("the_moves_played_in_words_lead_back", |s| {
        Box::pin(moves_played(s))
    }),
    ("a_game_exported_as_text_and_imported_back", |s| {
        Box::pin(export_import(s))
    }),
    ("the_engine_given_a_side_mid_game_moves_at_once", |s| {
        Box::pin(engine_takes_a_side_mid_game(s))
    }),
    ("a_game_with_the_engine_first_played_to_its_end", |s| {
        Box::pin(engine_first_to_the_end(s))
    }),
    ("the_engine_against_itself_with_a_delay_and_a_pause", |s| {
        Box::pin(engine_against_engine(s))
    }),
    ("undo_and_redo_in_every_state", |s| {
        Box::pin(undo_in_every_state(s))
    }),
    (
        "the_value_history_charts_both_players_and_leads_back",
        |s| Box::pin(value_history_chart(s)),
    ),
];

fn main() {
    let args = Arguments::from_args();
    let required = std::env::var("STONE_GAME_BROWSER_TESTS").is_ok_and(|v| v == "required");
    let missing = [CHROMEDRIVER, CHROMIUM]
        .into_iter()
        .find(|path| !Path::new(path).exists());
    let screenshots = std::env::var_os("STONE_GAME_SCREENSHOTS");

    let mut trials = Vec::new();
    if let Some(path) = missing {
        let reason = format!(
            "browser tests skipped: {path} not found; apt-get install chromium chromium-driver"
        );
        if required {
            eprintln!("{reason}, but STONE_GAME_BROWSER_TESTS=required");
        } else {
            println!("{reason}");
            for (name, _) in TESTS {
                println!("  skipped: {name}");
            }
        }
        for (name, _) in TESTS {
            let reason = reason.clone();
            trials.push(
                Trial::test(name, move || {
                    Err(format!("{reason} (STONE_GAME_BROWSER_TESTS=required)").into())
                })
                .with_ignored_flag(!required),
            );
        }
        libtest_mimic::run(&args, trials).exit();
    }

    let environment = Arc::new(Environment::start());
    for (name, test) in TESTS {
        let environment = Arc::clone(&environment);
        trials.push(Trial::test(name, move || environment.run(test)));
    }
    // axe-core from npm, whose path `.ci/run` gives: without it the check
    // is skipped and named, unless the browser tests are required.
    let axe = std::env::var_os("STONE_GAME_AXE");
    let axe_reason = "the accessibility check skipped: STONE_GAME_AXE is not set \
        (npm install axe-core, then STONE_GAME_AXE=node_modules/axe-core/axe.min.js)";
    let axe_trial = match axe {
        Some(path) => {
            let environment = Arc::clone(&environment);
            Trial::test(AXE_TEST, move || {
                let script = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", Path::new(&path).display()))?;
                environment.run_axe(&script)
            })
        }
        None => {
            if !required {
                println!("{axe_reason}\n  skipped: {AXE_TEST}");
            }
            Trial::test(AXE_TEST, move || Err(axe_reason.into())).with_ignored_flag(!required)
        }
    };
    trials.push(axe_trial);
    // The screenshots write files: a trial only when asked for, so that
    // `--include-ignored` runs every test and writes nothing.
    match screenshots {
        Some(dir) => {
            // A relative DIR is the repository's, as README gives it
            // (`STONE_GAME_SCREENSHOTS=docs`): cargo runs tests in the
            // package's folder.
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
            let shots = Arc::clone(&environment);
            trials.push(Trial::test("screenshots", move || {
                shots.run_screenshots(&dir)
            }));
        }
        None => println!("screenshots: not taken; set STONE_GAME_SCREENSHOTS=DIR to write them"),
    }
    // The render times are a measurement, printed, not a test: a trial
    // only when asked for.
    if std::env::var_os("STONE_GAME_RENDER_TIMES").is_some() {
        let timed = Arc::clone(&environment);
        trials.push(Trial::test("render_times", move || {
            timed.run_render_times()
        }));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    drop(environment);
    conclusion.exit();
}

/// The server and chromedriver, shared by the tests; each test has a
/// browser session of its own.
struct Environment {
    server: Server,
    driver: Child,
    driver_address: SocketAddr,
}

impl Drop for Environment {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Environment {
    fn start() -> Environment {
        let server = Server::start();
        // A free port for chromedriver: bound, read and released.
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let driver_address = SocketAddr::from(([127, 0, 0, 1], port));
        let start = Instant::now();
        while TcpStream::connect_timeout(&driver_address, Duration::from_secs(1)).is_err() {
            assert!(start.elapsed() < WAIT, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(100));
        }
        Environment {
            server,
            driver,
            driver_address,
        }
    }

    /// Runs `test` in a fresh browser session, which it closes afterwards.
    fn run(&self, test: TestFn) -> Result<(), Failed> {
        let runtime = runtime()?;
        runtime.block_on(async {
            let session = Session::open(self, false).await?;
            let outcome = tokio::time::timeout(Duration::from_secs(240), test(&session))
                .await
                .unwrap_or_else(|_| Err("the test took longer than 240 s".into()));
            session.close().await;
            outcome.map_err(Failed::from)
        })
    }

    /// Runs axe-core (`script`) on every view of the page, in the light and
    /// the dark scheme, and fails on any serious or critical violation.
    fn run_axe(&self, script: &str) -> Result<(), Failed> {
        let runtime = runtime()?;
        runtime.block_on(async {
            let mut found = Vec::new();
            for (dark, scheme) in [(false, "light"), (true, "dark")] {
                let session = Session::open(self, dark).await?;
                for (view, query) in AXE_VIEWS {
                    session.open_page(query).await?;
                    session.js(script).await?;
                    let violations = session
                        .client
                        .execute_async(AXE_RUN, vec![])
                        .await
                        .map_err(|e| format!("{view} ({scheme}): axe: {e}"))?;
                    for violation in violations.as_array().into_iter().flatten() {
                        found.push(format!(
                            "{view} ({scheme}): {}",
                            violation.as_str().unwrap_or("?")
                        ));
                    }
                }
                session.close().await;
            }
            if found.is_empty() {
                Ok(())
            } else {
                Err(found.join("\n").into())
            }
        })
    }

    /// Writes the screenshots of the play and map views, light and dark.
    /// How long the play view takes to show a large position once its
    /// answer is in the page: "Show values" toggled redraws it from the
    /// answer it holds, synchronously, and reading the layout makes the
    /// browser lay it out as well. The median and the slowest of 21 redraws
    /// a position, each printed.
    fn run_render_times(&self) -> Result<(), Failed> {
        let runtime = runtime()?;
        runtime.block_on(async {
            let session = Session::open(self, false).await?;
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

    fn run_screenshots(&self, dir: &Path) -> Result<(), Failed> {
        let runtime = runtime()?;
        runtime.block_on(async {
            for (dark, suffix) in [(false, ""), (true, "-dark")] {
                let session = Session::open(self, dark).await?;
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
}

/// A runtime for one trial's browser sessions.
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())
}

/// A browser session on the explorer.
struct Session {
    client: Client,
    id: String,
    driver: SocketAddr,
    url: String,
    /// Chromium's profile, removed once the session has closed and the
    /// browser no longer writes to it.
    profile: tempfile::TempDir,
}

impl Session {
    async fn open(environment: &Environment, dark: bool) -> Result<Session, String> {
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
                .connect(&format!("http://{}", environment.driver_address)),
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
            driver: environment.driver_address,
            url: environment.server.url.clone(),
            profile,
        })
    }

    /// Plays the move of the `pick`-th button (counted round the list),
    /// waits for the next turn, and returns the piles it left.
    async fn play_move(&self, pick: usize) -> Result<String, String> {
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
    async fn engine_move(&self, piles: &str) -> Result<String, String> {
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
    async fn select(&self, id: &str, value: &str) -> Outcome {
        self.client
            .find(Locator::Id(id))
            .await
            .map_err(|e| format!("#{id}: {e}"))?
            .select_by_value(value)
            .await
            .map_err(|e| format!("#{id} = {value}: {e}"))
    }

    /// Clicks the element `locator` finds.
    async fn click(&self, locator: Locator<'_>) -> Outcome {
        self.client
            .find(locator)
            .await
            .map_err(|e| e.to_string())?
            .click()
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    async fn close(self) {
        let _ = self.client.close().await;
        // Closing the session ends the browser, which may still be writing
        // its profile as it goes: a profile that cannot be removed yet is
        // left for the system's temporary files rather than failing a test.
        let _ = self.profile.close();
    }

    /// Opens the page at `query` and waits until it has read its URL.
    async fn open_link(&self, query: &str) -> Outcome {
        self.client
            .goto(&format!("{}{query}", self.url))
            .await
            .map_err(|e| e.to_string())?;
        self.wait_until("document.body.dataset.ready === '1'").await
    }

    /// Every move button: the position it leaves, what that position is
    /// for the player who must answer it, and its remoteness (each `null`
    /// where the button does not show it).
    async fn move_buttons(&self) -> Result<Vec<Value>, String> {
        let moves = self
            .js(
                "return [...document.querySelectorAll('button.move')].map(b =>
                    [b.dataset.to, b.dataset.leadsTo || null, b.dataset.remoteness || null]);",
            )
            .await?;
        Ok(moves.as_array().ok_or("no moves")?.clone())
    }

    /// Opens the page at `query` and waits until it has settled.
    async fn open_page(&self, query: &str) -> Outcome {
        self.open_link(query).await?;
        self.wait_until(
            "!document.getElementById('status').dataset.state.match(/loading|thinking|engine/)",
        )
        .await
    }

    /// Runs `script` (a function body) and returns its value.
    async fn js(&self, script: &str) -> Result<Value, String> {
        self.client
            .execute(script, vec![])
            .await
            .map_err(|e| format!("{script}: {e}"))
    }

    /// Waits until the expression `condition` is true.
    async fn wait_until(&self, condition: &str) -> Outcome {
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
    async fn wait_for_turn(&self) -> Outcome {
        self.wait_until(
            "['player', 'over'].includes(document.getElementById('status').dataset.state)",
        )
        .await
    }

    async fn text(&self, css: &str) -> Result<String, String> {
        let element = self
            .client
            .find(Locator::Css(css))
            .await
            .map_err(|e| format!("{css}: {e}"))?;
        element.text().await.map_err(|e| e.to_string())
    }

    /// The piles in the URL.
    async fn url_piles(&self) -> Result<String, String> {
        let value = self
            .js("return new URLSearchParams(location.search).get('piles');")
            .await?;
        Ok(value.as_str().unwrap_or_default().to_string())
    }

    /// Clicks the move button that leaves `to` (piles joined by commas).
    async fn click_move(&self, to: &str) -> Outcome {
        let css = format!("button.move[data-to='{to}']");
        let button = self
            .client
            .find(Locator::Css(&css))
            .await
            .map_err(|e| format!("{css}: {e}"))?;
        button.click().await.map_err(|e| e.to_string())
    }

    /// The browser's console entries at level SEVERE.
    async fn console_errors(&self) -> Result<Vec<String>, String> {
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

    /// Moves the mouse over cell (b, c) of a map fitted to `limit`.
    async fn hover_cell(&self, b: u64, c: u64, limit: u64) -> Outcome {
        self.pointer_at_cell(b, c, limit, false).await
    }

    async fn pointer_at_cell(&self, b: u64, c: u64, limit: u64, click: bool) -> Outcome {
        let canvas = self
            .client
            .find(Locator::Id("map-canvas"))
            .await
            .map_err(|e| e.to_string())?;
        let side = self
            .js("return document.getElementById('map-canvas').clientWidth;")
            .await?
            .as_f64()
            .ok_or("no canvas width")?;
        let cell = side / (limit + 1) as f64;
        // Offsets from the canvas's centre, to the centre of the cell: b
        // across, c up from the bottom.
        let x = ((b as f64 + 0.5) * cell - side / 2.0).round();
        let y = (side / 2.0 - (c as f64 + 0.5) * cell).round();
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

/// Whether the library says `p` is lost for the player to move.
fn losing(tables: &ScannedTables, p: &[u64]) -> bool {
    tables.as_tables().is_losing(p[0], p[1], p[2]) == Some(true)
}

fn parse_piles(text: &str) -> Vec<u64> {
    text.split(',').filter_map(|w| w.parse().ok()).collect()
}

async fn page_loads_cleanly(s: &Session) -> Outcome {
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

async fn a_whole_game(s: &Session) -> Outcome {
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
        s.wait_until(&format!(
            "new URLSearchParams(location.search).get('piles') !== '{}'",
            position
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ))
        .await?;
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

async fn undo_redo(s: &Session) -> Outcome {
    s.open_page("?piles=3,5,7").await?;
    s.click_move("3,5,6").await?;
    s.wait_until("new URLSearchParams(location.search).get('piles') !== '3,5,6' && new URLSearchParams(location.search).get('piles') !== '3,5,7'").await?;
    s.wait_for_turn().await?;
    let after = s.url_piles().await?;
    let undo = s
        .client
        .find(Locator::Id("undo"))
        .await
        .map_err(|e| e.to_string())?;
    undo.click().await.map_err(|e| e.to_string())?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '3,5,7'")
        .await?;
    let redo = s
        .client
        .find(Locator::Id("redo"))
        .await
        .map_err(|e| e.to_string())?;
    redo.click().await.map_err(|e| e.to_string())?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{after}'"
    ))
    .await?;
    // The keyboard: u undoes, r redoes.
    s.js("document.activeElement.blur();").await?;
    s.client
        .find(Locator::Css("body"))
        .await
        .map_err(|e| e.to_string())?
        .send_keys("u")
        .await
        .map_err(|e| e.to_string())?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '3,5,7'")
        .await?;
    // Back and forward walk the same history.
    s.client.back().await.map_err(|e| e.to_string())?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{after}'"
    ))
    .await?;
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

async fn map_hover_and_click(s: &Session) -> Outcome {
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

async fn bad_url_parameter(s: &Session) -> Outcome {
    for (query, needle) in [
        ("?piles=3,x,7", "The link's piles '3,x,7'"),
        ("?piles=", "The link's piles ''"),
        ("?piles=0,0,100000", "only up to"),
        ("?piles=1001,1,1", "only up to 1000"),
        ("?piles=1,2", "2 piles: a position is three piles"),
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
    Ok(())
}

async fn keyboard_move(s: &Session) -> Outcome {
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
    s.wait_until("new URLSearchParams(location.search).get('piles') === '0,2,2'")
        .await?;
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
        let piles = s
            .js("return new URLSearchParams(location.search).get('piles')")
            .await?;
        s.client
            .active_element()
            .await
            .map_err(|e| e.to_string())?
            .send_keys("\u{E007}")
            .await
            .map_err(|e| e.to_string())?;
        s.wait_until(&format!(
            "new URLSearchParams(location.search).get('piles') !== {piles}"
        ))
        .await?;
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

async fn misere(s: &Session) -> Outcome {
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
    let checkbox = s
        .client
        .find(Locator::Id("misere"))
        .await
        .map_err(|e| e.to_string())?;
    checkbox.click().await.map_err(|e| e.to_string())?;
    s.wait_until("new URLSearchParams(location.search).get('misere') === '0'")
        .await?;
    s.wait_until("document.getElementById('value').textContent === '0 0 1: the player to move wins in 1 move · Grundy value 1'").await?;
    Ok(())
}

async fn sum_of_games(s: &Session) -> Outcome {
    let grundy = stone_game::GrundyTable::compute(10).map_err(|e| e.to_string())?;
    let value = |p: &[u64]| -> Result<u32, String> {
        let games: Vec<[u64; 3]> = p.chunks(3).map(|g| [g[0], g[1], g[2]]).collect();
        grundy
            .sum_value(&games)
            .ok_or(format!("{p:?} past the table"))
    };
    s.open_page("?engine=none&values=1").await?;
    let field = s
        .client
        .find(Locator::Id("start-piles"))
        .await
        .map_err(|e| e.to_string())?;
    field.clear().await.map_err(|e| e.to_string())?;
    field
        .send_keys("1 2 3 + 4 5 6\u{E007}")
        .await
        .map_err(|e| e.to_string())?; // Enter submits the form
    s.wait_until("new URLSearchParams(location.search).get('piles') === '1,2,3,4,5,6'")
        .await?;
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
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{to}'"
    ))
    .await?;
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

fn join(piles: &[u64]) -> String {
    piles
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
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

async fn misere_game_to_its_end(s: &Session) -> Outcome {
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
        s.wait_until(&format!(
            "new URLSearchParams(location.search).get('piles') !== '{}'",
            join(&position)
        ))
        .await?;
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

async fn misere_map_without_grundy(s: &Session) -> Outcome {
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

async fn engine_moves(s: &Session) -> Outcome {
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(20, convention).map_err(|e| e.to_string())?;
        let solver = solver_over(&table)?;
        for start in [[3, 5, 7], [4, 4, 9], [6, 10, 2], [1, 1, 12]] {
            s.open_page(&format!("?piles={}&misere={flag}", join(&start)))
                .await?;
            // The player takes one stone from A; the engine replies.
            let to = [start[0] - 1, start[1], start[2]];
            s.click_move(&join(&to)).await?;
            s.wait_until(&format!(
                "!['{}', '{}'].includes(new URLSearchParams(location.search).get('piles'))",
                join(&start),
                join(&to)
            ))
            .await?;
            s.wait_for_turn().await?;
            let position = Position::game(to);
            let engine = solver
                .position(&position)
                .map_err(|e| e.to_string())?
                .engine
                .ok_or(format!("{to:?}: the library has no engine move"))?;
            let expected = join(engine.leaves(&position).piles());
            let shown = s.url_piles().await?;
            if shown != expected {
                return Err(format!(
                    "misere={flag}, after {to:?}: the page's engine left {shown}, the library's {expected}"
                ));
            }
        }
    }
    Ok(())
}

/// At a phone's width, 390 CSS pixels, nothing is wider than the page,
/// every stone of a long pile stays inside its game's box (the stones
/// wrap), and every label shown stays on the line of the field it names.
async fn phone_width(s: &Session) -> Outcome {
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
                 return [page.scrollWidth, page.clientWidth, wide.slice(0, 5), out, apart];")
            .await?;
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

/// A new game started while the engine's reply to a move is on its way
/// never receives it: the old game's requests are aborted, and an answer
/// for it that still arrives is dropped. The page's requests are held back
/// 1.5 s each, so that the new game starts while the old reply is pending.
async fn new_game_while_a_reply_is_pending(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11").await?;
    s.js("const fetch = window.fetch;
          window.fetch = (url, options) => new Promise((resolve, reject) => {
            const timer = setTimeout(() => fetch(url, options).then(resolve, reject), 1500);
            options?.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new DOMException('aborted', 'AbortError'));
            });
          });")
        .await?;
    let first = s.move_buttons().await?;
    let to = first.first().ok_or("no move")?[0]
        .as_str()
        .ok_or("data-to")?
        .to_string();
    s.click_move(&to).await?;
    // The move's answer, then the engine's reply, are on their way: a new
    // game from typed piles.
    let field = s
        .client
        .find(Locator::Id("start-piles"))
        .await
        .map_err(|e| e.to_string())?;
    field.clear().await.map_err(|e| e.to_string())?;
    field
        .send_keys("2 3 4\u{E007}")
        .await
        .map_err(|e| e.to_string())?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '2,3,4'")
        .await?;
    s.wait_for_turn().await?;
    // Long enough for the old game's answers to have come back, were they
    // still asked for.
    tokio::time::sleep(Duration::from_secs(4)).await;
    let state = s
        .js(
            "return [new URLSearchParams(location.search).get('piles'), \
                     document.querySelectorAll('#history-list li').length, \
                     document.getElementById('status').dataset.state]",
        )
        .await?;
    if state != json!(["2,3,4", 1, "player"]) {
        return Err(format!(
            "after a new game during the engine's reply to {to}: {state} (piles, positions, state)"
        ));
    }
    Ok(())
}

/// The map's text alternative lists exactly the library's losing positions
/// in view; after a drag, the readout names the position under the pointer
/// (the one the drag started on, since the map moves with the pointer),
/// not the keyboard's cursor.
async fn map_drag_and_text(s: &Session) -> Outcome {
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
async fn map_as_the_pictures(s: &Session) -> Outcome {
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
async fn map_touch(s: &Session) -> Outcome {
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

/// A position past the grouping's bound (piles 125 125 124: 868 moves; the
/// same holds for piles of 1000, whose tables a debug build takes long to
/// build) shows its moves as seven
/// collapsed groups, with no button made until one is opened; an opened
/// group has all its moves, its winning ones named in its summary, and a
/// move played from it is played.
async fn large_position(s: &Session) -> Outcome {
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
    s.wait_until("new URLSearchParams(location.search).get('piles') === '125,125,123'")
        .await?;
    s.wait_for_turn().await?;
    Ok(())
}

/// The moves played, each told by what it took ("takes 2 from B and C,
/// leaving 3 1 3"), worked out here from the positions; a click on one
/// goes back to the position it left, and the moves after it are marked
/// undone.
async fn moves_played(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    let mut positions = vec![vec![6u64, 9, 11]];
    for pick in [5, 17] {
        let to = s.play_move(pick).await?;
        positions.push(parse_piles(&to));
    }
    // Two humans play: Player 1 moves first.
    let words = |player: usize, from: &[u64], to: &[u64]| {
        let taken: Vec<usize> = (0..3).filter(|&i| from[i] != to[i]).collect();
        let names: Vec<&str> = taken.iter().map(|&i| ["A", "B", "C"][i]).collect();
        let listed = match names.as_slice() {
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => String::new(),
        };
        let join = |p: &[u64]| p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        format!(
            "Player {player} takes {} from {listed}, leaving {}",
            from[taken[0]] - to[taken[0]],
            join(to)
        )
    };
    let mut expected = vec!["Start: 6 9 11".to_string()];
    for (i, pair) in positions.windows(2).enumerate() {
        expected.push(words(i % 2 + 1, &pair[0], &pair[1]));
    }
    let listed = s
        .js("return [...document.querySelectorAll('#played button')].map((b) => b.textContent)")
        .await?;
    if listed != json!(expected) {
        return Err(format!("the moves played: {listed}, expected {expected:?}"));
    }
    s.click(Locator::Css("#played li:first-child button"))
        .await?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '6,9,11'")
        .await?;
    let undone = s
        .js("return [...document.querySelectorAll('#played button')] \
             .map((b) => [b.textContent.endsWith('(undone)'), b.getAttribute('aria-current')])")
        .await?;
    if undone != json!([[false, "step"], [true, "false"], [true, "false"]]) {
        return Err(format!("after going back to the start: {undone}"));
    }
    Ok(())
}

/// A game exported as text ("6 9 11 > ... > ...") and imported in another
/// game comes back whole: the same positions, the last one shown; a line
/// whose positions do not follow by moves is refused, naming the one, and
/// the game before goes on.
async fn export_import(s: &Session) -> Outcome {
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
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{last}'"
    ))
    .await?;
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
    Ok(())
}

/// The engine given the second side after a move of a human's: it
/// answers at once with the server's engine move, and the game goes on.
async fn engine_takes_a_side_mid_game(s: &Session) -> Outcome {
    s.open_page("?piles=6,9,11&engine=none").await?;
    let mine = s.play_move(7).await?;
    let expected = s.engine_move(&mine).await?;
    s.select("second-player", "engine").await?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{expected}'"
    ))
    .await?;
    s.wait_for_turn().await?;
    let state = s
        .js("return [document.getElementById('status').textContent, \
             document.querySelectorAll('#moves button.move:not(:disabled)').length > 0, \
             [...document.querySelectorAll('#played button')].pop().textContent, \
             new URLSearchParams(location.search).get('engine')]")
        .await?;
    if state[0] != json!("Your move.")
        || state[1] != json!(true)
        || !state[2]
            .as_str()
            .unwrap_or("")
            .starts_with("The engine takes")
        || state[3] != json!(null)
    {
        return Err(format!(
            "after the engine took the second side: {state} (status, moves enabled, last move, engine in the link)"
        ));
    }
    Ok(())
}

/// The library's answers over `table`, in its convention.
fn solver_over(table: &RemotenessTable) -> Result<Solver<'_>, String> {
    Solver::new(table.convention())
        .with_remoteness(table)
        .map_err(|e| e.to_string())
}

/// The library's engine move from `piles` (a position's `to`), as the
/// server names it.
fn library_engine_move(solver: &Solver, piles: &[u64]) -> Result<String, String> {
    let position = Position::new(piles.to_vec()).map_err(|e| e.to_string())?;
    let engine = solver
        .position(&position)
        .map_err(|e| e.to_string())?
        .engine
        .ok_or(format!("{piles:?}: the library has no engine move"))?;
    Ok(join(engine.leaves(&position).piles()))
}

/// The positions of the game shown, from its start, as its link has them:
/// `game` ("6 9 11 > 6 1 3") past the start, `piles` alone at it.
async fn game_positions(s: &Session) -> Result<Vec<Vec<u64>>, String> {
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

/// A game with the engine first, played to its end by a human who picks
/// moves round the list: the engine's every move is the library's, it opens
/// the game (so the human cannot take its first move back), and from a
/// winning start it wins.
async fn engine_first_to_the_end(s: &Session) -> Outcome {
    let table = RemotenessTable::compute(20, Convention::Normal).map_err(|e| e.to_string())?;
    let solver = solver_over(&table)?;
    s.open_page("?piles=6,9,11&engine=first").await?;
    s.wait_for_turn().await?;
    let opening = s.url_piles().await?;
    if opening != library_engine_move(&solver, &[6, 9, 11])? {
        return Err(format!("the engine opened to {opening}"));
    }
    let first = s
        .js("return [document.getElementById('undo').disabled, \
             document.getElementById('status').textContent, \
             document.querySelector('#played li:nth-child(2) button').textContent]")
        .await?;
    if first[0] != json!(true)
        || first[1] != json!("Your move.")
        || !first[2]
            .as_str()
            .unwrap_or("")
            .starts_with("The engine takes")
    {
        return Err(format!(
            "after the engine's opening: {first} (undo disabled, status, its move)"
        ));
    }
    for pick in 0.. {
        if s.js("return document.getElementById('status').dataset.state;")
            .await?
            == "over"
        {
            break;
        }
        if pick > 40 {
            return Err("the game did not end in 40 turns".into());
        }
        let mine = s.play_move(pick * 7 + 3).await?;
        let shown = s.url_piles().await?;
        if mine != "0,0,0" && shown != library_engine_move(&solver, &parse_piles(&mine))? {
            return Err(format!("after {mine} the engine left {shown}"));
        }
    }
    let end = s
        .js("return [document.getElementById('status').textContent, \
             document.querySelectorAll('#played li').length, \
             document.getElementById('undo').disabled]")
        .await?;
    let positions = game_positions(s).await?;
    if end[0] != json!("The engine wins.")
        || end[1].as_u64() != Some(positions.len() as u64)
        || end[2] != json!(false)
    {
        return Err(format!(
            "at the end: {end} (status, moves listed, undo disabled), {} positions in the link",
            positions.len()
        ));
    }
    Ok(())
}

/// The engine against itself: it plays one move at a time, a delay apart;
/// Pause stops it and Resume lets it go on; its every move is the
/// library's, in both conventions; the game ends with the winner named, and
/// the choice of players and the delay are in the link.
async fn engine_against_engine(s: &Session) -> Outcome {
    for (convention, flag) in [(Convention::Normal, 0), (Convention::Misere, 1)] {
        let table = RemotenessTable::compute(20, convention).map_err(|e| e.to_string())?;
        let solver = solver_over(&table)?;
        s.open_page(&format!("?piles=5,8,13&engine=none&misere={flag}"))
            .await?;
        s.select("first-player", "engine").await?;
        s.select("second-player", "engine").await?;
        let delay = s
            .client
            .find(Locator::Id("engine-delay"))
            .await
            .map_err(|e| e.to_string())?;
        delay.clear().await.map_err(|e| e.to_string())?;
        delay.send_keys("0.4\t").await.map_err(|e| e.to_string())?;
        s.wait_until("new URLSearchParams(location.search).get('delay') === '0.4'")
            .await?;
        // One move, then a pause: no move comes while it holds.
        s.wait_until("document.querySelectorAll('#played li').length >= 2")
            .await?;
        s.click(Locator::Id("pause")).await?;
        s.wait_until("document.getElementById('status').dataset.state === 'paused'")
            .await?;
        let held = s
            .js("return document.querySelectorAll('#played li').length")
            .await?;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let still = s
            .js("return [document.querySelectorAll('#played li').length, \
                 document.getElementById('pause').textContent, \
                 document.getElementById('pause').getAttribute('aria-pressed')]")
            .await?;
        if still != json!([held, "Resume", "true"]) {
            return Err(format!("paused at {held} positions: {still}"));
        }
        s.click(Locator::Id("pause")).await?;
        s.wait_until("document.getElementById('status').dataset.state === 'over'")
            .await?;
        let positions = game_positions(s).await?;
        for pair in positions.windows(2) {
            let expected = library_engine_move(&solver, &pair[0])?;
            if join(&pair[1]) != expected {
                return Err(format!(
                    "misere={flag}: from {:?} the engine left {:?}, the library {expected}",
                    pair[0], pair[1]
                ));
            }
        }
        // The first player wins from a winning start, whichever convention.
        let first_wins = !losing_in(&solver, &[5, 8, 13])?;
        let winner = if first_wins { 1 } else { 2 };
        let end = s
            .js("return [document.getElementById('status').textContent, \
                 new URLSearchParams(location.search).get('engine')]")
            .await?;
        if end != json!([format!("Game over: Engine {winner} wins."), "both"]) {
            return Err(format!("misere={flag}: the end says {end}"));
        }
    }
    Ok(())
}

/// Whether the library says `piles` is lost for the player to move.
fn losing_in(solver: &Solver, piles: &[u64]) -> Result<bool, String> {
    let position = Position::new(piles.to_vec()).map_err(|e| e.to_string())?;
    let answer = solver.position(&position).map_err(|e| e.to_string())?;
    Ok(answer.value.outcome == stone_game::Outcome::Lose)
}

/// Undo and Redo in every state: at the start; after a move and the
/// engine's reply; at the end of a game; with the engine first, whose
/// opening cannot be taken back; with two humans, a position at a time;
/// with the engine against itself, a position back and paused; and while
/// an answer is on its way, disabled.
async fn undo_in_every_state(s: &Session) -> Outcome {
    let state = "return [new URLSearchParams(location.search).get('piles'), \
                 document.getElementById('undo').disabled, \
                 document.getElementById('redo').disabled, \
                 document.getElementById('status').dataset.state]";
    // Human against the engine.
    s.open_page("?piles=3,5,7").await?;
    let start = s.js(state).await?;
    if start != json!(["3,5,7", true, true, "player"]) {
        return Err(format!("at the start: {start}"));
    }
    s.play_move(0).await?;
    let replied = s.url_piles().await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '3,5,7'")
        .await?;
    let back = s.js(state).await?;
    if back != json!(["3,5,7", true, false, "player"]) {
        return Err(format!("after undoing a move and its reply: {back}"));
    }
    s.click(Locator::Id("redo")).await?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{replied}'"
    ))
    .await?;
    // At the end of a game: undo goes back to the human's last turn.
    s.open_page("?piles=0,1,1").await?;
    s.click_move("0,0,0").await?;
    s.wait_until("document.getElementById('status').dataset.state === 'over'")
        .await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until("new URLSearchParams(location.search).get('piles') === '0,1,1'")
        .await?;
    // The engine first: its opening stays.
    s.open_page("?piles=3,5,7&engine=first").await?;
    s.wait_for_turn().await?;
    let opened = s.js(state).await?;
    if opened[1] != json!(true) {
        return Err(format!("after the engine's opening: {opened}"));
    }
    s.play_move(1).await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === {}",
        opened[0]
    ))
    .await?;
    // Two humans: a position at a time.
    s.open_page("?piles=3,5,7&engine=none").await?;
    let one = s.play_move(2).await?;
    s.play_move(2).await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{one}'"
    ))
    .await?;
    // The engine against itself: a position back, and paused.
    s.open_page("?piles=10,12,15&engine=both&delay=0.3").await?;
    s.wait_until("document.querySelectorAll('#played li').length >= 3")
        .await?;
    s.click(Locator::Id("undo")).await?;
    s.wait_until("document.getElementById('status').dataset.state === 'paused'")
        .await?;
    let paused = s
        .js("return [document.querySelectorAll('#played button[aria-current=step]').length, \
             [...document.querySelectorAll('#played button')].findIndex((b) => b.getAttribute('aria-current') === 'step') \
               === document.querySelectorAll('#played li').length - 2]")
        .await?;
    if paused != json!([1, true]) {
        return Err(format!("after undo in engine against engine: {paused}"));
    }
    // While an answer is on its way, neither can be pressed.
    s.open_page("?piles=3,5,7&engine=none").await?;
    s.play_move(0).await?;
    s.js("const fetch = window.fetch;
          window.fetch = (url, options) => new Promise((resolve) =>
            setTimeout(() => resolve(fetch(url, options)), 1500));")
        .await?;
    let moves = s.move_buttons().await?;
    let to = moves.first().ok_or("no move")?[0]
        .as_str()
        .ok_or("data-to")?
        .to_string();
    s.click_move(&to).await?;
    let waiting = s.js(state).await?;
    if waiting[1] != json!(true) || waiting[2] != json!(true) {
        return Err(format!("while the answer is on its way: {waiting}"));
    }
    s.wait_for_turn().await?;
    Ok(())
}

/// The value history: a point for every position, above the middle line
/// when the first player wins it and below when the second does, nearer
/// the edge the fewer moves are left, the current one marked; a click on a
/// point goes back to its position, and the game is in the link.
async fn value_history_chart(s: &Session) -> Outcome {
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
    s.wait_until(&format!(
        "new URLSearchParams(location.search).get('piles') === '{second}'"
    ))
    .await?;
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
