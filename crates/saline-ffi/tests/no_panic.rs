//! Hostile calls through the exported functions: every operation code (and
//! unknown ones), every catalog id (and unknown ones), byte arguments of
//! random lengths, omitted or NULL, numbers that are NaN, negative, huge or
//! fractional, outputs too small or NULL. Each call must return a status
//! (never `SALINE_STATUS_INTERNAL`, which would mean a panic was caught).
//! Numbers stay small where they are costs (bcrypt, Argon2, scrypt), so
//! that a valid draw finishes quickly.

use saline_ffi::*;

/// xorshift64, so that a failure reproduces from its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[test]
fn no_call_panics() {
    let mut rng = Rng(0x5a11_e0ff_1ce5_eed5);
    let mut ops: Vec<u32> = saline_ops::Op::ALL.iter().map(|&(_, code)| code).collect();
    ops.extend([0, 9, 99, 1000, u32::MAX]);
    let mut ids: Vec<u32> = saline::ALGORITHMS.iter().map(|i| u32::from(i.id)).collect();
    ids.extend([0, 21, 65535, 65536, u32::MAX]);
    let pool: Vec<u8> = (0..256).map(|_| rng.next() as u8).collect();
    let numbers = [0.0, 1.0, 2.0, 4.0, 5.0, 8.0, 16.0, -1.0, 0.5, f64::NAN, f64::INFINITY, 1e300, 9007199254740993.0];
    let mut statuses = std::collections::BTreeMap::new();
    for round in 0..6_000 {
        let op = ops[rng.below(ops.len() as u64) as usize];
        let alg = ids[rng.below(ids.len() as u64) as usize];
        let n_bytes = rng.below(7) as usize;
        let bytes: Vec<SalineBytes> = (0..n_bytes)
            .map(|_| match rng.below(10) {
                0 => SalineBytes { ptr: core::ptr::null(), len: SALINE_ABSENT },
                1 => SalineBytes { ptr: core::ptr::null(), len: 0 },
                _ => {
                    let len = [0, 1, 12, 16, 24, 31, 32, 33, 64, 100][rng.below(10) as usize];
                    SalineBytes { ptr: pool.as_ptr(), len }
                }
            })
            .collect();
        let n_nums = rng.below(6) as usize;
        let nums: Vec<f64> = (0..n_nums).map(|_| numbers[rng.below(numbers.len() as u64) as usize]).collect();
        let capacity = [0, 1, 16, 31, 32, 64, 96, 200][rng.below(8) as usize];
        let mut out = vec![0u8; capacity];
        let mut written = 0usize;
        // SAFETY: every pointer is valid for its length.
        let status = unsafe {
            saline_call(op, alg, bytes.as_ptr(), bytes.len(), nums.as_ptr(), nums.len(), out.as_mut_ptr(), capacity, &mut written)
        };
        assert_ne!(status, SalineStatus::Internal as i32, "round {round}: op {op} alg {alg} panicked: {:?}", unsafe {
            core::ffi::CStr::from_ptr(saline_last_error())
        });
        assert!(status == 0 || (SalineStatus::Range as i32..=SalineStatus::Unsupported as i32).contains(&status) || status == 16, "round {round}: status {status}");
        if status == 0 {
            assert!(written <= capacity);
        }
        *statuses.entry(status).or_insert(0u32) += 1;
    }
    // The draw reaches successes as well as each failure class.
    for status in [0, 1, 2, 5] {
        assert!(statuses.get(&status).copied().unwrap_or(0) > 50, "status {status} too rare: {statuses:?}");
    }
}

