//! How much memory a computation may take here, and the check the
//! `stone-game` tools make before they build a table: the command-line tool
//! and the web explorer refuse the same requests with the same words.
//!
//! ```
//! use stone_game_memory::{check, human_size};
//! assert_eq!(human_size(1536), "1.5 KiB");
//! assert!(check("S(70000)", Some(1 << 20), 1 << 30).is_ok());
//! let refusal = check("S(70000)", Some(1 << 31), 1 << 30).unwrap_err();
//! assert_eq!(
//!     refusal,
//!     "S(70000) would need about 2.0 GiB of memory, but only 1.0 GiB is available"
//! );
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod budget;
mod system;

pub use budget::{Budget, Reservation};
pub use system::{FALLBACK_MEMORY, available_memory};

/// A size in bytes for people: `512 B`, `1.5 KiB`, `12.3 GiB`.
pub fn human_size(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

/// Refuses `need` bytes (`None`: more than `u64` counts) when they exceed
/// `available`, with a message for people. `what` is the subject of the
/// refusal (`S(70000)`, `the moves of (1, 2, 3)`, `a brute force up to
/// 600`): its verb is `would need`, which fits one thing or many.
pub fn check(what: &str, need: Option<u64>, available: u64) -> Result<(), String> {
    match need {
        Some(need) if need <= available => Ok(()),
        _ => Err(format!(
            "{what} would need {} of memory, but only {} is available",
            match need {
                Some(need) => format!("about {}", human_size(need)),
                None => "more than 16.0 EiB".into(),
            },
            human_size(available)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_well() {
        assert_eq!(human_size(0), "0 B");
        assert_eq!(human_size(1023), "1023 B");
        assert_eq!(human_size(1024), "1.0 KiB");
        assert_eq!(human_size((1 << 20) - 1), "1024.0 KiB");
        assert_eq!(human_size(1 << 20), "1.0 MiB");
        assert_eq!(human_size(1536), "1.5 KiB");
        assert_eq!(human_size(12_300_000_000), "11.5 GiB");
        assert_eq!(human_size(u64::MAX), "16.0 EiB");
        assert_eq!(human_size(FALLBACK_MEMORY), "16.0 GiB");
    }

    #[test]
    fn a_need_within_what_is_available_passes_and_one_past_it_is_refused() {
        assert_eq!(check("x", Some(10), 10), Ok(()));
        assert_eq!(
            check("x", Some(11), 10),
            Err("x would need about 11 B of memory, but only 10 B is available".into())
        );
        assert_eq!(
            check("x", None, u64::MAX),
            Err("x would need more than 16.0 EiB of memory, but only 16.0 EiB is available".into())
        );
    }
}
