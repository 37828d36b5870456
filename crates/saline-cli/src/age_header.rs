//! Two rules of the age format that the `age` crate 0.12 does not enforce
//! on input, checked here in front of it (both from C2SP's CCTV vectors):
//!
//! * every stanza ends with a short body line, even an empty one (the
//!   vectors `stanza_missing_body` and `stanza_missing_final_line` must be
//!   header failures: c2sp.org/age, "Header");
//! * whitespace may surround an armored file (`armor_whitespace_outside`:
//!   "whitespace is allowed before and after armored files").

use std::io::{self, BufRead, Read};

/// Longest header line worth remembering: longer ones are refused by the
/// crate's parser anyway (stanza lines are at most 64 columns).
const MAX_LINE: usize = 4096;

/// Skips whitespace before an armored file (`-----BEGIN`); a binary file
/// must start with its version line, so nothing is skipped before one.
pub fn skip_whitespace_before_armor(input: &mut impl BufRead) -> io::Result<()> {
    let buffer = input.fill_buf()?;
    let blank = buffer
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    if blank > 0 && buffer[blank..].starts_with(b"-----BEGIN") {
        input.consume(blank);
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    VersionLine,
    BetweenStanzas,
    StanzaBody,
    Payload,
}

/// Passes the decoded age file through, checking the stanza bodies of the
/// header on the way; after the MAC line (`---`) it only forwards bytes.
pub struct StanzaBodyCheck<R> {
    inner: R,
    line: Vec<u8>,
    state: State,
    v1: bool,
}

impl<R: Read> StanzaBodyCheck<R> {
    pub fn new(inner: R) -> Self {
        StanzaBodyCheck {
            inner,
            line: Vec::new(),
            state: State::VersionLine,
            v1: false,
        }
    }

    /// Whether the first line was `age-encryption.org/v1`. The crate reads
    /// a v1 header it cannot parse (a MAC that is not base64, say) as a
    /// header of an unknown version; this tells the two apart.
    pub fn saw_v1_version_line(&self) -> bool {
        self.v1
    }

    fn end_of_line(&mut self) -> io::Result<()> {
        let line = &self.line;
        self.state = match self.state {
            State::VersionLine => {
                self.v1 = line == b"age-encryption.org/v1";
                State::BetweenStanzas
            }
            State::BetweenStanzas if line.starts_with(b"---") => State::Payload,
            State::BetweenStanzas if line.starts_with(b"-> ") => State::StanzaBody,
            // Anything else is the crate's to refuse.
            State::BetweenStanzas => State::BetweenStanzas,
            // Base64 has no '-': a stanza or MAC line here means the body
            // lacked its final short line.
            State::StanzaBody if line.starts_with(b"-") => {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "a stanza lacks its final short body line",
                ))
            }
            State::StanzaBody if line.len() == 64 => State::StanzaBody,
            State::StanzaBody => State::BetweenStanzas,
            State::Payload => State::Payload,
        };
        self.line.clear();
        Ok(())
    }
}

impl<R: Read> Read for StanzaBodyCheck<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if self.state == State::Payload {
            return Ok(n);
        }
        for &byte in &buf[..n] {
            if byte == b'\n' {
                self.end_of_line()?;
                if self.state == State::Payload {
                    break;
                }
            } else if self.line.len() < MAX_LINE {
                self.line.push(byte);
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(header: &str) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        StanzaBodyCheck::new(header.as_bytes())
            .read_to_end(&mut out)
            .map(|_| out)
    }

    #[test]
    fn stanzas_need_a_final_short_line() {
        let full = "A".repeat(64);
        assert!(check("age-encryption.org/v1\n-> X25519 a\nshort\n--- mac\npayload").is_ok());
        assert!(check("age-encryption.org/v1\n-> empty\n\n--- mac\n-> not header\n").is_ok());
        assert!(check(&format!("age-encryption.org/v1\n-> s\n{full}\n\n--- mac\n")).is_ok());
        assert!(check("age-encryption.org/v1\n-> empty\n--- mac\n").is_err());
        assert!(check(&format!("age-encryption.org/v1\n-> s\n{full}\n--- mac\n")).is_err());
        assert!(check("age-encryption.org/v1\n-> a\n-> b\nx\n--- mac\n").is_err());
    }

    #[test]
    fn the_version_line_is_remembered() {
        let mut out = Vec::new();
        let mut v1 = StanzaBodyCheck::new(&b"age-encryption.org/v1\n--- !\n"[..]);
        v1.read_to_end(&mut out).unwrap();
        assert!(v1.saw_v1_version_line());
        let mut v2 = StanzaBodyCheck::new(&b"age-encryption.org/v2\n--- x\n"[..]);
        v2.read_to_end(&mut out).unwrap();
        assert!(!v2.saw_v1_version_line());
    }

    #[test]
    fn whitespace_is_skipped_only_before_armor() {
        let mut armored = io::BufReader::new(&b"\n\r \t-----BEGIN AGE"[..]);
        skip_whitespace_before_armor(&mut armored).unwrap();
        assert_eq!(armored.fill_buf().unwrap(), b"-----BEGIN AGE");
        let mut binary = io::BufReader::new(&b" age-encryption.org/v1"[..]);
        skip_whitespace_before_armor(&mut binary).unwrap();
        assert_eq!(binary.fill_buf().unwrap(), b" age-encryption.org/v1");
    }
}
