//! The line formats of coreutils' `sha256sum`/`b2sum` and of `b3sum`:
//! `HEX  NAME`, the BSD form `TAG (NAME) = HEX`, and their escaping of odd
//! file names (a leading `\`, then `\\`, `\n` and, for coreutils, `\r`).
//!
//! The escaping rules differ between the tools and were measured against
//! coreutils 9.1 and b3sum 1.2 (Debian 12): see `tests/interop.rs`.

use crate::digest::HashSpec;

/// Which tool's escaping to reproduce.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// coreutils: names with `\`, newline or carriage return are escaped
    /// when listed; in `--check` reports only names with a newline are.
    Coreutils,
    /// b3sum: names with `\` or newline are escaped, listed or checked;
    /// a carriage return is printed as is.
    B3sum,
}

impl Dialect {
    /// b3sum's rules for BLAKE3, coreutils' for everything else.
    pub fn for_spec(spec: HashSpec) -> Dialect {
        if spec.algorithm == saline::Algorithm::Blake3 {
            Dialect::B3sum
        } else {
            Dialect::Coreutils
        }
    }

    fn escapes(self, byte: u8) -> bool {
        match self {
            Dialect::Coreutils => matches!(byte, b'\\' | b'\n' | b'\r'),
            Dialect::B3sum => matches!(byte, b'\\' | b'\n'),
        }
    }

    /// `name` escaped for a checksum line, and whether it needed escaping
    /// (the line then starts with `\`).
    pub fn escape_listed(self, name: &[u8]) -> (Vec<u8>, bool) {
        if !name.iter().any(|&b| self.escapes(b)) {
            return (name.to_vec(), false);
        }
        let mut out = Vec::with_capacity(name.len() + 4);
        for &b in name {
            match b {
                b'\\' => out.extend_from_slice(b"\\\\"),
                b'\n' => out.extend_from_slice(b"\\n"),
                b'\r' if self == Dialect::Coreutils => out.extend_from_slice(b"\\r"),
                other => out.push(other),
            }
        }
        (out, true)
    }

    /// `name` as a `--check` report prints it (`\` prefix included).
    pub fn escape_checked(self, name: &[u8]) -> Vec<u8> {
        let escape = match self {
            Dialect::Coreutils => name.contains(&b'\n'),
            Dialect::B3sum => name.iter().any(|&b| self.escapes(b)),
        };
        if !escape {
            return name.to_vec();
        }
        let (escaped, _) = self.escape_listed(name);
        let mut out = vec![b'\\'];
        out.extend_from_slice(&escaped);
        out
    }
}

/// One checksum line: `HEX  NAME` (`HEX *NAME`) or `TAG (NAME) = HEX`.
pub fn format_line(spec: HashSpec, digest: &[u8], name: &[u8], bsd_tag: bool) -> Vec<u8> {
    let (escaped, needs_prefix) = Dialect::for_spec(spec).escape_listed(name);
    let mut line = Vec::with_capacity(escaped.len() + 2 * digest.len() + 16);
    if needs_prefix {
        line.push(b'\\');
    }
    if bsd_tag {
        line.extend_from_slice(spec.tag().as_bytes());
        line.extend_from_slice(b" (");
        line.extend_from_slice(&escaped);
        line.extend_from_slice(b") = ");
        line.extend_from_slice(hex::encode(digest).as_bytes());
    } else {
        line.extend_from_slice(hex::encode(digest).as_bytes());
        line.extend_from_slice(b"  ");
        line.extend_from_slice(&escaped);
    }
    line.push(b'\n');
    line
}

/// A parsed line of a checksum list.
#[derive(Debug, PartialEq, Eq)]
pub struct ChecksumLine {
    pub spec: HashSpec,
    pub expected: Vec<u8>,
    pub name: Vec<u8>,
}

