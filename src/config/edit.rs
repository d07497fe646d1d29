//! Changing the player's config file without disturbing it: [`ConfigFile`] holds the file as
//! `toml_edit` reads it, so comments, blank lines, key order and formatting survive; only the
//! keys set or removed through it change. Saving is atomic and refuses a read-only file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use toml_edit::{DocumentMut, Item, Table, TableLike};

/// Why a config file could not be opened for editing or saved.
#[derive(Debug)]
pub enum EditError {
    /// The file exists but could not be read, or could not be written (read-only, no space…).
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The file is not valid TOML (the parser's message, with line and column).
    Syntax {
        /// The file.
        path: PathBuf,
        /// The parser's words.
        message: String,
    },
    /// A key cannot be set because a value of another type is in the way (`daifugo.sequence =
    /// 3` when setting `daifugo.sequence.min_len`).
    Shape {
        /// The dotted key being set.
        key: String,
    },
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EditError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            EditError::Syntax { path, message } => write!(f, "{}: {message}", path.display()),
            EditError::Shape { key } => write!(f, "{key}: another value is in the way"),
        }
    }
}

impl std::error::Error for EditError {}

/// A config file being edited: its path, its text as read, and the document with the edits.
#[derive(Clone, Debug)]
pub struct ConfigFile {
    path: PathBuf,
    original: String,
    exists: bool,
    doc: DocumentMut,
}

impl ConfigFile {
    /// Reads `path`; a missing file is an empty one that [`ConfigFile::save`] will create.
    ///
    /// Errors: the file exists but cannot be read, or is not TOML.
    pub fn open(path: &Path) -> Result<ConfigFile, EditError> {
        match fs::read_to_string(path) {
            Ok(text) => ConfigFile::from_text(path, &text, true),
            Err(e) if e.kind() == io::ErrorKind::NotFound => ConfigFile::from_text(path, "", false),
            Err(error) => Err(EditError::Io {
                path: path.to_path_buf(),
                error,
            }),
        }
    }

    /// A file with the given text (`exists` says whether it is already on disk).
    ///
    /// Errors: the text is not TOML.
    pub fn from_text(path: &Path, text: &str, exists: bool) -> Result<ConfigFile, EditError> {
        let doc = text.parse::<DocumentMut>().map_err(|e| EditError::Syntax {
            path: path.to_path_buf(),
            message: e.to_string().trim().to_string(),
        })?;
        Ok(ConfigFile {
            path: path.to_path_buf(),
            original: text.to_string(),
            exists,
            doc,
        })
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file was on disk when opened.
    pub fn exists(&self) -> bool {
        self.exists
    }

    /// The text as it was read.
    pub fn original(&self) -> &str {
        &self.original
    }

    /// The text with the edits so far.
    pub fn text(&self) -> String {
        self.doc.to_string()
    }

    /// Whether the edits changed anything.
    pub fn changed(&self) -> bool {
        self.text() != self.original
    }

    /// The value the file sets at a dotted key, if it sets one.
    pub fn get(&self, key: &str) -> Option<toml::Value> {
        let (parents, leaf) = split(key);
        let mut t: &dyn TableLike = self.doc.as_table();
        for p in parents {
            t = t.get(p)?.as_table_like()?;
        }
        let v = t.get(leaf)?.as_value()?;
        let mut v = v.clone();
        v.decor_mut().clear();
        let table: toml::Table = format!("v = {v}").parse().ok()?;
        table.get("v").cloned()
    }

    /// Sets a dotted key to `value`. An existing key keeps its place and the comments around
    /// it; a new key goes at the end of its table, as a dotted key (`sequence.min_len = 4`)
    /// inside the section's `[table]`, which is added at the end of the file if missing.
    ///
    /// Errors: a non-table value sits where a table of the path should be.
    pub fn set(&mut self, key: &str, value: &toml::Value) -> Result<(), EditError> {
        let shape = || EditError::Shape { key: key.into() };
        let new: toml_edit::Value = value.to_string().parse().map_err(|_| shape())?;
        let (parents, leaf) = split(key);
        let mut t: &mut dyn TableLike = self.doc.as_table_mut();
        for (depth, p) in parents.iter().enumerate() {
            if t.get(p).is_none() {
                let mut fresh = Table::new();
                if depth == 0 {
                    fresh.decor_mut().set_prefix("\n");
                } else {
                    fresh.set_dotted(true);
                }
                t.insert(p, Item::Table(fresh));
            }
            t = t
                .get_mut(p)
                .and_then(Item::as_table_like_mut)
                .ok_or_else(shape)?;
        }
        match t.get_mut(leaf) {
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                let mut new = new;
                *new.decor_mut() = decor;
                *old = new;
            }
            Some(_) => return Err(shape()),
            None => {
                t.insert(leaf, Item::Value(new));
            }
        }
        Ok(())
    }

