//! nacl
