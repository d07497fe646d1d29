# English strings of the settings screen. Keys must match ja/settings.ftl.
# Every configuration key has a name (settings-name-<key>) and a one-line explanation
# (settings-help-<key>); a test checks that each key of the key table has both.

## settings
settings-title = Settings
settings-file = File: { $path }
settings-file_new = File: { $path } (created when you save)
settings-load_error = Cannot edit the config file: { $error }
settings-no_home = there is no config file to edit (no home folder is known)
settings-changes = { $n ->
    [one] 1 unsaved change
   *[other] { $n } unsaved changes
}
settings-seat_level = CPU { $n } level
settings-read_only = (Change it in the file itself.)
settings-typing = Type a number, Enter to set it, Esc to cancel.
settings-out_of_range = { $value } is out of range: { $min } to { $max }.
settings-saved = Saved to { $path }.
settings-saved_next = Saved to { $path }. The game in progress keeps its rules; the next game uses the new ones.
settings-save_failed = Could not save { $path }: { $error }. Nothing was changed.
settings-nothing_to_save = Nothing to save: no setting was changed.
settings-fix_first = Not saved: { $why }

## settings.tag
settings-tag-override = (this run: { $flag })
settings-tag-preset = (preset)

## settings.group
settings-group-general = General
settings-group-daifugo_table = Daifugo table
settings-group-daifugo_rules = Daifugo rules (the preset decides those you leave alone)
settings-group-house_rules = House rules (local rules; the party preset turns most on)
settings-group-blackjack = Blackjack table

## settings.value
settings-value-on = on
settings-value-off = off
settings-value-ms = { $n } ms
settings-value-default_place = (the data folder)

## settings.choice
settings-choice-auto = auto (from the locale)
settings-choice-en = English
settings-choice-ja = 日本語
settings-choice-dark = dark
settings-choice-light = light
settings-choice-mono = mono (no colour)
settings-choice-symbols = suit symbols
settings-choice-letters = letters (S H D C)
settings-choice-standard = standard
settings-choice-classic = classic
settings-choice-locked = locked until the pile clears
settings-choice-reentry = may play again
settings-choice-diamond3 = holder of the 3 of diamonds
settings-choice-random = random seat
settings-choice-daihinmin = the daihinmin
settings-choice-strict = strict (no overlap)
settings-choice-overlap = top cards only
settings-choice-exact = exact suits
settings-choice-off = off
settings-choice-peek = peek (US)
settings-choice-enhc = no hole card (European)
settings-choice-any = any two cards
settings-choice-none = none
settings-choice-value = any two tens
settings-choice-rank = same rank only
settings-choice-best = the better plan
settings-choice-always = always resplit
settings-choice-uecda = uecda (the UEC contest)
settings-choice-party = party (standard plus house rules)
settings-choice-partial = shared suits (partial lock)
settings-choice-last_place = places you last
settings-choice-illegal = not allowed
settings-choice-per_card = per card
settings-choice-per_play = once per play
settings-choice-up_to = up to the count
settings-choice-weaker_than_ten = cards weaker than a 10
settings-choice-cut = clears the pile
settings-choice-beats_triple = beats any triple
settings-choice-cut_triple = beats any triple and clears the pile
settings-choice-daifugo-seven_pass-amount-exact = exactly the count
settings-choice-daifugo-ten_discard-amount-exact = exactly the count
settings-choice-daifugo-ten_discard-eligible-any = any card
settings-choice-others_passed = the others passed
settings-choice-all_passed = everyone passed
settings-choice-late = late
settings-choice-early = early
settings-choice-push = push
settings-choice-dealer = dealer wins
settings-choice-hint = hint
settings-choice-ev = exact EVs
settings-choice-easy = easy
settings-choice-normal = normal
settings-choice-hard = hard

## settings.conflict
settings-conflict-max_bet = The largest bet ({ $max_bet }) is below the smallest bet ({ $min_bet }): raise the largest bet or lower the smallest.
settings-conflict-bankroll = The smallest bet ({ $min_bet }) is more than the starting chips ({ $bankroll }): lower the bet or raise the bankroll.
settings-conflict-levels = { $levels } CPU levels are set for { $cpus } CPUs: give one level per CPU.
settings-conflict-revolution_sequence = A revolution by a sequence of { $sequence_min } cards cannot happen when sequences need { $min_len }: set it to 0 (off) or at least { $min_len }.

## settings.discard
settings-discard-title = Unsaved changes
settings-discard-message = Leave the settings without saving? Your changes will be lost.
settings-discard-yes = Discard
settings-discard-no = Keep editing

