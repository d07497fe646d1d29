# 大富豪の CPU レベルと `daifugo simulate` の日本語文字列。キーは en/daifugo_cpu.ftl と同じ。

## daifugo.simulate
daifugo-simulate-bad_level = --levels の CPU レベル「{ $level }」は使えません: easy, normal, hard のどれか、または hard@MS（その席の思考時間 10〜10000 ms）か hard@Pp（1 手に P 回の配り）です
daifugo-simulate-bad_seats = --levels の席数が { $count } です。2〜8 席にしてください
daifugo-simulate-no_games = --games は 1 以上にしてください
daifugo-simulate-refused = 第 { $game } ゲーム: CPU の手がルールで拒否されました: { $reason }
daifugo-simulate-io = 記録を書き込めません: { $detail }
daifugo-simulate-record_open = 記録ファイル { $path } を作れません: { $detail }
daifugo-simulate-progress = simulate: { $done }/{ $total } ゲーム, 毎秒 { $rate } ゲーム, 残り約 { $eta } 秒
daifugo-simulate-heading = 大富豪シミュレーション: { $games } ゲーム（各 { $rounds } ラウンド）, { $players } 人, シード { $seed }
daifugo-simulate-by_level = レベル別（1 ラウンドあたりの得点と 1 位率, ± 標準誤差）:
daifugo-simulate-by_entry = --levels の各席:
daifugo-simulate-line = {"  "}{ $level } ×{ $entries }  { $points } ± { $points_se } 点   1 位 { $first }% ± { $first_se }%
daifugo-simulate-speed = 毎秒 { $rate } ゲーム（{ $secs } 秒, { $threads } スレッド）
daifugo-simulate-hard_times = hard の判断: { $count } 回, 中央値 { $p50 } ms, 99 パーセンタイル { $p99 } ms, 最長 { $max } ms
daifugo-simulate-hard_times_of = {"  "}{ $level }: { $count } 回, 中央値 { $p50 } ms, 99 パーセンタイル { $p99 } ms, 最長 { $max } ms
daifugo-simulate-searches = {"  "}{ $level }: 探索 { $count } 回（深い探索木 { $deepened } %、相手の手を緩く読む { $loosened } %、模倣で応手 { $imitated } %、模倣で相手の手を読む { $read_by_imitation } %）
