//! The Daifugo rule set: every local rule of `rules/daifugo.md` as a plain value, and the two
//! presets (`standard`, `classic`). The config layer builds a [`Rules`] from a preset plus the
//! keys a file sets; the engine only ever reads a [`Rules`].

use serde::{Deserialize, Serialize};

/// Which preset a rule set starts from (`rules/daifugo.md` §3, "Presets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Preset {
    /// The rule book's defaults: revolution, 8-cut, suit lock, spade 3, forbidden finish,
    /// exchange and miyako-ochi on; jack-back off; locked passing.
    #[default]
    Standard,
    /// The simplest home game: singles and groups only, no revolution, 8-cut, lock, spade 3,
    /// forbidden finish, exchange or miyako-ochi; passing in `reentry` mode.
    Classic,
    /// The UEC Computer Daihinmin contest (`uecda.md`): 5 players, 1 joker, revolution by
    /// groups of 4+ or sequences of 5+, 8-cut inside sequences and by a joker standing for an
    /// 8, suit lock that a joker can establish, spade 3, jokers past the ends of sequences, no
    /// jack-back, forbidden finish or miyako-ochi, ♦3 leads every round, a pile that clears
    /// only when everyone has passed, the leader may pass, stalemate after 20 passes.
    Uecda,
    /// A party table: the standard rules plus the popular house rules — 5-skip, 7-pass,
    /// 10-discard, 9-reverse, Q-bomber, jack-back, ambulance and sandstorm as cuts.
    Party,
}

impl Preset {
    /// The number of players the preset plays with when `cpus` is not set (5 for `uecda`,
    /// else 4).
    pub fn players(self) -> usize {
        match self {
            Preset::Uecda => 5,
            _ => 4,
        }
    }
}

/// When the pile clears after passes (`clear_mode`, `rules/daifugo.md` §3b "UECda variants").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ClearMode {
    /// When every active player other than the last to play has passed (§1).
    #[default]
    OthersPassed,
    /// Only when every active player has passed, the last to play included: the turn comes
    /// back to that player, who may play on their own cards (the UECda server).
    AllPassed,
}

/// How sequences compare when following (`sequence.compare`, §1 "Following").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SequenceCompare {
    /// The new sequence's lowest card must beat the old one's highest (no overlap).
    Strict,
    /// Only the top cards are compared.
    Overlap,
}

/// What a pass means for the rest of the trick (`pass_mode`, §1 "Passing").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PassMode {
    /// A player who passed cannot play again until the pile clears.
    Locked,
    /// Any new play lets everyone who passed play again.
    Reentry,
}

/// Who leads the first trick of round 1 (`first_lead`, §1 "First lead").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FirstLead {
    /// The holder of the 3♦ (the play need not contain it). Without a 3♦ in play (never with a
    /// full deck) the seat after the dealer leads.
    Diamond3,
    /// A seat drawn from the seeded generator.
    Random,
}

/// Who leads the first trick of rounds 2 and later (`later_lead`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LaterLead {
    /// The previous round's 大貧民 (last place).
    Daihinmin,
    /// The holder of the 3♦, as in round 1.
    Diamond3,
}

/// The suit-lock rule (`lock.suit`, §3 "Suit lock").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SuitLock {
    /// Two consecutive plays with exactly the same set of suits lock that set.
    Exact,
    /// 片縛り: two consecutive plays sharing some suits lock the shared suits; later plays must
    /// contain them (§3b).
    Partial,
    /// No suit lock.
    Off,
}

/// Sequence (階段) settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SequenceRules {
    /// Whether sequences may be played at all (`classic` plays singles and groups only).
    pub enabled: bool,
    /// Fewest cards in a sequence (3..=5; default 3).
    pub min_len: u8,
    /// How a following sequence is compared.
    pub compare: SequenceCompare,
    /// A joker may stand "below 3" or "above 2" at an end of a sequence (UECda).
    #[serde(default)]
    pub joker_ends: bool,
}

/// Revolution (革命) settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevolutionRules {
    /// Whether revolutions happen.
    pub enabled: bool,
    /// Fewest cards in a group that revolts (jokers included; default 4).
    pub group_min: u8,
    /// Fewest cards in a sequence that revolts; 0 = sequences never revolt (UECda uses 5).
    pub sequence_min: u8,
}

