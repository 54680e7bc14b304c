//! Uses stone-game's answers as compile-time constants, in a `no_std` crate.

#![no_std]

/// S(100), computed while this crate compiles.
pub const S: u64 = match stone_game::losing_sum(100) {
    Some(s) => s,
    None => panic!("stone-game's LIMIT is below 100"),
};

/// As many slots as there are losing positions with piles up to 10.
pub const COUNT_10: usize = match stone_game::losing_count(10) {
    Some(n) => n as usize,
    None => panic!("stone-game's LIMIT is below 10"),
};

/// An array whose length is a query's answer.
pub static SLOTS: [u8; COUNT_10] = [0; COUNT_10];

/// A position query, answered at compile time.
pub const ONE_THREE_THREE_LOSES: bool = matches!(stone_game::is_losing(3, 1, 3), Some(true));

/// A partner, answered at compile time.
pub const PARTNER_OF_0_1: u64 = match stone_game::partner(0, 1) {
    Some(c) => c,
    None => panic!(),
};

#[cfg(test)]
mod tests {
    #[test]
    fn the_constants_are_the_answers() {
        assert_eq!(super::S, 173_895);
        assert_eq!(super::SLOTS.len(), 17);
        const { assert!(super::ONE_THREE_THREE_LOSES) };
        assert_eq!(super::PARTNER_OF_0_1, 2);
    }
}
