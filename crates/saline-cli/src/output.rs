//! Where a command writes its result: a file that appears only when the
//! command succeeded, or standard output.
//!
//! A file output is written to a temporary file in the same directory and
//! renamed over the destination by [`Output::commit`]; an error drops the
//! temporary file instead, so a wrong key, a truncated or a tampered input
//! leaves nothing behind. The temporary file is created with mode 0600 (the
//! output may be a secret), and the rename keeps that mode.
//!
//! The file is not fsynced before the rename, as `age` and `cp` do not:
//! the rename makes the output atomic against a failed input, not against a
//! power loss, and an fsync would make a 1 GB output wait for the disk.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Large writes: the age stream hands over 64 KiB chunks, armor 64-column lines.
const WRITE_BUFFER_LEN: usize = 1 << 20;

pub enum Output {
    File {
        temp: BufWriter<tempfile::NamedTempFile>,
        destination: PathBuf,
    },
    Stdout(BufWriter<io::Stdout>),
}

impl Output {
    /// A temporary file beside `path`, or standard output for `None` or `-`.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(destination) = path.filter(|p| *p != Path::new("-")) else {
            return Ok(Output::Stdout(BufWriter::with_capacity(
                WRITE_BUFFER_LEN,
                io::stdout(),
            )));
        };
        let directory = match destination.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent,
            _ => Path::new("."),
        };
        let temp = tempfile::Builder::new()
            .prefix(".saline-")
            .tempfile_in(directory)
            .with_context(|| format!("cannot create a file in {}", directory.display()))?;
        Ok(Output::File {
            temp: BufWriter::with_capacity(WRITE_BUFFER_LEN, temp),
            destination: destination.to_owned(),
        })
    }

    /// Whether the output is a terminal (binary output there is refused).
    pub fn is_terminal(&self) -> bool {
        matches!(self, Output::Stdout(_)) && io::stdout().is_terminal()
    }

    /// Flushes and moves the file into place.
    pub fn commit(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush().context("cannot write to standard output"),
            Output::File { temp, destination } => {
                let temp = temp
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .context("cannot write the output")?;
                temp.persist(&destination)
                    .with_context(|| format!("cannot write {}", destination.display()))?;
                Ok(())
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::File { temp, .. } => temp.write(buf),
            Output::Stdout(out) => out.write(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::File { temp, .. } => temp.flush(),
            Output::Stdout(out) => out.flush(),
        }
    }
}

/// Opens an input: a file, or standard input for `None` or `-`.
pub fn open_input(path: Option<&Path>) -> anyhow::Result<Box<dyn io::Read>> {
    match path.filter(|p| *p != Path::new("-")) {
        Some(path) => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            Ok(Box::new(file))
        }
        None => Ok(Box::new(io::stdin().lock())),
    }
}
