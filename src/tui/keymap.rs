//! Key bindings: the one table that both handles keys and writes the help overlay.
//!
//! A [`Binding`] ties one or more [`Key`]s to an [`Action`] and to the i18n key of the label the
//! help overlay shows for it. Each screen returns its bindings from
//! [`Screen::keymap`](super::screen::Screen::keymap); the app adds [`GLOBAL`]. Because the help
//! overlay is generated from the very slices that [`lookup`] searches, a key can never work
//! without being listed, or be listed without working.
//!
//! Keys are matched on `(KeyCode, KeyModifiers)`, never on a whole `KeyEvent` (whose equality
//! includes the press/release kind). Only presses count; auto-repeat counts only for bindings
//! marked [`Binding::repeating`] (movement), because Windows reports releases and repeats too.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::i18n::{self, Lang};

/// What a key asks for. The app handles [`Action::Help`], [`Action::Quit`],
/// [`Action::ForceQuit`] and [`Action::Redraw`] itself; every other action goes to the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move the cursor or scroll up one step.
    Up,
    /// Move the cursor or scroll down one step.
    Down,
    /// Move the cursor left one step.
    Left,
    /// Move the cursor right one step.
    Right,
    /// Scroll up one page.
    PageUp,
    /// Scroll down one page.
    PageDown,
    /// Go to the first item or the top.
    Home,
    /// Go to the last item or the bottom.
    End,
    /// Choose the highlighted item (Enter, Space).
    Confirm,
    /// Go back one screen or close a popup (Esc).
    Back,
    /// Answer "yes" in a dialog.
    Yes,
    /// Answer "no" in a dialog.
    No,
    /// Open the help overlay for the current screen (handled by the app).
    Help,
    /// Quit, asking first when a game is in progress (handled by the app).
    Quit,
    /// Quit at once with status 130 (Ctrl-C; handled by the app).
    ForceQuit,
    /// Leave at once as SIGQUIT would, with the terminal restored (Ctrl-\\, status 131; handled
    /// by the app).
    QuitSignal,
    /// Clear and redraw the whole terminal (Ctrl-L; handled by the app).
    Redraw,
    /// A screen's own action, named by a constant of that screen (e.g. `Custom("hit")`). Game
    /// screens define theirs as `const HIT: Action = Action::Custom("hit");` and match on it.
    Custom(&'static str),
}

/// One key: a code and its modifiers, as a binding table writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The key code.
    pub code: KeyCode,
    /// The modifiers that must be held (exactly).
    pub mods: KeyModifiers,
}

impl Key {
    /// A key with modifiers.
    pub const fn new(code: KeyCode, mods: KeyModifiers) -> Key {
        Key { code, mods }
    }

    /// A key without modifiers (arrows, Enter, F1…).
    pub const fn plain(code: KeyCode) -> Key {
        Key::new(code, KeyModifiers::NONE)
    }

    /// A printable character as typed (`'q'`, `'?'`, `'Q'`); Shift is implied by the character.
    pub const fn char(c: char) -> Key {
        Key::plain(KeyCode::Char(c))
    }

    /// Ctrl plus a lower-case letter (`Key::ctrl('c')` is Ctrl-C).
    pub const fn ctrl(c: char) -> Key {
        Key::new(KeyCode::Char(c), KeyModifiers::CONTROL)
    }

    /// The key a terminal event stands for, normalised so that tables match what terminals send:
    /// Shift is dropped from characters (terminals disagree on reporting it for `?` or `Q`; the
    /// character already says it), a Ctrl letter is lower-cased, and Ctrl-4 is Ctrl-\\ (a
    /// legacy terminal sends the same byte, 0x1C, for both, and crossterm names it Ctrl-4).
    pub fn from_event(ev: &KeyEvent) -> Key {
        match ev.code {
            KeyCode::Char(c) => {
                let mods = ev.modifiers - KeyModifiers::SHIFT;
                let c = if mods.contains(KeyModifiers::CONTROL) {
                    match c {
                        '4' => '\\',
                        c => c.to_ascii_lowercase(),
                    }
                } else {
                    c
                };
                Key::new(KeyCode::Char(c), mods)
            }
            code => Key::new(code, ev.modifiers),
        }
    }

