//! Where the run happened: CPU (model, the flags that matter to crypto
//! speed, cores), memory, OS, host, and the date, as the Node runner records them.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::json::J;

pub fn machine() -> J {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let field = |name: &str| {
        info.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            (k.trim() == name).then(|| v.trim().to_string())
        })
    };
    const WANTED: &[&str] = &[
        "aes", "vaes", "pclmulqdq", "vpclmulqdq", "sha_ni", "avx", "avx2", "avx512f", "avx512vl", "bmi2", "adx", "ssse3", "sse4_1",
        "sse4_2", "neon", "asimd", "pmull", "sha2",
    ];
    let flags: Vec<J> = field("flags")
        .or_else(|| field("Features"))
        .unwrap_or_default()
        .split_whitespace()
        .filter(|f| WANTED.contains(f))
        .map(J::from)
        .collect();
    let logical = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    // Physical cores: distinct (physical id, core id) pairs.
    let mut cores = std::collections::BTreeSet::new();
    let mut physical = String::new();
    for line in info.lines() {
        if let Some((k, v)) = line.split_once(':') {
            match k.trim() {
                "physical id" => physical = v.trim().to_string(),
                "core id" => {
                    cores.insert((physical.clone(), v.trim().to_string()));
                }
                _ => {}
            }
        }
    }
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| m.lines().find(|l| l.starts_with("MemTotal:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok()))
        .map_or(0, |kib| kib * 1024);
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").map(|s| s.trim().to_string()).unwrap_or_default();
    let distro = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|s| s.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=").map(|v| v.trim_matches('"').to_string())));
    let os = [Some(format!("{} {kernel} {}", std::env::consts::OS, std::env::consts::ARCH)), distro.map(|d| format!("({d})"))]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    J::obj()
        .with("cpu_model", field("model name").unwrap_or_else(|| std::env::consts::ARCH.to_string()))
        .with("cpu_flags", flags)
        .with("cores", if cores.is_empty() { logical } else { cores.len() })
        .with("logical_cpus", logical)
        .with("memory_bytes", memory)
        .with("os", os)
}

pub fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".into())
}

/// Now as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC, as JavaScript's `toISOString`).
pub fn now_iso() -> String {
    let d = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs();
    let (y, m, day) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!("{y:04}-{m:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z", t / 3600, t / 60 % 60, t % 60, d.subsec_millis())
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(super::civil_from_days(20_819), (2027, 1, 1));
    }
}
