//! The candidate list: the human's legal plays as the screen offers them — weakest first and
//! grouped by form, as the engine lists them — narrowed to the plays that contain every marked
//! card, with Pass last whenever passing is allowed. Pure data; the screen draws it.

use crate::cards::Rank;
use crate::daifugo::{CardSet, Form, Play};

/// One entry of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Candidate {
    /// Put this play on the pile.
    Play(Play),
    /// Pass.
    Pass,
}

/// What a play would set off besides taking the pile, shown as tags beside it in the list: the
/// engine's own events when the play is tried on a copy of the game, so a tag never disagrees
/// with the rules in force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayTags {
    /// `Some(true)` when the play starts a revolution (革命), `Some(false)` when it turns one
    /// back (革命返し), `None` when the order stays.
    pub revolution: Option<bool>,
    /// Whether going out with it is a forbidden finish (反則上がり), which places the player
    /// last (`rules/daifugo.md` §3).
    pub forbidden_finish: bool,
}

/// The list and its highlighted entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Candidates {
    all: Vec<Play>,
    can_pass: bool,
    marked: CardSet,
    items: Vec<Candidate>,
    selected: usize,
}

/// Whether `play` uses every card of `marked`: the natural cards exactly, and at least as many
/// jokers (the two jokers are interchangeable, so marking either one asks for "a joker").
pub fn contains_marked(play: Play, marked: CardSet) -> bool {
    play.cards().naturals().contains_all(marked.naturals())
        && play.joker_count() >= marked.joker_count()
}

impl Candidates {
    /// The list for `legal` (the engine's order) and `can_pass`, narrowed by `marked`; the
    /// first entry highlighted.
    pub fn new(legal: &[Play], can_pass: bool, marked: CardSet) -> Candidates {
        let mut c = Candidates {
            all: legal.to_vec(),
            can_pass,
            marked,
            items: Vec::new(),
            selected: 0,
        };
        c.rebuild();
        c
    }

    fn rebuild(&mut self) {
        let keep = self.items.get(self.selected).copied();
        self.items = self
            .all
            .iter()
            .filter(|p| contains_marked(**p, self.marked))
            .map(|p| Candidate::Play(*p))
            .collect();
        if self.can_pass {
            self.items.push(Candidate::Pass);
        }
        // Keep the highlight on the same entry when it survives the narrowing.
        self.selected = keep
            .and_then(|k| self.items.iter().position(|i| *i == k))
            .unwrap_or(0);
    }

    /// Changes the marked cards and narrows the list again.
    pub fn set_marked(&mut self, marked: CardSet) {
        if marked != self.marked {
            self.marked = marked;
            self.rebuild();
        }
    }

    /// The marked cards.
    pub fn marked(&self) -> CardSet {
        self.marked
    }

    /// The entries, in order.
    pub fn items(&self) -> &[Candidate] {
        &self.items
    }

    /// The index of the highlighted entry.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The highlighted entry (`None` when the list is empty).
    pub fn current(&self) -> Option<Candidate> {
        self.items.get(self.selected).copied()
    }

    /// How many plays there are before narrowing (Pass not counted).
    pub fn total_plays(&self) -> usize {
        self.all.len()
    }

    /// Whether passing is allowed.
    pub fn can_pass(&self) -> bool {
        self.can_pass
    }