## settings.keys
settings-keys-prev = Previous value
settings-keys-next = Next value
settings-keys-change = Change (or type a number)
settings-keys-type = Type a number
settings-keys-reset = Back to the default
settings-keys-save = Save
settings-keys-backspace = Delete a digit
settings-keys-set = Set
settings-keys-cancel = Cancel
settings-keys-open = Settings (the next game uses them)

## settings.name
settings-name-general-language = Language
settings-name-general-theme = Colours
settings-name-general-suits = Suits
settings-name-general-cpu_delay_ms = CPU pace
settings-name-general-stats_file = Statistics file
settings-name-daifugo-preset = Rule preset
settings-name-daifugo-cpus = CPU players
settings-name-daifugo-cpu_level = CPU level
settings-name-daifugo-rounds = Rounds per match
settings-name-daifugo-cpu_think_ms = Hard CPU thinking time
settings-name-daifugo-jokers = Jokers
settings-name-daifugo-pass_mode = After passing
settings-name-daifugo-first_lead = First lead, round 1
settings-name-daifugo-later_lead = First lead, later rounds
settings-name-daifugo-exchange = Card exchange
settings-name-daifugo-sequence-enabled = Sequences
settings-name-daifugo-sequence-min_len = Shortest sequence
settings-name-daifugo-sequence-compare = Beating a sequence
settings-name-daifugo-revolution-enabled = Revolution
settings-name-daifugo-revolution-group_min = Revolution by a group of
settings-name-daifugo-revolution-sequence_min = Revolution by a sequence of
settings-name-daifugo-eight_cut-enabled = Eight-cut
settings-name-daifugo-eight_cut-in_sequence = Eight-cut in sequences
settings-name-daifugo-eight_cut-joker_counts = Joker as 8 cuts
settings-name-daifugo-lock-suit = Suit lock
settings-name-daifugo-lock-number = Number lock
settings-name-daifugo-spade3 = Spade-3 return
settings-name-daifugo-jack_back = Jack-back
settings-name-daifugo-forbidden_finish-joker = No finish on a joker
settings-name-daifugo-forbidden_finish-strongest = No finish on a 2
settings-name-daifugo-forbidden_finish-eight = No finish on an 8
settings-name-daifugo-forbidden_finish-spade3 = No finish on a spade-3 return
settings-name-daifugo-miyako_ochi = Miyako-ochi
settings-name-daifugo-clear_mode = Pile clears when
settings-name-daifugo-leader_may_pass = Leader may pass
settings-name-daifugo-stalemate_passes = Stalemate after passes
settings-name-daifugo-sequence-joker_ends = Joker past a sequence's end
settings-name-daifugo-lock-joker_establishes = Joker sets a lock
settings-name-blackjack-decks = Decks
settings-name-blackjack-penetration = Penetration
settings-name-blackjack-dealer_hits_soft_17 = Dealer hits soft 17
settings-name-blackjack-hole_card = Hole card
settings-name-blackjack-blackjack_pays = Blackjack pays
settings-name-blackjack-double = Double on
settings-name-blackjack-double_after_split = Double after split
settings-name-blackjack-max_hands = Most hands by splitting
settings-name-blackjack-split_tens_by = Split tens
settings-name-blackjack-resplit_aces = Resplit aces
settings-name-blackjack-hit_split_aces = Hit split aces
settings-name-blackjack-resplit = Resplit plan
settings-name-blackjack-surrender = Surrender
settings-name-blackjack-insurance = Insurance
settings-name-blackjack-ties = Equal totals
settings-name-blackjack-bankroll = Starting chips
settings-name-blackjack-min_bet = Smallest bet
settings-name-blackjack-max_bet = Largest bet
settings-name-blackjack-advisor = Advisor
settings-name-blackjack-coach = Coach
settings-name-daifugo-lock-geki = Suit and number lock together
settings-name-daifugo-forbidden_finish-mode = A forbidden finish
settings-name-daifugo-miyako_ochi_min_players = Miyako-ochi from
settings-name-daifugo-five_skip-enabled = 5-skip
settings-name-daifugo-five_skip-count = 5-skip counts
settings-name-daifugo-five_skip-joker_counts = Joker as 5 skips
settings-name-daifugo-seven_pass-enabled = 7-pass
settings-name-daifugo-seven_pass-count = 7-pass counts
settings-name-daifugo-seven_pass-amount = 7-pass gives
settings-name-daifugo-seven_pass-joker_counts = Joker as 7 passes
settings-name-daifugo-ten_discard-enabled = 10-discard
settings-name-daifugo-ten_discard-count = 10-discard counts
settings-name-daifugo-ten_discard-amount = 10-discard throws
settings-name-daifugo-ten_discard-joker_counts = Joker as 10 discards
settings-name-daifugo-ten_discard-eligible = 10-discard may throw
settings-name-daifugo-nine_reverse-enabled = 9-reverse
settings-name-daifugo-nine_reverse-count = 9-reverse counts
settings-name-daifugo-nine_reverse-joker_counts = Joker as 9 reverses
settings-name-daifugo-q_bomber-enabled = Q-bomber
settings-name-daifugo-q_bomber-joker_counts = Joker as Q bombs
settings-name-daifugo-ambulance = Ambulance (pair of 9s)
settings-name-daifugo-sandstorm = Sandstorm (three 3s)
settings-name-daifugo-gekokujo = Gekokujo
settings-name-daifugo-joker_return = Joker return

