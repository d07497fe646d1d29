# 成績画面の文字列。キーは en/stats.ftl と同じにすること。

## stats
stats-title = 成績
stats-no_file = 成績ファイルの場所が分からない（ホームフォルダーがない）ため、表示できません。
stats-set_aside = 成績ファイルを読めなかったため、{ $path } として退避しました。
stats-rules = ルールセット：{ $rules }
stats-all_rules_note = （全ルールセット）
stats-rules_all = すべて
stats-nothing_yet = まだありません。ゲームを終えるとここに表示されます。
stats-reset_title = 成績のリセット
stats-reset_question = { $game }の成績をすべて消しますか？元に戻せません。
stats-reset_yes = リセットする
stats-reset_no = 残す
stats-reset_done = リセットしました。成績はゼロから数え直します。
stats-reset_failed = リセットできません：{ $error }

## stats.df
stats-df-summary = { $matches } 試合（{ $won } 勝）、{ $rounds } ラウンド、{ $points } 点
stats-df-events = 革命 { $revolutions } 回（あなた { $yours } 回）、反則上がり { $fouls } 回、都落ち { $falls } 回
stats-df-points_none = 試合ごとの得点
stats-df-places = 順位
stats-df-titles = 身分
stats-df-points = 試合ごとの得点（直近 { $n } 試合）

## stats.bj
stats-bj-summary = { $rounds } ラウンド、{ $hands } ハンド、ブラックジャック { $naturals } 回、差し引き { $net } チップ
stats-bj-net_line_none = ラウンドごとの差し引き（チップ）
stats-bj-coach_none = コーチ: まだ判断の記録がありません（coach = true、またはテーブルで c）。
stats-bj-results = ハンドの結果
stats-bj-won = 勝ち
stats-bj-pushed = 引き分け
stats-bj-lost = 負け
stats-bj-net_line = 直近 { $n } ラウンドの差し引き（チップ）

## stats.keys
stats-keys-switch = もう一方のゲーム
stats-keys-rules = 次のルールセット（大富豪）
stats-keys-reset = このゲームの成績をリセット
