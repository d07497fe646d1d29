//! The settings screen (issue 14 item 1): every configuration key, built from the key table
//! [`crate::config::keys::KEYS`] — nothing here lists keys or rules. Each row shows a key's name,
//! its value and (for the highlighted row) a one-line explanation, all in the player's language.
//!
//! Editing works on the player's config file as `toml_edit` reads it
//! ([`crate::config::edit::ConfigFile`]): a change sets or removes one key, so saving keeps the
//! file's comments, order and formatting and touches only the keys the player changed. A key
//! changed back to what the file had, or to the value the file would get without it, is left
//! out. After every change the file is read again by the configuration loader; keys that are
//! valid alone but not together are explained and the file cannot be saved until they agree.
//! Saving is atomic and refuses a read-only file; the new configuration is then put in force:
//! language, theme and suits at once, the rules when a game next deals.

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::config::edit::ConfigFile;
use crate::config::keys::{self, Group, KEYS, KeyDesc, Kind};
use crate::config::{self, Config, Conflict, CpuLevels};
use crate::daifugo::rules::Preset;
use crate::tui::ctx::Ctx;
use crate::tui::keymap::{Action, BACK_KEYS, Binding, CONFIRM_KEYS, Key, common};
use crate::tui::screen::{Screen, Transition};
use crate::tui::widgets::confirm::{self, Confirm};
use crate::tui::widgets::layout::{fit, row};
use crate::tui::widgets::list::window_start;
use crate::tui::widgets::text::{truncate, width, wrap};

/// The CPU levels a seat cycles through, weakest first (the spellings `cpu_level` accepts).
pub const CPU_LEVELS: &[&str] = &["easy", "normal", "hard"];

const PREV: Action = Action::Left;
const NEXT: Action = Action::Right;
const RESET: Action = Action::Custom("settings_reset");
const SAVE: Action = Action::Custom("settings_save");
const BACKSPACE: Action = Action::Custom("settings_backspace");

macro_rules! digit {
    ($c:literal) => {
        Binding::new(
            &[Key::char($c)],
            Action::Custom(concat!("digit_", $c)),
            "settings.keys.type",
        )
    };
}

/// Browsing the keys.
static KEYMAP: &[Binding] = &[
    common::UP,
    common::DOWN,
    common::PAGE_UP,
    common::PAGE_DOWN,
    common::HOME,
    common::END,
    Binding::new(crate::tui::keymap::LEFT_KEYS, PREV, "settings.keys.prev").repeating(),
    Binding::new(crate::tui::keymap::RIGHT_KEYS, NEXT, "settings.keys.next")
        .repeating()
        .in_footer(),
    Binding::new(CONFIRM_KEYS, Action::Confirm, "settings.keys.change"),
    digit!('0'),
    digit!('1'),
    digit!('2'),
    digit!('3'),
    digit!('4'),
    digit!('5'),
    digit!('6'),
    digit!('7'),
    digit!('8'),
    digit!('9'),
    Binding::new(
        &[Key::char('d'), Key::plain(KeyCode::Delete)],
        RESET,
        "settings.keys.reset",
    )
    .in_footer(),
    Binding::new(&[Key::char('s')], SAVE, "settings.keys.save").in_footer(),
    Binding::new(BACK_KEYS, Action::Back, "common.action.back").in_footer(),
];

/// Typing a number.
static TYPING_KEYS: &[Binding] = &[
    digit!('0'),
    digit!('1'),
    digit!('2'),
    digit!('3'),
    digit!('4'),
    digit!('5'),
    digit!('6'),
    digit!('7'),
    digit!('8'),
    digit!('9'),
    Binding::new(
        &[Key::plain(KeyCode::Backspace)],
        BACKSPACE,
        "settings.keys.backspace",
    ),
    Binding::new(CONFIRM_KEYS, Action::Confirm, "settings.keys.set").in_footer(),
    Binding::new(BACK_KEYS, Action::Back, "settings.keys.cancel").in_footer(),
];

