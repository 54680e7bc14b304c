//! How much memory this process may use for a computation: the host's
//! available memory (`MemAvailable` of `/proc/meminfo`), or less when a
//! control group (a container, a CI runner, a systemd slice) limits the
//! process: then the smaller of the two headrooms.
//!
//! The control group is read from the files the kernel writes: the
//! process's group in `/proc/self/cgroup`, where its hierarchy is mounted in
//! `/proc/self/mountinfo`, and in the group's directory `memory.max` and
//! `memory.current` (cgroup v2; the group and each group above it, since a
//! limit above binds too) or `memory.limit_in_bytes` and
//! `memory.usage_in_bytes` (cgroup v1, whose `memory.stat` gives the limit of
//! the groups above as `hierarchical_memory_limit`). The page cache that the
//! group may drop (`inactive_file` of `memory.stat`) counts as free, as it
//! does in `MemAvailable`.
//!
//! (The crate sysinfo reads the same files in `System::cgroup_limits`; its
//! current release needs a newer Rust than this workspace's minimum, 1.88.)

use std::path::{Path, PathBuf};

/// The memory assumed available when neither `/proc/meminfo` nor a control
/// group says: 16 GiB.
pub const FALLBACK_MEMORY: u64 = 16 << 30;

/// The memory available for a computation, in bytes: the smaller of the
/// host's `MemAvailable` and the headroom of the process's control group,
/// whichever of them can be read; [`FALLBACK_MEMORY`] when neither can.
pub fn available_memory() -> u64 {
    available_from(&|path| std::fs::read_to_string(path).ok())
}

/// A reader of the system's files: the text of a file, or `None`.
type Read<'a> = &'a dyn Fn(&Path) -> Option<String>;

/// [`available_memory`] with the files read through `read`.
fn available_from(read: Read) -> u64 {
    let host = read(Path::new("/proc/meminfo")).and_then(|text| parse_meminfo(&text));
    let group = cgroup_headroom(read);
    match (host, group) {
        (Some(host), Some(group)) => host.min(group),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => FALLBACK_MEMORY,
    }
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

/// The memory the process's control group leaves it, in bytes: its limit
/// less what it uses; `None` when no group limits it (or none can be read).
fn cgroup_headroom(read: Read) -> Option<u64> {
    let groups = read(Path::new("/proc/self/cgroup"))?;
    let mounts = read(Path::new("/proc/self/mountinfo"))?;
    let v2 = v2_group(&groups).and_then(|group| {
        let dir = group_dir(&mounts, Hierarchy::V2, group)?;
        v2_headroom(read, &dir.0, &dir.1)
    });
    let v1 = v1_memory_group(&groups).and_then(|group| {
        let dir = group_dir(&mounts, Hierarchy::V1Memory, group)?;
        v1_headroom(read, &dir.1)
    });
    [v2, v1].into_iter().flatten().min()
}

/// The process's group in the unified (v2) hierarchy: the line `0::/path`.
fn v2_group(groups: &str) -> Option<&str> {
    groups.lines().find_map(|l| l.strip_prefix("0::"))
}

/// The process's group in the v1 hierarchy of the memory controller: the
/// line `N:...memory...:/path`.
fn v1_memory_group(groups: &str) -> Option<&str> {
    groups.lines().find_map(|line| {
        let mut fields = line.splitn(3, ':');
        let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
        controllers
            .split(',')
            .any(|c| c == "memory")
            .then_some(path)
    })
}

/// A hierarchy of control groups, as `/proc/self/mountinfo` names its mounts.
#[derive(Clone, Copy)]
enum Hierarchy {
    V2,
    V1Memory,
}

/// Where `group` lives: the mount point of its hierarchy, and the group's
/// directory under it. A mount shows the hierarchy from its root (field 4 of
/// a mountinfo line), which a container's own group often is.
fn group_dir(mounts: &str, hierarchy: Hierarchy, group: &str) -> Option<(PathBuf, PathBuf)> {
    mounts.lines().find_map(|line| {
        let (fields, tail) = line.split_once(" - ")?;
        let fields: Vec<&str> = fields.split(' ').collect();
        let tail: Vec<&str> = tail.split(' ').collect();
        let (root, mount_point) = (unescape(fields.get(3)?), unescape(fields.get(4)?));
        let matches = match hierarchy {
            Hierarchy::V2 => tail.first() == Some(&"cgroup2"),
            Hierarchy::V1Memory => {
                tail.first() == Some(&"cgroup")
                    && tail.get(2)?.split(',').any(|option| option == "memory")
            }
        };
        if !matches {
            return None;
        }
        // A group outside the mount's root: the mount shows the process's
        // own group at its root (a namespace).
        let below = below_root(group, &root).unwrap_or_default();
        let mount_point = PathBuf::from(mount_point);
        let dir = mount_point.join(below.trim_start_matches('/'));
        Some((mount_point, dir))
    })
}

/// The part of `group` below `root`, when `group` is `root` or a group
/// under it: a whole path component must match, so that `/foobar` is not
/// under `/foo`.
fn below_root<'g>(group: &'g str, root: &str) -> Option<&'g str> {
    let root = root.trim_end_matches('/');
    let rest = group.strip_prefix(root)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

