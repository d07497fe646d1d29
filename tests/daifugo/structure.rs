//! The Daifugo engine speaks in data (issue 9, "Structure"): no module under `src/daifugo`
//! names the string tables (`i18n`) or the language (`config::Lang`); the TUI and the CLI turn
//! its values into words through `i18n::daifugo`.

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
fn the_engine_imports_no_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("daifugo.rs")];
    rust_files(&root.join("daifugo"), &mut files);
    assert!(files.len() > 15, "found the engine's files: {files:?}");
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read");
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let words = code.contains("i18n")
                || code.contains("config::Lang")
                || code.contains("Lang::")
                || code.contains("Lang,")
                || code.contains("Lang}");
            assert!(
                !words,
                "{}:{}: the engine names the words: {line}",
                f.display(),
                i + 1
            );
        }
    }
}
