//! The scan's vectors, made so that the allocator's refusal is an error the
//! scan returns ([`ScanError::OutOfMemory`](super::ScanError::OutOfMemory))
//! rather than an abort: under a `ulimit -v` or strict overcommit, a
//! scan whose memory check passed can still be refused its tables.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;

/// An empty vector with room for exactly `len` items.
pub(super) fn room<T>(len: usize) -> Result<Vec<T>, TryReserveError> {
    let mut items = Vec::new();
    items.try_reserve_exact(len)?;
    Ok(items)
}

/// `len` copies of `value`, in room made first.
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut items = room(len)?;
    items.resize(len, value);
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_is_made_exactly_and_empty() {
        let items: Vec<u16> = room(100).unwrap();
        assert!(items.is_empty());
        assert_eq!(items.capacity(), 100);
        assert_eq!(filled(3, 7u32).unwrap(), [7, 7, 7]);
        assert_eq!(filled(3, 7u32).unwrap().capacity(), 3);
    }

    #[test]
    fn a_size_past_the_address_space_is_an_error() {
        assert!(room::<u64>(usize::MAX).is_err());
        assert!(filled(usize::MAX / 2, 0u64).is_err());
    }
}
