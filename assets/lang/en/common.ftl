# English strings shared by every screen. Keys must match ja/common.ftl.
# Prefer characters of a fixed width (no "·", "…", "–"): East-Asian "ambiguous" characters draw
# two cells wide on many Japanese terminals. The arrow keys are the one exception.

## common
common-too_small = Terminal too small: need 80×24, have { $w }×{ $h }
common-app_name = cardroom

## common.error
common-error-terminal = cardroom: terminal error: { $error }

# Key names in the help overlay and the footer.

## common.keys
common-keys-space = Space
common-keys-up = ↑
common-keys-down = ↓
common-keys-left = ←
common-keys-right = →
common-keys-enter = Enter
common-keys-esc = Esc
common-keys-tab = Tab
common-keys-backtab = Shift-Tab
common-keys-backspace = Backspace
common-keys-delete = Del
common-keys-page_up = PgUp
common-keys-page_down = PgDn
common-keys-home = Home
common-keys-end = End
common-keys-ctrl = Ctrl-{ $key }
common-keys-alt = Alt-{ $key }

# What keys do, as the help overlay lists them.

## common.action
common-action-up = Up
common-action-down = Down
common-action-left = Left
common-action-right = Right
common-action-confirm = Choose
common-action-back = Back
common-action-close = Close
common-action-scroll_up = Scroll up
common-action-scroll_down = Scroll down
common-action-page_up = Page up
common-action-page_down = Page down
common-action-home = To the top
common-action-end = To the bottom
common-action-help = Help
common-action-quit = Quit
common-action-force_quit = Quit at once
common-action-quit_signal = Quit at once (status 131, like SIGQUIT)
common-action-redraw = Redraw the screen
common-action-menu_up = Previous entry
common-action-menu_down = Next entry
common-action-menu_number = Open entry by number
common-action-next_section = Next game's rules
common-action-yes = Yes
common-action-no = No
common-action-switch_button = Other button

## common.help
common-help-title = Help
common-help-general = General
common-help-close_hint = { $keys }: close this help

## common.menu
common-menu-title = Menu
common-menu-subtitle = Daifugo (President) against the computer, and casino Blackjack
common-menu-daifugo = Daifugo
common-menu-daifugo_desc = Shed your hand first: singles, pairs, sequences, revolutions.
common-menu-blackjack = Blackjack
common-menu-blackjack_desc = Beat the dealer to 21 without going bust.
common-menu-rules = Rules
common-menu-rules_desc = The rules both games are played with, from your config.toml.
common-menu-settings = Settings
common-menu-settings_desc = Players, levels, house rules, table rules and looks, saved to your config.toml.
common-menu-statistics = Statistics
common-menu-statistics_desc = Your places, titles and results over time, charted.
common-menu-quit = Quit
common-menu-quit_desc = Leave cardroom.

## common.soon
common-soon-title = Coming soon
common-soon-message = { $game } is not ready yet: its table is still being built.
common-soon-back = Esc goes back to the menu.

## common.quit
common-quit-title = Quit?
common-quit-message = A game is in progress and will be lost. Quit cardroom?
common-quit-yes = Quit
common-quit-no = Keep playing

## common.rules
common-rules-title = Rules
common-rules-position = lines { $first }-{ $last } of { $total }
common-rules-bullet = -{" "}
common-rules-list_sep = ,{" "}
common-rules-or_pair = {" "}or{" "}
common-rules-or_last = ,{" "}or{" "}
common-rules-sentence_sep = {" "}
common-rules-source_default = These are the built-in rules.
common-rules-source_file = Rules read from { $path } over the built-in defaults.
common-rules-change_hint = Change them in config.toml; `cardroom config default` prints every key with its meaning.

## common.rules.level
common-rules-level-easy = easy
common-rules-level-normal = normal
common-rules-level-hard = hard
common-rules-level-easy_about = Easy CPUs play their weakest cards and never hold anything back: a gentle game while you learn the rules.
common-rules-level-normal_about = Normal CPUs remember the cards played and plan how to go out: a fair game for a casual player.
common-rules-level-hard_about = Hard CPUs read the hidden hands from every play and pass, and try each move to the end of the round: a real challenge.

## common.rules.daifugo
common-rules-daifugo-heading = Daifugo (President): rules in play
common-rules-daifugo-table = { $players } players: you and { $cpus ->
        [one] { $cpus } CPU opponent
       *[other] { $cpus } CPU opponents
    } ({ $levels }); a match is { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }.
common-rules-daifugo-preset_standard = Rule set: standard, with the common local rules below.
common-rules-daifugo-preset_classic = Rule set: classic, the plain home game (singles and groups, no local rules).
common-rules-daifugo-preset_party = Rule set: party, the standard rules with the popular house rules on.
common-rules-daifugo-preset_uecda = Rule set: uecda, the rules of the UEC Computer Daihinmin contest.
common-rules-daifugo-deck = Deck: 52 cards and { $jokers ->
        [one] { $jokers } joker
       *[other] { $jokers } jokers
    }, all dealt. A joker stands in for any card; a lone joker beats every single.
