//! The scan's vectors, made so that the allocator's refusal is an error the
//! scan returns ([`ScanError::OutOfMemory`](super::ScanError::OutOfMemory))
//! rather than an abort: under a `ulimit -v` or strict overcommit, a
//! scan whose memory check passed can still be refused its tables.

use alloc::vec::Vec;

/// The allocator refused the room asked for, or the system a thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct NoRoom;

/// An empty vector with room for exactly `len` items.
pub(super) fn room<T>(len: usize) -> Result<Vec<T>, NoRoom> {
    let mut items = Vec::new();
    items.try_reserve_exact(len).map_err(|_| NoRoom)?;
    Ok(items)
}

/// `len` copies of `value`, in room made first.
pub(super) fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, NoRoom> {
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
        assert_eq!(room::<u64>(usize::MAX), Err(NoRoom));
        assert_eq!(filled(usize::MAX / 2, 0u64), Err(NoRoom));
    }
}
