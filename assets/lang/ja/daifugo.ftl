# 大富豪の文言 (ja)。キーとプレースホルダーは en/daifugo.ftl と同じにすること。

## daifugo.title
daifugo-title-daifugo = 大富豪
daifugo-title-fugo = 富豪
daifugo-title-heimin = 平民
daifugo-title-hinmin = 貧民
daifugo-title-daihinmin = 大貧民

## daifugo.form
daifugo-form-single = 1枚出し
daifugo-form-pair = ペア
daifugo-form-triple = 3枚組
daifugo-form-group = { $n }枚組
daifugo-form-sequence = { $n }枚の階段

## daifugo.error
daifugo-error-empty_hand = 席{ $seat }にカードがありません
daifugo-error-player_count = プレイヤーは2〜8人です（{ $players }人は不可）
daifugo-error-no_such_seat = この卓に席{ $seat }はありません
daifugo-error-match_over = 対戦は終わりました
daifugo-error-round_over = このラウンドは終わり、次のラウンドはまだ配られていません
daifugo-error-not_your_turn = あなたの番ではありません（席{ $to_act }の番です。席{ $seat }ではありません）
daifugo-error-passed_already = パスしたので、場が流れるまで待ってください
daifugo-error-finished = このラウンドはもう上がっています
daifugo-error-exchange_first = 先にカード交換です。返すカードを選んでください
daifugo-error-not_exchanging = カードを返せるのは交換のときだけです
daifugo-error-not_in_hand = { $cards } を持っていません
daifugo-error-give_back_count = 返すカードはちょうど{ $need }枚です（{ $got }枚ではありません）
daifugo-error-leader_must_play = 親は出さなければなりません。パスはできません
daifugo-error-sequences_off = このルールでは階段は出せません
daifugo-error-joker_past_end = このルールではジョーカーを 3 の下や 2 の上に置けません
daifugo-error-sequence_too_short = 階段は{ $min }枚以上です（{ $len }枚では出せません）
daifugo-error-form_mismatch = { $form }には{ $form }で応じてください
daifugo-error-does_not_beat = { $play } は { $pile } より強くありません
daifugo-error-suit_locked = { $suits } に縛られています
daifugo-error-number_locked = 数字縛りです。{ $rank } しか出せません
daifugo-error-number_locked_out = 数字縛りです。この上の数字はないので、ジョーカーしか出せません
daifugo-error-forbidden_finish = { $play } で上がるのは反則上がりで、このルールでは出せません
daifugo-error-give_up_to = 先に次の人へ{ $count }枚まで渡してください（7渡し）
daifugo-error-give_exact = 先に次の人へ{ $count }枚渡してください（7渡し）
daifugo-error-discard_up_to = 先に{ $count }枚まで捨ててください（10捨て）
daifugo-error-discard_exact = 先に{ $count }枚捨ててください（10捨て）
daifugo-error-name_ranks = 先に12ボンバーの数字を{ $count }つまで選んでください
daifugo-error-nothing_owed = 今は渡す・捨てる・数字を選ぶ番ではありません
daifugo-error-card_count_up_to = { $max }枚までです（{ $got }枚ではありません）
daifugo-error-card_count_exact = ちょうど{ $max }枚です（{ $got }枚ではありません）
daifugo-error-not_eligible = { $cards } は捨てられません。捨てられるのは 10 より弱いカードだけです
daifugo-error-too_many_ranks = 数字は{ $max }つまでです（{ $got }つではありません）

## daifugo.parse
daifugo-parse-bad_card = '{ $token }' は不明なカードです。ランク（A 2-9 T J Q K、または 10）とスート（S H D C）で書いてください（例: TD、ジョーカーは JK）
daifugo-parse-empty = カードがありません
daifugo-parse-duplicate = { $card } が2回あります
daifugo-parse-too_many_jokers = ジョーカーは2枚までです
daifugo-parse-bad_stand_in = '{ $token }': 代わりのカードを指定できるのはジョーカーだけです（例: JK=8S）
daifugo-parse-not_a_form = このカードでは1枚出し・組・階段のどれにもなりません
daifugo-parse-joker_needs_card = 階段のジョーカーが何の代わりかを書いてください（例: JK=8S）