/// 8-cut (8切り) settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EightCutRules {
    /// Whether a play containing a natural 8 clears the pile.
    pub enabled: bool,
    /// Whether an 8 inside a sequence cuts.
    pub in_sequence: bool,
    /// Whether a joker standing for an 8 cuts.
    pub joker_counts: bool,
}

/// Lock (縛り) settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LockRules {
    /// Suit lock.
    pub suit: SuitLock,
    /// Number lock (階段縛り): two consecutive plays of consecutive ranks force the next rank.
    pub number: bool,
    /// A joker counts as the suit of the card it stands for, so it can establish a lock; a
    /// lone joker ends the lock (UECda). In groups a joker then names its suit (`JK=9H`).
    #[serde(default)]
    pub joker_establishes: bool,
    /// 激縛り: a play of the next rank under a suit lock (set by that play or before) also
    /// sets the number lock, even without `number`: the trick is then locked by suit and rank.
    #[serde(default)]
    pub geki: bool,
}

/// Forbidden-finish (反則上がり) settings: which last plays place their player last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenFinishRules {
    /// Going out with a play containing a joker.
    pub joker: bool,
    /// Going out with a natural card of the strongest rank (judged before the play).
    pub strongest: bool,
    /// Going out with a natural 8 (when 8-cut is on).
    pub eight: bool,
    /// Going out with a 3♠ used as a spade-3 return.
    pub spade3: bool,
    /// What a forbidden finish does.
    #[serde(default)]
    pub mode: ForbiddenMode,
}

/// What a forbidden finish does (`forbidden_finish.mode`, §3b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ForbiddenMode {
    /// The play is legal; the player takes the lowest free place (§3).
    #[default]
    LastPlace,
    /// The play is not allowed as a last play at all.
    Illegal,
}

/// How many times a house rule fires for a play (`count`, §3b "Counting").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Count {
    /// Once per natural card of the trigger rank (`k`).
    #[default]
    PerCard,
    /// Once per play that holds the rank.
    PerPlay,
}

/// How many cards a 7-pass or 10-discard moves (`amount`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// Any number up to the count (none included).
    #[default]
    UpTo,
    /// Exactly the count (or every card held, if fewer).
    Exact,
}

/// Which cards a 10-discard may throw away (`ten_discard.eligible`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Eligible {
    /// Any card.
    #[default]
    Any,
    /// Only natural cards weaker than a 10 in the order in force after the play.
    WeakerThanTen,
}

/// A counted house rule: 5-skip (5飛ばし) and 9-reverse (9リバース) (§3b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CountedRule {
    /// Whether the rule is in force.
    pub enabled: bool,
    /// Per card or per play.
    #[serde(default)]
    pub count: Count,
    /// Whether a joker standing for the trigger rank counts.
    #[serde(default)]
    pub joker_counts: bool,
}

/// A rule that moves cards out of the player's hand: 7-pass (7渡し) and 10-discard (10捨て).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct HandingRule {
    /// Whether the rule is in force.
    pub enabled: bool,
    /// Per card or per play.
    #[serde(default)]
    pub count: Count,
    /// Up to or exactly the count.
    #[serde(default)]
    pub amount: Amount,
    /// Whether a joker standing for the trigger rank counts.
    #[serde(default)]
    pub joker_counts: bool,
    /// Which cards may go (10-discard only; 7-pass gives any card).
    #[serde(default)]
    pub eligible: Eligible,
}

impl HandingRule {
    /// Its count as a [`CountedRule`] (enabled, per card or play, jokers counted or not).
    pub fn counted(&self) -> CountedRule {
        CountedRule {
            enabled: self.enabled,
            count: self.count,
            joker_counts: self.joker_counts,
        }
    }
}

/// The Q-bomber (12ボンバー, §3b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct BomberRule {
    /// Whether the rule is in force.
    pub enabled: bool,
    /// Whether a joker standing for a queen counts.
    #[serde(default)]
    pub joker_counts: bool,
}

/// The ambulance (救急車, §3b): a pair of natural 9s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Ambulance {
    /// No special effect.
    #[default]
    Off,
    /// Clears the pile like an 8-cut.
    Cut,
}

/// The sandstorm (砂嵐, §3b): a group of exactly three natural 3s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Sandstorm {
    /// No special effect.
    #[default]
    Off,
    /// Beats any triple in either order.
    BeatsTriple,
    /// Beats any triple and clears the pile.
    CutTriple,
}