## settings.help
settings-help-general-language = The language of every screen; auto follows LC_ALL, LC_MESSAGES or LANG.
settings-help-general-theme = Colours for a dark or a light terminal, or none at all (reverse video and bold only).
settings-help-general-suits = Letters draw one cell wide everywhere; choose them if suit symbols look misaligned.
settings-help-general-cpu_delay_ms = The pause between CPU plays, 0 to 5000 ms. Any key skips ahead.
settings-help-general-stats_file = Where your statistics are kept; empty means the platform data folder.
settings-help-daifugo-preset = The rule set you start from: standard (popular local rules), classic (singles and groups only), uecda (the contest's rules) or party (standard plus house rules).
settings-help-daifugo-cpus = How many computer players sit with you (1 to 7).
settings-help-daifugo-cpu_level = How strong this CPU plays: easy, normal (card memory) or hard (searches ahead).
settings-help-daifugo-rounds = Rounds in a match (1 to 100); points add up over the match.
settings-help-daifugo-cpu_think_ms = How long a hard CPU may think per decision, 10 to 10000 ms. From 500 ms it spends the whole time on every choice it weighs, and expects players who do not play like a normal CPU to answer as a hard CPU would.
settings-help-daifugo-jokers = Jokers in the deck (0 to 2); a joker stands for any card.
settings-help-daifugo-pass_mode = Whether a player who passed sits out until the pile clears, or may play again after a new play.
settings-help-daifugo-first_lead = Who plays first in the first round.
settings-help-daifugo-later_lead = Who plays first in the rounds after the first.
settings-help-daifugo-exchange = Before each round but the first, the lowest titles give their best cards to the highest.
settings-help-daifugo-sequence-enabled = Whether runs of one suit (kaidan) may be played.
settings-help-daifugo-sequence-min_len = The fewest cards in a sequence (3 to 5).
settings-help-daifugo-sequence-compare = Strict: the new sequence must start above the old one's top. Top cards only: just the tops are compared.
settings-help-daifugo-revolution-enabled = Whether a big play (kakumei) reverses the order of strength.
settings-help-daifugo-revolution-group_min = The fewest cards of one rank that make a revolution (jokers count).
settings-help-daifugo-revolution-sequence_min = The fewest cards in a sequence that make a revolution; 0 means sequences never do.
settings-help-daifugo-eight_cut-enabled = A play with an 8 clears the pile, and its player leads again.
settings-help-daifugo-eight_cut-in_sequence = Whether an 8 inside a sequence cuts too.
settings-help-daifugo-eight_cut-joker_counts = Whether a joker standing for an 8 cuts.
settings-help-daifugo-lock-suit = Two plays in a row of the same suits lock those suits until the pile clears (shibari).
settings-help-daifugo-lock-number = Two plays in a row of consecutive ranks force the next rank up.
settings-help-daifugo-spade3 = The 3 of spades alone beats a lone joker.
settings-help-daifugo-jack_back = A jack reverses the order of strength until the pile clears.
settings-help-daifugo-forbidden_finish-joker = Going out with a joker places you last.
settings-help-daifugo-forbidden_finish-strongest = Going out with a card of the strongest rank (a 2, or a 3 in a revolution) places you last.
settings-help-daifugo-forbidden_finish-eight = Going out with an 8 places you last (when eight-cut is on).
settings-help-daifugo-forbidden_finish-spade3 = Going out with a spade-3 return places you last.
settings-help-daifugo-miyako_ochi = A reigning daifugo who does not finish first falls to last place.
settings-help-daifugo-clear_mode = Others passed: the pile clears when everyone but the last player passed. All passed: the last player must pass too, and may play on their own cards (UECda).
settings-help-daifugo-leader_may_pass = Whether the player leading a trick may pass (UECda).
settings-help-daifugo-stalemate_passes = After this many passes in a row the places left are drawn at random (0 = never; sennichite).
settings-help-daifugo-sequence-joker_ends = Whether a joker may stand below the 3 or above the 2 at an end of a sequence (UECda).
settings-help-daifugo-lock-joker_establishes = Whether a joker counts as the suit it stands for, so it can set a lock; a lone joker ends the lock (UECda).
settings-help-blackjack-decks = Decks in the shoe (1 to 8).
settings-help-blackjack-penetration = The share of the shoe dealt before a reshuffle, which happens only between rounds.
settings-help-blackjack-dealer_hits_soft_17 = On: the dealer draws to a soft 17 (H17). Off: the dealer stands on every 17 (S17).
settings-help-blackjack-hole_card = Peek: the dealer checks for blackjack first. No hole card: a dealer blackjack takes doubles and splits too.
settings-help-blackjack-blackjack_pays = What a player blackjack pays: 3:2, 6:5 or even money.
settings-help-blackjack-double = Which first two cards may double (one more card, twice the bet).
settings-help-blackjack-double_after_split = Whether a two-card hand made by splitting may double.
settings-help-blackjack-max_hands = Split into at most this many hands (1 = no splitting).
settings-help-blackjack-split_tens_by = Whether any two ten-valued cards split (K and Q) or only the same rank.
settings-help-blackjack-resplit_aces = Whether split aces that pair again may split again.
settings-help-blackjack-hit_split_aces = Whether split aces may take more than one card.
settings-help-blackjack-resplit = The plan behind split values, the advisor and basic strategy: the better of resplitting or not, or always resplit (as published tables assume).
settings-help-blackjack-surrender = Give up half the bet: late (after the peek), early (before it) or not at all.
settings-help-blackjack-insurance = Whether insurance and even money are offered when the dealer shows an ace.
settings-help-blackjack-ties = Whether equal totals return the stake, or the dealer wins them.
settings-help-blackjack-bankroll = The chips you start a session with.
settings-help-blackjack-min_bet = The smallest bet the table takes, in chips.
settings-help-blackjack-max_bet = The largest bet the table takes, in chips.
settings-help-blackjack-advisor = What the table shows while you play: nothing, the basic-strategy hint, or exact expected values.
settings-help-blackjack-coach = After a decision that was not the best for the actual shoe, say what it cost; keep a tally of mistakes (c in the game).
settings-help-daifugo-lock-geki = Under a suit lock, a play of the next rank locks the rank too: later plays must follow both suit and number (geki-shibari).
settings-help-daifugo-forbidden_finish-mode = Places you last: going out on a forbidden card is allowed but ranks you last. Not allowed: such a last play cannot be made.
settings-help-daifugo-miyako_ochi_min_players = Miyako-ochi applies only at a table of at least this many players (2 to 8).
settings-help-daifugo-five_skip-enabled = A play with 5s passes over the next players, one per 5 (or one per play).
settings-help-daifugo-five_skip-count = Per card: each 5 in the play skips one player. Once per play: one player, however many 5s.
settings-help-daifugo-five_skip-joker_counts = Whether a joker standing for a 5 counts as a 5.
settings-help-daifugo-seven_pass-enabled = After a play with 7s, its player gives cards from their hand to the next player.
settings-help-daifugo-seven_pass-count = Per card: one card for each 7 in the play. Once per play: one card, however many 7s.
settings-help-daifugo-seven_pass-amount = Up to the count: any number up to it, none included. Exactly: that many (or every card held).
settings-help-daifugo-seven_pass-joker_counts = Whether a joker standing for a 7 counts as a 7.
settings-help-daifugo-ten_discard-enabled = After a play with 10s, its player throws cards from their hand out of play, face up.
settings-help-daifugo-ten_discard-count = Per card: one card for each 10 in the play. Once per play: one card, however many 10s.
settings-help-daifugo-ten_discard-amount = Up to the count: any number up to it, none included. Exactly: that many (or every card held).
settings-help-daifugo-ten_discard-joker_counts = Whether a joker standing for a 10 counts as a 10.
settings-help-daifugo-ten_discard-eligible = Which cards may be thrown out: any card, or only cards weaker than a 10.
settings-help-daifugo-nine_reverse-enabled = A play with 9s reverses the direction of play for the rest of the round.
settings-help-daifugo-nine_reverse-count = Per card: the direction flips when the play holds an odd number of 9s. Once per play: it always flips.
settings-help-daifugo-nine_reverse-joker_counts = Whether a joker standing for a 9 counts as a 9.
settings-help-daifugo-q_bomber-enabled = After a play with queens, its player names up to one rank per queen; everyone still playing throws out their cards of those ranks.
settings-help-daifugo-q_bomber-joker_counts = Whether a joker standing for a queen counts as a queen.
settings-help-daifugo-ambulance = Whether a pair of natural 9s clears the pile like an 8-cut.
settings-help-daifugo-sandstorm = Three natural 3s beat any triple, revolution or not; with the cut they also clear the pile.
settings-help-daifugo-gekokujo = When the daihinmin goes out first, every title of the next exchange is turned upside down.
settings-help-daifugo-joker_return = Whether a lone joker may be beaten by the other joker (the spade-3 still beats either).
