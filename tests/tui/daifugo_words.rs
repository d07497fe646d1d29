//! The words of the Daifugo screen (issue 9 item 9, issue 10): one card notation on screen
//! (`10♠`, never the notation's `TS`), refusals that read as sentences, the exchange in the log
//! with its cards, nothing about playing on once the round is over, Japanese wrapped with the
//! line-breaking rules, and the rules screen's bullets.

use crate::common::{config, draw};
use cardroom::cards::{parse_cards, rng_from_seed};
use cardroom::config::{Config, ThemeName};
use cardroom::daifugo::{Action as GameAction, CardSet, Game, MatchSettings, Play, Scenario};
use cardroom::i18n::Lang;
use cardroom::tui::Options;
use cardroom::tui::app::App;
use cardroom::tui::ctx::Ctx;
use cardroom::tui::keymap::Action;
use cardroom::tui::screen::Screen;
use cardroom::tui::screens::daifugo::draw::message;
use cardroom::tui::screens::daifugo::{DaifugoScreen, Mode};
use cardroom::tui::screens::rules::{Para, daifugo_paras, layout, paras};
use cardroom::tui::screens::title::TitleScreen;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use unicode_width::UnicodeWidthStr;

fn set(s: &str) -> CardSet {
    CardSet::from_cards(&parse_cards(s).expect("cards"))
}

fn ctx(lang: Lang) -> Ctx {
    let mut c: Config = config(lang, ThemeName::Dark);
    c.general.cpu_delay_ms = 0;
    Ctx::new(c, &Options::default(), |_| None)
}

/// A game from `hands` (seat 0 the human) with `leader` to lead round `round`.
fn game(hands: &[&str], leader: usize, round: u32, previous: Option<Vec<u8>>) -> Game {
    let sc = Scenario {
        hands: hands.iter().map(|h| set(h)).collect(),
        leader,
        round,
        exchange: previous.is_some(),
        previous_places: previous,
        revolution: false,
    };
    let settings = MatchSettings {
        rules: cardroom::daifugo::rules::Rules::default(),
        players: hands.len(),
        rounds: 5,
    };
    Game::from_scenario(settings, rng_from_seed(7), &sc, &mut Vec::new()).expect("scenario")
}

fn play(g: &mut Game, seat: usize, cards: &str) {
    let p = Play::parse(cards).expect("play");
    g.apply(seat, GameAction::Play(p)).expect("legal play");
}

fn screen(g: Game, lang: Lang) -> (DaifugoScreen, Ctx) {
    let c = ctx(lang);
    (DaifugoScreen::with_game(g, 7, &c), c)
}

/// The screen's rows as a person reads them: a wide character's trailing cell left out.
fn rows_read(t: &Terminal<TestBackend>) -> Vec<String> {
    let buf = t.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            let mut s = String::new();
            let mut x = 0;
            while x < buf.area.width {
                let sym = buf[(x, y)].symbol();
                s.push_str(sym);
                x += (UnicodeWidthStr::width(sym) as u16).max(1);
            }
            s
        })
        .collect()
}

/// The whole app (title bar, the screen, the key bar) with `s` on top, drawn at `w`×`h`.
fn shown(s: DaifugoScreen, c: Ctx, w: u16, h: u16) -> String {
    let mut app = App::new(c, Box::new(TitleScreen::new()));
    app.push(Box::new(s));
    rows_read(&draw(&mut app, w, h)).join("\n")
}

/// The screen's body alone drawn at `w`×`h` (the screen stays with the test).
fn body(s: &DaifugoScreen, c: &Ctx, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    t.draw(|f| s.render(f, f.area(), c)).expect("draw");
    rows_read(&t).join("\n")
}

const HANDS: [&str; 4] = [
    "3D 3H 5S 6S 7S 9C TD JH QS KC 2H JK",
    "4C 4D 8H 9D TC QH KD AS",
    "3C 5H 6D 7C 9H JS QC AD 2S",
    "4S 5C 6H 8C TS JD KH AC 2D",
];

