//! How much memory this machine has free for a computation.

/// The memory assumed available when `/proc/meminfo` cannot be read: 16 GiB.
pub(crate) const FALLBACK_MEMORY: u64 = 16 << 30;

/// The memory available for a computation, in bytes: `MemAvailable` from
/// `/proc/meminfo` when it can be read, else [`FALLBACK_MEMORY`].
pub(crate) fn available_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| parse_meminfo(&text))
        .unwrap_or(FALLBACK_MEMORY)
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn parse_meminfo(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut words = line["MemAvailable:".len()..].split_whitespace();
    let number: u64 = words.next()?.parse().ok()?;
    let unit = match words.next() {
        None | Some("B") => 1,
        Some("kB") => 1 << 10,
        Some("MB") => 1 << 20,
        Some("GB") => 1 << 30,
        Some(_) => return None,
    };
    number.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_is_read() {
        let text = "MemTotal:       24684084 kB\nMemFree: 1 kB\nMemAvailable:   24127152 kB\n";
        assert_eq!(parse_meminfo(text), Some(24_127_152 * 1024));
        assert_eq!(parse_meminfo("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: lots\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: 99999999999999999 kB\n"), None);
        assert!(available_memory() > 0);
        // Every unit the kernel might write, and one it does not.
        for (line, bytes) in [
            ("MemAvailable: 7\n", Some(7)),
            ("MemAvailable: 7 B\n", Some(7)),
            ("MemAvailable: 7 kB\n", Some(7 << 10)),
            ("MemAvailable: 7 MB\n", Some(7 << 20)),
            ("MemAvailable: 7 GB\n", Some(7 << 30)),
            ("MemAvailable: 7 TB\n", None),
        ] {
            assert_eq!(parse_meminfo(line), bytes, "{line:?}");
        }
    }
}