/// A path as `/proc/self/mountinfo` writes it, decoded: the kernel escapes
/// a space, a tab, a newline and a backslash as three octal digits
/// (`\040`, `\011`, `\012`, `\134`). A backslash not followed by three
/// octal digits stands for itself.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let octal = bytes
            .get(i + 1..i + 4)
            .filter(|d| bytes[i] == b'\\' && d.iter().all(|b| (b'0'..=b'7').contains(b)))
            .map(|d| d.iter().fold(0u32, |n, &b| n * 8 + u32::from(b - b'0')))
            .and_then(|n| u8::try_from(n).ok());
        match octal {
            Some(byte) => {
                decoded.push(byte);
                i += 4;
            }
            None => {
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

/// A number of bytes in a control group's file: `max` (no limit) is `None`.
fn bytes(text: &str) -> Option<u64> {
    text.trim().parse().ok()
}

/// `name`'s value in a `memory.stat` text (`name value` lines).
fn stat(text: &str, name: &str) -> Option<u64> {
    text.lines().find_map(|line| {
        let (key, value) = line.split_once(' ')?;
        (key == name).then(|| bytes(value)).flatten()
    })
}

/// What a group's limit leaves: the limit less the use, the page cache it
/// may drop counted as free.
fn headroom(limit: u64, usage: u64, reclaimable: u64) -> u64 {
    limit.saturating_sub(usage.saturating_sub(reclaimable))
}

/// cgroup v2: the smallest headroom of the group at `dir` and of each group
/// above it, up to the mount point; `None` when none has a limit.
fn v2_headroom(read: Read, mount_point: &Path, dir: &Path) -> Option<u64> {
    let mut smallest: Option<u64> = None;
    let mut dir = Some(dir);
    while let Some(d) = dir.filter(|d| d.starts_with(mount_point)) {
        let limit = read(&d.join("memory.max")).and_then(|t| bytes(&t));
        if let Some(limit) = limit {
            let usage = read(&d.join("memory.current"))
                .and_then(|t| bytes(&t))
                .unwrap_or(0);
            let reclaimable = read(&d.join("memory.stat"))
                .and_then(|t| stat(&t, "inactive_file"))
                .unwrap_or(0);
            let room = headroom(limit, usage, reclaimable);
            smallest = Some(smallest.map_or(room, |s| s.min(room)));
        }
        dir = d.parent();
    }
    smallest
}

/// The limit v1 writes for a group without one: the largest page-aligned
/// `i64`, or more.
const V1_UNLIMITED: u64 = 1 << 62;

/// cgroup v1: the headroom of the group at `dir`, under the smaller of its
/// own limit and the hierarchy's; `None` when neither limits it.
fn v1_headroom(read: Read, dir: &Path) -> Option<u64> {
    let memory_stat = read(&dir.join("memory.stat")).unwrap_or_default();
    let own = read(&dir.join("memory.limit_in_bytes")).and_then(|t| bytes(&t));
    let above = stat(&memory_stat, "hierarchical_memory_limit");
    let limit = [own, above]
        .into_iter()
        .flatten()
        .filter(|&limit| limit < V1_UNLIMITED)
        .min()?;
    let usage = read(&dir.join("memory.usage_in_bytes"))
        .and_then(|t| bytes(&t))
        .unwrap_or(0);
    let reclaimable = stat(&memory_stat, "total_inactive_file")
        .or_else(|| stat(&memory_stat, "inactive_file"))
        .unwrap_or(0);
    Some(headroom(limit, usage, reclaimable))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A system made of fixture files.
    fn system(files: &[(&str, &str)]) -> impl Fn(&Path) -> Option<String> + use<> {
        let files: HashMap<PathBuf, String> = files
            .iter()
            .map(|(path, text)| (PathBuf::from(path), (*text).to_owned()))
            .collect();
        move |path| files.get(path).cloned()
    }

    const MEMINFO: (&str, &str) = (
        "/proc/meminfo",
        "MemTotal: 24684084 kB\nMemAvailable: 8388608 kB\n",
    );
    /// 8 GiB, as `MEMINFO` says.
    const HOST: u64 = 8 << 30;
    const V2_MOUNTS: (&str, &str) = (
        "/proc/self/mountinfo",
        "22 1 0:21 / /proc rw - proc proc rw\n\
         31 23 0:28 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
    );
    const V1_MOUNTS: (&str, &str) = (
        "/proc/self/mountinfo",
        "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755\n\
         32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n\
         35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n",
    );

    #[test]
    fn meminfo_is_read() {
        let text = "MemTotal:       24684084 kB\nMemFree: 1 kB\nMemAvailable:   24127152 kB\n";
        assert_eq!(parse_meminfo(text), Some(24_127_152 * 1024));
        assert_eq!(parse_meminfo("MemTotal: 5 kB\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: lots\n"), None);
        assert_eq!(parse_meminfo("MemAvailable: 99999999999999999 kB\n"), None);
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

    #[test]
    fn this_machine_has_memory_available() {
        // Whatever runs these tests has more than a mebibyte free.
        assert!(available_memory() > 1 << 20);
    }

    #[test]
    fn nothing_readable_falls_back_and_the_host_alone_is_the_host() {
        assert_eq!(available_from(&system(&[])), FALLBACK_MEMORY);
        assert_eq!(available_from(&system(&[MEMINFO])), HOST);
        // A group without a limit leaves the host's figure.
        let read = system(&[
            MEMINFO,
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "max\n"),
            ("/sys/fs/cgroup/memory.current", "1000\n"),
        ]);
        assert_eq!(available_from(&read), HOST);
    }

    #[test]
    fn a_v2_limit_below_the_host_is_the_answer() {
        // A container: 1 GiB, of which 300 MiB used, 100 MiB of it a page
        // cache the group may drop.
        let read = system(&[
            MEMINFO,
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "1073741824\n"),
            ("/sys/fs/cgroup/memory.current", "314572800\n"),
            (
                "/sys/fs/cgroup/memory.stat",
                "anon 1\nfile 2\ninactive_file 104857600\nactive_file 3\n",
            ),
        ]);
        assert_eq!(available_from(&read), (1024 - 300 + 100) << 20);
        // Without the host's figure, the group's alone.
        let read = system(&[
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "1073741824\n"),
        ]);
        assert_eq!(available_from(&read), 1 << 30);
    }

    #[test]
    fn a_v2_limit_above_the_process_s_group_binds_it() {
        // A CI job in a slice of 2 GiB; the job's own group has no limit.
        let read = system(&[
            MEMINFO,
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/ci.slice/job-7.scope\n"),
            ("/sys/fs/cgroup/ci.slice/job-7.scope/memory.max", "max\n"),
            ("/sys/fs/cgroup/ci.slice/job-7.scope/memory.current", "5\n"),
            ("/sys/fs/cgroup/ci.slice/memory.max", "2147483648\n"),
            ("/sys/fs/cgroup/ci.slice/memory.current", "1073741824\n"),
        ]);
        assert_eq!(available_from(&read), 1 << 30);
        // A limit above the host's free memory leaves the host's figure.
        let read = system(&[
            MEMINFO,
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/ci.slice\n"),
            ("/sys/fs/cgroup/ci.slice/memory.max", "68719476736\n"),
            ("/sys/fs/cgroup/ci.slice/memory.current", "0\n"),
        ]);
        assert_eq!(available_from(&read), HOST);
    }

    #[test]
    fn a_group_over_its_limit_has_no_room() {
        let read = system(&[
            MEMINFO,
            V2_MOUNTS,
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "1000\n"),
            ("/sys/fs/cgroup/memory.current", "5000\n"),
        ]);
        assert_eq!(available_from(&read), 0);
    }

    #[test]
    fn a_v1_limit_is_read_from_the_memory_controller() {
        let groups = "12:pids:/docker/abc\n4:memory:/docker/abc\n1:cpu,cpuacct:/docker/abc\n0::/\n";
        let read = system(&[
            MEMINFO,
            V1_MOUNTS,
            ("/proc/self/cgroup", groups),
            (
                "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes",
                "536870912\n",
            ),
            (
                "/sys/fs/cgroup/memory/docker/abc/memory.usage_in_bytes",
                "134217728\n",
            ),
            (
                "/sys/fs/cgroup/memory/docker/abc/memory.stat",
                "cache 1\nhierarchical_memory_limit 9223372036854771712\n\
                 total_inactive_file 67108864\n",
            ),
        ]);
        assert_eq!(available_from(&read), (512 - 128 + 64) << 20);
    }

    #[test]
    fn a_v1_limit_of_the_hierarchy_binds_and_unlimited_is_none() {
        let stat = |limit: &str| format!("hierarchical_memory_limit {limit}\ninactive_file 0\n");
        let limited = stat("268435456");
        let unlimited = stat("9223372036854771712");
        for (hierarchy, expected) in [(&limited, 256 << 20), (&unlimited, HOST)] {
            let read = system(&[
                MEMINFO,
                V1_MOUNTS,
                ("/proc/self/cgroup", "4:memory:/runner\n"),
                (
                    "/sys/fs/cgroup/memory/runner/memory.limit_in_bytes",
                    "9223372036854771712\n",
                ),
                ("/sys/fs/cgroup/memory/runner/memory.usage_in_bytes", "0\n"),
                ("/sys/fs/cgroup/memory/runner/memory.stat", hierarchy),
            ]);
            assert_eq!(available_from(&read), expected, "{hierarchy}");
        }
    }

    #[test]
    fn a_v1_limit_of_2_to_the_62_is_no_limit() {
        // The least a group without a limit may read as: no limit, however
        // much the group uses.
        let unlimited = (1u64 << 62).to_string();
        let used = ((1u64 << 62) - (1 << 20)).to_string();
        let read = system(&[
            MEMINFO,
            V1_MOUNTS,
            ("/proc/self/cgroup", "4:memory:/runner\n"),
            (
                "/sys/fs/cgroup/memory/runner/memory.limit_in_bytes",
                &unlimited,
            ),
            ("/sys/fs/cgroup/memory/runner/memory.usage_in_bytes", &used),
        ]);
        assert_eq!(available_from(&read), HOST);
    }

    #[test]
    fn a_mount_of_the_group_itself_is_its_directory() {
        // In a container with a private cgroup namespace, mountinfo shows
        // the container's group as the mount's root; /proc/self/cgroup may
        // still name it from the host's root.
        let read = system(&[
            MEMINFO,
            (
                "/proc/self/mountinfo",
                "40 31 0:38 /docker/abc /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n",
            ),
            ("/proc/self/cgroup", "0::/docker/abc\n"),
            ("/sys/fs/cgroup/memory.max", "1048576\n"),
            ("/sys/fs/cgroup/memory.current", "0\n"),
        ]);
        assert_eq!(available_from(&read), 1 << 20);
    }

    #[test]
    fn a_group_that_only_shares_a_prefix_with_the_root_is_not_under_it() {
        // The mount's root is /foo; the process's group is /foobar/x, which
        // is not below it: the mount shows the process's own group.
        let read = system(&[
            MEMINFO,
            (
                "/proc/self/mountinfo",
                "40 31 0:38 /foo /sys/fs/cgroup ro - cgroup2 cgroup2 rw\n",
            ),
            ("/proc/self/cgroup", "0::/foobar/x\n"),
            ("/sys/fs/cgroup/memory.max", "1048576\n"),
            ("/sys/fs/cgroup/memory.current", "0\n"),
            ("/sys/fs/cgroup/bar/x/memory.max", "2048\n"),
            ("/sys/fs/cgroup/bar/x/memory.current", "0\n"),
        ]);
        assert_eq!(available_from(&read), 1 << 20);
        assert_eq!(below_root("/foobar/x", "/foo"), None);
        assert_eq!(below_root("/foo/x", "/foo"), Some("/x"));
        assert_eq!(below_root("/foo", "/foo"), Some(""));
        assert_eq!(below_root("/foo/x", "/foo/"), Some("/x"));
        assert_eq!(below_root("/a/b", "/"), Some("/a/b"));
    }

    #[test]
    fn mount_points_with_escaped_spaces_are_decoded() {
        let read = system(&[
            MEMINFO,
            (
                "/proc/self/mountinfo",
                "31 23 0:28 / /run/my\\040cgroups rw - cgroup2 cgroup2 rw\n",
            ),
            ("/proc/self/cgroup", "0::/job\n"),
            ("/run/my cgroups/job/memory.max", "4096\n"),
            ("/run/my cgroups/job/memory.current", "96\n"),
        ]);
        assert_eq!(available_from(&read), 4000);
        assert_eq!(unescape("a\\040b\\011c\\012d\\134e"), "a b\tc\nd\\e");
        // A backslash without three octal digits, or past a byte, stays.
        assert_eq!(unescape("a\\04"), "a\\04");
        assert_eq!(unescape("a\\x41"), "a\\x41");
        assert_eq!(unescape("\\777"), "\\777");
        assert_eq!(unescape("plain"), "plain");
        // Digits after anything but a backslash are the path's own.
        assert_eq!(unescape("/run/user/1000"), "/run/user/1000");
    }

    #[test]
    fn the_groups_are_found_in_proc_self_cgroup() {
        assert_eq!(v2_group("0::/user.slice\n"), Some("/user.slice"));
        assert_eq!(v2_group("4:memory:/a\n"), None);
        assert_eq!(v1_memory_group("4:memory:/a\n0::/\n"), Some("/a"));
        assert_eq!(v1_memory_group("3:cpu,memory:/b\n"), Some("/b"));
        assert_eq!(v1_memory_group("3:memory_extra:/b\n0::/\n"), None);
        assert_eq!(bytes("max\n"), None);
        assert_eq!(bytes("42\n"), Some(42));
        assert_eq!(headroom(100, 30, 10), 80);
        assert_eq!(headroom(100, 300, 10), 0);
        assert_eq!(headroom(100, 5, 10), 100);
    }
}