/// "Leave without saving?"
static DISCARD_KEYS: &[Binding] = &[
    Binding::new(&[Key::char('y')], Action::Yes, "common.action.yes"),
    Binding::new(&[Key::char('n')], Action::No, "common.action.no"),
    Binding::new(BACK_KEYS, Action::No, "common.action.no"),
    Binding::new(
        &[
            Key::plain(KeyCode::Left),
            Key::char('h'),
            Key::plain(KeyCode::Right),
            Key::char('l'),
            Key::plain(KeyCode::Tab),
        ],
        Action::Right,
        "common.action.switch_button",
    ),
    common::CONFIRM,
];

/// One line of the list: a group heading or a key (for `cpu_level`, one line per CPU seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Heading(Group),
    Key { key: usize, seat: Option<usize> },
}

/// What stops the edited file from being saved.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    /// Keys that are valid alone but not together.
    Conflict(Conflict),
    /// Anything else the loader refuses (only when the file was broken before).
    Other(String),
}

/// A one-line message under the list.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Notice {
    text: String,
    warning: bool,
}

/// The settings screen. See the module docs.
pub struct SettingsScreen {
    /// The file being edited, or why it cannot be.
    file: Result<ConfigFile, String>,
    /// The file as last read or saved, to tell which keys changed.
    saved: Option<ConfigFile>,
    /// The configuration the edited file gives (conflicts allowed), for the values shown.
    shown: Config,
    /// Its keys and values in file form.
    table: toml::Table,
    /// Why the edited file cannot be saved, if it cannot.
    problem: Option<Problem>,
    rows: Vec<Row>,
    cursor: usize,
    typing: Option<String>,
    discard: Option<bool>,
    notice: Option<Notice>,
    from_game: bool,
}

impl SettingsScreen {
    /// The screen over `ctx.config_path` (read now; a missing file starts empty). `from_game`
    /// says it was opened with `o` in a game, so saving says when the rules apply.
    pub fn new(ctx: &Ctx, from_game: bool) -> SettingsScreen {
        let file = match &ctx.config_path {
            Some(p) => ConfigFile::open(p).map_err(|e| e.to_string()),
            None => Err(ctx.t("settings.no_home").to_string()),
        };
        let mut s = SettingsScreen {
            saved: file.as_ref().ok().cloned(),
            file,
            shown: Config::default(),
            table: toml::Table::new(),
            problem: None,
            rows: Vec::new(),
            cursor: 0,
            typing: None,
            discard: None,
            notice: None,
            from_game,
        };
        s.reread();
        s.cursor = s.first_key_row();
        s
    }

