# Daifugo strings (en). Keys must match ja/daifugo.ftl, with the same placeholders.

## daifugo.title
daifugo-title-daifugo = Daifugo
daifugo-title-fugo = Fugo
daifugo-title-heimin = Heimin
daifugo-title-hinmin = Hinmin
daifugo-title-daihinmin = Daihinmin

## daifugo.form
daifugo-form-single = a single card
daifugo-form-pair = a pair
daifugo-form-triple = a triple
daifugo-form-group = a group of { $n }
daifugo-form-sequence = a sequence of { $n }

## daifugo.error
daifugo-error-empty_hand = seat { $seat } has no cards
daifugo-error-player_count = a table needs 2 to 8 players, not { $players }
daifugo-error-no_such_seat = there is no seat { $seat } at this table
daifugo-error-match_over = the match is over
daifugo-error-round_over = the round is over and the next one has not been dealt yet
daifugo-error-not_your_turn = it is not your turn (seat { $to_act } is to act, not seat { $seat })
daifugo-error-passed_already = you passed; wait until the pile clears
daifugo-error-finished = you have gone out this round
daifugo-error-exchange_first = the exchange comes first: choose the cards to give back
daifugo-error-not_exchanging = cards can be given back only during the exchange
daifugo-error-not_in_hand = you do not hold { $cards }
daifugo-error-give_back_count = give back exactly { $need ->
        [one] { $need } card
       *[other] { $need } cards
    }, not { $got }