    /// Moves the highlight by `delta` entries, stopping at the ends.
    pub fn step(&mut self, delta: isize) {
        if self.items.is_empty() {
            return;
        }
        let last = self.items.len() - 1;
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    /// Highlights entry `i` (a click on it); out of range changes nothing.
    pub fn select(&mut self, i: usize) {
        if i < self.items.len() {
            self.selected = i;
        }
    }

    /// Highlights the first entry (`false`) or the last (`true`).
    pub fn to_end(&mut self, last: bool) {
        self.selected = if last {
            self.items.len().saturating_sub(1)
        } else {
            0
        };
    }

    /// Highlights the first play holding a natural card of `rank` (singles come first, so a
    /// single of that rank when there is one); `false` when no entry holds one.
    pub fn jump_to_rank(&mut self, rank: Rank) -> bool {
        let hit = self.items.iter().position(|i| match i {
            Candidate::Play(p) => p.cards().iter().any(|c| c.rank() == Some(rank)),
            Candidate::Pass => false,
        });
        if let Some(i) = hit {
            self.selected = i;
        }
        hit.is_some()
    }

    /// Highlights Pass, if it is in the list.
    pub fn select_pass(&mut self) -> bool {
        match self.items.iter().position(|i| *i == Candidate::Pass) {
            Some(i) => {
                self.selected = i;
                true
            }
            None => false,
        }
    }

    /// The cards of the highlighted play (empty for Pass or an empty list).
    pub fn current_cards(&self) -> CardSet {
        match self.current() {
            Some(Candidate::Play(p)) => p.cards(),
            _ => CardSet::EMPTY,
        }
    }
}

/// The form key of a play for group headings: single, pair/triple/group by size, sequence.
pub fn form_group(p: Play) -> (Form, usize) {
    match p.form() {
        Form::Sequence => (Form::Sequence, 0),
        f => (f, p.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn set(s: &str) -> CardSet {
        CardSet::from_cards(&parse_cards(s).unwrap())
    }

    fn plays(list: &[&str]) -> Vec<Play> {
        list.iter().map(|s| Play::parse(s).unwrap()).collect()
    }

    #[test]
    fn pass_is_last_and_marks_narrow_to_plays_holding_them() {
        let legal = plays(&["5H", "7S", "7D", "7S 7D", "5H 6H 7H"]);
        let mut c = Candidates::new(&legal, true, CardSet::EMPTY);
        assert_eq!(c.items().len(), 6);
        assert_eq!(c.items()[5], Candidate::Pass);
        c.set_marked(set("7S"));
        // 7S alone, the pair; Pass stays.
        let kept: Vec<String> = c
            .items()
            .iter()
            .map(|i| match i {
                Candidate::Play(p) => p.to_string(),
                Candidate::Pass => "pass".into(),
            })
            .collect();
        assert_eq!(kept, ["7S", "7S 7D", "pass"]);
        c.set_marked(set("7S 6H"));
        assert_eq!(c.items(), [Candidate::Pass]);
    }

    #[test]
    fn the_leader_gets_no_pass_and_the_highlight_survives_narrowing() {
        let legal = plays(&["3C", "7S", "7D", "7S 7D"]);
        let mut c = Candidates::new(&legal, false, CardSet::EMPTY);
        assert!(!c.items().contains(&Candidate::Pass));
        c.step(3);
        assert_eq!(c.current(), Some(Candidate::Play(legal[3])));
        c.set_marked(set("7D"));
        assert_eq!(c.current(), Some(Candidate::Play(legal[3])));
        c.step(-5);
        assert_eq!(c.selected(), 0);
        c.step(99);
        assert_eq!(c.current(), Some(Candidate::Play(legal[3])));
    }

    #[test]
    fn a_rank_key_jumps_to_the_first_play_of_that_rank() {
        let legal = plays(&["4C", "9H", "KS", "9H 9C", "8H 9H TH"]);
        let mut c = Candidates::new(&legal, true, CardSet::EMPTY);
        assert!(c.jump_to_rank(Rank::Nine));
        assert_eq!(c.selected(), 1);
        assert!(c.jump_to_rank(Rank::Ten));
        assert_eq!(c.selected(), 4, "only the sequence holds a ten");
        assert!(!c.jump_to_rank(Rank::Two));
        assert_eq!(c.selected(), 4, "a miss leaves the highlight");
    }

    #[test]
    fn either_joker_marked_asks_for_a_joker() {
        let legal = plays(&["JK", "5S 5H JK"]);
        let c = Candidates::new(&legal, false, set("JK"));
        assert_eq!(c.items().len(), 2);
    }
}
