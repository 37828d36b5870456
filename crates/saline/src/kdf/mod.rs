//! kdf