daifugo-error-leader_must_play = the leader must play; there is nothing to pass on
daifugo-error-sequences_off = sequences are not played under these rules
daifugo-error-joker_past_end = a joker cannot stand below the 3 or above the 2 under these rules
daifugo-error-sequence_too_short = a sequence needs at least { $min } cards, not { $len }
daifugo-error-form_mismatch = { $form } needs to be answered by { $form }
daifugo-error-does_not_beat = { $play } does not beat { $pile }
daifugo-error-suit_locked = the suits are locked to { $suits }
daifugo-error-number_locked = the numbers are locked: only a { $rank } may follow
daifugo-error-number_locked_out = the numbers are locked and no rank follows this one: only jokers may be played
daifugo-error-forbidden_finish = going out with { $play } is a forbidden finish, which these rules do not allow
daifugo-error-give_up_to = first give up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to the next player (7-pass)
daifugo-error-give_exact = first give { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to the next player (7-pass)
daifugo-error-discard_up_to = first discard up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (10-discard)
daifugo-error-discard_exact = first discard { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (10-discard)
daifugo-error-name_ranks = first name up to { $count ->
        [one] { $count } rank
       *[other] { $count } ranks
    } for the Q-bomber
daifugo-error-nothing_owed = there is nothing to give, discard or name now
daifugo-error-card_count_up_to = at most { $max ->
        [one] { $max } card
       *[other] { $max } cards
    }, not { $got }
daifugo-error-card_count_exact = exactly { $max ->
        [one] { $max } card
       *[other] { $max } cards
    }, not { $got }
daifugo-error-not_eligible = { $cards } may not be discarded: only cards weaker than a 10
daifugo-error-too_many_ranks = name at most { $max ->
        [one] { $max } rank
       *[other] { $max } ranks
    }, not { $got }

## daifugo.parse
daifugo-parse-bad_card = unknown card '{ $token }': write a rank (A 2-9 T J Q K, or 10) then a suit (S H D C), e.g. TD, or JK for a joker
daifugo-parse-empty = no cards given
daifugo-parse-duplicate = { $card } is given twice
daifugo-parse-too_many_jokers = there are at most 2 jokers
daifugo-parse-bad_stand_in = '{ $token }': only a joker can stand for a card, written like JK=8S
daifugo-parse-not_a_form = these cards make no single, group or sequence
daifugo-parse-joker_needs_card = say which card the joker stands for in the sequence, e.g. JK=8S

## daifugo.record
daifugo-record-malformed = record line { $line }: { $detail }
daifugo-record-no_header = record line { $line }: a record starts with a Daifugo header line
daifugo-record-illegal = record line { $line }: the rules refuse this action: { $reason }
daifugo-record-mismatch = record line { $line }: the engine did { $expected }, the record says { $found }
daifugo-record-truncated = record line { $line }: the record stops before the match ends

## daifugo.legal
daifugo-legal-heading = Legal plays ({ $count }):
daifugo-legal-pass = pass
daifugo-legal-no_pass = (the leader may not pass)
daifugo-legal-none = no legal play
daifugo-legal-bad_hand = bad --hand: { $reason }
daifugo-legal-bad_pile = bad --pile: { $reason }
daifugo-legal-bad_lock = bad --lock: '{ $char }' is not a suit (use S H D C)
daifugo-legal-needs_pile = { $flag } needs --pile: it is about the play on the pile, and without one you are leading
daifugo-legal-hand_duplicate = bad --hand: { $card } is given twice
daifugo-legal-in_both = { $cards } cannot be both in the hand and on the pile
daifugo-legal-impossible_pile = impossible --pile { $pile }: { $reason }
daifugo-legal-lock_mismatch = impossible --lock { $suits }: the pile { $pile } does not have those suits
daifugo-legal-too_many_jokers = { $count ->
        [one] { $count } joker
       *[other] { $count } jokers
    } given, but the rules play with { $allowed }
daifugo-legal-bad_pending = bad --pending '{ $text }': write give:N, discard:N or bomb:N with N from 1 to 6
daifugo-legal-choices_heading = { $what } — { $count ->
        [one] { $count } choice
       *[other] { $count } choices
    }:
daifugo-legal-nothing = (nothing)

# The Daifugo screen.

## daifugo.ui
daifugo-ui-you = You
daifugo-ui-cpu = CPU { $n }
daifugo-ui-status = Round { $round }/{ $rounds }
daifugo-ui-place_1 = 1st
daifugo-ui-place_2 = 2nd
daifugo-ui-place_3 = 3rd
daifugo-ui-place_4 = 4th
daifugo-ui-place_5 = 5th
daifugo-ui-place_6 = 6th
daifugo-ui-place_7 = 7th
daifugo-ui-place_8 = 8th
daifugo-ui-cards = { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
daifugo-ui-points = { $n ->
        [one] { $n } pt
       *[other] { $n } pts
    }
daifugo-ui-passed = passed
daifugo-ui-to_play = to play
daifugo-ui-out = out { $place }
daifugo-ui-pile = Pile
daifugo-ui-pile_empty = (empty)
daifugo-ui-pile_by = { $seat } played { $form }:
daifugo-ui-log_title = Log
daifugo-ui-plays = Your plays ({ $shown }/{ $total })
daifugo-ui-plays_none = Your plays
daifugo-ui-pass = Pass
daifugo-ui-waiting = Waiting for { $seat }...
daifugo-ui-you_are_out = You are out ({ $place }). The others play on.
daifugo-ui-list_more = ... { $n } more
daifugo-ui-hand = Your hand
daifugo-ui-hand_info = {" "}· { $title } · { $cards } · { $points }
daifugo-ui-hand_info_untitled = {" "}· { $cards } · { $points }
daifugo-ui-marked = marked: { $cards }
daifugo-ui-revolution = REVOLUTION
daifugo-ui-jack_back = JACK-BACK
daifugo-ui-lock = LOCK { $suits }
daifugo-ui-number_lock = NUMBER LOCK
daifugo-ui-normal_order = normal order: 3 lowest, 2 highest
daifugo-ui-turn_you = ▶ Your turn
daifugo-ui-turn_seat = ▶ { $seat } to play
daifugo-ui-received = received { $cards }
daifugo-ui-gave = gave { $cards }
daifugo-ui-head_single = Singles
daifugo-ui-head_pair = Pairs
daifugo-ui-head_triple = Triples
daifugo-ui-head_group = Groups of { $n }
daifugo-ui-head_sequence = Sequences
daifugo-ui-tag-revolution = revolution
daifugo-ui-tag-counter_revolution = counter-revolution
daifugo-ui-tag-forbidden_finish = forbidden finish

## daifugo.ui.hint
daifugo-ui-hint-lead = Your lead: play anything. ↑/↓ choose, Enter plays.
daifugo-ui-hint-follow = Beat { $pile } ({ $form }) from { $seat }, or pass (p).
daifugo-ui-hint-lock = Locked: { $suits } only.
daifugo-ui-hint-number_lock = Number lock: { $rank } only.
daifugo-ui-hint-only_pass = You cannot beat { $pile }: { $reason }. Press p to pass.
daifugo-ui-hint-no_form = nothing you hold makes { $form } that beats it
daifugo-ui-hint-thinking = { $seat } is thinking...
daifugo-ui-hint-cpu_turn = { $seat } to play... (any key skips ahead)
daifugo-ui-hint-out = You are out in { $place }. The others play on (any key skips ahead).
daifugo-ui-hint-marked_none = No legal play holds the marked cards: { $reason }.
daifugo-ui-hint-not_a_form = the marked cards make no single, group or sequence
daifugo-ui-hint-no_rank = No play with a { $rank }.
daifugo-ui-hint-give_back = You are { $title }: { $seat } gave you { $cards }. Mark { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to give back (x), then Enter.
daifugo-ui-hint-give_back_count = Mark exactly { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to give back ({ $marked } marked).
daifugo-ui-hint-exchange_wait = { $seat } is choosing cards to give back...
daifugo-ui-hint-round_over = Round { $round } is over.
daifugo-ui-hint-stats_set_aside = The statistics file was unreadable; it was set aside as { $path }.
daifugo-ui-hint-stats_error = Could not save statistics: { $error }
daifugo-ui-hint-record_error = Could not write the record: { $error }

## daifugo.ui.log
daifugo-ui-log-exchange = { $from } gave { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to { $to }
daifugo-ui-log-exchange_to_you = { $from } gave you { $cards }
daifugo-ui-log-exchange_you = You gave { $cards } to { $to }
daifugo-ui-log-lead = { $seat } leads
daifugo-ui-log-pass = { $seat } passes
daifugo-ui-log-revolution = Revolution! The order is reversed.
daifugo-ui-log-counter_revolution = Counter-revolution: normal order again.
daifugo-ui-log-lock = Lock: { $suits }
daifugo-ui-log-number_lock = Number lock!
daifugo-ui-log-jack_back = Jack-back: reversed until the pile clears.
daifugo-ui-log-unlock = The lone joker ends the lock.
daifugo-ui-log-skip = { $seat } is skipped (5-skip)
daifugo-ui-log-skip_you = You are skipped (5-skip)
daifugo-ui-log-give = { $from } gives { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to { $to } (7-pass)
daifugo-ui-log-give_none = { $from } gives { $to } nothing (7-pass)
daifugo-ui-log-give_none_you = You give { $to } nothing (7-pass)
daifugo-ui-log-give_to_you = { $from } gives you { $cards } (7-pass)
daifugo-ui-log-give_you = You give { $cards } to { $to } (7-pass)
daifugo-ui-log-discard_none = { $seat } discards nothing (10-discard)
daifugo-ui-log-discard_none_you = You discard nothing (10-discard)
daifugo-ui-log-discard = { $seat } discards { $cards } (10-discard)
daifugo-ui-log-discard_you = You discard { $cards } (10-discard)
daifugo-ui-log-bombed = { $seat } loses { $cards }
daifugo-ui-log-bombed_you = You lose { $cards }
daifugo-ui-log-reverse_cw = 9-reverse! Play now goes clockwise ↻.
daifugo-ui-log-reverse_ccw = 9-reverse! Play now goes counter-clockwise ↺.
daifugo-ui-log-bomb = { $seat } bombs { $ranks } (Q-bomber): everyone throws those away
daifugo-ui-log-bomb_you = You bomb { $ranks } (Q-bomber): everyone throws those away
daifugo-ui-log-bomb_none = { $seat } names no rank (Q-bomber)
daifugo-ui-log-bomb_none_you = You name no rank (Q-bomber)
daifugo-ui-log-gekokujo = Gekokujo! { $seat }, the daihinmin, finished first: the titles turn over next round.
daifugo-ui-log-gekokujo_you = Gekokujo! You, the daihinmin, finished first: the titles turn over next round.
daifugo-ui-log-ambulance = Ambulance (a pair of 9s)! Pile cleared; { $seat } leads
daifugo-ui-log-ambulance_you = Ambulance (a pair of 9s)! Pile cleared; you lead
daifugo-ui-log-sandstorm = Sandstorm (three 3s)! Pile cleared; { $seat } leads
daifugo-ui-log-sandstorm_you = Sandstorm (three 3s)! Pile cleared; you lead
daifugo-ui-log-stalemate = Stalemate: too many passes in a row. The places left are drawn at random.
daifugo-ui-log-drawn = { $seat } is placed by the draw: { $place }
daifugo-ui-log-drawn_you = You are placed by the draw: { $place }
daifugo-ui-log-finish = { $seat } is out: { $place }
daifugo-ui-log-foul = { $seat } is out with a forbidden finish: { $place }
daifugo-ui-log-miyako_ochi = { $seat } falls (miyako-ochi): { $place }
daifugo-ui-log-clear = Pile cleared; { $seat } leads
daifugo-ui-log-eight_cut = 8-cut! Pile cleared; { $seat } leads
daifugo-ui-log-spade3 = Spade-3 return! Pile cleared; { $seat } leads

daifugo-ui-log-lead_you = You lead
daifugo-ui-log-pass_you = You pass
daifugo-ui-log-finish_you = You are out: { $place }
daifugo-ui-log-last = { $seat } is left holding cards: { $place }
daifugo-ui-log-last_you = You are left holding cards: { $place }
daifugo-ui-log-foul_you = You are out with a forbidden finish: { $place }
daifugo-ui-log-miyako_ochi_you = You fall (miyako-ochi): { $place }
daifugo-ui-log-clear_you = Pile cleared; you lead
daifugo-ui-log-eight_cut_you = 8-cut! Pile cleared; you lead
daifugo-ui-log-spade3_you = Spade-3 return! Pile cleared; you lead

## daifugo.ui.results
daifugo-ui-results-round_title = Round { $round } of { $rounds }: results
daifugo-ui-results-match_title = Match result
daifugo-ui-results-place = Place
daifugo-ui-results-player = Player
daifugo-ui-results-title = Title
daifugo-ui-results-points = Points
daifugo-ui-results-total = Total
daifugo-ui-results-fell = { $title } (fell: miyako-ochi)
daifugo-ui-results-foul = { $title } (foul: forbidden finish)
daifugo-ui-results-rank = Rank
daifugo-ui-results-next_round = Enter: next round
daifugo-ui-results-last_round = Enter: match result
daifugo-ui-results-again = Enter: play again   Esc: back to the menu
daifugo-ui-results-close_table = Enter or Esc: close the table and show the run's results
daifugo-ui-results-you_won = You won the match!
daifugo-ui-results-you_placed = You placed { $place }.
daifugo-ui-results-rounds = Places by round

## daifugo.ui.leave
daifugo-ui-leave-title = Leave the game?
daifugo-ui-leave-question = The match in progress will be lost.

## daifugo.keys
daifugo-keys-play = Play
daifugo-keys-pass = Pass
daifugo-keys-mark = Mark a card
daifugo-keys-clear_marks = Clear the marks
daifugo-keys-hand_left = Hand cursor left
daifugo-keys-hand_right = Hand cursor right
daifugo-keys-rank = Jump to a rank (J Q K with Shift)
daifugo-keys-give = Give back the marked cards
daifugo-keys-skip = Skip ahead
daifugo-keys-next = Continue
daifugo-keys-again = Play again
daifugo-keys-close_table = Close the table
daifugo-keys-menu = Back to the menu
daifugo-keys-leave = Leave the game

## daifugo.tag
daifugo-tag-out = goes out
daifugo-tag-foul = forbidden finish (placed last)
daifugo-tag-revolution = revolution
daifugo-tag-jack_back = jack-back
daifugo-tag-reverse_cw = 9-reverse: clockwise
daifugo-tag-reverse_ccw = 9-reverse: counter-clockwise
daifugo-tag-give_up_to = 7-pass: give up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
daifugo-tag-give_exact = 7-pass: give { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
daifugo-tag-discard_up_to = 10-discard: up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
daifugo-tag-discard_exact = 10-discard: { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }
daifugo-tag-bomb = Q-bomber: name up to { $count ->
        [one] { $count } rank
       *[other] { $count } ranks
    }
daifugo-tag-eight_cut = 8-cut
daifugo-tag-spade3 = spade-3 return
daifugo-tag-ambulance = ambulance (cut)
daifugo-tag-sandstorm = sandstorm (cut)
daifugo-tag-cut = clears the pile
daifugo-tag-skip = 5-skip: { $count ->
        [one] skips { $count } player
       *[other] skips { $count } players
    }

## daifugo.choice
daifugo-choice-give_up_to = Give up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to the next player (7-pass)
daifugo-choice-give_exact = Give { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to the next player (7-pass)
daifugo-choice-discard_up_to = Discard up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (10-discard)
daifugo-choice-discard_exact = Discard { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } (10-discard)
daifugo-choice-bomb = Name up to { $count ->
        [one] { $count } rank
       *[other] { $count } ranks
    } for the Q-bomber

## The human's choices after a play (house rules, rules/daifugo.md §3b)
daifugo-keys-hand_over = Hand over the marked cards
daifugo-keys-bomb = Bomb the marked ranks
daifugo-keys-mark_rank = Mark a rank
daifugo-ui-clockwise = ↻ clockwise
daifugo-ui-counterclockwise = ↺ counter-clockwise
daifugo-ui-choice-give_title = 7-pass
daifugo-ui-choice-discard_title = 10-discard
daifugo-ui-choice-bomb_title = Q-bomber
daifugo-ui-choice-give_up_to = Your 7s let you give up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to { $seat }. Nothing marked gives nothing.
daifugo-ui-choice-give_exact = Your 7s make you give exactly { $count ->
        [one] { $count } card
       *[other] { $count } cards
    } to { $seat }.
daifugo-ui-choice-discard_up_to = Your 10s let you throw away up to { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, face up. Nothing marked keeps them all.
daifugo-ui-choice-discard_exact = Your 10s make you throw away exactly { $count ->
        [one] { $count } card
       *[other] { $count } cards
    }, face up.
daifugo-ui-choice-eligible = Allowed: { $cards }
daifugo-ui-choice-bomb = Your queens let you name up to { $count ->
        [one] { $count } rank
       *[other] { $count } ranks
    }: every player throws away all their cards of those ranks, you too.
daifugo-ui-choice-you_hold = you hold { $count }
daifugo-ui-hint-choice_cards = Mark cards with x (← → to move), then Enter.
daifugo-ui-hint-choice_bomb = Mark ranks with x or the rank's key (↑ ↓ to move), then Enter.