## daifugo.record
daifugo-record-malformed = 記録の{ $line }行目: { $detail }
daifugo-record-no_header = 記録の{ $line }行目: 記録は大富豪のヘッダー行で始まります
daifugo-record-illegal = 記録の{ $line }行目: ルール上できない手です: { $reason }
daifugo-record-mismatch = 記録の{ $line }行目: エンジンは { $expected }、記録は { $found }
daifugo-record-truncated = 記録の{ $line }行目: 対戦の途中で記録が終わっています

## daifugo.legal
daifugo-legal-heading = 出せる手（{ $count }通り）:
daifugo-legal-pass = パス
daifugo-legal-no_pass = （親はパスできません）
daifugo-legal-none = 出せる手はありません
daifugo-legal-bad_hand = --hand が不正です: { $reason }
daifugo-legal-bad_pile = --pile が不正です: { $reason }
daifugo-legal-bad_lock = --lock が不正です: '{ $char }' はスートではありません（S H D C）
daifugo-legal-needs_pile = { $flag } には --pile が必要です：場に出ている札についての指定で、親（場が空のとき）には意味がありません
daifugo-legal-hand_duplicate = --hand が不正です: { $card } が2回あります
daifugo-legal-in_both = { $cards } が手札と場の両方にあります
daifugo-legal-impossible_pile = ありえない --pile { $pile }: { $reason }
daifugo-legal-lock_mismatch = ありえない --lock { $suits }: 場の { $pile } にそのスートがありません
daifugo-legal-too_many_jokers = ジョーカーが{ $count }枚ありますが、このルールでは{ $allowed }枚です
daifugo-legal-bad_pending = --pending '{ $text }' が不正です: give:N、discard:N、bomb:N（N は 1〜6）の形で書いてください
daifugo-legal-choices_heading = { $what }（{ $count }通り）:
daifugo-legal-nothing = （なし）

# 大富豪の画面。

## daifugo.ui
daifugo-ui-you = あなた
daifugo-ui-cpu = CPU { $n }
daifugo-ui-status = 第{ $round }/{ $rounds }ラウンド
daifugo-ui-place_1 = 1位
daifugo-ui-place_2 = 2位
daifugo-ui-place_3 = 3位
daifugo-ui-place_4 = 4位
daifugo-ui-place_5 = 5位
daifugo-ui-place_6 = 6位
daifugo-ui-place_7 = 7位
daifugo-ui-place_8 = 8位
daifugo-ui-cards = { $n }枚
daifugo-ui-points = { $n }点
daifugo-ui-passed = パス
daifugo-ui-to_play = 手番
daifugo-ui-out = 上がり { $place }
daifugo-ui-pile = 場
daifugo-ui-pile_empty = （空）
daifugo-ui-pile_by = { $seat }が出した{ $form }：
daifugo-ui-log_title = 記録
daifugo-ui-plays = 出せる手（{ $shown }/{ $total }）
daifugo-ui-plays_none = 出せる手
daifugo-ui-pass = パス
daifugo-ui-waiting = { $seat }を待っています…
daifugo-ui-you_are_out = あなたは上がりました（{ $place }）。残りの人が続けます。
daifugo-ui-list_more = …ほか{ $n }件
daifugo-ui-hand = 手札
daifugo-ui-hand_info = ・{ $title }・{ $cards }・{ $points }
daifugo-ui-hand_info_untitled = ・{ $cards }・{ $points }
daifugo-ui-marked = 選択中：{ $cards }
daifugo-ui-revolution = 革命
daifugo-ui-jack_back = 11バック
daifugo-ui-lock = 縛り { $suits }
daifugo-ui-number_lock = 階段縛り
daifugo-ui-normal_order = 通常：3が最弱、2が最強
daifugo-ui-turn_you = ▶ あなたの番
daifugo-ui-turn_seat = ▶ { $seat }の番
daifugo-ui-received = もらった札：{ $cards }
daifugo-ui-gave = 渡した札：{ $cards }
daifugo-ui-head_single = 単騎
daifugo-ui-head_pair = ペア
daifugo-ui-head_triple = 3枚組
daifugo-ui-head_group = { $n }枚組
daifugo-ui-head_sequence = 階段
daifugo-ui-tag-revolution = 革命
daifugo-ui-tag-counter_revolution = 革命返し
daifugo-ui-tag-forbidden_finish = 反則上がり