common-rules-daifugo-deck_no_jokers = Deck: 52 cards, no jokers, all dealt.
common-rules-daifugo-order = Order, weakest to strongest: 3 4 5 6 7 8 9 10 J Q K A 2. Suits do not rank.
common-rules-daifugo-follow = Whoever leads plays one card, a group of one rank, or a sequence; the others must play the same kind and number of cards, stronger, or pass. When everyone else has passed, the pile clears and the last player leads. Empty your hand first to win.
common-rules-daifugo-pass_locked = Passing: once you pass you sit out until the pile clears.
common-rules-daifugo-pass_reentry = Passing: after a pass you may play again as soon as someone else plays.
common-rules-daifugo-first_diamond3 = The holder of the { $card } leads the first round.
common-rules-daifugo-first_random = A random player leads the first round.
common-rules-daifugo-later_daihinmin = Later rounds are led by the daihinmin (last place).
common-rules-daifugo-later_diamond3 = Later rounds are led by the holder of the { $card }.
common-rules-daifugo-exchange_on = Card exchange before each later round: the daihinmin gives the daifugo their 2 strongest cards and the hinmin gives the fugo 1; each receiver hands back as many cards of their choice.
common-rules-daifugo-exchange_off = No card exchange between rounds.
common-rules-daifugo-sequence_on = Sequences (kaidan): { $min } or more consecutive cards of one suit. { $compare }
common-rules-daifugo-sequence_strict = A following sequence must start above the previous one's top card.
common-rules-daifugo-sequence_overlap = A following sequence only needs a higher top card.
common-rules-daifugo-sequence_off = No sequences: singles and groups only.
common-rules-daifugo-revolution_on = Revolution (kakumei): a group of { $n } or more cards reverses the order until the next revolution.
common-rules-daifugo-revolution_sequence = A sequence of { $n } or more cards revolts too.
common-rules-daifugo-revolution_off = No revolution.
common-rules-daifugo-eight_cut_on = Eight-cut (8-giri): a play with an 8 clears the pile and its player leads again.
common-rules-daifugo-eight_cut_in_sequence = An 8 inside a sequence cuts too.
common-rules-daifugo-eight_cut_not_in_sequence = An 8 inside a sequence does not cut.
common-rules-daifugo-eight_cut_joker = A joker standing for an 8 cuts as well.
common-rules-daifugo-eight_cut_no_joker = A joker standing for an 8 does not cut.
common-rules-daifugo-eight_cut_off = No eight-cut.
common-rules-daifugo-lock_exact = Lock (shibari): two plays in a row with the same suits lock those suits until the pile clears.
common-rules-daifugo-lock_off = No suit lock.
common-rules-daifugo-lock_partial = Partial lock (kata-shibari): when two plays in a row share some suits, every later play in the trick must contain those suits.
common-rules-daifugo-number_lock = Number lock: two plays of consecutive ranks in a row force the next rank.
common-rules-daifugo-spade3_on = Spade-3 return: the { $card } alone beats a lone joker and clears the pile.
common-rules-daifugo-spade3_off = No spade-3 return.
common-rules-daifugo-jack_back_on = Jack-back: a play with a J reverses the order until the pile clears.
common-rules-daifugo-jack_back_off = No jack-back.
common-rules-daifugo-finish_joker = a joker
common-rules-daifugo-finish_strongest = a card of the strongest rank (2, or 3 during a revolution)
common-rules-daifugo-finish_strongest_jack_back = a card of the strongest rank (2, or 3 during a jack-back)
common-rules-daifugo-finish_strongest_reversed = a card of the strongest rank (2, or 3 while a revolution or jack-back reverses the order)
common-rules-daifugo-finish_strongest_fixed = a 2 (the strongest rank)
common-rules-daifugo-finish_eight = an 8
common-rules-daifugo-finish_spade3 = a spade-3 return
common-rules-daifugo-forbidden_on = Forbidden finish: going out with { $list } places you last.
common-rules-daifugo-forbidden_off = No forbidden finish: any last play counts.
common-rules-daifugo-miyako_on = Miyako-ochi: if someone other than the reigning daifugo finishes first, the daifugo drops to last place.
common-rules-daifugo-miyako_off = No miyako-ochi.
common-rules-daifugo-forbidden_illegal = Forbidden finish: going out with { $list } is not allowed at all.
common-rules-daifugo-miyako_min = Miyako-ochi does not apply at this table: it needs { $n } or more players.
common-rules-daifugo-lock_geki = Geki lock: under a suit lock, a play of the next rank sets the number lock too.
common-rules-daifugo-five_skip = 5-skip: after a play with 5s, { $per_card ->
        [yes] one player is skipped for each 5
       *[no] the next player is skipped
    }; a skipped player counts as having passed.
common-rules-daifugo-seven_pass = 7-pass: a player who plays 7s and still holds cards gives { $exact ->
        [yes] exactly
       *[no] up to
    } { $per_card ->
        [yes] one card per 7
       *[no] one card
    } to the next player.
