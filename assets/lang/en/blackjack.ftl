# Blackjack screen strings (en).

## blackjack.action
blackjack-action-bet = Bet
blackjack-action-insure = Insurance
blackjack-action-even_money = Even money
blackjack-action-decline = No thanks
blackjack-action-hit = Hit
blackjack-action-stand = Stand
blackjack-action-double = Double
blackjack-action-split = Split
blackjack-action-surrender = Surrender
blackjack-action-next_round = Next round

## blackjack.phase
blackjack-phase-betting = betting
blackjack-phase-insurance = insurance offer
blackjack-phase-early_surrender = early surrender offer
blackjack-phase-player = player's turn
blackjack-phase-settled = round over

## blackjack.error
blackjack-error-not_now = { $action } is not possible now ({ $phase })
blackjack-error-no_hand = Place a bet first: there is no hand in play
blackjack-error-round_over = The round is over: start the next round
blackjack-error-bet_limits = The bet must be between { $min } and { $max } chips (asked { $bet })
blackjack-error-bet_bankroll = A bet of { $bet } needs more than the { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    } you have
blackjack-error-cannot_cover = { $action } needs { $needed ->
        [one] { $needed } more chip
       *[other] { $needed } more chips
    }; you have { $bankroll }
blackjack-error-hit_split_aces = Split aces get one card each
blackjack-error-double_after_hit = You can double only on a hand's first two cards
blackjack-error-double_after_split = Doubling after a split is not allowed at this table
blackjack-error-double_split_aces = Split aces cannot be doubled
blackjack-error-double_off = Doubling is not allowed at this table
blackjack-error-double_total = Doubling is allowed only on totals { $rule } (this hand is { $total })
blackjack-error-split_cards = Only a hand's first two cards can be split (this hand has { $cards })
blackjack-error-split_pair = Only a pair can be split
blackjack-error-split_max = No more splits: at most { $max } hands
blackjack-error-resplit_aces = Aces cannot be split again at this table
blackjack-error-surrender_off = Surrender is not offered at this table
blackjack-error-surrender_split = No surrender after a split
blackjack-error-surrender_hit = Surrender is possible only on your first two cards
blackjack-error-surrender_passed = Early surrender was declined before the peek
blackjack-error-insurance_amount = Insurance must be more than 0 and at most half the bet ({ $max }); asked { $amount }
blackjack-error-insurance_natural = With a blackjack, take even money instead of insurance
blackjack-error-even_money_natural = Even money is only for a blackjack
blackjack-error-shoe_empty = The shoe has run out of cards

## blackjack.simulate
blackjack-simulate-summary = 
    { $hands ->
        [one] { $hands } hand
       *[other] { $hands } hands
    } ({ $threads ->
        [one] { $threads } thread
       *[other] { $threads } threads
    }, seed { $seed }), basic strategy, flat bets
    EV per hand: { $ev }% of the bet, standard error { $stderr }%
    Speed: { $speed } hands per second
blackjack-simulate-progress = simulating: { $done } of { $total } hands ({ $percent }%)

# The Blackjack screen.

## blackjack.ui
blackjack-ui-title = Blackjack
blackjack-ui-status = Round { $round }  |  { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    }
blackjack-ui-status_chips = { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    }
blackjack-ui-dealer = Dealer
blackjack-ui-you = You
blackjack-ui-hand_n = Hand { $n }
blackjack-ui-bet_on_hand = bet { $bet }
blackjack-ui-doubled = doubled
blackjack-ui-active = playing
blackjack-ui-shows = shows { $total }
blackjack-ui-soft_total = soft { $total }
blackjack-ui-hard_total = hard { $total }
blackjack-ui-blackjack = Blackjack
blackjack-ui-bust = Bust ({ $total })
blackjack-ui-surrendered = surrendered
blackjack-ui-bankroll = Bankroll { $amount }
blackjack-ui-bet = Bet { $amount }
blackjack-ui-insurance = Insurance { $amount }
blackjack-ui-shoe = Shoe: { $left } of { $total } cards
blackjack-ui-reshuffle_due = reshuffle after this round
blackjack-ui-shuffled = The shoe was shuffled.
blackjack-ui-shuffled_mid = The shoe ran out: the discards were shuffled in.
blackjack-ui-peek_none = The dealer checked the hole card: no Blackjack.
blackjack-ui-place_bet = Place your bet
blackjack-ui-bet_amount = Bet: { $amount ->
        [one] { $amount } chip
       *[other] { $amount } chips
    }
