# Expected-value engine and analysis commands (en). Keys must match ja/ev.ftl.

## ev.error
ev-error-joker = Blackjack uses no jokers
ev-error-not_in_shoe = the shoe has no { $card } left (dealt already, or named twice)
ev-error-too_few_cards = a hand needs at least two cards, got { $cards }
ev-error-busted = the hand is busted ({ $total }); there is nothing left to decide
ev-error-no_hole_card = under peek the dealer's hole card is one of the unseen cards, and none is left: no such deal exists
ev-error-dealer_natural = every unseen card would give the dealer a natural: the dealer would have shown it, and the player never acts
ev-error-dealer_can_run_out = the dealer could run out of cards: so few are left that the outcome would depend on the discards
