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
