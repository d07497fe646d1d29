# Blackjack screen strings (ja).

## blackjack.action
blackjack-action-bet = ベット
blackjack-action-insure = インシュアランス
blackjack-action-even_money = イーブンマネー
blackjack-action-decline = しない
blackjack-action-hit = ヒット
blackjack-action-stand = スタンド
blackjack-action-double = ダブルダウン
blackjack-action-split = スプリット
blackjack-action-surrender = サレンダー
blackjack-action-next_round = 次のラウンド

## blackjack.phase
blackjack-phase-betting = ベット中
blackjack-phase-insurance = インシュアランスの確認中
blackjack-phase-early_surrender = アーリーサレンダーの確認中
blackjack-phase-player = プレイヤーの番
blackjack-phase-settled = ラウンド終了

## blackjack.error
blackjack-error-not_now = 今は{ $action }できません（{ $phase }）
blackjack-error-no_hand = 先にベットしてください。配られた手札がありません
blackjack-error-round_over = このラウンドは終わりました。次のラウンドを始めてください
blackjack-error-bet_limits = ベットは{ $min }〜{ $max }チップです（指定: { $bet }）
blackjack-error-bet_bankroll = { $bet }チップのベットには持ちチップ（{ $bankroll }）が足りません
blackjack-error-cannot_cover = { $action }にはあと{ $needed }チップ必要ですが、持ちチップは{ $bankroll }です
blackjack-error-hit_split_aces = スプリットしたエースには1枚ずつしか配られません
blackjack-error-double_after_hit = ダブルダウンできるのは最初の2枚のときだけです
blackjack-error-double_after_split = このテーブルではスプリット後のダブルダウンはできません
blackjack-error-double_split_aces = スプリットしたエースはダブルダウンできません
blackjack-error-double_off = このテーブルではダブルダウンできません
blackjack-error-double_total = ダブルダウンできるのは合計{ $rule }のときだけです（この手は{ $total }）
blackjack-error-split_cards = スプリットできるのは最初の2枚だけです（この手は{ $cards }枚）
blackjack-error-split_pair = スプリットできるのはペアだけです
blackjack-error-split_max = これ以上スプリットできません（最大{ $max }ハンド）
blackjack-error-resplit_aces = このテーブルではエースを再スプリットできません
blackjack-error-surrender_off = このテーブルではサレンダーできません
blackjack-error-surrender_split = スプリットした後はサレンダーできません
blackjack-error-surrender_hit = サレンダーできるのは最初の2枚のときだけです
blackjack-error-surrender_passed = アーリーサレンダーはピークの前に見送りました
blackjack-error-insurance_amount = インシュアランスは0より多く、ベットの半分（{ $max }）以下です（指定: { $amount }）
blackjack-error-insurance_natural = ブラックジャックのときはインシュアランスではなくイーブンマネーを選べます
blackjack-error-even_money_natural = イーブンマネーはブラックジャックのときだけです
blackjack-error-shoe_empty = シューのカードがなくなりました

## blackjack.simulate
blackjack-simulate-summary = 
    { $hands }ハンド（{ $threads }スレッド、シード{ $seed }）、ベーシックストラテジー、均一ベット
    1ハンドあたりの期待値: ベットの{ $ev }%、標準誤差{ $stderr }%
    速度: 毎秒{ $speed }ハンド
blackjack-simulate-progress = シミュレーション中: { $done } / { $total }ハンド（{ $percent }%）

# ブラックジャック画面。