    /// The dotted keys whose value in the edited file differs from the saved file, in
    /// [`KEYS`] order.
    pub fn changed_keys(&self) -> Vec<&'static str> {
        let (Ok(f), Some(saved)) = (&self.file, &self.saved) else {
            return Vec::new();
        };
        KEYS.iter()
            .map(|k| k.path)
            .filter(|p| f.get(p) != saved.get(p))
            .collect()
    }

    /// The text the file would be saved with.
    pub fn edited_text(&self) -> Option<String> {
        self.file.as_ref().ok().map(ConfigFile::text)
    }

    /// The dotted key of the highlighted row.
    pub fn current_key(&self) -> Option<&'static str> {
        match self.rows.get(self.cursor) {
            Some(Row::Key { key, .. }) => Some(KEYS[*key].path),
            _ => None,
        }
    }

    /// Moves the highlight to `path` (the first seat for `cpu_level`); false if not listed.
    pub fn focus(&mut self, path: &str) -> bool {
        match self
            .rows
            .iter()
            .position(|r| matches!(r, Row::Key { key, .. } if KEYS[*key].path == path))
        {
            Some(i) => {
                self.cursor = i;
                true
            }
            None => false,
        }
    }

    fn first_key_row(&self) -> usize {
        self.rows
            .iter()
            .position(|r| matches!(r, Row::Key { .. }))
            .unwrap_or(0)
    }

    /// Reads the edited text through the loader: the values to show, and whether it can be
    /// saved. Rebuilds the rows (the CPU count decides the level rows).
    fn reread(&mut self) {
        let Ok(f) = &self.file else {
            self.rows = build_rows(usize::from(self.shown.daifugo_table.cpus));
            self.table = config::effective_table(&self.shown);
            return;
        };
        let text = f.text();
        let path = f.path().display().to_string();
        match Config::from_toml_lenient(&path, &text) {
            Ok(c) => {
                self.shown = c;
                self.problem = match Config::from_toml(&path, &text) {
                    Ok(_) => None,
                    Err(e) => Some(match config::conflict_in(&text) {
                        Some(c) => Problem::Conflict(c),
                        None => Problem::Other(e.to_string()),
                    }),
                };
            }
            Err(e) => self.problem = Some(Problem::Other(e.to_string())),
        }
        self.table = config::effective_table(&self.shown);
        let before = self.rows.get(self.cursor).copied();
        self.rows = build_rows(usize::from(self.shown.daifugo_table.cpus));
        self.cursor = before
            .and_then(|b| self.rows.iter().position(|r| *r == b))
            .unwrap_or_else(|| self.cursor.min(self.rows.len().saturating_sub(1)));
        if !matches!(self.rows.get(self.cursor), Some(Row::Key { .. })) {
            self.move_cursor(-1);
        }
    }

    fn preset(&self) -> Preset {
        self.shown.daifugo_table.preset
    }

    /// The value `k` takes when the file leaves it out, under the current preset.
    fn unset_value(&self, k: &KeyDesc) -> Option<toml::Value> {
        k.default_value(self.preset())
    }

    /// Sets `k` to `v` in the edited file, or removes it when the player came back to what the
    /// saved file says without the key (so only real changes are written).
    fn put(&mut self, k: &KeyDesc, v: toml::Value) {
        let unset = self.unset_value(k);
        let saved_sets = self.saved.as_ref().and_then(|s| s.get(k.path));
        let Ok(f) = &mut self.file else {
            return;
        };
        if saved_sets.is_none() && Some(&v) == unset.as_ref() {
            f.unset(k.path);
        } else if let Err(e) = f.set(k.path, &v) {
            self.notice = Some(Notice {
                text: e.to_string(),
                warning: true,
            });
            return;
        }
        self.notice = None;
        self.reread();
    }

    fn current(&self, k: &KeyDesc) -> Option<&toml::Value> {
        keys::lookup(&self.table, k.path)
    }

    /// The CPU levels in force, one per CPU.
    fn seat_levels(&self) -> Vec<String> {
        let t = &self.shown.daifugo_table;
        (0..usize::from(t.cpus))
            .map(|i| t.cpu_level.level(i).as_str().to_string())
            .collect()
    }

    /// `cpu_level` as the file should write it: one string when every seat agrees.
    fn levels_value(levels: &[String]) -> toml::Value {
        match levels.first() {
            Some(first) if levels.iter().all(|l| l == first) => first.clone().into(),
            _ => toml::Value::Array(levels.iter().map(|l| l.clone().into()).collect()),
        }
    }

    /// Steps the highlighted value: `dir` = +1 next, -1 previous.
    fn step(&mut self, dir: i64, ctx: &Ctx) {
        let Some(Row::Key { key, seat }) = self.rows.get(self.cursor).copied() else {
            return;
        };
        let k = &KEYS[key];
        let Some(cur) = self.current(k).cloned() else {
            return;
        };
        let new = match k.kind {
            Kind::Bool => Some((!cur.as_bool().unwrap_or(false)).into()),
            Kind::Choice(values) => {
                let i = values
                    .iter()
                    .position(|v| Some(*v) == cur.as_str())
                    .unwrap_or(0);
                Some(cycle(values, i, dir).into())
            }
            Kind::Int { min, max, step } => {
                let v = cur.as_integer().unwrap_or(min);
                Some((v + dir * step).clamp(min, max).into())
            }
            Kind::Float { min, max, step } => {
                let v = cur.as_float().unwrap_or(min);
                let n = ((v + dir as f64 * step) * 100.0).round() / 100.0;
                Some(n.clamp(min, max).into())
            }
            Kind::Levels => {
                let mut levels = self.seat_levels();
                let seat = seat.unwrap_or(0);
                if let Some(l) = levels.get_mut(seat) {
                    let i = CPU_LEVELS.iter().position(|c| c == l).unwrap_or(0);
                    *l = cycle(CPU_LEVELS, i, dir).to_string();
                }
                Some(Self::levels_value(&levels))
            }
            Kind::Text => {
                self.notice = Some(Notice {
                    text: ctx.t("settings.read_only").into(),
                    warning: false,
                });
                None
            }
        };
        if let Some(v) = new {
            self.change(k, v);
        }
    }

    /// Puts `v` for `k`, keeping a per-seat level list as long as the CPU count.
    fn change(&mut self, k: &KeyDesc, v: toml::Value) {
        let per_seat = matches!(self.shown.daifugo_table.cpu_level, CpuLevels::PerSeat(_));
        let old_levels = self.shown.daifugo_table.cpu_level.clone();
        self.put(k, v);
        if k.path == keys::CPUS && per_seat {
            let n = usize::from(self.shown.daifugo_table.cpus);
            let levels: Vec<String> = (0..n)
                .map(|i| old_levels.level(i).as_str().to_string())
                .collect();
            if let Some(levels_key) = keys::find(keys::CPU_LEVEL) {
                self.put(levels_key, Self::levels_value(&levels));
            }
        }
    }

    /// Puts the highlighted key back to its built-in value (for a rule key, the preset's). A
    /// key the saved file sets keeps its line, with the default written in; a key added in
    /// this session goes again.
    fn reset(&mut self) {
        let Some(Row::Key { key, .. }) = self.rows.get(self.cursor).copied() else {
            return;
        };
        let k = &KEYS[key];
        if k.kind == Kind::Text {
            return;
        }
        if let Some(v) = self.unset_value(k) {
            self.change(k, v);
        }
    }

    fn move_cursor(&mut self, delta: isize) {
        let n = self.rows.len();
        if n == 0 {
            return;
        }
        let mut i = self.cursor.min(n - 1) as isize;
        loop {
            let next = i + delta.signum();
            if next < 0 || next >= n as isize {
                break;
            }
            i = next;
            if matches!(self.rows[i as usize], Row::Key { .. }) {
                self.cursor = i as usize;
                return;
            }
        }
        // Nothing further that way: stay on the nearest key row.
        if !matches!(self.rows.get(self.cursor), Some(Row::Key { .. })) {
            self.cursor = self.first_key_row();
        }
    }

    fn page(&mut self, ctx: &Ctx, dir: isize) {
        let h = list_height(body_area(ctx)).max(1);
        for _ in 0..h.saturating_sub(1).max(1) {
            self.move_cursor(dir);
        }
    }

    fn start_typing(&mut self, first: Option<char>) {
        let Some(Row::Key { key, .. }) = self.rows.get(self.cursor).copied() else {
            return;
        };
        if matches!(KEYS[key].kind, Kind::Int { .. }) {
            self.typing = Some(first.map(String::from).unwrap_or_default());
            self.notice = None;
        }
    }

    fn finish_typing(&mut self, ctx: &Ctx) {
        let Some(text) = self.typing.take() else {
            return;
        };
        let Some(Row::Key { key, .. }) = self.rows.get(self.cursor).copied() else {
            return;
        };
        let k = &KEYS[key];
        let Kind::Int { min, max, .. } = k.kind else {
            return;
        };
        if text.is_empty() {
            return;
        }
        match text.parse::<i64>() {
            Ok(v) if (min..=max).contains(&v) => self.change(k, v.into()),
            _ => {
                self.notice = Some(Notice {
                    text: ctx.tf(
                        "settings.out_of_range",
                        &[
                            ("value", &text),
                            ("min", &min.to_string()),
                            ("max", &max.to_string()),
                        ],
                    ),
                    warning: true,
                })
            }
        }
    }

    fn save(&mut self, ctx: &mut Ctx) {
        let Ok(f) = &self.file else {
            return;
        };
        if let Some(p) = &self.problem {
            let why = problem_text(p, ctx);
            self.notice = Some(Notice {
                text: ctx.tf("settings.fix_first", &[("why", &why)]),
                warning: true,
            });
            return;
        }
        if self.changed_keys().is_empty() && f.exists() {
            self.notice = Some(Notice {
                text: ctx.t("settings.nothing_to_save").into(),
                warning: false,
            });
            return;
        }
        let path = f.path().display().to_string();
        if let Err(e) = f.save() {
            let error = match &e {
                config::edit::EditError::Io { error, .. } => error.to_string(),
                other => other.to_string(),
            };
            self.notice = Some(Notice {
                text: ctx.tf(
                    "settings.save_failed",
                    &[("path", &path), ("error", &error)],
                ),
                warning: true,
            });
            return;
        }
        match Config::load(Some(f.path()), &ctx.overrides) {
            Ok(c) => {
                ctx.set_config(c, |k| std::env::var(k).ok());
                // Later changes compare against what is now on disk.
                let (p, text) = (f.path().to_path_buf(), f.text());
                self.file = ConfigFile::from_text(&p, &text, true).map_err(|e| e.to_string());
                self.saved = self.file.as_ref().ok().cloned();
                let key = if self.from_game {
                    "settings.saved_next"
                } else {
                    "settings.saved"
                };
                self.notice = Some(Notice {
                    text: ctx.tf(key, &[("path", &path)]),
                    warning: false,
                });
            }
            Err(e) => {
                self.notice = Some(Notice {
                    text: e.to_string(),
                    warning: true,
                })
            }
        }
        self.reread();
    }

    /// The value of a row as the player reads it.
    fn value_text(&self, k: &KeyDesc, seat: Option<usize>, ctx: &Ctx) -> String {
        let Some(v) = self.current(k) else {
            return String::new();
        };
        match k.kind {
            Kind::Bool => ctx
                .t(if v.as_bool() == Some(true) {
                    "settings.value.on"
                } else {
                    "settings.value.off"
                })
                .into(),
            Kind::Choice(_) => choice_label(k.path, v.as_str().unwrap_or(""), ctx),
            Kind::Levels => {
                let levels = self.seat_levels();
                let l = levels.get(seat.unwrap_or(0)).cloned().unwrap_or_default();
                choice_label(k.path, &l, ctx)
            }
            Kind::Int { .. } if k.path.ends_with("_ms") => {
                ctx.tf("settings.value.ms", &[("n", &v.to_string())])
            }
            Kind::Int { .. } => v.to_string(),
            Kind::Float { .. } => format!("{:.2}", v.as_float().unwrap_or(0.0)),
            Kind::Text => {
                let s = v.as_str().unwrap_or("");
                if s.is_empty() {
                    ctx.t("settings.value.default_place").into()
                } else {
                    s.into()
                }
            }
        }
    }

    fn row_name(&self, r: Row, ctx: &Ctx) -> String {
        match r {
            Row::Heading(g) => ctx.t(g.label_key()).into(),
            Row::Key {
                key,
                seat: Some(seat),
            } if KEYS[key].kind == Kind::Levels => {
                ctx.tf("settings.seat_level", &[("n", &(seat + 1).to_string())])
            }
            Row::Key { key, .. } => ctx.t(&KEYS[key].name_key()).into(),
        }
    }

    fn render_list(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let h = usize::from(area.height);
        let first = window_start(self.cursor, self.rows.len(), h);
        let changed = self.changed_keys();
        let conflict_keys: &[&str] = match &self.problem {
            Some(Problem::Conflict(c)) => c.keys(),
            _ => &[],
        };
        let name_w = self
            .rows
            .iter()
            .filter(|r| matches!(r, Row::Key { .. }))
            .map(|r| width(&self.row_name(*r, ctx)))
            .max()
            .unwrap_or(10)
            .min(usize::from(area.width) * 2 / 5);
        let w = usize::from(area.width);
        for (i, r) in self.rows.iter().enumerate().skip(first).take(h) {
            let line_area = row(area, (i - first) as u16);
            let line = match *r {
                Row::Heading(_) => Line::styled(truncate(&self.row_name(*r, ctx), w), theme.title),
                Row::Key { key, seat } => {
                    let k = &KEYS[key];
                    let focused = i == self.cursor;
                    let marker = if focused {
                        theme.marker
                    } else {
                        theme.no_marker
                    };
                    let name = truncate(&self.row_name(*r, ctx), name_w);
                    let pad = " ".repeat(name_w.saturating_sub(width(&name)) + 2);
                    let is_changed = changed.contains(&k.path);
                    let star = if is_changed { "*" } else { " " };
                    let mut value = self.value_text(k, seat, ctx);
                    if focused && let Some(t) = &self.typing {
                        value = format!("{t}_");
                    } else if focused && k.kind != Kind::Text {
                        value = format!("< {value} >");
                    }
                    let tag = if k.preset_dependent()
                        && self
                            .file
                            .as_ref()
                            .ok()
                            .is_some_and(|f| f.get(k.path).is_none())
                    {
                        format!("  {}", ctx.t("settings.tag.preset"))
                    } else if let Some(flag) = ctx.overrides.flag_for(k.path) {
                        // The file's value is shown; this run uses the command line's.
                        format!("  {}", ctx.tf("settings.tag.override", &[("flag", flag)]))
                    } else {
                        String::new()
                    };
                    let style = if conflict_keys.contains(&k.path) {
                        theme.warning
                    } else if focused {
                        theme.selected
                    } else {
                        theme.text
                    };
                    let head = format!("{marker}{name}{pad}{star}");
                    let room = w.saturating_sub(width(&head));
                    let value = truncate(&value, room);
                    let room = room.saturating_sub(width(&value));
                    let tag = truncate(&tag, room);
                    let fill = if focused {
                        " ".repeat(room.saturating_sub(width(&tag)))
                    } else {
                        String::new()
                    };
                    Line::from(vec![
                        Span::styled(head, style),
                        Span::styled(value, if is_changed { theme.accent } else { style }),
                        Span::styled(tag, theme.dim),
                        Span::styled(fill, style),
                    ])
                }
            };
            frame.render_widget(Paragraph::new(line), line_area);
        }
    }
}

