//! Error text as the system tools print it.

use std::io;

/// The system's description of an I/O error without Rust's
/// " (os error N)" suffix, as coreutils prints it after the file name:
/// "No such file or directory".
pub fn describe_io(error: &io::Error) -> String {
    let text = error.to_string();
    match (error.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => text[..at].to_string(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn os_errors_lose_the_suffix() {
        let e = std::fs::File::open("/nonexistent/saline").unwrap_err();
        assert_eq!(super::describe_io(&e), "No such file or directory");
    }
}