#[test]
fn a_refusal_writes_its_cards_as_the_screen_does() {
    // T♠ on the pile; the human marks 3♥ and presses Enter.
    let mut g = game(&HANDS, 3, 1, None);
    play(&mut g, 3, "TS");
    let (mut s, mut c) = screen(g, Lang::En);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    let n = s.notice().expect("a refusal").text.clone();
    assert_eq!(
        n,
        "No legal play holds the marked cards: 3♥ does not beat 10♠."
    );
    // With letters for suits, the letters style throughout, and still 10 for a ten.
    let mut g = game(&HANDS, 3, 1, None);
    play(&mut g, 3, "TS");
    let mut c = ctx(Lang::En);
    c.symbols = false;
    let mut s = DaifugoScreen::with_game(g, 7, &c);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    assert_eq!(
        s.notice().unwrap().text,
        "No legal play holds the marked cards: 3H does not beat 10S."
    );
}

#[test]
fn only_pass_says_why_in_one_notation_with_its_full_stops() {
    // 2♦ 2♣ on the pile; the human's best pair, A♠ A♣, does not beat it.
    let mut g = game(&["AS AC 5H", "6S 7S", "8S 9S", "2D 2C 4S"], 3, 1, None);
    play(&mut g, 3, "2D 2C");
    let (s, c) = screen(g, Lang::En);
    assert_eq!(
        message(&s, &c).0,
        "You cannot beat 2♦ 2♣: A♠ A♣ does not beat 2♦ 2♣. Press p to pass."
    );
    // A triple on the pile and no triple in hand: a sentence, not "you hold no a triple".
    let mut g = game(&["AS AC 5H", "6S 8S", "8D 9S", "7D 7C 7H 4S"], 3, 1, None);
    play(&mut g, 3, "7D 7C 7H");
    let (s, c) = screen(g.clone(), Lang::En);
    assert_eq!(
        message(&s, &c).0,
        "You cannot beat 7♥ 7♦ 7♣: nothing you hold makes a triple that beats it. Press p to pass."
    );
    let (s, c) = screen(g, Lang::Ja);
    assert_eq!(
        message(&s, &c).0,
        "7♥ 7♦ 7♣に勝てません：それに勝つ3枚組を持っていません。pでパスします。"
    );
}

#[test]
fn every_card_and_rank_on_the_daifugo_screen_reads_10_for_a_ten() {
    let (s, c) = screen(game(&HANDS, 0, 1, None), Lang::En);
    let text = shown(s, c, 100, 30);
    assert!(text.contains("[10♦]"), "{text}");
    assert!(!text.contains("T♦"), "{text}");
    // The rank jump's notice names the rank the same way.
    let mut g = game(&HANDS, 3, 1, None);
    play(&mut g, 3, "JD");
    let (mut s, mut c) = screen(g, Lang::En);
    s.handle(Action::Custom("rank_T"), &mut c);
    assert_eq!(s.notice().unwrap().text, "No play with a 10.");
}

#[test]
fn the_log_shows_the_cards_of_the_humans_own_exchange() {
    // Round 2: the human was daifugo; CPU 2 (daihinmin) gave it its two strongest cards.
    let g = game(&HANDS, 0, 2, Some(vec![1, 3, 4, 2]));
    let (mut s, mut c) = screen(g.clone(), Lang::En);
    let text = body(&s, &c, 120, 40);
    assert!(text.contains("CPU 2 gave you A♦ 2♠"), "{text}");
    // Between two CPUs only the count shows, with its noun.
    assert!(text.contains("CPU 1 gave 1 card to CPU 3"), "{text}");
    assert!(!text.contains("to You"), "{text}");
    // The human gives back its two weakest: the log names them, "you" as the subject.
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Right, &mut c);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Custom("play"), &mut c);
    let text = shown(s, c, 120, 40);
    assert!(text.contains("You gave 3♥ 3♦ to CPU 2"), "{text}");
    let (s, c) = screen(g, Lang::Ja);
    let text = shown(s, c, 120, 40);
    assert!(text.contains("CPU 2からもらった：A♦ 2♠"), "{text}");
}

