# 大富豪のアドバイザーとカードトラッカー（ja）。キーは en/advisor.ftl と同じにすること。

## daifugo.advise（コマンド `cardroom daifugo advise`）
daifugo-advise-heading = 各手を出した後のラウンド得点の期待値（強いCPUの読み、{ $players }人：1位 = { $players }点、最下位 = 1点）：
daifugo-advise-best = 最善
daifugo-advise-bad_played = --played が不正です: { $reason }
daifugo-advise-players = --counts の他のプレイヤーは{ $given }人です。1〜{ $max }人にしてください
daifugo-advise-zero_count = --counts: { $index }番目の枚数が0です。上がったプレイヤーは外してください
daifugo-advise-too_many_cards = --counts の合計は{ $counted }枚ですが、手札・場・出た札のどれでもない札は{ $unseen }枚しかありません
daifugo-advise-played_twice = --played: { $card } は手札か場にもあります

## daifugo.ui.advisor（大富豪の画面のアドバイザー欄）
daifugo-keys-advisor = アドバイザー：各手の得点期待値
daifugo-ui-advisor-on = アドバイザー オン：各手の横にラウンド得点の期待値（強いCPUの読み）
daifugo-ui-advisor-off = アドバイザー オフ
daifugo-ui-advisor-thinking = アドバイザー思考中…
daifugo-ui-advisor-legend = 期待得点（1位={ $players }）・{ $deals }回
daifugo-ui-advisor-exact = 得点（1位={ $players }）・完全読み

## daifugo.tracker（大富豪の画面のカードトラッカー）
daifugo-keys-tracker = カードトラッカー：出た強い札と、ランクごとの見えていない枚数
daifugo-tracker-title = カードトラッカー（u で閉じる）
daifugo-tracker-rank = ランク
daifugo-tracker-unseen = 未確認
daifugo-tracker-played = 出た札
daifugo-tracker-none = なし

## daifugo.history（大富豪の記録欄の対戦履歴）
daifugo-keys-log_older = 記録：古い行へ
daifugo-keys-log_newer = 記録：新しい行へ
daifugo-history-round = ── 第{ $round }ラウンド ──
daifugo-history-round_over = ── 第{ $round }ラウンド終了 ──
daifugo-history-newer = ↓ 新しい行が{ $n }行（PgDn）
daifugo-history-foul_joker = { $seat }は反則上がりで{ $place }：ジョーカーで上がった
daifugo-history-foul_strongest = { $seat }は反則上がりで{ $place }：最強のランクで上がった
daifugo-history-foul_eight = { $seat }は反則上がりで{ $place }：8切りの8で上がった
daifugo-history-foul_spade3 = { $seat }は反則上がりで{ $place }：スペ3返しで上がった
daifugo-history-foul_other = { $seat }は反則上がりで{ $place }
daifugo-history-fell = { $seat }は都落ちで{ $place }：前の大富豪なのに{ $first }が先に上がった
daifugo-history-fell_unknown = { $seat }は都落ちで{ $place }：前の大富豪が1位で上がれなかった
daifugo-history-exchange_shown = 第{ $round }ラウンドの交換（ここで公開）：
daifugo-history-gift = 交換：{ $from }から{ $to }へ（最強の札）：
daifugo-history-give_back = 交換：{ $from }から{ $to }へ（返した札）：
