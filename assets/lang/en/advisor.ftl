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