## blackjack.ui
blackjack-ui-title = ブラックジャック
blackjack-ui-status = 第{ $round }ラウンド  |  { $bankroll }チップ
blackjack-ui-status_chips = { $bankroll }チップ
blackjack-ui-dealer = ディーラー
blackjack-ui-you = あなた
blackjack-ui-hand_n = ハンド{ $n }
blackjack-ui-bet_on_hand = 賭け { $bet }
blackjack-ui-doubled = ダブル
blackjack-ui-active = プレイ中
blackjack-ui-shows = 見えている合計 { $total }
blackjack-ui-soft_total = ソフト { $total }
blackjack-ui-hard_total = ハード { $total }
blackjack-ui-blackjack = ブラックジャック
blackjack-ui-bust = バスト（{ $total }）
blackjack-ui-surrendered = サレンダー済み
blackjack-ui-bankroll = 所持チップ { $amount }
blackjack-ui-bet = 賭け { $amount }
blackjack-ui-insurance = インシュアランス { $amount }
blackjack-ui-shoe = シュー: 残り { $left } / { $total } 枚
blackjack-ui-reshuffle_due = このラウンドの後にシャッフル
blackjack-ui-shuffled = シューをシャッフルしました。
blackjack-ui-shuffled_mid = シューが尽きたので、捨て札を混ぜて続けます。
blackjack-ui-peek_none = ディーラーがホールカードを確認: ブラックジャックではありません。
blackjack-ui-place_bet = 賭け金を決めてください
blackjack-ui-bet_amount = 賭け: { $amount } チップ
blackjack-ui-bet_help = ↑/↓ で { $step } ずつ変更  |  0〜9 で金額を入力  |  Enter で配る
blackjack-ui-bet_typed = 賭け: { $amount }_
blackjack-ui-limits = テーブル上限 { $min }〜{ $max }  |  所持 { $bankroll }
blackjack-ui-next_bet = 次の賭け: { $amount }（↑/↓ で { $step } ずつ）  |  Enter で配る
blackjack-ui-deal = 配る
blackjack-ui-round_net = このラウンド: { $amount }
blackjack-ui-insurance_offer = ディーラーのアップカードはエース。インシュアランスは { $amount } で、2倍が払われます。
blackjack-ui-insurance_unaffordable = ディーラーのアップカードはエース。インシュアランスに回すチップがありません。
blackjack-ui-even_money_offer = エース相手にブラックジャック。イーブンマネー（今すぐ1倍）を受けますか？
blackjack-ui-early_offer = アーリーサレンダー: ディーラーの確認前に賭けの半分を放棄しますか？
blackjack-ui-dealer_plays = ディーラーのプレイ中…（何かキーで早送り）
blackjack-ui-hint = ベーシックストラテジー: { $action }
blackjack-ui-hint_computing = ベーシックストラテジー: 計算中…
blackjack-ui-hint_insurance = ベーシックストラテジー: インシュアランスは取らない
blackjack-ui-hint_early = ベーシックストラテジー: { $action }
blackjack-ui-computing = EV: 計算中…
blackjack-ui-ev_label = EV（賭け金に対する%）
blackjack-ui-ev_unavailable = EV を計算できません: { $reason }
blackjack-ui-split_resplit = スプリットの期待値: ルールが許す限り再スプリット
blackjack-ui-split_no_resplit = スプリットの期待値: 1回だけ（再スプリットなし）
blackjack-ui-ev_run_out = —: シューが尽きるおそれ
blackjack-ui-coach_on = コーチ オン
blackjack-ui-coach_off = コーチ オフ
blackjack-ui-coach_ready = コーチ オン: 期待値を損した判断をその場で示します（c でオフ）
blackjack-ui-ev_conditional = EV はディーラーのブラックジャックなしの条件付き
blackjack-ui-game_over = ゲームオーバー: { $bankroll } チップでは最低賭け金 { $min } に足りません。
blackjack-ui-start_again = Enter で { $bankroll } チップからやり直し  |  Esc で戻る
blackjack-ui-stats_set_aside = 統計ファイルを読めなかったため { $path } に移しました。
blackjack-ui-stats_error = 統計を保存できません: { $error }
blackjack-ui-record_error = 記録を中止しました: { $error }

## blackjack.result
blackjack-result-blackjack = ブラックジャック { $amount }
blackjack-result-win = 勝ち { $amount }
blackjack-result-push = 引き分け
blackjack-result-tie_to_dealer = 同点でディーラーの勝ち { $amount }
blackjack-result-lose = 負け { $amount }
blackjack-result-surrender = サレンダー { $amount }
blackjack-result-even_money = イーブンマネー { $amount }
blackjack-result-insurance = インシュアランス { $amount }

## blackjack.keys
blackjack-keys-hit = ヒット
blackjack-keys-stand = スタンド
blackjack-keys-double = ダブル
blackjack-keys-split = スプリット
blackjack-keys-surrender = サレンダー
blackjack-keys-insurance = インシュアランス／イーブンマネー
blackjack-keys-decline = 申し出を断る
blackjack-keys-select = 選ぶ
blackjack-keys-confirm = 実行
blackjack-keys-bet_up = 賭け金を上げる
blackjack-keys-bet_down = 賭け金を下げる
blackjack-keys-bet_min = 最低賭け金
blackjack-keys-bet_max = 最高賭け金
blackjack-keys-deal = 配る
blackjack-keys-hint = ヒント
blackjack-keys-ev = EV
blackjack-keys-restart = やり直す
blackjack-keys-coach = コーチのオン・オフ
blackjack-keys-chart = 基本戦略表
blackjack-keys-type_bet = 賭け金を入力
blackjack-keys-erase = 入力した数字を1桁消す

## blackjack.coach
blackjack-coach-verdict = { $action }で { $cost } の損 — { $best }が最善
blackjack-coach-tally = コーチ: 判断 { $decisions } 回、ミス { $mistakes } 回、失った期待値 { $cost } チップ

## blackjack.chart
blackjack-chart-title = 基本戦略
blackjack-chart-computing = このルールの戦略表を計算中…
blackjack-chart-axes = 行: 最初の2枚の手札。列: ディーラーのアップカード。
blackjack-chart-hard = ハード
blackjack-chart-soft = ソフト
blackjack-chart-pairs = ペア
blackjack-chart-legend_h = ヒット
blackjack-chart-legend_s = スタンド
blackjack-chart-legend_d = ダブル（できなければヒット）
blackjack-chart-legend_ds = ダブル（できなければスタンド）
blackjack-chart-legend_p = スプリット
blackjack-chart-legend_r = サレンダー（できなければヒット）
blackjack-chart-legend_rs = サレンダー（できなければスタンド）
blackjack-chart-legend_rp = サレンダー（できなければスプリット）
blackjack-chart-decks = { $decks }デッキ
blackjack-chart-peek = ピークあり
blackjack-chart-enhc = ホールカードなし
blackjack-chart-hands = { $hands }ハンドまでスプリット
blackjack-chart-late_surrender = レイトサレンダー
blackjack-chart-early_surrender = アーリーサレンダー