/// A complete Daifugo rule set (`rules/daifugo.md` §1–4). Plain data; `Rules::default()` is the
/// `standard` preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// Jokers in the deck (0..=2).
    pub jokers: u8,
    /// Passing mode.
    pub pass_mode: PassMode,
    /// First lead of round 1.
    pub first_lead: FirstLead,
    /// First lead of later rounds.
    pub later_lead: LaterLead,
    /// Card exchange before every round but the first.
    pub exchange: bool,
    /// Sequences.
    pub sequence: SequenceRules,
    /// Revolution.
    pub revolution: RevolutionRules,
    /// 8-cut.
    pub eight_cut: EightCutRules,
    /// Locks.
    pub lock: LockRules,
    /// Spade-3 return (スペ3返し).
    pub spade3: bool,
    /// Jack-back (11バック).
    pub jack_back: bool,
    /// Forbidden finish.
    pub forbidden_finish: ForbiddenFinishRules,
    /// Miyako-ochi (都落ち).
    pub miyako_ochi: bool,
    /// When the pile clears after passes.
    #[serde(default)]
    pub clear_mode: ClearMode,
    /// The leader may pass (UECda); otherwise a leader passes only when nothing is legal.
    #[serde(default)]
    pub leader_may_pass: bool,
    /// 千日手: after this many passes in a row the remaining places are dealt at random
    /// (seeded); 0 = never.
    #[serde(default)]
    pub stalemate_passes: u16,
    /// 5-skip (5飛ばし).
    #[serde(default)]
    pub five_skip: CountedRule,
    /// 7-pass (7渡し).
    #[serde(default)]
    pub seven_pass: HandingRule,
    /// 10-discard (10捨て).
    #[serde(default)]
    pub ten_discard: HandingRule,
    /// 9-reverse (9リバース): the direction of play flips.
    #[serde(default)]
    pub nine_reverse: CountedRule,
    /// Q-bomber (12ボンバー).
    #[serde(default)]
    pub q_bomber: BomberRule,
    /// Ambulance (救急車).
    #[serde(default)]
    pub ambulance: Ambulance,
    /// Sandstorm (砂嵐).
    #[serde(default)]
    pub sandstorm: Sandstorm,
    /// Gekokujo (下剋上): the reigning 大貧民 finishing first turns the titles the round began
    /// with over for the next round (大貧民 ↔ 大富豪, 貧民 ↔ 富豪).
    #[serde(default)]
    pub gekokujo: bool,
    /// Miyako-ochi applies only with at least this many players (4 in every preset). A rule
    /// set read without the key (a record written before it existed) takes 2: miyako-ochi at
    /// every table, as those records were played.
    #[serde(default = "two")]
    pub miyako_ochi_min_players: u8,
    /// Joker return (ジョーカー返し): a lone joker may answer a lone joker.
    #[serde(default)]
    pub joker_return: bool,
}

/// `miyako_ochi_min_players` of a rule set written before the key existed.
fn two() -> u8 {
    2
}

