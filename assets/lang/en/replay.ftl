# English strings of the replay viewer and `cardroom replay`. Keys must match ja/replay.ftl.

## replay
replay-title = Replay
replay-position = { $n } / { $total }
replay-playing = playing
replay-line = line { $line }
replay-match = Match { $n } of { $total }
replay-round = Round { $n } of { $total }
replay-table = Table { $n } of { $total }
replay-bj_round = Round { $n }
replay-start = Start of the record.
replay-end = End of the record.
replay-incomplete = The record stops here: the game was left before its end.
replay-pile = Pile:
replay-discarded = Discarded:
replay-counter_clockwise = 9-reverse ↺
replay-log = Log
replay-out_of_play = (out of play)
replay-left_holding = (left holding them)
replay-seat_title = { $seat } ({ $title })
replay-points = { $n ->
    [one] 1 pt
   *[other] { $n } pts
}

## replay.keys
replay-keys-back = Back one event
replay-keys-forward = Forward one event
replay-keys-round_back = Previous round
replay-keys-round_forward = Next round
replay-keys-first = First event
replay-keys-last = Last event
replay-keys-play = Play / pause at the CPU pace
replay-keys-leave = Leave the replay

## replay.log
replay-log-deal = Round { $round } is dealt, { $dealer } first.
replay-log-exchange = { $from } gives { $to }:
replay-log-give = { $from } gives { $to } (7-pass):
replay-log-round_end = Round { $round } over.

## replay.bj
replay-bj-shuffle = The shoe is shuffled: { $cards } cards to deal.
replay-bj-shuffle_mid = The discards are shuffled in: { $cards } cards to deal.
replay-bj-bet = Round { $round }: bet { $amount }.
replay-bj-deal = Dealt: { $cards } against the dealer's { $up }.
replay-bj-action = Hand { $hand }: { $action }.
replay-bj-insure = Insurance: { $amount }.
replay-bj-peek_natural = The dealer peeks: blackjack.
replay-bj-peek_none = The dealer peeks: no blackjack.
replay-bj-card_hand = Hand { $hand } takes { $card }.
replay-bj-card_dealer = The dealer takes { $card }.
replay-bj-reveal = The dealer turns over { $card }.
replay-bj-dealer = The dealer's hand: { $total }.
replay-bj-dealer_bust = The dealer busts with { $total }.
replay-bj-dealer_natural = The dealer has blackjack.
replay-bj-settle = Settled: net { $net }.
replay-bj-bankroll = Bankroll: { $amount }.
replay-bj-hand = Hand { $n }:
replay-bj-dealer_name = Dealer:
replay-bj-hole = (hole card)
replay-bj-bet_on = bet { $amount }
replay-bj-doubled = doubled
replay-bj-surrendered = surrendered
replay-bj-result = { $result } { $amount }

## replay.error
replay-error-empty = line { $line }: the file is empty, not a game record.
replay-error-not_a_record = line { $line }: not a cardroom game record (the first line must be its header).
replay-error-unknown_game = line { $line }: a record of "{ $game }", a game cardroom does not play.
replay-error-version = line { $line }: a record of format version { $version }, newer than this cardroom reads.
replay-error-malformed = line { $line }: not a record line: { $detail }
replay-error-illegal = line { $line }: the recorded action is not allowed here: { $reason }
replay-error-action_due = line { $line }: a "{ $found }" line where the player's action was due.
replay-error-mismatch = line { $line }: the record says { $found } but the game gives { $expected }.
replay-error-truncated = line { $line }: the record stops in the middle of a move.
replay-error-read = cannot read { $path }: { $error }