#[test]
fn nobody_plays_on_once_the_round_is_over() {
    // The human goes out first with its only card; the CPUs finish the round (one round, so
    // the match ends with it and no new deal resets the places).
    let g = {
        let sc = Scenario {
            hands: vec![set("KS"), set("3C 4C"), set("5D 6D"), set("7H 9H")],
            leader: 0,
            round: 1,
            previous_places: None,
            revolution: false,
            exchange: false,
        };
        let settings = MatchSettings {
            rules: cardroom::daifugo::rules::Rules::default(),
            players: 4,
            rounds: 1,
        };
        Game::from_scenario(settings, rng_from_seed(7), &sc, &mut Vec::new()).unwrap()
    };
    for lang in [Lang::En, Lang::Ja] {
        let (mut s, mut c) = screen(g.clone(), lang);
        s.handle(Action::Custom("play"), &mut c);
        s.settle(&c);
        assert!(matches!(s.mode(), Mode::RoundOver(_)), "{:?}", s.mode());
        let round = body(&s, &c, 80, 24);
        assert!(!round.contains("play on"), "{round}");
        assert!(!round.contains("残りの人が続けます"), "{round}");
        s.handle(Action::Custom("next"), &mut c);
        assert!(matches!(s.mode(), Mode::MatchOver(_)), "{:?}", s.mode());
        let matched = body(&s, &c, 80, 24);
        assert!(!matched.contains("play on"), "{matched}");
        assert!(!matched.contains("残りの人が続けます"), "{matched}");
    }
}

#[test]
fn the_japanese_hand_line_has_no_stray_space() {
    let (s, c) = screen(game(&HANDS, 0, 1, None), Lang::Ja);
    let text = shown(s, c, 80, 24);
    assert!(text.contains("手札・12枚・0点"), "{text}");
    let (s, c) = screen(game(&HANDS, 0, 1, None), Lang::En);
    assert!(shown(s, c, 80, 24).contains("Your hand · 12 cards · 0 pts"));
}

/// Characters no Japanese line may start with (JIS X 4051 §6.1, a sample).
const NO_START: &[char] = &[
    'ー', 'ッ', 'ャ', 'ュ', 'ョ', 'ィ', 'ェ', 'ぃ', 'っ', 'ゃ', 'ゅ', 'ょ', '、', '。', '）', '」',
    '：', '・',
];