/// The label of a choice value: `settings.choice.<key>.<value>` if the key has its own words,
/// else `settings.choice.<value>`; figures (`3:2`, `9-11`) as written.
pub fn choice_label(path: &str, value: &str, ctx: &Ctx) -> String {
    if !keys::is_word(value) {
        return value.to_string();
    }
    let own = format!("settings.choice.{path}.{value}");
    if crate::i18n::has_key(ctx.lang, &own) {
        return ctx.t(&own).into();
    }
    ctx.t(&format!("settings.choice.{value}")).into()
}

fn cycle<'a>(values: &[&'a str], i: usize, dir: i64) -> &'a str {
    let n = values.len() as i64;
    if n == 0 {
        return "";
    }
    values[((i as i64 + dir).rem_euclid(n)) as usize]
}

fn build_rows(cpus: usize) -> Vec<Row> {
    let mut rows = Vec::new();
    for g in Group::ALL {
        rows.push(Row::Heading(g));
        for (i, k) in KEYS.iter().enumerate().filter(|(_, k)| k.group() == g) {
            if k.kind == Kind::Levels {
                rows.extend((0..cpus).map(|s| Row::Key {
                    key: i,
                    seat: Some(s),
                }));
            } else {
                rows.push(Row::Key { key: i, seat: None });
            }
        }
    }
    rows
}