    /// Removes a dotted key, so the built-in default (or the preset) decides it again. A dotted
    /// table left empty goes too; a `[table]` header the file wrote stays.
    pub fn unset(&mut self, key: &str) {
        let (parents, leaf) = split(key);
        fn remove(t: &mut dyn TableLike, parents: &[&str], leaf: &str) {
            match parents.split_first() {
                None => {
                    t.remove(leaf);
                }
                Some((first, rest)) => {
                    let Some(inner) = t.get_mut(first).and_then(Item::as_table_like_mut) else {
                        return;
                    };
                    remove(inner, rest, leaf);
                    if inner.is_empty() && inner.is_dotted() {
                        t.remove(first);
                    }
                }
            }
        }
        remove(self.doc.as_table_mut(), &parents, leaf);
    }

    /// Writes the edited text: into a temporary file beside the target, synced, then renamed
    /// over it (the folder synced after), so a crash leaves the old file or the new one. A
    /// symbolic link is followed, so the file it points to is replaced and the link stays. The
    /// folder is created if the file is new; the old file's permissions are kept.
    ///
    /// Errors: the file is read-only (checked first, so nothing changes — even for root), or the
    /// folder cannot be written.
    pub fn save(&self) -> Result<(), EditError> {
        let io = |error: io::Error| EditError::Io {
            path: self.path.clone(),
            error,
        };
        let target = match fs::canonicalize(&self.path) {
            Ok(real) => real,
            Err(e) if e.kind() == io::ErrorKind::NotFound => self.path.clone(),
            Err(e) => return Err(io(e)),
        };
        let old_perms = match fs::metadata(&target) {
            Ok(m) if m.permissions().readonly() => {
                return Err(io(io::Error::new(
                    io::ErrorKind::PermissionDenied,
                    "the file is read-only",
                )));
            }
            Ok(m) => Some(m.permissions()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io(e)),
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fs::create_dir_all(&dir).map_err(io)?;
        let mut tmp = tempfile::NamedTempFile::new_in(&dir).map_err(io)?;
        tmp.write_all(self.text().as_bytes()).map_err(io)?;
        if let Some(p) = old_perms {
            tmp.as_file().set_permissions(p).map_err(io)?;
        }
        tmp.as_file().sync_all().map_err(io)?;
        tmp.persist(&target).map_err(|e| io(e.error))?;
        #[cfg(unix)]
        fs::File::open(&dir)
            .and_then(|d| d.sync_all())
            .map_err(io)?;
        Ok(())
    }
}

fn split(key: &str) -> (Vec<&str>, &str) {
    let mut parts: Vec<&str> = key.split('.').collect();
    let leaf = parts.pop().unwrap_or("");
    (parts, leaf)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(text: &str) -> ConfigFile {
        ConfigFile::from_text(Path::new("t.toml"), text, true).unwrap()
    }

    #[test]
    fn an_existing_key_changes_in_place_with_its_comments() {
        let mut f = edit("# top\n[blackjack]\n# how many\ndecks = 6 # six\nties = \"push\"\n");
        f.set("blackjack.decks", &2.into()).unwrap();
        assert_eq!(
            f.text(),
            "# top\n[blackjack]\n# how many\ndecks = 2 # six\nties = \"push\"\n"
        );
        assert_eq!(f.get("blackjack.decks"), Some(2.into()));
        assert!(f.changed());
    }

    #[test]
    fn new_keys_go_to_the_end_of_their_table_as_dotted_keys() {
        let mut f = edit("[daifugo]\ncpus = 3\n\n[blackjack]\ndecks = 6\n");
        f.set("daifugo.sequence.min_len", &4.into()).unwrap();
        f.set("daifugo.jack_back", &true.into()).unwrap();
        assert_eq!(
            f.text(),
            "[daifugo]\ncpus = 3\nsequence.min_len = 4\njack_back = true\n\n[blackjack]\ndecks = 6\n"
        );
        f.set("general.theme", &"light".into()).unwrap();
        assert!(
            f.text()
                .ends_with("decks = 6\n\n[general]\ntheme = \"light\"\n"),
            "{}",
            f.text()
        );
        assert_eq!(f.get("daifugo.sequence.min_len"), Some(4.into()));
    }

    #[test]
    fn an_explicit_subtable_and_an_inline_table_are_used_as_written() {
        let mut f = edit("[daifugo.sequence]\nenabled = true\n");
        f.set("daifugo.sequence.min_len", &5.into()).unwrap();
        assert_eq!(
            f.text(),
            "[daifugo.sequence]\nenabled = true\nmin_len = 5\n"
        );
        let mut f = edit("[daifugo]\nlock = { suit = \"off\" }\n");
        f.set("daifugo.lock.number", &true.into()).unwrap();
        assert_eq!(f.get("daifugo.lock.number"), Some(true.into()));
        assert_eq!(f.get("daifugo.lock.suit"), Some("off".into()));
    }

    #[test]
    fn unset_removes_the_key_and_an_empty_dotted_table() {
        let mut f = edit("[daifugo]\n# keep me\nsequence.min_len = 4\ncpus = 2\n");
        f.unset("daifugo.sequence.min_len");
        assert_eq!(f.get("daifugo.sequence.min_len"), None);
        assert!(f.text().contains("cpus = 2"));
        assert!(!f.text().contains("sequence"), "{}", f.text());
        f.unset("daifugo.nothing.here");
        f.unset("daifugo.cpus");
        assert!(f.text().starts_with("[daifugo]"), "{}", f.text());
    }

    #[test]
    fn a_value_in_the_way_is_an_error() {
        let mut f = edit("[daifugo]\nsequence = 3\n");
        assert!(matches!(
            f.set("daifugo.sequence.min_len", &4.into()),
            Err(EditError::Shape { .. })
        ));
    }

    #[test]
    fn a_list_value_is_written_as_toml() {
        let mut f = edit("");
        let levels = toml::Value::Array(vec!["easy".into(), "hard".into()]);
        f.set("daifugo.cpu_level", &levels).unwrap();
        assert_eq!(f.text(), "\n[daifugo]\ncpu_level = [\"easy\", \"hard\"]\n");
        assert_eq!(f.get("daifugo.cpu_level"), Some(levels));
    }

    #[test]
    fn save_is_refused_for_a_read_only_file_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        fs::write(&path, "[general]\ntheme = \"dark\"\n").unwrap();
        let mut perms = fs::metadata(&path).unwrap().permissions();
        perms.set_readonly(true);
        fs::set_permissions(&path, perms).unwrap();
        let mut f = ConfigFile::open(&path).unwrap();
        f.set("general.theme", &"mono".into()).unwrap();
        let e = f.save().unwrap_err();
        assert!(e.to_string().contains("read-only"), "{e}");
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "[general]\ntheme = \"dark\"\n"
        );
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no stray file"
        );
    }

    #[test]
    fn save_creates_the_folder_and_follows_a_symlink() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/config.toml");
        let mut f = ConfigFile::open(&path).unwrap();
        assert!(!f.exists());
        f.set("general.suits", &"letters".into()).unwrap();
        f.save().unwrap();
        assert!(
            fs::read_to_string(&path)
                .unwrap()
                .contains("suits = \"letters\"")
        );
        #[cfg(unix)]
        {
            let link = dir.path().join("link.toml");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            let mut f = ConfigFile::open(&link).unwrap();
            f.set("general.suits", &"symbols".into()).unwrap();
            f.save().unwrap();
            assert!(
                fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            assert!(fs::read_to_string(&path).unwrap().contains("\"symbols\""));
        }
    }
}
