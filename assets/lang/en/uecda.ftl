# English strings of `cardroom uecda serve` and `cardroom uecda connect`. Keys must match
# ja/uecda.ftl.

## uecda.serve
uecda-serve-bad_seats = --cpu and --human ask for { $count ->
        [one] { $count } seat
       *[other] { $count } seats
    }; a UECda table has 5
uecda-serve-no_games = --games must be at least 1
uecda-serve-bad_timeout = --move-timeout must be a number of seconds (0 = no limit), not "{ $value }"
uecda-serve-bind = cannot listen on { $addr }: { $error }
uecda-serve-record_open = cannot create the record file { $path }: { $detail }
uecda-serve-failed = the table stopped: { $error }
uecda-serve-listening = UECda table (protocol 20070) on { $addr }, waiting for { $count ->
        [one] { $count } program
       *[other] { $count } programs
    } to join
uecda-serve-joined = player { $player } joined: { $name } ({ $peer })
uecda-serve-refused_silent = turned away { $peer }: no profile within { $secs } s
uecda-serve-refused_protocol = turned away { $peer }: protocol { $protocol }, not 20070
uecda-serve-refused_closed = turned away { $peer }: it closed before sending a profile
uecda-serve-refused_io = turned away { $peer }: { $error }
uecda-serve-note_timeout = game { $game }, player { $player } ({ $name }): no move within the time limit; counted as a pass
uecda-serve-note_rejected = game { $game }, player { $player } ({ $name }): play refused ({ $reason }); counted as a pass
uecda-serve-note_shape = game { $game }, player { $player } ({ $name }): the cells make no play ({ $reason }); counted as a pass
uecda-serve-note_bad_table = game { $game }, player { $player } ({ $name }): unreadable table ({ $reason })
uecda-serve-note_bad_give_back = game { $game }, player { $player } ({ $name }): the cards to give back were not valid; their strongest cards were given
uecda-serve-note_garbage = game { $game }, player { $player } ({ $name }): { $bytes ->
        [one] { $bytes } byte
       *[other] { $bytes } bytes
    } sent out of turn, thrown away
uecda-serve-note_disconnected = game { $game }, player { $player } ({ $name }): connection lost; the seat passes from now on
uecda-serve-note_forced = game { $game }, player { $player } ({ $name }): a pass is not allowed here; { $action } was played for them
uecda-serve-progress = uecda serve: game { $done }/{ $total }, { $rate } games/s
uecda-serve-heading = UECda table: { $games } of { $planned ->
        [one] { $planned } game
       *[other] { $planned } games
    } in { $secs } s, seed { $seed }
uecda-serve-columns = player  name       seat      points ± SE      1st  2nd  3rd  4th  5th  refused  late  faults  move ms p50/p99/max
uecda-serve-disconnected = {"  "}(connection lost in game { $game })
uecda-serve-searches = {"  "}({ $count } searches, { $deepened } % with the deeper tree, { $loosened } % reading the others loosely, { $imitated } % replying and { $read_by_imitation } % reading by imitation)
uecda-serve-human_needs_tty = --human needs a terminal (stdin and stdout must be a TTY)
uecda-serve-gone_name = { $name } (disconnected)
uecda-serve-waiting = waiting for { $name }
uecda-serve-status = game { $game }/{ $games }

## uecda.ui (short notes for the status line of the person's table)
uecda-ui-late = { $name }: no move in time, a pass
uecda-ui-refused = { $name }: play refused, a pass
uecda-ui-no_play = { $name }: the cells make no play, a pass
uecda-ui-bad_table = { $name }: unreadable table
uecda-ui-bad_give_back = { $name }: invalid give-back, strongest cards given
uecda-ui-stray = { $name }: stray bytes dropped
uecda-ui-lost = { $name }: connection lost
uecda-ui-forced = { $name }: a play was made for them

## uecda.cells (why a submitted table makes no play)
uecda-cells-not_a_form = the cards make no single, group or sequence
uecda-cells-joker_row = a lone joker in row 4
uecda-cells-fifth_card = a joker in row 4 without four cards of its column
uecda-cells-joker_past_end = a joker past the end of the ranks (column 0 or 14) away from that end
uecda-cells-bad_value = value { $value } in cell [{ $row }][{ $col }] (only 0, 1, 2)
uecda-cells-no_such_card = a card (1) in cell [{ $row }][{ $col }], where no card exists
uecda-cells-two_jokers = more than one joker (2)

## uecda.connect
uecda-connect-connect_error = cannot reach { $addr }: { $error }
uecda-connect-lost = the connection ended before the server finished: { $error }
uecda-connect-progress = uecda connect: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
uecda-connect-summary = player { $player } ({ $name }, { $level }): { $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, { $mean } ± { $se } per game
uecda-connect-places = places 1st to 5th: { $places }
uecda-connect-rejected = plays the server refused: { $count }
uecda-connect-refused = game { $game }: the server refused our play { $play } (the pile as we saw it: { $pile }); it counts as a pass