/// The explanation of why the file cannot be saved, in the player's language.
fn problem_text(p: &Problem, ctx: &Ctx) -> String {
    match p {
        Problem::Other(s) => s.clone(),
        Problem::Conflict(c) => match *c {
            Conflict::MaxBetBelowMinBet { min_bet, max_bet } => ctx.tf(
                "settings.conflict.max_bet",
                &[
                    ("min_bet", &min_bet.to_string()),
                    ("max_bet", &max_bet.to_string()),
                ],
            ),
            Conflict::MinBetAboveBankroll { min_bet, bankroll } => ctx.tf(
                "settings.conflict.bankroll",
                &[
                    ("min_bet", &min_bet.to_string()),
                    ("bankroll", &bankroll.to_string()),
                ],
            ),
            Conflict::LevelsPerSeat { levels, cpus } => ctx.tf(
                "settings.conflict.levels",
                &[("levels", &levels.to_string()), ("cpus", &cpus.to_string())],
            ),
            Conflict::RevolutionSequenceShort {
                sequence_min,
                min_len,
            } => ctx.tf(
                "settings.conflict.revolution_sequence",
                &[
                    ("sequence_min", &sequence_min.to_string()),
                    ("min_len", &min_len.to_string()),
                ],
            ),
        },
    }
}