#[test]
fn streams_survive_misuse() {
    let mut rng = Rng(42);
    let mut live: Vec<SalineStream> = Vec::new();
    let mut dead: Vec<SalineStream> = vec![0, 1, u64::MAX, 0x1_0000_0000];
    for _ in 0..5_000 {
        let pick = |rng: &mut Rng, v: &Vec<SalineStream>| v.get(rng.below(v.len().max(1) as u64) as usize).copied().unwrap_or(0);
        match rng.below(6) {
            0 => {
                let mut handle = 0;
                let alg = [3u32, 16, 42, 57, 999][rng.below(5) as usize];
                let key = [7u8; 32];
                let args = [SalineBytes { ptr: key.as_ptr(), len: 32 }];
                // SAFETY: valid pointers.
                if unsafe { saline_stream_new(alg, args.as_ptr(), 1, core::ptr::null(), 0, &mut handle) } == 0 {
                    live.push(handle);
                }
            }
            1 => {
                let handle = if rng.below(2) == 0 { pick(&mut rng, &live) } else { pick(&mut rng, &dead) };
                let status = saline_stream_free(handle);
                if let Some(i) = live.iter().position(|&h| h == handle) {
                    assert_eq!(status, 0);
                    live.swap_remove(i);
                    dead.push(handle);
                } else {
                    assert_eq!(status, SalineStatus::BadHandle as i32);
                }
            }
            2 => {
                let handle = pick(&mut rng, &dead);
                // SAFETY: valid pointer.
                assert_eq!(unsafe { saline_stream_update(handle, b"x".as_ptr(), 1) }, SalineStatus::BadHandle as i32);
            }
            3 => {
                let handle = pick(&mut rng, &live);
                let mut out = [0u8; 64];
                // SAFETY: valid pointers.
                let status = unsafe { saline_stream_digest(handle, out.as_mut_ptr(), rng.below(65) as usize, core::ptr::null_mut()) };
                assert!(status == 0 || status == SalineStatus::Range as i32 || (live.is_empty() && status == SalineStatus::BadHandle as i32));
            }
            4 => {
                let handle = pick(&mut rng, &live);
                let mut copy = 0;
                // SAFETY: valid pointer.
                if unsafe { saline_stream_clone(handle, &mut copy) } == 0 {
                    live.push(copy);
                }
            }
            _ => {
                let handle = pick(&mut rng, &live);
                // SAFETY: valid pointer.
                let _ = unsafe { saline_stream_update(handle, b"data".as_ptr(), 4) };
            }
        }
    }
    for handle in live {
        assert_eq!(saline_stream_free(handle), 0);
    }
}

/// The typed entry points (hash, MAC, keyed AEAD) with every catalog id,
/// random lengths, NULLs, and outputs overlapping the inputs.
#[test]
fn typed_calls_never_panic() {
    let mut rng = Rng(0x7e57_ab1e_5eed_0013);
    let mut ids: Vec<u32> = saline::ALGORITHMS.iter().map(|i| u32::from(i.id)).collect();
    ids.extend([0, 65535, 65536, u32::MAX]);
    let lengths = [0usize, 1, 12, 15, 16, 17, 24, 31, 32, 33, 64, 100];
    let mut buffer: Vec<u8> = (0..512).map(|_| rng.next() as u8).collect();
    let mut successes = 0;
    for round in 0..6_000 {
        let alg = ids[rng.below(ids.len() as u64) as usize];
        let mut len = || lengths[rng.below(lengths.len() as u64) as usize];
        let (a, b, c, d) = (len(), len(), len(), len());
        let mut offset = || rng.below(256) as usize;
        let (oa, ob, oc, od) = (offset(), offset(), offset(), offset());
        let base = buffer.as_mut_ptr();
        // Inputs and the output are windows of one buffer: some overlap.
        // SAFETY: every window lies inside `buffer` (offsets < 256, lengths <= 100 + 16).
        let status = unsafe {
            match rng.below(4) {
                0 => saline_hash_into(alg, base.add(oa), a, base.add(od), d),
                1 => saline_mac_into(alg, base.add(oa), a, base.add(ob), b, base.add(od), d),
                _ => {
                    let mut handle = 0;
                    let keyed = saline_aead_new(alg, base.add(oa), a, &mut handle);
                    if keyed != 0 {
                        keyed
                    } else {
                        let sealed = saline_aead_seal(handle, base.add(ob), b, base.add(oc), c % 20, base.add(od), d, base.add(oa), d + 16, core::ptr::null_mut());
                        let opened = saline_aead_open(handle, base.add(ob), b, base.add(oc), c % 20, base.add(od), d + 16, base.add(oa), d + 16, core::ptr::null_mut());
                        assert_eq!(saline_aead_free(handle), 0);
                        assert_ne!(sealed, SalineStatus::Internal as i32, "round {round}: seal panicked");
                        opened
                    }
                }
            }
        };
        assert_ne!(status, SalineStatus::Internal as i32, "round {round}: alg {alg} panicked: {:?}", unsafe {
            core::ffi::CStr::from_ptr(saline_last_error())
        });
        assert!(status == 0 || (SalineStatus::Range as i32..=SalineStatus::Unsupported as i32).contains(&status), "round {round}: status {status}");
        successes += usize::from(status == 0);
    }
    assert!(successes > 50, "too few successes: {successes}");
}
