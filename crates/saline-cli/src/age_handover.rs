//! How the payload layer (`age_payload`) gets the file key from the `age`
//! crate, which keeps the header: recipients, stanzas, the header MAC.
//!
//! The crate's one joint that sees the file key is the `Recipient` and
//! `Identity` traits: it hands the key to `Recipient::wrap_file_key` when
//! encrypting, and takes it from `Identity::unwrap_stanza(s)` when
//! decrypting (and then checks the header MAC with it). The wrappers here
//! forward to the real recipients and identities and keep a copy of the key.
//!
//! The 16-byte payload nonce comes last in both directions: `wrap_output`
//! writes the header and then the nonce, and `Decryptor::new` reads exactly
//! the header and the nonce (with `read_exact`, never past them), so
//! [`LastBytes`] keeps the last 16 bytes that passed: the nonce.

use std::cell::RefCell;
use std::collections::HashSet;
use std::io::{self, Read, Write};

use age::secrecy::ExposeSecret;
use age::{DecryptError, EncryptError};
use age_core::format::{FileKey, Stanza};
use zeroize::Zeroizing;

use crate::age_payload::PAYLOAD_NONCE_LEN;

/// The file key, once a wrapper has seen it.
#[derive(Default)]
pub struct CapturedKey(RefCell<Option<Zeroizing<[u8; 16]>>>);

impl CapturedKey {
    fn keep(&self, file_key: &FileKey) {
        *self.0.borrow_mut() = Some(Zeroizing::new(*file_key.expose_secret()));
    }

    fn keep_result(
        &self,
        result: Option<Result<FileKey, DecryptError>>,
    ) -> Option<Result<FileKey, DecryptError>> {
        if let Some(Ok(file_key)) = &result {
            self.keep(file_key);
        }
        result
    }

    /// The key the crate used (the last one it saw: the crate stops at the
    /// first stanza an identity opens).
    pub fn take(&self) -> Option<Zeroizing<[u8; 16]>> {
        self.0.borrow_mut().take()
    }
}

/// A recipient that keeps the file key it wraps.
pub struct KeepingRecipient<'a> {
    pub inner: &'a dyn age::Recipient,
    pub key: &'a CapturedKey,
}

impl age::Recipient for KeepingRecipient<'_> {
    fn wrap_file_key(
        &self,
        file_key: &FileKey,
    ) -> Result<(Vec<Stanza>, HashSet<String>), EncryptError> {
        self.key.keep(file_key);
        self.inner.wrap_file_key(file_key)
    }
}

/// An identity that keeps the file key it unwraps. Both trait methods are
/// forwarded: an identity may override `unwrap_stanzas` (scrypt's checks
/// that its stanza is alone).
pub struct KeepingIdentity<'a> {
    pub inner: &'a dyn age::Identity,
    pub key: &'a CapturedKey,
}

impl age::Identity for KeepingIdentity<'_> {
    fn unwrap_stanza(&self, stanza: &Stanza) -> Option<Result<FileKey, DecryptError>> {
        self.key.keep_result(self.inner.unwrap_stanza(stanza))
    }

    fn unwrap_stanzas(&self, stanzas: &[Stanza]) -> Option<Result<FileKey, DecryptError>> {
        self.key.keep_result(self.inner.unwrap_stanzas(stanzas))
    }
}

/// Reads or writes through, remembering the last [`PAYLOAD_NONCE_LEN`]
/// bytes that passed.
pub struct LastBytes<T> {
    pub inner: T,
    last: [u8; PAYLOAD_NONCE_LEN],
    seen: usize,
}

impl<T> LastBytes<T> {
    pub fn new(inner: T) -> Self {
        LastBytes {
            inner,
            last: [0; PAYLOAD_NONCE_LEN],
            seen: 0,
        }
    }

    /// The last 16 bytes that passed, if that many did.
    pub fn last(&self) -> Option<[u8; PAYLOAD_NONCE_LEN]> {
        (self.seen >= PAYLOAD_NONCE_LEN).then_some(self.last)
    }

    fn remember(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        if n >= PAYLOAD_NONCE_LEN {
            self.last.copy_from_slice(&bytes[n - PAYLOAD_NONCE_LEN..]);
        } else {
            self.last.copy_within(n.., 0);
            self.last[PAYLOAD_NONCE_LEN - n..].copy_from_slice(bytes);
        }
        self.seen += n;
    }
}

impl<R: Read> Read for LastBytes<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.remember(&buf[..n]);
        Ok(n)
    }
}

impl<W: Write> Write for LastBytes<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.remember(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
