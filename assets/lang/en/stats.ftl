# English strings of the statistics screen. Keys must match ja/stats.ftl.

## stats
stats-title = Statistics
stats-no_file = No statistics file is known (no home folder), so there is nothing to show.
stats-set_aside = The statistics file could not be read; it was set aside as { $path }.
stats-rules = Rule set: { $rules }
stats-all_rules_note = (all rule sets)
stats-rules_all = all
stats-nothing_yet = Nothing yet: finish a game and it shows here.
stats-reset_title = Reset statistics
stats-reset_question = Forget every { $game } statistic? This cannot be undone.
stats-reset_yes = Reset
stats-reset_no = Keep them
stats-reset_done = Reset: the statistics start again from nothing.
stats-reset_failed = Not reset: { $error }

## stats.df
stats-df-summary = { $matches ->
    [one] 1 match
   *[other] { $matches } matches
}, { $won } won; { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}; { $points ->
    [one] 1 point
   *[other] { $points } points
}
stats-df-events = Revolutions { $revolutions } ({ $yours } yours); forbidden finishes { $fouls }; miyako-ochi falls { $falls }
stats-df-points_none = Points per match
stats-df-places = Places
stats-df-titles = Titles
stats-df-points = { $n ->
    [one] Points in the last match
   *[other] Points per match, last { $n }
}

## stats.bj
stats-bj-summary = { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}; { $hands ->
    [one] 1 hand
   *[other] { $hands } hands
}; { $naturals ->
    [one] 1 blackjack
   *[other] { $naturals } blackjacks
}; net { $net } chips
stats-bj-net_line_none = Net over the rounds (chips)
stats-bj-coach_none = Coach: no decisions judged yet (coach = true, or c at the table).
stats-bj-results = Hands
stats-bj-won = Won
stats-bj-pushed = Pushed
stats-bj-lost = Lost
stats-bj-net_line = { $n ->
    [one] Net over the last round (chips)
   *[other] Net over the last { $n } rounds (chips)
}

## stats.keys
stats-keys-switch = The other game
stats-keys-rules = Next rule set (Daifugo)
stats-keys-reset = Reset this game's statistics