/// The body area as the app gives it (the frame less the top bar and footer).
fn body_area(ctx: &Ctx) -> Rect {
    crate::tui::widgets::frame::areas(Rect::new(0, 0, ctx.size.width, ctx.size.height)).body
}

/// Rows of the list in a body of this size: the body less the file line and the four lines of
/// explanation and notice below.
fn list_height(body: Rect) -> usize {
    usize::from(body.height.saturating_sub(6))
}

impl Screen for SettingsScreen {
    fn title(&self, ctx: &Ctx) -> String {
        ctx.t("settings.title").into()
    }

    fn status(&self, ctx: &Ctx) -> String {
        let n = self.changed_keys().len();
        if n == 0 {
            String::new()
        } else {
            ctx.tf("settings.changes", &[("n", &n.to_string())])
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let w = usize::from(area.width);
        // The file line.
        let file_line = match &self.file {
            Ok(f) => {
                let key = if f.exists() {
                    "settings.file"
                } else {
                    "settings.file_new"
                };
                Line::styled(
                    truncate(
                        &ctx.tf(key, &[("path", &f.path().display().to_string())]),
                        w,
                    ),
                    theme.dim,
                )
            }
            Err(e) => Line::styled(
                truncate(&ctx.tf("settings.load_error", &[("error", e)]), w),
                theme.warning,
            ),
        };
        frame.render_widget(Paragraph::new(file_line), row(area, 0));

        let list_h = list_height(area) as u16;
        let list = fit(
            Rect::new(area.x, area.y.saturating_add(2), area.width, list_h),
            area,
        );
        self.render_list(frame, list, ctx);

        // The explanation of the highlighted key (two lines), then the problem or notice.
        let below = area.y.saturating_add(2).saturating_add(list_h);
        let mut lines: Vec<Line> = Vec::new();
        if let Some(Row::Key { key, seat }) = self.rows.get(self.cursor) {
            let k = &KEYS[*key];
            let mut help = ctx.t(&k.help_key()).to_string();
            if let Some(i) = seat {
                // A CPU seat's level: what that level is like to play against.
                let level = self.shown.daifugo_table.cpu_level.level(*i);
                help = ctx.t(super::rules::level_about(level)).to_string();
            }
            if k.kind == Kind::Text {
                help = format!("{help} {}", ctx.t("settings.read_only"));
            }
            if self.typing.is_some() {
                help = ctx.t("settings.typing").into();
            }
            for l in wrap(&help, w).into_iter().take(2) {
                lines.push(Line::styled(l, theme.text));
            }
        }
        while lines.len() < 2 {
            lines.push(Line::raw(""));
        }
        let (msg, warn) = match (&self.notice, &self.problem) {
            (Some(n), _) => (n.text.clone(), n.warning),
            (None, Some(p)) => (problem_text(p, ctx), true),
            (None, None) => (String::new(), false),
        };
        for l in wrap(&msg, w).into_iter().take(2) {
            lines.push(Line::styled(
                l,
                if warn { theme.warning } else { theme.accent },
            ));
        }
        let text_area = fit(
            Rect::new(area.x, below.saturating_add(0), area.width, 4),
            area,
        );
        frame.render_widget(Paragraph::new(lines), text_area);

        if let Some(yes) = self.discard {
            confirm::render(
                frame,
                area,
                &Confirm {
                    title: ctx.t("settings.discard.title"),
                    message: ctx.t("settings.discard.message"),
                    yes: ctx.t("settings.discard.yes"),
                    no: ctx.t("settings.discard.no"),
                    yes_focused: yes,
                },
                ctx,
            );
        }
    }

    fn keymap(&self) -> &[Binding] {
        if self.discard.is_some() {
            DISCARD_KEYS
        } else if self.typing.is_some() {
            TYPING_KEYS
        } else {
            KEYMAP
        }
    }

    fn handle(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        if let Some(yes) = self.discard {
            match action {
                Action::Yes => return Transition::Pop,
                Action::No => self.discard = None,
                Action::Right => self.discard = Some(!yes),
                Action::Confirm if yes => return Transition::Pop,
                Action::Confirm => self.discard = None,
                _ => {}
            }
            return Transition::Stay;
        }
        if let Action::Custom(name) = action
            && let Some(d) = name.strip_prefix("digit_").and_then(|d| d.chars().next())
        {
            match &mut self.typing {
                Some(t) if t.len() < 10 => t.push(d),
                Some(_) => {}
                None => self.start_typing(Some(d)),
            }
            return Transition::Stay;
        }
        if self.typing.is_some() {
            match action {
                BACKSPACE => {
                    if let Some(t) = &mut self.typing {
                        t.pop();
                    }
                }
                Action::Confirm => self.finish_typing(ctx),
                Action::Back => self.typing = None,
                _ => {}
            }
            return Transition::Stay;
        }
        match action {
            Action::Up => self.move_cursor(-1),
            Action::Down => self.move_cursor(1),
            Action::PageUp => self.page(ctx, -1),
            Action::PageDown => self.page(ctx, 1),
            Action::Home => self.cursor = self.first_key_row(),
            Action::End => {
                self.cursor = self.rows.len().saturating_sub(1);
                self.move_cursor(-1);
                self.move_cursor(1);
            }
            PREV => self.step(-1, ctx),
            NEXT => self.step(1, ctx),
            Action::Confirm => match self.rows.get(self.cursor) {
                Some(Row::Key { key, .. }) if matches!(KEYS[*key].kind, Kind::Int { .. }) => {
                    self.start_typing(None)
                }
                _ => self.step(1, ctx),
            },
            RESET => self.reset(),
            SAVE => self.save(ctx),
            Action::Back => {
                if self.changed_keys().is_empty() {
                    return Transition::Pop;
                }
                self.discard = Some(false);
            }
            _ => {}
        }
        Transition::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_list_every_key_once_and_one_level_row_per_cpu() {
        for cpus in 1..=7 {
            let rows = build_rows(cpus);
            let keys: Vec<usize> = rows
                .iter()
                .filter_map(|r| match r {
                    Row::Key { key, seat: None } => Some(*key),
                    _ => None,
                })
                .collect();
            assert_eq!(keys.len(), KEYS.len() - 1, "every key but cpu_level once");
            let seats = rows
                .iter()
                .filter(|r| matches!(r, Row::Key { seat: Some(_), .. }))
                .count();
            assert_eq!(seats, cpus);
        }
    }

    #[test]
    fn every_key_and_word_value_has_words_in_both_languages() {
        use crate::i18n::{Lang, has_key};
        let mut missing = Vec::new();
        for lang in [Lang::En, Lang::Ja] {
            for k in KEYS {
                for key in [k.name_key(), k.help_key()] {
                    if !has_key(lang, &key) {
                        missing.push(format!("{lang:?} {key}"));
                    }
                }
                let values: Vec<&str> = match k.kind {
                    Kind::Choice(v) => v.to_vec(),
                    Kind::Levels => CPU_LEVELS.to_vec(),
                    _ => Vec::new(),
                };
                for v in values.into_iter().filter(|v| keys::is_word(v)) {
                    let own = format!("settings.choice.{}.{v}", k.path);
                    let shared = format!("settings.choice.{v}");
                    if !has_key(lang, &own) && !has_key(lang, &shared) {
                        missing.push(format!("{lang:?} {shared}"));
                    }
                }
            }
            for g in Group::ALL {
                if !has_key(lang, g.label_key()) {
                    missing.push(format!("{lang:?} {}", g.label_key()));
                }
            }
        }
        assert!(missing.is_empty(), "no words for: {missing:#?}");
    }

    #[test]
    fn cycling_wraps_both_ways() {
        assert_eq!(cycle(CPU_LEVELS, 2, 1), "easy");
        assert_eq!(cycle(CPU_LEVELS, 0, -1), "hard");
        assert_eq!(cycle(CPU_LEVELS, 1, 1), "hard");
    }

    #[test]
    fn cpu_levels_are_the_levels_the_loader_accepts() {
        for l in CPU_LEVELS {
            let text = format!("[daifugo]\ncpu_level = \"{l}\"\n");
            Config::from_toml("t", &text).unwrap();
        }
        let bad = Config::from_toml("t", "[daifugo]\ncpu_level = \"zzz\"\n").unwrap_err();
        for l in CPU_LEVELS {
            assert!(bad.message.contains(&format!("\"{l}\"")), "{}", bad.message);
        }
    }
}
