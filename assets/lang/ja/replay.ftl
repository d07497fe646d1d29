# リプレイ画面と `cardroom replay` の文字列。キーは en/replay.ftl と同じにすること。

## replay
replay-title = リプレイ
replay-position = { $n } / { $total }
replay-playing = 再生中
replay-line = { $line } 行目
replay-match = 試合 { $n } / { $total }
replay-round = ラウンド { $n } / { $total }
replay-table = テーブル { $n } / { $total }
replay-bj_round = ラウンド { $n }
replay-start = 記録の始めです。
replay-end = 記録の終わりです。
replay-incomplete = 記録はここで終わっています：ゲームは途中でやめられました。
replay-pile = 場：
replay-discarded = 捨て札：
replay-counter_clockwise = 9リバース ↺
replay-log = ログ
replay-out_of_play = （場外）
replay-left_holding = （残り札）
replay-seat_title = { $seat }（{ $title }）
replay-points = { $n }点

## replay.keys
replay-keys-back = 1 つ戻る
replay-keys-forward = 1 つ進む
replay-keys-round_back = 前のラウンド
replay-keys-round_forward = 次のラウンド
replay-keys-first = 最初へ
replay-keys-last = 最後へ
replay-keys-play = CPU の間合いで再生／一時停止
replay-keys-leave = リプレイを終える

## replay.log
replay-log-deal = ラウンド { $round } の配札（{ $dealer }から）。
replay-log-exchange = { $from }から{ $to }へ：
replay-log-give = { $from }から{ $to }へ（7渡し）：
replay-log-round_end = ラウンド { $round } 終了。

## replay.bj
replay-bj-shuffle = シューをシャッフル：残り { $cards } 枚。
replay-bj-shuffle_mid = 捨て札を混ぜてシャッフル：残り { $cards } 枚。
replay-bj-bet = ラウンド { $round }：ベット { $amount }。
replay-bj-deal = 配札：{ $cards }、ディーラーの表札は { $up }。
replay-bj-action = ハンド { $hand }：{ $action }。
replay-bj-insure = インシュランス：{ $amount }。
replay-bj-peek_natural = ディーラーがピーク：ブラックジャック。
replay-bj-peek_none = ディーラーがピーク：ブラックジャックなし。
replay-bj-card_hand = ハンド { $hand } に { $card }。
replay-bj-card_dealer = ディーラーに { $card }。
replay-bj-reveal = ディーラーが { $card } を表にします。
replay-bj-dealer = ディーラーの手：{ $total }。
replay-bj-dealer_bust = ディーラーは { $total } でバースト。
replay-bj-dealer_natural = ディーラーはブラックジャック。
replay-bj-settle = 精算：差し引き { $net }。
replay-bj-bankroll = チップ：{ $amount }。
replay-bj-hand = ハンド { $n }：
replay-bj-dealer_name = ディーラー：
replay-bj-hole = （伏せ札）
replay-bj-bet_on = ベット { $amount }
replay-bj-doubled = ダブル
replay-bj-surrendered = サレンダー
replay-bj-result = { $result } { $amount }

## replay.error
replay-error-empty = { $line } 行目：ファイルが空です。ゲームの記録ではありません。
replay-error-not_a_record = { $line } 行目：cardroom のゲーム記録ではありません（最初の行はヘッダーのはずです）。
replay-error-unknown_game = { $line } 行目：「{ $game }」の記録です。cardroom にないゲームです。
replay-error-version = { $line } 行目：形式バージョン { $version } の記録です。この cardroom では読めません。
replay-error-malformed = { $line } 行目：記録の行ではありません：{ $detail }
replay-error-illegal = { $line } 行目：記録された手はここでは認められません：{ $reason }
replay-error-action_due = { $line } 行目：プレイヤーの手が来るはずの所に「{ $found }」の行があります。
replay-error-mismatch = { $line } 行目：記録は { $found } ですが、ゲームでは { $expected } になります。
replay-error-truncated = { $line } 行目：記録が手の途中で終わっています。
replay-error-read = { $path } を読めません：{ $error }
