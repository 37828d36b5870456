//! `saline bench [--quick] [FILTER]`: a small set of the native workloads
//! of bench/ (workloads.json names), timed on this machine through the
//! core's public API and printed in the layout of bench/REPORT.md. The full
//! suite with its peers (libsodium, OpenSSL, Node, Go) stays in bench/.

use std::hint::black_box;
use std::time::{Duration, Instant};

use saline::curve::{ed25519, x25519};
use saline::hash::{hash_into, HashOptions};
use saline::{aead, Algorithm};

/// One timed operation: its workload id, its table labels and the bytes
/// one call processes (0: count calls only).
struct Workload {
    id: String,
    alg_type: &'static str,
    label: String,
    bytes: usize,
    run: Box<dyn FnMut()>,
}

fn size_label(bytes: usize) -> &'static str {
    match bytes {
        32 => "32B",
        1024 => "1KiB",
        1_048_576 => "1MiB",
        _ => "?",
    }
}

fn workloads() -> Vec<Workload> {
    let mut list = Vec::new();
    for (name, alg, label) in [
        ("sha256", Algorithm::Sha256, "SHA-256"),
        ("sha512", Algorithm::Sha512, "SHA-512"),
        ("sha3-256", Algorithm::Sha3_256, "SHA3-256"),
        ("blake2b-512", Algorithm::Blake2b, "BLAKE2b-512"),
        ("blake3", Algorithm::Blake3, "BLAKE3"),
    ] {
        for bytes in [32, 1024, 1_048_576] {
            let message = vec![0x5au8; bytes];
            let len = alg.info().output_len;
            list.push(Workload {
                id: format!("digest/{name}/{}", size_label(bytes)),
                alg_type: "Digest",
                label: format!(
                    "{label} {}",
                    size_label(bytes)
                        .replace("KiB", " KiB")
                        .replace("MiB", " MiB")
                ),
                bytes,
                run: Box::new(move || {
                    let mut out = [0u8; 64];
                    hash_into(
                        alg,
                        &HashOptions::default(),
                        black_box(&message),
                        &mut out[..len],
                    )
                    .expect("valid hash");
                    black_box(out);
                }),
            });
        }
    }
    for (name, alg, label, nonce_len) in [
        (
            "chacha20-poly1305",
            Algorithm::ChaCha20Poly1305,
            "ChaCha20-Poly1305",
            12,
        ),
        (
            "xchacha20-poly1305",
            Algorithm::XChaCha20Poly1305,
            "XChaCha20-Poly1305",
            24,
        ),
        ("aes-256-gcm", Algorithm::AesGcm, "AES-256-GCM", 12),
    ] {
        for bytes in [1024, 1_048_576] {
            let message = vec![0x5au8; bytes];
            let key = [7u8; 32];
            let nonce = vec![1u8; nonce_len];
            list.push(Workload {
                id: format!("aead/{name}/seal/{}", size_label(bytes)),
                alg_type: "AEAD",
                label: format!(
                    "{label} seal {}",
                    size_label(bytes)
                        .replace("KiB", " KiB")
                        .replace("MiB", " MiB")
                ),
                bytes,
                run: Box::new(move || {
                    black_box(
                        aead::seal(alg, &key, &nonce, b"", black_box(&message))
                            .expect("valid sizes"),
                    );
                }),
            });
        }
    }
    let signer = ed25519::SigningKey::from_seed(&[3u8; 32]).expect("32-byte seed");
    let public = signer.public_key();
    let signature = signer.sign(b"message");
    list.push(Workload {
        id: "sign/ed25519".into(),
        alg_type: "Signature",
        label: "Ed25519 sign".into(),
        bytes: 0,
        run: Box::new(move || {
            black_box(signer.sign(black_box(b"message")));
        }),
    });
    list.push(Workload {
        id: "verify/ed25519".into(),
        alg_type: "Signature",
        label: "Ed25519 verify".into(),
        bytes: 0,
        run: Box::new(move || {
            ed25519::verify(&public, black_box(b"message"), &signature).expect("valid signature");
        }),
    });
    let secret = [9u8; 32];
    let peer = x25519::public_key(&[5u8; 32]).expect("32-byte key");
    list.push(Workload {
        id: "dh/x25519".into(),
        alg_type: "Key agreement",
        label: "X25519 shared secret".into(),
        bytes: 0,
        run: Box::new(move || {
            black_box(x25519::shared_secret(black_box(&secret), &peer).expect("valid keys"));
        }),
    });
    list
}