/// Parses one line (without its newline). Untagged lines need `default`,
/// the algorithm given with `-a`; a tagged line names its own, which must
/// agree with `default` when both are given. The hex length must fit the
/// algorithm; for variable-length hashes it sets the output length, as
/// `b2sum --check` does. `None`: an improperly formatted line.
pub fn parse_line(line: &[u8], default: Option<HashSpec>) -> Option<ChecksumLine> {
    let (escaped, line) = match line.strip_prefix(b"\\") {
        Some(rest) => (true, rest),
        None => (false, line),
    };
    let (spec, hex_digits, name) = match parse_tagged(line) {
        Some((tag, name, hex_digits)) => {
            let spec = HashSpec::from_tag(std::str::from_utf8(tag).ok()?)?;
            if let Some(default) = default {
                if default.algorithm != spec.algorithm {
                    return None;
                }
            }
            (spec, hex_digits, name)
        }
        None => {
            let spec = default?;
            let split = line.iter().position(|&b| b == b' ')?;
            let (hex_digits, rest) = line.split_at(split);
            let name = rest
                .strip_prefix(b"  ")
                .or_else(|| rest.strip_prefix(b" *"))?;
            (spec, hex_digits, name)
        }
    };
    if name.is_empty() || hex_digits.len() % 2 != 0 {
        return None;
    }
    let expected = hex::decode(hex_digits).ok()?;
    let spec = if expected.len() == spec.out_len {
        spec
    } else if spec.variable_length() {
        HashSpec::parse(spec.algorithm.name(), Some(expected.len() * 8)).ok()?
    } else {
        return None;
    };
    let name = if escaped {
        unescape(name)?
    } else {
        name.to_vec()
    };
    Some(ChecksumLine {
        spec,
        expected,
        name,
    })
}

/// `TAG (NAME) = HEX` split into its three parts; the name may itself
/// contain `) = `, so the last one separates it from the digest.
fn parse_tagged(line: &[u8]) -> Option<(&[u8], &[u8], &[u8])> {
    let open = line.windows(2).position(|w| w == b" (")?;
    let tag = &line[..open];
    if tag.is_empty() || !tag.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-') {
        return None;
    }
    let rest = &line[open + 2..];
    let close = rest.windows(4).rposition(|w| w == b") = ")?;
    Some((tag, &rest[..close], &rest[close + 4..]))
}

/// Reverses the escaping; `None` for an unknown escape or a trailing `\`.
fn unescape(name: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(name.len());
    let mut bytes = name.iter();
    while let Some(&b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        out.push(match bytes.next()? {
            b'\\' => b'\\',
            b'n' => b'\n',
            b'r' => b'\r',
            _ => return None,
        });
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sha256() -> HashSpec {
        HashSpec::parse("sha256", None).unwrap()
    }

    #[test]
    fn escaping_follows_each_tool() {
        let name = b"m\\i\rx\ny";
        assert_eq!(
            Dialect::Coreutils.escape_listed(name),
            (b"m\\\\i\\rx\\ny".to_vec(), true)
        );
        assert_eq!(
            Dialect::B3sum.escape_listed(name),
            (b"m\\\\i\rx\\ny".to_vec(), true)
        );
        assert_eq!(
            Dialect::Coreutils.escape_checked(b"back\\slash"),
            b"back\\slash".to_vec()
        );
        assert_eq!(
            Dialect::B3sum.escape_checked(b"back\\slash"),
            b"\\back\\\\slash".to_vec()
        );
        assert_eq!(
            Dialect::Coreutils.escape_checked(b"a\nb"),
            b"\\a\\nb".to_vec()
        );
    }

    #[test]
    fn lines_round_trip() {
        let digest = [0xabu8; 32];
        for tagged in [false, true] {
            let line = format_line(sha256(), &digest, b"odd\\name\n", tagged);
            let parsed = parse_line(&line[..line.len() - 1], Some(sha256())).unwrap();
            assert_eq!(
                parsed,
                ChecksumLine {
                    spec: sha256(),
                    expected: digest.to_vec(),
                    name: b"odd\\name\n".to_vec()
                }
            );
        }
        let tagged = parse_line(b"SHA256 (x) = y) = ab", None);
        assert!(tagged.is_none(), "odd hex length");
        let parsed = parse_line(
            format!("SHA256 (a) = b) = {}", "00".repeat(32)).as_bytes(),
            None,
        )
        .unwrap();
        assert_eq!(parsed.name, b"a) = b");
    }

    #[test]
    fn malformed_lines_are_refused() {
        let hex64 = "00".repeat(32);
        for line in [
            "garbage".to_string(),
            format!("{hex64} name"),
            format!("{hex64}  "),
            format!("{}  name", "00".repeat(31)),
            format!("{}  name", "zz".repeat(32)),
            format!("\\{hex64}  bad\\escape"),
            format!("MD5 (name) = {hex64}"),
        ] {
            assert_eq!(parse_line(line.as_bytes(), Some(sha256())), None, "{line}");
        }
        assert!(parse_line(format!("{hex64} *name").as_bytes(), Some(sha256())).is_some());
        let blake2_256 = parse_line(
            format!("{hex64}  f").as_bytes(),
            Some(HashSpec::parse("blake2b", None).unwrap()),
        );
        assert_eq!(blake2_256.unwrap().spec.out_len, 32);
    }
}
