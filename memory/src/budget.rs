//! Memory promised to builds under way, so that builds running together
//! cannot all pass a check against the same free memory.

use std::sync::{Arc, Mutex, PoisonError};

use crate::check;

/// The memory promised to builds under way. Each build [`reserve`]s what
/// it will take before it starts; a reservation is given back when its
/// [`Reservation`] is dropped, when the build has finished and the system's
/// own count of free memory shows what it took.
///
/// [`reserve`]: Budget::reserve
///
/// ```
/// use stone_game_memory::Budget;
/// let budget = Budget::new();
/// let free = 100;
/// let first = budget.reserve("the first table", 60, || free).unwrap();
/// // The second build sees the first's 60 bytes as taken.
/// let refused = budget.reserve("the second table", 60, || free).unwrap_err();
/// assert!(refused.contains("only 40 B is available"), "{refused}");
/// drop(first);
/// assert!(budget.reserve("the second table", 60, || free).is_ok());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    promised: Arc<Mutex<u64>>,
}

/// Memory promised to one build, given back when dropped.
#[derive(Debug)]
#[must_use = "the memory is given back as soon as the reservation is dropped"]
pub struct Reservation {
    promised: Arc<Mutex<u64>>,
    bytes: u64,
}

impl Budget {
    /// A budget with nothing promised.
    pub fn new() -> Budget {
        Budget::default()
    }

    /// Promises `need` bytes to `what` when the memory `available()` reads,
    /// less what is already promised, holds them; else the refusal of
    /// [`check`]. The check and the promise are one step: no other build
    /// passes between them.
    pub fn reserve(
        &self,
        what: &str,
        need: u64,
        available: impl FnOnce() -> u64,
    ) -> Result<Reservation, String> {
        let mut promised = self.promised.lock().unwrap_or_else(PoisonError::into_inner);
        let free = available().saturating_sub(*promised);
        check(what, Some(need), free)?;
        *promised += need;
        Ok(Reservation {
            promised: Arc::clone(&self.promised),
            bytes: need,
        })
    }

    /// The bytes promised to builds under way.
    pub fn promised(&self) -> u64 {
        *self.promised.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut promised = self.promised.lock().unwrap_or_else(PoisonError::into_inner);
        *promised -= self.bytes;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promises_add_up_and_are_given_back() {
        let budget = Budget::new();
        let a = budget.reserve("a", 30, || 100).unwrap();
        let b = budget.reserve("b", 70, || 100).unwrap();
        assert_eq!(budget.promised(), 100);
        assert!(budget.reserve("c", 1, || 100).is_err());
        drop(a);
        assert_eq!(budget.promised(), 70);
        let c = budget.reserve("c", 30, || 100).unwrap();
        drop((b, c));
        assert_eq!(budget.promised(), 0);
    }

    #[test]
    fn a_refusal_promises_nothing_and_says_what_is_left() {
        let budget = Budget::new();
        let _held = budget.reserve("held", 90, || 100).unwrap();
        let err = budget
            .reserve("the Grundy values to 1000", 20, || 100)
            .unwrap_err();
        assert_eq!(
            err,
            "the Grundy values to 1000 would need about 20 B of memory, but only 10 B is available"
        );
        assert_eq!(budget.promised(), 90);
        // Less free memory than is promised leaves nothing, not a wrap.
        assert!(budget.reserve("x", 1, || 50).is_err());
    }

    #[test]
    fn clones_share_one_budget_across_threads() {
        let budget = Budget::new();
        let granted: Vec<bool> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8)
                .map(|_| {
                    let budget = budget.clone();
                    s.spawn(move || {
                        budget
                            .reserve("t", 30, || 100)
                            .map(std::mem::forget)
                            .is_ok()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        // Three of 30 fit in 100, whatever the order.
        assert_eq!(granted.iter().filter(|&&g| g).count(), 3);
        assert_eq!(budget.promised(), 90);
    }
}
