# The Daifugo advisor and card tracker (en), issue 14 items 4 and 5. Keys must match ja/advisor.ftl.

## daifugo.advise (the command `cardroom daifugo advise`)
daifugo-advise-heading = Expected round points after each action, by the hard CPU ({ $players } players: { $players } = first place, 1 = last):
daifugo-advise-best = best
daifugo-advise-bad_played = bad --played: { $reason }
daifugo-advise-players = --counts gives { $given ->
        [one] { $given } other player
       *[other] { $given } other players
    }; give 1 to { $max }
daifugo-advise-zero_count = --counts: count { $index } is 0; leave out players who have finished
daifugo-advise-too_many_cards = --counts adds up to { $counted ->
        [one] { $counted } card
       *[other] { $counted } cards
    }, but only { $unseen } are neither in the hand, on the pile nor played
daifugo-advise-played_twice = --played: { $card } is also in the hand or on the pile

## daifugo.ui.advisor (the advisor column of the Daifugo screen)
daifugo-keys-advisor = advisor: expected points beside each play
daifugo-ui-advisor-on = Advisor on: the hard CPU's estimate of your round points beside each play
daifugo-ui-advisor-off = Advisor off
daifugo-ui-advisor-thinking = advisor thinking…
daifugo-ui-advisor-legend = pts ({ $players }=1st) · { $deals ->
        [one] { $deals } deal
       *[other] { $deals } deals
    }
daifugo-ui-advisor-exact = pts ({ $players }=1st), solved exactly

## daifugo.tracker (the card tracker of the Daifugo screen)
daifugo-keys-tracker = card tracker: strong cards played, unseen cards by rank
daifugo-tracker-title = Card tracker (u closes)
daifugo-tracker-rank = Rank
daifugo-tracker-unseen = Unseen
daifugo-tracker-played = Played
daifugo-tracker-none = none

## daifugo.history (the match history in the Daifugo log)
daifugo-keys-log_older = log: older lines
daifugo-keys-log_newer = log: newer lines
daifugo-history-round = ── Round { $round } ──
daifugo-history-round_over = ── Round { $round } over ──
daifugo-history-newer = ↓ { $n ->
        [one] { $n } newer line
       *[other] { $n } newer lines
    } (PgDn)
daifugo-history-foul_joker = { $seat } fouled, { $place }: went out on a joker
daifugo-history-foul_strongest = { $seat } fouled, { $place }: went out on the strongest rank
daifugo-history-foul_eight = { $seat } fouled, { $place }: went out on an 8 that cuts
daifugo-history-foul_spade3 = { $seat } fouled, { $place }: went out on the 3♠ return
daifugo-history-foul_other = { $seat } fouled, { $place }: a forbidden finish
daifugo-history-fell = { $seat } fell by miyako-ochi, { $place }: the reigning Daifugo, and { $first } went out first
daifugo-history-fell_unknown = { $seat } fell by miyako-ochi, { $place }: the reigning Daifugo did not go out first
daifugo-history-exchange_shown = Round { $round }'s exchange, now shown:
daifugo-history-gift = Exchange: { $from } gave { $to } their best:
daifugo-history-give_back = Exchange: { $from } gave { $to } back:
