# English strings of the Daifugo CPU levels and `daifugo simulate`. Keys must match
# ja/daifugo_cpu.ftl.

## daifugo.simulate
daifugo-simulate-bad_level = unknown CPU level "{ $level }" in --levels: use easy, normal or hard, or hard@MS (its own think time, 10 to 10000 ms) or hard@Pp (P deals a decision)
daifugo-simulate-bad_seats = --levels names { $count ->
        [one] { $count } seat
       *[other] { $count } seats
    }; a table has 2 to 8
daifugo-simulate-no_games = --games must be at least 1
daifugo-simulate-refused = game { $game }: the engine refused a CPU action: { $reason }
daifugo-simulate-io = cannot write the record: { $detail }
daifugo-simulate-record_open = cannot create the record file { $path }: { $detail }
daifugo-simulate-progress = simulate: { $done }/{ $total } games, { $rate } games/s, about { $eta } s left
daifugo-simulate-heading = Daifugo simulation: { $games ->
        [one] { $games } game
       *[other] { $games } games
    } of { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }, { $players } players, seed { $seed }
daifugo-simulate-by_level = By level (points per round, first place per round, ± standard error):
daifugo-simulate-by_entry = By entry of --levels:
daifugo-simulate-line = {"  "}{ $level } ×{ $entries }  { $points } ± { $points_se } points   first { $first }% ± { $first_se }%
daifugo-simulate-speed = { $rate } games/s ({ $secs } s, { $threads ->
        [one] { $threads } thread
       *[other] { $threads } threads
    })
daifugo-simulate-hard_times = hard decisions: { $count }, median { $p50 } ms, 99th percentile { $p99 } ms, slowest { $max } ms
daifugo-simulate-hard_times_of = {"  "}{ $level }: { $count } decisions, median { $p50 } ms, 99th percentile { $p99 } ms, slowest { $max } ms
daifugo-simulate-searches = {"  "}{ $level }: { $count } searches, { $deepened } % with the deeper tree, { $loosened } % reading the others loosely, { $imitated } % replying and { $read_by_imitation } % reading by imitation
