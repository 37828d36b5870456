//! Curve25519 in its two forms: Ed25519 signatures and X25519 key agreement,
//! plus a low-level Edwards25519 API (field elements, points, scalars) for
//! building other protocols.

pub mod ed25519;
pub mod field;
pub mod point;
pub mod scalar;
pub mod x25519;