## daifugo.ui.hint
daifugo-ui-hint-lead = あなたの親番：何でも出せます。↑/↓で選び、Enterで出します。
daifugo-ui-hint-follow = { $seat }の{ $pile }（{ $form }）より強い手を出すか、パス（p）。
daifugo-ui-hint-lock = { $suits }縛り。
daifugo-ui-hint-number_lock = 数字縛り：{ $rank }のみ。
daifugo-ui-hint-only_pass = { $pile }に勝てません：{ $reason }。pでパスします。
daifugo-ui-hint-no_form = それに勝つ{ $form }を持っていません
daifugo-ui-hint-thinking = { $seat }が考えています…
daifugo-ui-hint-cpu_turn = { $seat }の番…（何かキーを押すと先へ進みます）
daifugo-ui-hint-out = あなたは{ $place }で上がりました。残りの人が続けます（何かキーで先へ）。
daifugo-ui-hint-marked_none = 選んだ札を含む出せる手がありません：{ $reason }。
daifugo-ui-hint-not_a_form = 選んだ札は単騎・組・階段のどれにもなりません
daifugo-ui-hint-no_rank = { $rank }を含む手はありません。
daifugo-ui-hint-give_back = あなたは{ $title }です：{ $seat }から{ $cards }をもらいました。返す札を{ $count }枚選び（x）、Enter。
daifugo-ui-hint-give_back_count = 返す札をちょうど{ $count }枚選んでください（いま{ $marked }枚）。
daifugo-ui-hint-exchange_wait = { $seat }が返す札を選んでいます…
daifugo-ui-hint-round_over = 第{ $round }ラウンド終了。
daifugo-ui-hint-stats_set_aside = 成績ファイルが読めないため、{ $path }に退避しました。
daifugo-ui-hint-stats_error = 成績を保存できません：{ $error }
daifugo-ui-hint-record_error = 棋譜を書き込めません：{ $error }

