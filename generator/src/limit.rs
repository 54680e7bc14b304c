//! The limit a build asks for, read from `STONE_GAME_LIMIT`.

use crate::format::MAX_LIMIT;

/// The environment variable that sets the limit of the generated tables.
pub const LIMIT_VAR: &str = "STONE_GAME_LIMIT";

/// The limit when [`LIMIT_VAR`] is unset.
pub const DEFAULT_LIMIT: u32 = 1000;

/// A value of [`LIMIT_VAR`] that is not a limit the generator writes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LimitError {
    /// The value as given (lossily decoded if it was not Unicode).
    pub value: String,
}

impl core::fmt::Display for LimitError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{LIMIT_VAR}={:?} is not a limit: expected a whole number from 0 to {MAX_LIMIT} \
             (unset means {DEFAULT_LIMIT})",
            self.value
        )
    }
}

impl std::error::Error for LimitError {}

/// Reads a value of [`LIMIT_VAR`]: `None` (unset) is [`DEFAULT_LIMIT`]; a value
/// must be plain decimal digits from 0 to [`MAX_LIMIT`], with no sign, space,
/// exponent or fraction.
///
/// ```
/// use stone_game_generator::limit::parse_limit;
/// assert_eq!(parse_limit(None), Ok(1000));
/// assert_eq!(parse_limit(Some("150")), Ok(150));
/// assert!(parse_limit(Some("1e3")).is_err());
/// ```
pub fn parse_limit(value: Option<&str>) -> Result<u32, LimitError> {
    let Some(value) = value else {
        return Ok(DEFAULT_LIMIT);
    };
    let error = || LimitError {
        value: value.into(),
    };
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(error());
    }
    match value.parse::<u32>() {
        Ok(limit) if limit <= MAX_LIMIT => Ok(limit),
        _ => Err(error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_plain_numbers_in_range() {
        assert_eq!(parse_limit(None), Ok(DEFAULT_LIMIT));
        assert_eq!(parse_limit(Some("0")), Ok(0));
        assert_eq!(parse_limit(Some("0150")), Ok(150));
        assert_eq!(parse_limit(Some(&MAX_LIMIT.to_string())), Ok(MAX_LIMIT));
    }

    #[test]
    fn refuses_everything_else_and_says_why() {
        let past = (MAX_LIMIT + 1).to_string();
        for bad in [
            "",
            " ",
            "abc",
            "-5",
            "+5",
            "1e3",
            "1.5",
            " 10",
            "10 ",
            "99999999999",
            &past,
        ] {
            let err = parse_limit(Some(bad)).expect_err(bad);
            let message = err.to_string();
            assert!(message.contains(LIMIT_VAR), "{message}");
            assert!(message.contains(&format!("{bad:?}")), "{message}");
            assert!(message.contains(&format!("0 to {MAX_LIMIT}")), "{message}");
        }
    }
}
