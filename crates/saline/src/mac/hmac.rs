//! HMAC (RFC 2104) over every fixed-output hash in the catalog.
//!
//! The list below is the one place that pairs an HMAC with its hash type; the
//! streaming state, PBKDF2 and HKDF all expand it. RustCrypto's eager
//! `Hmac<D>` precomputes the padded-key states once, which PBKDF2's inner loop
//! relies on; BLAKE2's variable-output cores do not fit it, so they use
//! `SimpleHmac` (same bytes, slightly slower).

use crate::catalog::Algorithm;

/// Calls `$cb!` with `(args) Mac, Hash, HmacWrapper, DigestType;` for every
/// HMAC in the catalog.
macro_rules! hmac_list {
    ($cb:ident ! ($($args:tt)*)) => {
        $cb! { ($($args)*)
            HmacSha1, Sha1, Hmac, sha1::Sha1;
            HmacSha224, Sha224, Hmac, crate::hash::sha2_core::Sha224;
            HmacSha256, Sha256, Hmac, crate::hash::sha2_core::Sha256;
            HmacSha384, Sha384, Hmac, crate::hash::sha2_core::Sha384;
            HmacSha512, Sha512, Hmac, crate::hash::sha2_core::Sha512;
            HmacSha512_256, Sha512_256, Hmac, crate::hash::sha2_core::Sha512_256;
            HmacSha3_224, Sha3_224, Hmac, crate::hash::sha3_core::Sha3_224;
            HmacSha3_256, Sha3_256, Hmac, crate::hash::sha3_core::Sha3_256;
            HmacSha3_384, Sha3_384, Hmac, crate::hash::sha3_core::Sha3_384;
            HmacSha3_512, Sha3_512, Hmac, crate::hash::sha3_core::Sha3_512;
            HmacKeccak256, Keccak256, Hmac, crate::hash::sha3_core::Keccak256;
            HmacBlake2b, Blake2b, SimpleHmac, ::blake2::Blake2b512;
            HmacBlake2s, Blake2s, SimpleHmac, ::blake2::Blake2s256;
            HmacMd4, Md4, Hmac, crate::hash::md4_core::Md4;
            HmacMd5, Md5, Hmac, crate::hash::md5_core::Md5;
            HmacRipemd160, Ripemd160, Hmac, ripemd::Ripemd160;
            HmacWhirlpool, Whirlpool, Hmac, whirlpool::Whirlpool;
        }
    };
}
pub(crate) use hmac_list;

/// `match_hmac_type!(hash_algorithm, D, M, body, otherwise)`: evaluates
/// `body` with the type aliases `D` bound to the digest of `hash_algorithm`
/// and `M` to the HMAC over it; `otherwise` for hashes without an HMAC.
macro_rules! match_hmac_type {
    (($hash:expr, $D:ident, $M:ident, $body:expr, $otherwise:expr) $($mac:ident, $h:ident, $wrap:ident, $d:ty;)*) => {
        match $hash {
            $( $crate::catalog::Algorithm::$h => {
                #[allow(dead_code)]
                type $D = $d;
                type $M = ::hmac::$wrap<$d>;
                $body
            } )*
            _ => $otherwise,
        }
    };
}
pub(crate) use match_hmac_type;

macro_rules! define_state {
    (() $($mac:ident, $h:ident, $wrap:ident, $d:ty;)*) => {
        /// The keyed state of one HMAC.
        #[derive(Clone)]
        pub(crate) enum HmacState { $( $mac(::hmac::$wrap<$d>), )* }

        impl HmacState {
            pub(crate) fn new(algorithm: Algorithm, key: &[u8]) -> Option<HmacState> {
                use ::hmac::digest::KeyInit;
                match algorithm {
                    $( Algorithm::$mac => Some(HmacState::$mac(
                        <::hmac::$wrap<$d>>::new_from_slice(key).expect("HMAC accepts keys of any length"),
                    )), )*
                    _ => None,
                }
            }

            pub(crate) fn update(&mut self, data: &[u8]) {
                use ::hmac::Mac;
                match self { $( HmacState::$mac(m) => m.update(data), )* }
            }

            /// Writes the tag (caller checked `out` is the tag length) and
            /// restarts with the same key.
            pub(crate) fn finalize_into_reset(&mut self, out: &mut [u8]) {
                use ::hmac::Mac;
                match self { $( HmacState::$mac(m) => out.copy_from_slice(&m.finalize_reset().into_bytes()), )* }
            }

            pub(crate) fn reset(&mut self) {
                use ::hmac::Mac;
                match self { $( HmacState::$mac(m) => m.reset(), )* }
            }

            /// Zeroes the key-dependent inner and outer hash states.
            ///
            /// # Safety
            /// Only from `Drop`: the state is unusable afterwards.
            pub(crate) unsafe fn wipe(&mut self) {
                // SAFETY: forwarded from the caller's contract.
                match self { $( HmacState::$mac(m) => unsafe { crate::secret::wipe_flat(m) }, )* }
            }
        }
    };
}
hmac_list!(define_state!());

macro_rules! define_one_shot {
    (() $($mac:ident, $h:ident, $wrap:ident, $d:ty;)*) => {
        /// Writes the HMAC of `data` under `key` into `out` (the caller
        /// checked it is the tag length) with the concrete `Hmac<D>` in this
        /// frame: no `HmacState`, whose size is its largest variant's
        /// (HMAC-SHA3-224), is built, moved or wiped whole.
        ///
        /// # Panics
        /// If `algorithm` is not an HMAC of the list.
        pub(crate) fn one_shot_into(algorithm: Algorithm, key: &[u8], data: &[u8], out: &mut [u8]) {
            match algorithm {
                $( Algorithm::$mac => one_shot::<::hmac::$wrap<$d>>(key, data, out), )*
                _ => unreachable!("{} is not an HMAC", algorithm.name()),
            }
        }
    };
}
hmac_list!(define_one_shot!());

/// One HMAC, computed and wiped in place. Not inlined: each HMAC's state
/// gets its own frame rather than all of them sharing one (see `hash::hash_into`).
#[inline(never)]
fn one_shot<M>(key: &[u8], data: &[u8], out: &mut [u8])
where
    M: ::hmac::digest::KeyInit + ::hmac::Mac + ::hmac::digest::FixedOutputReset,
{
    let mut m = <M as ::hmac::digest::KeyInit>::new_from_slice(key).expect("HMAC accepts keys of any length");
    ::hmac::Mac::update(&mut m, data);
    ::hmac::digest::FixedOutputReset::finalize_into_reset(&mut m, out.into());
    // SAFETY: the HMAC states of the list are flat (see `HmacState::wipe`)
    // and `m` is not used after this point.
    unsafe { crate::secret::wipe_flat(&mut m) }
}