impl Rules {
    /// The rules of a preset (`rules/daifugo.md` §3 "Presets").
    pub fn preset(p: Preset) -> Rules {
        let standard = Rules {
            jokers: 2,
            pass_mode: PassMode::Locked,
            first_lead: FirstLead::Diamond3,
            later_lead: LaterLead::Daihinmin,
            exchange: true,
            sequence: SequenceRules {
                enabled: true,
                min_len: 3,
                compare: SequenceCompare::Strict,
                joker_ends: false,
            },
            revolution: RevolutionRules {
                enabled: true,
                group_min: 4,
                sequence_min: 0,
            },
            eight_cut: EightCutRules {
                enabled: true,
                in_sequence: true,
                joker_counts: false,
            },
            lock: LockRules {
                suit: SuitLock::Exact,
                number: false,
                joker_establishes: false,
                geki: false,
            },
            spade3: true,
            jack_back: false,
            forbidden_finish: ForbiddenFinishRules {
                joker: true,
                strongest: true,
                eight: true,
                spade3: true,
                mode: ForbiddenMode::LastPlace,
            },
            miyako_ochi: true,
            clear_mode: ClearMode::OthersPassed,
            leader_may_pass: false,
            stalemate_passes: 0,
            five_skip: CountedRule::default(),
            seven_pass: HandingRule::default(),
            ten_discard: HandingRule::default(),
            nine_reverse: CountedRule {
                count: Count::PerPlay,
                ..CountedRule::default()
            },
            q_bomber: BomberRule::default(),
            ambulance: Ambulance::Off,
            sandstorm: Sandstorm::Off,
            gekokujo: false,
            miyako_ochi_min_players: 4,
            joker_return: false,
        };
        match p {
            Preset::Standard => standard,
            Preset::Classic => Rules {
                pass_mode: PassMode::Reentry,
                exchange: false,
                sequence: SequenceRules {
                    enabled: false,
                    ..standard.sequence
                },
                revolution: RevolutionRules {
                    enabled: false,
                    ..standard.revolution
                },
                eight_cut: EightCutRules {
                    enabled: false,
                    ..standard.eight_cut
                },
                lock: LockRules {
                    suit: SuitLock::Off,
                    number: false,
                    joker_establishes: false,
                    geki: false,
                },
                spade3: false,
                forbidden_finish: ForbiddenFinishRules {
                    joker: false,
                    strongest: false,
                    eight: false,
                    spade3: false,
                    mode: ForbiddenMode::LastPlace,
                },
                miyako_ochi: false,
                ..standard
            },
            Preset::Uecda => Rules {
                jokers: 1,
                first_lead: FirstLead::Diamond3,
                later_lead: LaterLead::Diamond3,
                sequence: SequenceRules {
                    joker_ends: true,
                    ..standard.sequence
                },
                revolution: RevolutionRules {
                    sequence_min: 5,
                    ..standard.revolution
                },
                eight_cut: EightCutRules {
                    enabled: true,
                    in_sequence: true,
                    joker_counts: true,
                },
                lock: LockRules {
                    joker_establishes: true,
                    ..standard.lock
                },
                forbidden_finish: ForbiddenFinishRules {
                    joker: false,
                    strongest: false,
                    eight: false,
                    spade3: false,
                    mode: ForbiddenMode::LastPlace,
                },
                miyako_ochi: false,
                clear_mode: ClearMode::AllPassed,
                leader_may_pass: true,
                stalemate_passes: 20,
                ..standard
            },
            Preset::Party => Rules {
                jack_back: true,
                five_skip: CountedRule {
                    enabled: true,
                    ..standard.five_skip
                },
                seven_pass: HandingRule {
                    enabled: true,
                    ..standard.seven_pass
                },
                ten_discard: HandingRule {
                    enabled: true,
                    ..standard.ten_discard
                },
                nine_reverse: CountedRule {
                    enabled: true,
                    ..standard.nine_reverse
                },
                q_bomber: BomberRule {
                    enabled: true,
                    ..standard.q_bomber
                },
                ambulance: Ambulance::Cut,
                sandstorm: Sandstorm::CutTriple,
                ..standard
            },
        }
    }
}

impl Rules {
    /// Whether some house rule of §3b acts on a play: 5-skip, 7-pass, 10-discard, 9-reverse,
    /// Q-bomber, or the ambulance or sandstorm cut.
    pub fn has_triggers(&self) -> bool {
        self.five_skip.enabled
            || self.seven_pass.enabled
            || self.ten_discard.enabled
            || self.nine_reverse.enabled
            || self.q_bomber.enabled
            || self.ambulance != Ambulance::Off
            || self.sandstorm == Sandstorm::CutTriple
    }

    /// Whether a round can end in a stalemate (千日手) under these rules: a pass limit, or a
    /// leader who may pass (everybody may then decline to lead).
    pub fn may_stall(&self) -> bool {
        self.stalemate_passes > 0
            || self.leader_may_pass
            || self.forbidden_finish.mode == ForbiddenMode::Illegal
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::preset(Preset::Standard)
    }
}

/// A CPU player's strength (`cpu_level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum CpuLevel {
    /// Simple fixed policy: longest sequence, largest group, weakest single; weakest follow.
    #[default]
    Easy,
    /// Heuristics of a good club player (card memory, control planning).
    Normal,
    /// Determinized Monte Carlo search within `cpu_think_ms`.
    Hard,
}

impl CpuLevel {
    /// The config spelling: `easy`, `normal` or `hard`.
    pub fn as_str(self) -> &'static str {
        match self {
            CpuLevel::Easy => "easy",
            CpuLevel::Normal => "normal",
            CpuLevel::Hard => "hard",
        }
    }
}
