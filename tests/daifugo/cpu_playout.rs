//! The `hard` CPU's playouts rebuild the round from a seat's view (`RoundState::from_view`):
//! given the true hands and the true cards out of play, the rebuilt state is exactly the
//! game's own rules core, and a copy carried along, fed the same actions, stays equal to it —
//! across random tables and every local rule (`rules/daifugo.md` §1–4).

use crate::cpu_support::random_settings;
use cardroom::cards::{GameRng, rng_from_seed};
use cardroom::daifugo::cpu::{CpuPlayer, EasyCpu, NormalCpu};
use cardroom::daifugo::event::MAX_SEATS;
use cardroom::daifugo::{CardSet, Discard, Game, Phase, RoundState};
use rand::RngExt;

fn all_hands(g: &Game) -> [CardSet; MAX_SEATS] {
    let mut h = [CardSet::EMPTY; MAX_SEATS];
    for (s, slot) in h.iter_mut().enumerate().take(g.players()) {
        *slot = g.hand(s);
    }
    h
}

fn check_match(seed: u64, actions: &mut u64) {
    let mut rng: GameRng = rng_from_seed(seed);
    let settings = random_settings(&mut rng, 3);
    let mut cpus: Vec<Box<dyn CpuPlayer>> = (0..settings.players)
        .map(|_| -> Box<dyn CpuPlayer> {
            if rng.random_bool(0.5) {
                Box::new(EasyCpu)
            } else {
                Box::new(NormalCpu)
            }
        })
        .collect();
    let mut g = Game::new_into(settings, rng_from_seed(seed ^ 0xABCD), &mut Discard).unwrap();
    let mut carried: Option<RoundState> = None;
    while let Some(seat) = g.current_seat() {
        let round = g.round();
        let view = g.seat_view(seat);
        let action = cpus[seat].choose(&view, &mut rng);
        let fresh = RoundState::from_view(&view, &all_hands(&g), g.out_of_play());
        if g.phase() == Phase::Play {
            let fresh = fresh.expect("a play decision has a playout state");
            assert_eq!(
                fresh,
                g.state().without_seed(),
                "seed {seed}: rebuilt from the view"
            );
            // Carried on with the true seed, so a stalemate draws the same places.
            let st = carried.get_or_insert(*g.state());
            assert_eq!(st, g.state(), "seed {seed} before {action:?}");
            assert!(st.step(action), "seed {seed}: playout refused {action:?}");
        } else {
            assert!(fresh.is_none(), "the exchange has no playout state");
        }
        g.apply_into(seat, action, &mut Discard).unwrap();
        *actions += 1;
        if let Some(st) = carried {
            if g.round() != round || g.phase() == Phase::MatchOver {
                // The round ended on that action: same places.
                assert!(st.is_over(), "seed {seed}: playout round not over");
                let last = g.history().last().unwrap();
                assert_eq!(
                    &st.places()[..g.players()],
                    last.places.as_slice(),
                    "seed {seed}: final places"
                );
                for s in 0..g.players() {
                    assert_eq!(st.points(s), last.points[s], "seed {seed}: points");
                }
                carried = None;
            } else if g.phase() == Phase::Play {
                assert_eq!(&st, g.state(), "seed {seed} after {action:?}");
            }
        }
    }
}

#[test]
fn playout_follows_the_engine() {
    let mut actions = 0;
    for seed in 0..1500 {
        check_match(seed, &mut actions);
    }
    assert!(actions > 100_000, "only {actions} actions checked");
}
