//! Runs N one-shot hash or MAC calls, for instruction counts under callgrind
//! (stable on a loaded machine, unlike wall time). Per-call cost is the
//! difference between two runs divided by the difference in N:
//!
//! ```text
//! cargo build --profile test -p saline --example oneshot_calls
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/debug/examples/oneshot_calls sha256 32 1000
//! ```
//!
//! Algorithms: any catalog hash or MAC name (`sha256`, `blake3`, `hmac-sha256`, `poly1305`, ...).

use std::hint::black_box;

use saline::{hash, mac, Algorithm, Kind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, name, size, calls] = args.as_slice() else {
        eprintln!("usage: oneshot_calls ALGORITHM BYTES CALLS");
        std::process::exit(2);
    };
    let algorithm: Algorithm = name.parse().expect("a catalog algorithm");
    let size: usize = size.parse().expect("BYTES is a number");
    let calls: usize = calls.parse().expect("CALLS is a number");
    let data = vec![0x61u8; size];
    let key = [0x6bu8; 32];
    let info = algorithm.info();
    let mut out = vec![0u8; if info.kind == Kind::Mac { info.tag_len } else { info.output_len }];
    for _ in 0..calls {
        if info.kind == Kind::Mac {
            mac::mac_into(algorithm, black_box(&key), black_box(&data), &mut out).expect("mac");
        } else {
            hash::hash_into(algorithm, &hash::HashOptions::default(), black_box(&data), &mut out).expect("hash");
        }
        black_box(&mut out);
    }
}