/// Rounds and their length: the quick profile of bench/ is 5 × 50 ms.
struct Profile {
    rounds: usize,
    round_time: Duration,
}

/// Runs the workloads whose id contains `filter` and prints the table.
pub fn run(quick: bool, filter: Option<&str>) -> anyhow::Result<()> {
    let profile = if quick {
        Profile {
            rounds: 5,
            round_time: Duration::from_millis(50),
        }
    } else {
        Profile {
            rounds: 10,
            round_time: Duration::from_millis(200),
        }
    };
    let mut selected: Vec<Workload> = workloads()
        .into_iter()
        .filter(|w| filter.map_or(true, |f| w.id.contains(f)))
        .collect();
    if selected.is_empty() {
        anyhow::bail!("no workload matches '{}'", filter.unwrap_or_default());
    }
    println!("| Alg type | Alg | Library | rate | iterations | time | data throughput | min–max |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for workload in &mut selected {
        // Warm-up: one round's worth, untimed.
        time_round(&mut workload.run, profile.round_time / 4);
        let mut rates = Vec::with_capacity(profile.rounds);
        let (mut iterations, mut elapsed) = (0u64, Duration::ZERO);
        for _ in 0..profile.rounds {
            let (n, t) = time_round(&mut workload.run, profile.round_time);
            rates.push(n as f64 / t.as_secs_f64());
            iterations += n;
            elapsed += t;
        }
        rates.sort_by(f64::total_cmp);
        let median = rates[rates.len() / 2];
        let throughput = |rate: f64| format!("{} MB/s", group(rate * workload.bytes as f64 / 1e6));
        let (data, spread) = if workload.bytes > 0 {
            (
                throughput(median),
                format!(
                    "{} – {}",
                    throughput(rates[0]),
                    throughput(rates[rates.len() - 1])
                ),
            )
        } else {
            (
                String::new(),
                format!("{} – {}", ops(rates[0]), ops(rates[rates.len() - 1])),
            )
        };
        println!(
            "| {} | {} | saline-native [native] | {} | {} | {:.2} s | {} | {} |",
            workload.alg_type,
            workload.label,
            ops(median),
            iterations,
            elapsed.as_secs_f64(),
            data,
            spread
        );
    }
    Ok(())
}

/// Calls `op` in doubling batches until `budget` has passed.
fn time_round(op: &mut Box<dyn FnMut()>, budget: Duration) -> (u64, Duration) {
    let start = Instant::now();
    let (mut count, mut batch) = (0u64, 1u64);
    loop {
        for _ in 0..batch {
            op();
        }
        count += batch;
        let elapsed = start.elapsed();
        if elapsed >= budget {
            return (count, elapsed);
        }
        batch = (batch * 2).min(1 << 16);
    }
}

/// A rate as REPORT.md prints it: ops/s, kops/s, Mops/s with 3 significant digits.
fn ops(rate: f64) -> String {
    if rate >= 1e6 {
        format!("{:.2} Mops/s", rate / 1e6)
    } else if rate >= 1e4 {
        format!("{:.1} kops/s", rate / 1e3)
    } else if rate >= 100.0 {
        format!("{} ops/s", group(rate))
    } else {
        format!("{rate:.2} ops/s")
    }
}

/// An integer-rounded number with thousands separators (1,182).
fn group(value: f64) -> String {
    let digits = format!("{:.0}", value);
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn numbers_read_like_the_report() {
        assert_eq!(super::group(1182.4), "1,182");
        assert_eq!(super::ops(718_100.0), "718.1 kops/s");
        assert_eq!(super::ops(1_490_000.0), "1.49 Mops/s");
        assert_eq!(super::ops(5.314), "5.31 ops/s");
    }
}
