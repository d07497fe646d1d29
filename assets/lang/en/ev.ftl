# Expected-value engine and analysis commands (en). Keys must match ja/ev.ftl.

## ev.error
ev-error-joker = Blackjack uses no jokers
ev-error-not_in_shoe = the shoe has no { $card } left (dealt already, or named twice)
ev-error-too_few_cards = a hand needs at least two cards, got { $cards }
ev-error-busted = the hand is busted ({ $total }); there is nothing left to decide
ev-error-shoe_too_small = only { $left ->
        [one] { $left } card
       *[other] { $left } cards
    } left in the shoe; this hand needs { $needed } available