    /// The key as the help overlay writes it (`↑`, `Enter`, `Ctrl-C`, `F1`, `q`), in `lang`.
    pub fn label(&self, lang: Lang) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => i18n::t(lang, "common.keys.space").to_string(),
            KeyCode::Char(c) if self.mods.contains(KeyModifiers::CONTROL) => {
                c.to_ascii_uppercase().to_string()
            }
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => i18n::t(lang, "common.keys.up").to_string(),
            KeyCode::Down => i18n::t(lang, "common.keys.down").to_string(),
            KeyCode::Left => i18n::t(lang, "common.keys.left").to_string(),
            KeyCode::Right => i18n::t(lang, "common.keys.right").to_string(),
            KeyCode::Enter => i18n::t(lang, "common.keys.enter").to_string(),
            KeyCode::Esc => i18n::t(lang, "common.keys.esc").to_string(),
            KeyCode::Tab => i18n::t(lang, "common.keys.tab").to_string(),
            KeyCode::BackTab => i18n::t(lang, "common.keys.backtab").to_string(),
            KeyCode::Backspace => i18n::t(lang, "common.keys.backspace").to_string(),
            KeyCode::Delete => i18n::t(lang, "common.keys.delete").to_string(),
            KeyCode::PageUp => i18n::t(lang, "common.keys.page_up").to_string(),
            KeyCode::PageDown => i18n::t(lang, "common.keys.page_down").to_string(),
            KeyCode::Home => i18n::t(lang, "common.keys.home").to_string(),
            KeyCode::End => i18n::t(lang, "common.keys.end").to_string(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        let mut out = base;
        if self.mods.contains(KeyModifiers::ALT) {
            out = i18n::tf(lang, "common.keys.alt", &[("key", &out)]);
        }
        if self.mods.contains(KeyModifiers::CONTROL) {
            out = i18n::tf(lang, "common.keys.ctrl", &[("key", &out)]);
        }
        out
    }
}

/// One line of a keymap: keys, the action they trigger and the help label (an i18n key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys, first one shown first in the help.
    pub keys: &'static [Key],
    /// What the keys do.
    pub action: Action,
    /// i18n key of the help text (e.g. `common.action.help`).
    pub label: &'static str,
    /// Whether auto-repeat (a held key) triggers it too; for movement only.
    pub repeat: bool,
    /// Whether the footer hint line shows it.
    pub footer: bool,
}

impl Binding {
    /// A binding that acts on key presses only and stays out of the footer.
    pub const fn new(keys: &'static [Key], action: Action, label: &'static str) -> Binding {
        Binding {
            keys,
            action,
            label,
            repeat: false,
            footer: false,
        }
    }

    /// The same binding, also triggered by auto-repeat (use for movement and scrolling).
    pub const fn repeating(self) -> Binding {
        Binding {
            repeat: true,
            ..self
        }
    }

    /// The same binding, also listed in the footer hint line.
    pub const fn in_footer(self) -> Binding {
        Binding {
            footer: true,
            ..self
        }
    }

    /// Whether `key` is one of this binding's keys.
    pub fn matches(&self, key: Key) -> bool {
        self.keys.contains(&key)
    }