## daifugo.ui.log
daifugo-ui-log-exchange = { $from }が{ $to }へ{ $count }枚渡した
daifugo-ui-log-exchange_to_you = { $from }からもらった：{ $cards }
daifugo-ui-log-exchange_you = あなたが{ $to }へ渡した：{ $cards }
daifugo-ui-log-lead = { $seat }が親
daifugo-ui-log-pass = { $seat }はパス
daifugo-ui-log-revolution = 革命！強さが逆転。
daifugo-ui-log-counter_revolution = 革命返し：元の強さに戻った。
daifugo-ui-log-lock = 縛り：{ $suits }
daifugo-ui-log-number_lock = 階段縛り！
daifugo-ui-log-jack_back = 11バック：場が流れるまで逆転。
daifugo-ui-log-unlock = ジョーカー単騎で縛りが解けた。
daifugo-ui-log-skip = { $seat }は飛ばされた（5飛ばし）
daifugo-ui-log-skip_you = あなたは飛ばされた（5飛ばし）
daifugo-ui-log-give = { $from }が{ $to }へ{ $count }枚渡した（7渡し）
daifugo-ui-log-give_none = { $from }は{ $to }へ何も渡さなかった（7渡し）
daifugo-ui-log-give_none_you = あなたは{ $to }へ何も渡さなかった（7渡し）
daifugo-ui-log-give_to_you = { $from }からもらった：{ $cards }（7渡し）
daifugo-ui-log-give_you = あなたが{ $to }へ渡した：{ $cards }（7渡し）
daifugo-ui-log-discard_none = { $seat }は何も捨てなかった（10捨て）
daifugo-ui-log-discard_none_you = あなたは何も捨てなかった（10捨て）
daifugo-ui-log-discard = { $seat }が{ $cards }を捨てた（10捨て）
daifugo-ui-log-discard_you = あなたは{ $cards }を捨てた（10捨て）
daifugo-ui-log-bombed = { $seat }は{ $cards }を失った
daifugo-ui-log-bombed_you = あなたは{ $cards }を失った
daifugo-ui-log-reverse_cw = 9リバース！ 順番が時計回り ↻ になった。
daifugo-ui-log-reverse_ccw = 9リバース！ 順番が反時計回り ↺ になった。
daifugo-ui-log-bomb = { $seat }が{ $ranks }を爆破（12ボンバー）：全員そのカードを捨てる
daifugo-ui-log-bomb_you = あなたが{ $ranks }を爆破（12ボンバー）：全員そのカードを捨てる
daifugo-ui-log-bomb_none = { $seat }は数字を選ばなかった（12ボンバー）
daifugo-ui-log-bomb_none_you = あなたは数字を選ばなかった（12ボンバー）
daifugo-ui-log-gekokujo = 下剋上！ 大貧民の{ $seat }が1位で上がった。次のラウンドは身分が逆転する。
daifugo-ui-log-gekokujo_you = 下剋上！ 大貧民のあなたが1位で上がった。次のラウンドは身分が逆転する。
daifugo-ui-log-ambulance = 救急車（9のペア）！場が流れた。{ $seat }が親
daifugo-ui-log-ambulance_you = 救急車（9のペア）！場が流れた。あなたが親
daifugo-ui-log-sandstorm = 砂嵐（3のスリーカード）！場が流れた。{ $seat }が親
daifugo-ui-log-sandstorm_you = 砂嵐（3のスリーカード）！場が流れた。あなたが親
daifugo-ui-log-stalemate = 千日手：パスが続いたため、残りの順位を抽選で決める。
daifugo-ui-log-drawn = { $seat }は抽選で{ $place }
daifugo-ui-log-drawn_you = あなたは抽選で{ $place }
daifugo-ui-log-finish = { $seat }が上がり：{ $place }
daifugo-ui-log-foul = { $seat }は反則上がり：{ $place }
daifugo-ui-log-miyako_ochi = { $seat }が都落ち：{ $place }
daifugo-ui-log-clear = 場が流れた。{ $seat }が親
daifugo-ui-log-eight_cut = 8切り！場が流れた。{ $seat }が親
daifugo-ui-log-spade3 = スペ3返し！場が流れた。{ $seat }が親

daifugo-ui-log-lead_you = あなたが親
daifugo-ui-log-pass_you = あなたはパス
daifugo-ui-log-finish_you = あなたが上がり：{ $place }
daifugo-ui-log-last = { $seat }は最後まで残った：{ $place }
daifugo-ui-log-last_you = あなたは最後まで残った：{ $place }
daifugo-ui-log-foul_you = あなたは反則上がり：{ $place }
daifugo-ui-log-miyako_ochi_you = あなたが都落ち：{ $place }
daifugo-ui-log-clear_you = 場が流れた。あなたが親
daifugo-ui-log-eight_cut_you = 8切り！場が流れた。あなたが親
daifugo-ui-log-spade3_you = スペ3返し！場が流れた。あなたが親

## daifugo.ui.results
daifugo-ui-results-round_title = 第{ $round }/{ $rounds }ラウンドの結果
daifugo-ui-results-match_title = 試合結果
daifugo-ui-results-place = 順位
daifugo-ui-results-player = プレイヤー
daifugo-ui-results-title = 身分
daifugo-ui-results-points = 得点
daifugo-ui-results-total = 合計
daifugo-ui-results-fell = { $title }（都落ち）
daifugo-ui-results-foul = { $title }（反則上がり）
daifugo-ui-results-rank = 順位
daifugo-ui-results-next_round = Enter：次のラウンドへ
daifugo-ui-results-last_round = Enter：試合結果へ
daifugo-ui-results-again = Enter：もう一度　Esc：メニューへ
daifugo-ui-results-close_table = Enter・Esc：卓を閉じて全試合の結果を表示
daifugo-ui-results-you_won = あなたの優勝です！
daifugo-ui-results-you_placed = あなたは{ $place }でした。
daifugo-ui-results-rounds = ラウンドごとの順位