#[test]
fn japanese_text_on_the_daifugo_screen_wraps_by_the_line_breaking_rules() {
    // The exchange panel's long sentence and the messages, at every width from 80 to 130: no
    // text line inside a box starts with a small kana or a closing mark.
    let states = [game(&HANDS, 0, 2, Some(vec![1, 3, 4, 2])), {
        let mut g = game(&["AS AC 5H", "6S 8S", "8D 9S", "7D 7C 7H 4S"], 3, 1, None);
        play(&mut g, 3, "7D 7C 7H");
        g
    }];
    for g in states {
        for w in 80..=130u16 {
            let (s, c) = screen(g.clone(), Lang::Ja);
            let text = shown(s, c, w, 30);
            for row in text.lines() {
                for part in row.split(['│', '┌', '└']).skip(1) {
                    if let Some(first) = part.chars().next() {
                        assert!(
                            !NO_START.contains(&first),
                            "width {w}: a line starts with {first}: {row}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn no_wrapped_rules_line_reads_as_a_new_bullet() {
    for lang in [Lang::En, Lang::Ja] {
        let c = ctx(lang);
        let bullet = c.t("common.rules.bullet");
        let all = paras(&c);
        let items = all.iter().filter(|p| matches!(p, Para::Item(_))).count();
        for w in 20..=100usize {
            let lines = layout(&all, w, &c.theme, bullet);
            let mut bullets = 0;
            for l in &lines {
                let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                if text.starts_with(bullet) {
                    bullets += 1;
                } else {
                    let body = text.trim_start();
                    assert!(
                        !body.starts_with(['-', '−', '・', '*']),
                        "{lang:?} at {w}: {text:?}"
                    );
                }
            }
            assert_eq!(bullets, items, "{lang:?} at {w}");
        }
    }
}

#[test]
fn the_forbidden_finish_names_the_3_only_where_the_order_can_turn() {
    let said = |toml: &str| {
        let c = Config::from_toml("t.toml", toml).expect("config");
        let mut x = ctx(Lang::En);
        x.config = c;
        daifugo_paras(&x.config, &x)
            .into_iter()
            .find_map(|p| match p {
                Para::Item(t) if t.starts_with("Forbidden finish") => Some(t),
                _ => None,
            })
            .expect("the forbidden-finish rule")
    };
    let default = said("");
    assert_eq!(
        default,
        "Forbidden finish: going out with a joker, a card of the strongest rank (2, or 3 during a \
         revolution), an 8, or a spade-3 return places you last."
    );
    let off = said("[daifugo]\nrevolution.enabled = false\n");
    assert!(off.contains("a 2 (the strongest rank)"), "{off}");
    assert!(!off.contains("revolution"), "{off}");
    let jb = said("[daifugo]\njack_back = true\nrevolution.enabled = false\n");
    assert!(jb.contains("3 during a jack-back"), "{jb}");
}

#[test]
fn the_key_bar_offers_pass_only_when_passing_is_allowed() {
    let bar = |g: Game| {
        let (s, c) = screen(g, Lang::En);
        let text = shown(s, c, 100, 30);
        text.lines().last().unwrap_or_default().to_string()
    };
    let lead = bar(game(&HANDS, 0, 1, None));
    assert!(!lead.contains("Pass"), "a leader cannot pass: {lead}");
    assert!(lead.contains("Play"), "{lead}");
    let mut g = game(&HANDS, 3, 1, None);
    play(&mut g, 3, "TS");
    let follow = bar(g);
    assert!(follow.contains("p Pass"), "{follow}");
    // The key still answers a leader, saying why.
    let (mut s, mut c) = screen(game(&HANDS, 0, 1, None), Lang::En);
    s.handle(Action::Custom("pass"), &mut c);
    assert!(s.notice().unwrap().text.contains("the leader must play"));
}

#[test]
fn marks_that_no_play_holds_are_explained_in_the_list() {
    // Leading with 3♥ and 5♠ marked: they make no form, and the list says so.
    let (mut s, mut c) = screen(game(&HANDS, 0, 1, None), Lang::En);
    s.handle(Action::Custom("mark"), &mut c);
    s.handle(Action::Right, &mut c);
    s.handle(Action::Right, &mut c);
    s.handle(Action::Custom("mark"), &mut c);
    let text = body(&s, &c, 120, 40);
    assert!(text.contains("(0/"), "{text}");
    assert!(
        text.contains("No legal play holds the marked cards"),
        "{text}"
    );
    assert!(text.contains("make no single, group or"), "{text}");
    // Following 10♠ with 3♥ marked: the engine's reason, in the screen's notation.
    let mut g = game(&HANDS, 3, 1, None);
    play(&mut g, 3, "TS");
    let (mut s, mut c) = screen(g, Lang::En);
    s.handle(Action::Custom("mark"), &mut c);
    let text = body(&s, &c, 120, 40);
    assert!(text.contains("> Pass"), "{text}");
    assert!(
        text.contains("marked cards: 3♥ does") && text.contains("not beat 10♠."),
        "{text}"
    );
}

#[test]
fn plays_that_turn_the_order_or_finish_foul_are_tagged() {
    // The human leads with four 5s, a pair of 2s and nothing else: 5555 starts a revolution
    // (a group of 4, rules/daifugo.md §3); going out with 2♥ 2♦ is a forbidden finish only
    // when those are its last cards.
    let hands = ["5S 5H 5D 5C", "4C 4D", "6D 7C", "8C 9S"];
    let (s, c) = screen(game(&hands, 0, 1, None), Lang::En);
    let quad = Play::parse("5S 5H 5D 5C").unwrap();
    assert_eq!(s.tags_of(quad).revolution, Some(true));
    assert!(
        !s.tags_of(quad).forbidden_finish,
        "5s are no forbidden finish"
    );
    let single = Play::parse("5S").unwrap();
    assert_eq!(s.tags_of(single), Default::default());
    assert!(body(&s, &c, 120, 40).contains("5♠ 5♥ 5♦ 5♣ [revolution]"));
    let hands = ["2H 2D", "4C 4D", "6D 7C", "8C 9S"];
    let (s, c) = screen(game(&hands, 0, 1, None), Lang::Ja);
    let pair = Play::parse("2H 2D").unwrap();
    assert!(s.tags_of(pair).forbidden_finish);
    assert!(!s.tags_of(Play::parse("2H").unwrap()).forbidden_finish);
    assert!(body(&s, &c, 120, 40).contains("2♥ 2♦ [反則上がり]"));
}

#[test]
fn a_seven_pass_to_or_from_the_human_names_its_cards() {
    // 7-pass (rules/daifugo.md §3b): CPU 3 plays 7♥ and hands one card to the next seat, the
    // human. The human sees the card; lower-case "you" mid-sentence.
    let mut rules = cardroom::daifugo::rules::Rules::default();
    rules.seven_pass.enabled = true;
    let sc = Scenario {
        hands: ["3D 5H 9C", "4C 8D", "6D 9D", "7H 4S KS"]
            .iter()
            .map(|h| set(h))
            .collect(),
        leader: 3,
        round: 1,
        previous_places: None,
        revolution: false,
        exchange: false,
    };
    let settings = MatchSettings {
        rules,
        players: 4,
        rounds: 5,
    };
    let mut g = Game::from_scenario(settings, rng_from_seed(7), &sc, &mut Vec::new()).unwrap();
    play(&mut g, 3, "7H");
    g.apply(3, GameAction::Give(set("4S")))
        .expect("CPU 3 gives 4♠");
    let (s, c) = screen(g.clone(), Lang::En);
    let text = body(&s, &c, 120, 40);
    assert!(text.contains("CPU 3 gives you 4♠ (7-pass)"), "{text}");
    assert!(!text.contains("to You"), "{text}");
    let (s, c) = screen(g, Lang::Ja);
    let text = body(&s, &c, 120, 40);
    assert!(text.contains("CPU 3からもらった：4♠（7渡し）"), "{text}");
}

#[test]
fn a_long_message_keeps_its_last_words_at_80x24() {
    // 88 cells of reason: at 80 columns it takes two rows, and "Press p to pass." shows.
    let mut g = game(&["AS AC 5H", "6S 8S", "8D 9S", "7D 7C 7H 4S"], 3, 1, None);
    play(&mut g, 3, "7D 7C 7H");
    let (s, c) = screen(g, Lang::En);
    let text = shown(s, c, 80, 24);
    let rows: Vec<&str> = text.lines().collect();
    let at = rows
        .iter()
        .position(|r| r.starts_with(" You cannot beat"))
        .expect("the message");
    assert!(rows[at].trim_end().ends_with("Press"), "{text}");
    assert_eq!(rows[at + 1].trim(), "p to pass.", "{text}");
    assert!(text.contains("Log"), "the log is still drawn: {text}");
}

/// The text of a log line, spans joined.
fn line_text(line: &ratatui::text::Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

/// 7-pass and 10-discard let a player give or discard "up to" k cards (rules §3b): choosing none
/// is said as "nothing", never "0 cards", and the human's own line is conjugated for "you".
#[test]
fn giving_or_discarding_nothing_is_worded() {
    use cardroom::daifugo::LogEntry;
    use cardroom::tui::screens::daifugo::words::log_line;
    let en = ctx(Lang::En);
    let you_give = LogEntry::Give {
        from: 0,
        to: 1,
        count: 0,
    };
    assert_eq!(
        line_text(&log_line(&you_give, &en)),
        "You give CPU 1 nothing (7-pass)"
    );
    let cpu_gives = LogEntry::Give {
        from: 2,
        to: 3,
        count: 0,
    };
    assert_eq!(
        line_text(&log_line(&cpu_gives, &en)),
        "CPU 2 gives CPU 3 nothing (7-pass)"
    );
    let discard = LogEntry::Discard {
        seat: 0,
        cards: CardSet::EMPTY,
        bomb: false,
    };
    assert_eq!(
        line_text(&log_line(&discard, &en)),
        "You discard nothing (10-discard)"
    );
    let ja = ctx(Lang::Ja);
    let text = line_text(&log_line(&cpu_gives, &ja));
    assert!(text.contains("何も渡さなかった"), "{text}");
    assert!(!text.contains('0'), "{text}");
}