    /// The keys as the help writes them, separated by a space (`↑ k`).
    pub fn keys_label(&self, lang: Lang) -> String {
        self.keys
            .iter()
            .map(|k| k.label(lang))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The first action bound to `ev` in `table`, honouring the press/repeat rule; `None` when the
/// key is not in the table or the event is a release (or an unwanted repeat).
pub fn lookup(table: &[Binding], ev: &KeyEvent) -> Option<Action> {
    let key = Key::from_event(ev);
    table
        .iter()
        .find(|b| b.matches(key))
        .filter(|b| match ev.kind {
            KeyEventKind::Press => true,
            KeyEventKind::Repeat => b.repeat,
            KeyEventKind::Release => false,
        })
        .map(|b| b.action)
}

/// Up arrow and `k` (vi).
pub const UP_KEYS: &[Key] = &[Key::plain(KeyCode::Up), Key::char('k')];
/// Down arrow and `j` (vi).
pub const DOWN_KEYS: &[Key] = &[Key::plain(KeyCode::Down), Key::char('j')];
/// Left arrow and `h` (vi).
pub const LEFT_KEYS: &[Key] = &[Key::plain(KeyCode::Left), Key::char('h')];
/// Right arrow and `l` (vi).
pub const RIGHT_KEYS: &[Key] = &[Key::plain(KeyCode::Right), Key::char('l')];
/// Enter and Space.
pub const CONFIRM_KEYS: &[Key] = &[Key::plain(KeyCode::Enter), Key::char(' ')];
/// Esc.
pub const BACK_KEYS: &[Key] = &[Key::plain(KeyCode::Esc)];
/// Page Up.
pub const PAGE_UP_KEYS: &[Key] = &[Key::plain(KeyCode::PageUp)];
/// Page Down.
pub const PAGE_DOWN_KEYS: &[Key] = &[Key::plain(KeyCode::PageDown)];
/// Home and `g` (vi).
pub const HOME_KEYS: &[Key] = &[Key::plain(KeyCode::Home), Key::char('g')];
/// End and `G` (vi).
pub const END_KEYS: &[Key] = &[Key::plain(KeyCode::End), Key::char('G')];

/// Ready-made bindings with the common labels; a screen may copy one with its own label.
pub mod common {
    use super::*;

    /// Up: previous item.
    pub const UP: Binding = Binding::new(UP_KEYS, Action::Up, "common.action.up").repeating();
    /// Down: next item.
    pub const DOWN: Binding =
        Binding::new(DOWN_KEYS, Action::Down, "common.action.down").repeating();
    /// Left.
    pub const LEFT: Binding =
        Binding::new(LEFT_KEYS, Action::Left, "common.action.left").repeating();
    /// Right.
    pub const RIGHT: Binding =
        Binding::new(RIGHT_KEYS, Action::Right, "common.action.right").repeating();
    /// Enter / Space: choose.
    pub const CONFIRM: Binding =
        Binding::new(CONFIRM_KEYS, Action::Confirm, "common.action.confirm").in_footer();
    /// Esc: back.
    pub const BACK: Binding =
        Binding::new(BACK_KEYS, Action::Back, "common.action.back").in_footer();
    /// Up: scroll up.
    pub const SCROLL_UP: Binding =
        Binding::new(UP_KEYS, Action::Up, "common.action.scroll_up").repeating();
    /// Down: scroll down.
    pub const SCROLL_DOWN: Binding =
        Binding::new(DOWN_KEYS, Action::Down, "common.action.scroll_down").repeating();
    /// Page Up.
    pub const PAGE_UP: Binding =
        Binding::new(PAGE_UP_KEYS, Action::PageUp, "common.action.page_up").repeating();
    /// Page Down.
    pub const PAGE_DOWN: Binding =
        Binding::new(PAGE_DOWN_KEYS, Action::PageDown, "common.action.page_down").repeating();
    /// Home: top.
    pub const HOME: Binding = Binding::new(HOME_KEYS, Action::Home, "common.action.home");
    /// End: bottom.
    pub const END: Binding = Binding::new(END_KEYS, Action::End, "common.action.end");
}

/// Ctrl-C: quit at once. Checked before any screen's table, so no screen can shadow it.
pub const FORCE_QUIT: Binding = Binding::new(
    &[Key::ctrl('c')],
    Action::ForceQuit,
    "common.action.force_quit",
);

/// Ctrl-\\: quit at once with status 131, as SIGQUIT. In raw mode the terminal sends the key
/// instead of the signal (crossterm reports a legacy terminal's 0x1C as Ctrl-4, which
/// [`Key::from_event`] turns into Ctrl-\\). Checked before any screen's table, like
/// [`FORCE_QUIT`].
pub const QUIT_SIGNAL: Binding = Binding::new(
    &[Key::ctrl('\\')],
    Action::QuitSignal,
    "common.action.quit_signal",
);

/// The bindings every screen has, after its own (a screen's table may shadow all but
/// [`FORCE_QUIT`] and [`QUIT_SIGNAL`]).
pub static GLOBAL: &[Binding] = &[
    Binding::new(
        &[Key::char('?'), Key::plain(KeyCode::F(1))],
        Action::Help,
        "common.action.help",
    )
    .in_footer(),
    Binding::new(&[Key::char('q')], Action::Quit, "common.action.quit").in_footer(),
    FORCE_QUIT,
    QUIT_SIGNAL,
    Binding::new(&[Key::ctrl('l')], Action::Redraw, "common.action.redraw"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyEventState;

    fn ev(code: KeyCode, mods: KeyModifiers, kind: KeyEventKind) -> KeyEvent {
        KeyEvent {
            code,
            modifiers: mods,
            kind,
            state: KeyEventState::NONE,
        }
    }

    fn press(code: KeyCode) -> KeyEvent {
        ev(code, KeyModifiers::NONE, KeyEventKind::Press)
    }

    #[test]
    fn arrows_and_vi_keys_move() {
        let t = [common::UP, common::DOWN, common::LEFT, common::RIGHT];
        assert_eq!(lookup(&t, &press(KeyCode::Up)), Some(Action::Up));
        assert_eq!(lookup(&t, &press(KeyCode::Char('k'))), Some(Action::Up));
        assert_eq!(lookup(&t, &press(KeyCode::Down)), Some(Action::Down));
        assert_eq!(lookup(&t, &press(KeyCode::Char('j'))), Some(Action::Down));
        assert_eq!(lookup(&t, &press(KeyCode::Char('h'))), Some(Action::Left));
        assert_eq!(lookup(&t, &press(KeyCode::Char('l'))), Some(Action::Right));
        assert_eq!(lookup(&t, &press(KeyCode::Char('x'))), None);
    }

    #[test]
    fn releases_never_act_and_repeats_only_move() {
        let t = [common::DOWN, common::CONFIRM];
        let rel = ev(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Release);
        assert_eq!(lookup(&t, &rel), None);
        let rep = ev(KeyCode::Down, KeyModifiers::NONE, KeyEventKind::Repeat);
        assert_eq!(lookup(&t, &rep), Some(Action::Down));
        let rep = ev(KeyCode::Enter, KeyModifiers::NONE, KeyEventKind::Repeat);
        assert_eq!(lookup(&t, &rep), None, "a held Enter must not choose twice");
    }

    #[test]
    fn shifted_characters_and_ctrl_letters_normalise() {
        // Some terminals report '?' with Shift held; the table says just '?'.
        let q = ev(KeyCode::Char('?'), KeyModifiers::SHIFT, KeyEventKind::Press);
        assert_eq!(lookup(GLOBAL, &q), Some(Action::Help));
        let c = ev(
            KeyCode::Char('C'),
            KeyModifiers::CONTROL | KeyModifiers::SHIFT,
            KeyEventKind::Press,
        );
        assert_eq!(lookup(GLOBAL, &c), Some(Action::ForceQuit));
        // A plain 'c' is not Ctrl-C, and Ctrl-Q is not q.
        assert_eq!(lookup(GLOBAL, &press(KeyCode::Char('c'))), None);
        let cq = ev(
            KeyCode::Char('q'),
            KeyModifiers::CONTROL,
            KeyEventKind::Press,
        );
        assert_eq!(lookup(GLOBAL, &cq), None);
    }

    #[test]
    fn global_table_has_help_quit_redraw() {
        assert_eq!(lookup(GLOBAL, &press(KeyCode::F(1))), Some(Action::Help));
        assert_eq!(
            lookup(GLOBAL, &press(KeyCode::Char('q'))),
            Some(Action::Quit)
        );
        let l = ev(
            KeyCode::Char('l'),
            KeyModifiers::CONTROL,
            KeyEventKind::Press,
        );
        assert_eq!(lookup(GLOBAL, &l), Some(Action::Redraw));
    }

    #[test]
    fn labels_name_keys_in_both_languages() {
        assert_eq!(Key::ctrl('c').label(Lang::En), "Ctrl-C");
        assert_eq!(Key::plain(KeyCode::F(1)).label(Lang::En), "F1");
        assert_eq!(Key::char(' ').label(Lang::En), "Space");
        assert_eq!(common::CONFIRM.keys_label(Lang::En), "Enter Space");
        assert_eq!(common::UP.keys_label(Lang::En), "↑ k");
        assert_eq!(Key::char(' ').label(Lang::Ja), "スペース");
    }

    #[test]
    fn every_label_key_exists_in_both_tables() {
        let all = [
            common::UP,
            common::DOWN,
            common::LEFT,
            common::RIGHT,
            common::CONFIRM,
            common::BACK,
            common::SCROLL_UP,
            common::SCROLL_DOWN,
            common::PAGE_UP,
            common::PAGE_DOWN,
            common::HOME,
            common::END,
        ];
        for b in all.iter().chain(GLOBAL) {
            for lang in [Lang::En, Lang::Ja] {
                assert!(
                    i18n::has_key(lang, b.label),
                    "{} missing in {lang:?}",
                    b.label
                );
            }
        }
    }
}