blackjack-ui-bet_help = ↑/↓ change the bet by { $step }  |  0–9 type a bet  |  Enter deals
blackjack-ui-bet_typed = Bet: { $amount }_
blackjack-ui-limits = Table limits { $min } to { $max }  |  bankroll { $bankroll }
blackjack-ui-next_bet = Next bet: { $amount } (↑/↓ by { $step })  |  Enter deals
blackjack-ui-deal = Deal
blackjack-ui-round_net = This round: { $amount }
blackjack-ui-insurance_offer = The dealer shows an ace. Insurance costs { $amount } and pays 2:1.
blackjack-ui-insurance_unaffordable = The dealer shows an ace. You have no chips left for insurance.
blackjack-ui-even_money_offer = You have Blackjack against an ace: take even money (1:1 now)?
blackjack-ui-early_offer = Early surrender: give up half your bet before the dealer checks for Blackjack?
blackjack-ui-dealer_plays = The dealer plays… (any key skips)
blackjack-ui-hint = Basic strategy: { $action }
blackjack-ui-hint_computing = Basic strategy: computing…
blackjack-ui-hint_insurance = Basic strategy: never take insurance
blackjack-ui-hint_early = Basic strategy: { $action }
blackjack-ui-computing = EV: computing…
blackjack-ui-ev_label = EV % of the bet
blackjack-ui-ev_unavailable = EV unavailable: { $reason }
blackjack-ui-ev_conditional = EVs given no dealer Blackjack
blackjack-ui-split_resplit = Split EV: resplitting whenever the rules allow
blackjack-ui-split_no_resplit = Split EV: splitting once, no resplits
blackjack-ui-ev_run_out = —: the shoe could run out
blackjack-ui-coach_on = Coach on
blackjack-ui-coach_off = Coach off
blackjack-ui-coach_ready = Coach on: a decision that gives EV away is priced at once (c turns it off)
blackjack-ui-game_over = Game over: { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    } cannot cover the minimum bet of { $min }.
blackjack-ui-start_again = Enter starts again with { $bankroll ->
        [one] { $bankroll } chip
       *[other] { $bankroll } chips
    }  |  Esc leaves
blackjack-ui-stats_set_aside = The statistics file could not be read; it was moved to { $path }.
blackjack-ui-stats_error = Statistics not saved: { $error }
blackjack-ui-record_error = Recording stopped: { $error }

## blackjack.result
blackjack-result-blackjack = Blackjack { $amount }
blackjack-result-win = Won { $amount }
blackjack-result-push = Push
blackjack-result-tie_to_dealer = Tie, dealer wins { $amount }
blackjack-result-lose = Lost { $amount }
blackjack-result-surrender = Surrendered { $amount }
blackjack-result-even_money = Even money { $amount }
blackjack-result-insurance = Insurance { $amount }

## blackjack.keys
blackjack-keys-hit = Hit
blackjack-keys-stand = Stand
blackjack-keys-double = Double
blackjack-keys-split = Split
blackjack-keys-surrender = Surrender
blackjack-keys-insurance = Insurance or even money
blackjack-keys-decline = Decline the offer
blackjack-keys-select = Choose
blackjack-keys-confirm = Act
blackjack-keys-bet_up = Raise the bet
blackjack-keys-bet_down = Lower the bet
blackjack-keys-bet_min = Minimum bet
blackjack-keys-bet_max = Maximum bet
blackjack-keys-deal = Deal
blackjack-keys-hint = Hint
blackjack-keys-ev = EV
blackjack-keys-restart = Start again
blackjack-keys-coach = Coach on or off
blackjack-keys-chart = Basic strategy chart
blackjack-keys-type_bet = Type a bet
blackjack-keys-erase = Erase a digit of the bet

## blackjack.coach
blackjack-coach-verdict = { $action } cost { $cost } — { $best } was best
blackjack-coach-tally = Coach: { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    }, { $mistakes ->
        [one] { $mistakes } mistake
       *[other] { $mistakes } mistakes
    }, EV given away { $cost ->
        [one] { $cost } chip
       *[other] { $cost } chips
    }

## blackjack.chart
blackjack-chart-title = Basic strategy
blackjack-chart-computing = Deriving the chart for these rules…
blackjack-chart-axes = Rows: your first two cards. Columns: the dealer's up card.
blackjack-chart-hard = Hard totals
blackjack-chart-soft = Soft totals
blackjack-chart-pairs = Pairs
blackjack-chart-legend_h = hit
blackjack-chart-legend_s = stand
blackjack-chart-legend_d = double, else hit
blackjack-chart-legend_ds = double, else stand
blackjack-chart-legend_p = split
blackjack-chart-legend_r = surrender, else hit
blackjack-chart-legend_rs = surrender, else stand
blackjack-chart-legend_rp = surrender, else split
blackjack-chart-decks = { $decks ->
        [one] { $decks } deck
       *[other] { $decks } decks
    }
blackjack-chart-peek = peek
blackjack-chart-enhc = no hole card
blackjack-chart-hands = split to { $hands } hands
blackjack-chart-late_surrender = late surrender
blackjack-chart-early_surrender = early surrender
