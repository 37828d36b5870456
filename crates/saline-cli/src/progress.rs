//! The progress bar of `saline encrypt` and `saline decrypt` (indicatif, on
//! standard error): only for inputs over [`SHOW_ABOVE`], only when standard
//! error is a terminal, never with `--quiet`. Scripts and pipes see nothing.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::os::fd::AsFd;
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Inputs smaller than this finish in well under a second (the payload runs
/// at about 1 GB/s on the 2-core test machine): no bar.
pub const SHOW_ABOVE: u64 = 256 << 20;

/// A bar that may be hidden; hidden, every call does nothing.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar for an input of `total` bytes (`None`: unknown, no bar).
    pub fn new(total: Option<u64>, quiet: bool) -> Progress {
        match total {
            Some(total) if !quiet && total > SHOW_ABOVE && io::stderr().is_terminal() => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
                bar.set_style(
                    ProgressStyle::with_template(
                        "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta}",
                    )
                    .expect("a valid template"),
                );
                Progress(Some(bar))
            }
            _ => Progress(None),
        }
    }

    pub fn advance(&self, bytes: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(bytes);
        }
    }
}

impl Drop for Progress {
    /// The bar is cleared, on success as on error, so that the command's
    /// own message stands alone.
    fn drop(&mut self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// The size of an input file, or of standard input when it is redirected
/// from a regular file (`None` or `-`); `None` for pipes and terminals.
pub fn input_len(path: Option<&Path>) -> Option<u64> {
    let metadata = match path.filter(|p| *p != Path::new("-")) {
        Some(path) => std::fs::metadata(path).ok()?,
        None => File::from(io::stdin().as_fd().try_clone_to_owned().ok()?)
            .metadata()
            .ok()?,
    };
    metadata.is_file().then_some(metadata.len())
}
