//! The card tracker of the Daifugo screen (issue 14 item 4): `u` shows, in place of the log,
//! what the human has seen this round — which jokers, 2s, aces and 8s are already played
//! (the cards that win tricks, clear the pile or end a sequence of plays), and how many cards
//! of each rank are still unseen: neither in the human's hand, nor played, nor discarded face
//! up. Computed from the human's [`Snapshot`] only (its own hand and the public cards), so it
//! knows no more than the player could count.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::cards::{Card, Rank};
use crate::daifugo::{CardSet, Snapshot};
use crate::tui::ctx::Ctx;
use crate::tui::widgets::cards::card_span;
use crate::tui::widgets::text::width;

/// The ranks weakest first in the normal order (3 … K, A, 2); jokers come after.
pub const RANKS: [Rank; 13] = [
    Rank::Three,
    Rank::Four,
    Rank::Five,
    Rank::Six,
    Rank::Seven,
    Rank::Eight,
    Rank::Nine,
    Rank::Ten,
    Rank::Jack,
    Rank::Queen,
    Rank::King,
    Rank::Ace,
    Rank::Two,
];

/// What the human knows of one rank (or of the jokers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankCount {
    /// The rank; `None` for the jokers.
    pub rank: Option<Rank>,
    /// The cards of it played or discarded face up this round.
    pub played: Vec<Card>,
    /// How many of it the human holds.
    pub mine: usize,
    /// How many are unseen: in the deck, but neither held nor played nor discarded.
    pub unseen: usize,
}

/// The tracker's figures: the 13 ranks weakest first, then the jokers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracker {
    /// One entry per rank in [`RANKS`] order, then the jokers.
    pub ranks: Vec<RankCount>,
}

impl Tracker {
    /// The figures for what `snap`'s seat has seen.
    pub fn from_snapshot(snap: &Snapshot) -> Tracker {
        let seen = snap.played.union(snap.discarded);
        let hand = CardSet::from_cards(&snap.hand);
        let deck = CardSet::deck(snap.rules.jokers);
        let of = |rank: Option<Rank>| -> RankCount {
            let is = |c: &Card| c.rank() == rank;
            let in_deck = deck.iter().filter(is).count();
            let played: Vec<Card> = seen.sorted(false).into_iter().filter(is).collect();
            let mine = hand.iter().filter(is).count();
            RankCount {
                rank,
                unseen: in_deck.saturating_sub(played.len() + mine),
                played,
                mine,
            }
        };
        let mut ranks: Vec<RankCount> = RANKS.iter().map(|r| of(Some(*r))).collect();
        ranks.push(of(None));
        Tracker { ranks }
    }

    /// The entry of `rank` (`None`: the jokers).
    pub fn get(&self, rank: Option<Rank>) -> Option<&RankCount> {
        self.ranks.iter().find(|r| r.rank == rank)
    }
}

/// The rank's short label: `3` … `K`, `A`, `2`, `JK`.
fn label(rank: Option<Rank>) -> String {
    rank.map_or_else(|| "JK".to_string(), |r| r.letter().to_string())
}

/// The tracker's lines: the rank row and the unseen counts under it, then the strong cards
/// already played (jokers, 2s, aces, 8s).
pub fn lines(t: &Tracker, ctx: &Ctx) -> Vec<Line<'static>> {
    let rank_label = ctx.t("daifugo.tracker.rank");
    let unseen_label = ctx.t("daifugo.tracker.unseen");
    let lw = width(rank_label).max(width(unseen_label)) + 1;
    let pad = |s: &str| format!("{s}{}", " ".repeat(lw.saturating_sub(width(s))));
    let mut head = vec![Span::styled(pad(rank_label), ctx.theme.dim)];
    let mut counts = vec![Span::styled(pad(unseen_label), ctx.theme.dim)];
    for r in &t.ranks {
        let l = label(r.rank);
        let w = l.len().max(1) + 1;
        head.push(Span::styled(format!("{l:>w$}"), ctx.theme.header));
        let style = if r.unseen == 0 {
            ctx.theme.dim
        } else {
            ctx.theme.text
        };
        counts.push(Span::styled(format!("{:>w$}", r.unseen), style));
    }
    let mut played = vec![Span::styled(
        format!("{} ", ctx.t("daifugo.tracker.played")),
        ctx.theme.dim,
    )];
    for (i, rank) in [None, Some(Rank::Two), Some(Rank::Ace), Some(Rank::Eight)]
        .into_iter()
        .enumerate()
    {
        let Some(r) = t.get(rank) else { continue };
        if i > 0 {
            played.push(Span::styled(" · ", ctx.theme.dim));
        }
        played.push(Span::styled(format!("{}:", label(rank)), ctx.theme.header));
        if r.played.is_empty() {
            played.push(Span::styled(
                format!(" {}", ctx.t("daifugo.tracker.none")),
                ctx.theme.dim,
            ));
        }
        for c in &r.played {
            played.push(Span::raw(" "));
            played.push(card_span(*c, ctx));
        }
    }
    vec![Line::from(head), Line::from(counts), Line::from(played)]
}

/// Draws the tracker in `area` (where the log goes).
pub fn render(snap: &Snapshot, f: &mut Frame, area: Rect, ctx: &Ctx) {
    if area.height < 3 || area.width < 10 {
        return;
    }
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(ctx.theme.accent)
        .title(Line::styled(
            format!(" {} ", ctx.t("daifugo.tracker.title")),
            ctx.theme.title,
        ));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let t = Tracker::from_snapshot(snap);
    f.render_widget(
        Paragraph::new(lines(&t, ctx)).wrap(Wrap { trim: false }),
        inner,
    );
}