## daifugo.ui.leave
daifugo-ui-leave-title = ゲームをやめますか？
daifugo-ui-leave-question = 進行中の試合は失われます。

## daifugo.keys
daifugo-keys-play = 出す
daifugo-keys-pass = パス
daifugo-keys-mark = 札に印
daifugo-keys-clear_marks = 選択を解除
daifugo-keys-hand_left = 手札のカーソルを左へ
daifugo-keys-hand_right = 手札のカーソルを右へ
daifugo-keys-rank = ランクへ移動（J Q KはShift）
daifugo-keys-give = 選んだ札を返す
daifugo-keys-skip = 先へ進む
daifugo-keys-next = 続ける
daifugo-keys-again = もう一度
daifugo-keys-close_table = 卓を閉じる
daifugo-keys-menu = メニューへ戻る
daifugo-keys-leave = ゲームをやめる

## daifugo.tag
daifugo-tag-out = 上がり
daifugo-tag-foul = 反則上がり（最下位）
daifugo-tag-revolution = 革命
daifugo-tag-jack_back = 11バック
daifugo-tag-reverse_cw = 9リバース：時計回りに
daifugo-tag-reverse_ccw = 9リバース：反時計回りに
daifugo-tag-give_up_to = 7渡し：{ $count }枚まで渡す
daifugo-tag-give_exact = 7渡し：{ $count }枚渡す
daifugo-tag-discard_up_to = 10捨て：{ $count }枚まで
daifugo-tag-discard_exact = 10捨て：{ $count }枚
daifugo-tag-bomb = 12ボンバー：数字を{ $count }つまで
daifugo-tag-eight_cut = 8切り
daifugo-tag-spade3 = スペ3返し
daifugo-tag-ambulance = 救急車（流れる）
daifugo-tag-sandstorm = 砂嵐（流れる）
daifugo-tag-cut = 場が流れる
daifugo-tag-skip = 5飛ばし：{ $count }人飛ばし

## daifugo.choice
daifugo-choice-give_up_to = 次の人へ{ $count }枚まで渡す（7渡し）
daifugo-choice-give_exact = 次の人へ{ $count }枚渡す（7渡し）
daifugo-choice-discard_up_to = { $count }枚まで捨てる（10捨て）
daifugo-choice-discard_exact = { $count }枚捨てる（10捨て）
daifugo-choice-bomb = 12ボンバーの数字を{ $count }つまで選ぶ

## 出した後の選択（ローカルルール、rules/daifugo.md §3b）
daifugo-keys-hand_over = 選んだ札を渡す・捨てる
daifugo-keys-bomb = 選んだランクで爆破
daifugo-keys-mark_rank = ランクに印
daifugo-ui-clockwise = ↻ 時計回り
daifugo-ui-counterclockwise = ↺ 反時計回り
daifugo-ui-choice-give_title = 7渡し
daifugo-ui-choice-discard_title = 10捨て
daifugo-ui-choice-bomb_title = 12ボンバー
daifugo-ui-choice-give_up_to = 7を出したので、{ $seat }に{ $count }枚まで札を渡せます。印がなければ渡しません。
daifugo-ui-choice-give_exact = 7を出したので、{ $seat }にちょうど{ $count }枚の札を渡します。
daifugo-ui-choice-discard_up_to = 10を出したので、{ $count }枚まで札を表向きに捨てられます。印がなければ捨てません。
daifugo-ui-choice-discard_exact = 10を出したので、ちょうど{ $count }枚の札を表向きに捨てます。
daifugo-ui-choice-eligible = 捨てられる札：{ $cards }
daifugo-ui-choice-bomb = Qを出したので、ランクを{ $count }つまで指定できます。全員（あなたも）がそのランクの札をすべて捨てます。
daifugo-ui-choice-you_hold = 手札に{ $count }枚
daifugo-ui-hint-choice_cards = xで札に印（←→で移動）、Enterで決定。
daifugo-ui-hint-choice_bomb = xかランクのキーで印（↑↓で移動）、Enterで決定。