common-rules-daifugo-ten_discard = 10-discard: a player who plays 10s and still holds cards throws away { $exact ->
        [yes] exactly
       *[no] up to
    } { $per_card ->
        [yes] one card per 10
       *[no] one card
    }, face up{ $weaker ->
        [yes] , from the cards weaker than a 10
       *[no] {""}
    }.
common-rules-daifugo-nine_reverse = 9-reverse: { $per_card ->
        [yes] a play with an odd number of 9s
       *[no] a play with 9s
    } reverses the direction of play for the rest of the round.
common-rules-daifugo-q_bomber = Q-bomber: after a play with queens the player names up to one rank per queen; every player throws away all their cards of those ranks.
common-rules-daifugo-ambulance = Ambulance: a pair of 9s clears the pile like an 8-cut.
common-rules-daifugo-sandstorm = Sandstorm: three 3s beat any triple{ $cut ->
        [yes] {" "}and clear the pile
       *[no] {""}
    }.
common-rules-daifugo-gekokujo = Gekokujo: if the daihinmin finishes first, the titles turn over for the next round.
common-rules-daifugo-joker_return = Joker return: a lone joker may be answered by the other joker.
common-rules-daifugo-house_order = Order of effects of one play: going out; revolution, locks, jack-back, 9-reverse; 7-pass, then 10-discard; Q-bomber; a pile clear (8-cut, spade-3, ambulance, sandstorm), which cancels a skip; otherwise the 5-skip.
common-rules-daifugo-scoring = Titles by finishing order: daifugo, fugo, heimin, hinmin, daihinmin. Each round scores players - place + 1 points; the match ranks total points.

## common.rules.blackjack
common-rules-blackjack-heading = Blackjack: table rules
common-rules-blackjack-shoe = { $decks } decks in the shoe, reshuffled between rounds once { $percent }% has been dealt.
common-rules-blackjack-shoe_one = { $decks } deck, reshuffled between rounds once { $percent }% has been dealt.
common-rules-blackjack-s17 = The dealer stands on all 17s (S17).
common-rules-blackjack-h17 = The dealer hits soft 17 (H17).
common-rules-blackjack-peek = With an ace or a ten showing, the dealer peeks for blackjack first; a dealer blackjack then takes only your original bet.
common-rules-blackjack-enhc = No hole card (ENHC): the dealer's second card comes after you play, and a dealer blackjack takes doubles and splits too.
common-rules-blackjack-pays = Blackjack pays { $pays }.
common-rules-blackjack-double_any = Double on any first two cards; a doubled hand gets exactly one more card.
common-rules-blackjack-double_9_11 = Double on a first-two-card total of 9, 10 or 11 only.
common-rules-blackjack-double_10_11 = Double on a first-two-card total of 10 or 11 only.
common-rules-blackjack-double_none = No doubling.
common-rules-blackjack-das_on = Doubling after a split is allowed.
common-rules-blackjack-das_off = No doubling after a split.
common-rules-blackjack-split_none = No splitting.
common-rules-blackjack-split = Split pairs into up to { $hands } hands.
common-rules-blackjack-split_tens_value = Any two ten-valued cards split (K and Q).
common-rules-blackjack-split_tens_rank = Tens split only as the same rank (K and K).
common-rules-blackjack-resplit_aces_on = Aces may be split again.
common-rules-blackjack-resplit_aces_off = Aces are split only once.
common-rules-blackjack-hit_split_aces_on = Split aces may take more cards.
common-rules-blackjack-hit_split_aces_off = Split aces get one card each.
common-rules-blackjack-surrender_none = No surrender.
common-rules-blackjack-surrender_late = Late surrender: give up half your bet after the dealer's peek (first two cards, not after a split).
common-rules-blackjack-surrender_early = Early surrender: give up half your bet before the dealer peeks.
common-rules-blackjack-insurance_on = Insurance (even money with a blackjack) is offered against a dealer ace and pays 2:1.
common-rules-blackjack-insurance_off = No insurance.
common-rules-blackjack-ties_push = Ties push: your bet comes back.
common-rules-blackjack-ties_dealer = The dealer wins ties.
common-rules-blackjack-chips = You start with { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    }; bets from { $min } to { $max }.
common-rules-blackjack-advisor_off = Advisor: off.
common-rules-blackjack-advisor_hint = Advisor: shows the basic-strategy play for these rules.
common-rules-blackjack-advisor_ev = Advisor: shows the exact expected value of every action.

# Statistics file problems (shown after "Statistics not saved:"); play goes on.
common-stats-not_a_file = { $path } is { $kind ->
    [fifo] a FIFO
    [device] a device
    [folder] a folder
   *[other] not a regular file
}, not a statistics file; it is left alone
common-stats-read_only = { $path } is read-only; it is left as it is
common-stats-newer = { $path } was written by a newer cardroom (format { $version }); it is left as it is
common-stats-too_large = { $path } is larger than 1 MiB, too large for statistics; it is left as it is
common-stats-busy = another cardroom is saving to { $path }; try again later
common-stats-io = { $path }: { $error }
