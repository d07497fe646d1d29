//! The module graph: the UI is a library the command line calls, never the other way round.
//! `cli` builds a [`cardroom::tui::Options`]; nothing under `src/tui` may name the CLI or its
//! clap argument types.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_tui_does_not_import_the_cli() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("tui.rs")];
    rust_files(&root.join("tui"), &mut files);
    assert!(files.len() > 10, "found the UI's files: {files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains("crate::cli") && !code.contains("cardroom::cli"),
                "{}:{}: the UI imports the CLI: {line}",
                f.display(),
                i + 1
            );
        }
    }
}
