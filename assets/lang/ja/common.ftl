# 全画面共通の日本語文字列。キーは en/common.ftl と同じであること。
# 「·」「…」「–」などの East Asian Ambiguous 文字は端末によって幅が変わるので避ける（矢印キーのみ例外）。

## common
common-too_small = 端末が小さすぎます：80×24 以上が必要です（現在 { $w }×{ $h }）
common-app_name = cardroom

## common.error
common-error-terminal = cardroom: 端末エラー：{ $error }

# ヘルプとフッターに出すキーの名前。

## common.keys
common-keys-space = スペース
common-keys-up = ↑
common-keys-down = ↓
common-keys-left = ←
common-keys-right = →
common-keys-enter = Enter
common-keys-esc = Esc
common-keys-tab = Tab
common-keys-backtab = Shift-Tab
common-keys-backspace = Backspace
common-keys-delete = Del
common-keys-page_up = PgUp
common-keys-page_down = PgDn
common-keys-home = Home
common-keys-end = End
common-keys-ctrl = Ctrl-{ $key }
common-keys-alt = Alt-{ $key }

# ヘルプに出す、キーの働き。

## common.action
common-action-up = 上へ
common-action-down = 下へ
common-action-left = 左へ
common-action-right = 右へ
common-action-confirm = 決定
common-action-back = 戻る
common-action-close = 閉じる
common-action-scroll_up = 上へスクロール
common-action-scroll_down = 下へスクロール
common-action-page_up = 前のページ
common-action-page_down = 次のページ
common-action-home = 先頭へ
common-action-end = 末尾へ
common-action-help = ヘルプ
common-action-quit = 終了
common-action-force_quit = すぐに終了
common-action-quit_signal = すぐに終了（SIGQUIT と同じ 131）
common-action-redraw = 画面を描き直す
common-action-menu_up = 前の項目
common-action-menu_down = 次の項目
common-action-menu_number = 番号で項目を開く
common-action-next_section = もう一方のゲームのルールへ
common-action-yes = はい
common-action-no = いいえ
common-action-switch_button = ボタンを切り替える

## common.help
common-help-title = ヘルプ
common-help-general = 共通
common-help-close_hint = { $keys }：ヘルプを閉じる

## common.menu
common-menu-title = メニュー
common-menu-subtitle = コンピューターと遊ぶ大富豪と、カジノのブラックジャック
common-menu-daifugo = 大富豪
common-menu-daifugo_desc = 手札を先に出し切った人の勝ち。階段、革命、8切りも。
common-menu-blackjack = ブラックジャック
common-menu-blackjack_desc = バーストせずにディーラーより 21 に近づけよう。
common-menu-rules = ルール
common-menu-rules_desc = config.toml で設定された、両ゲームの現在のルール。
common-menu-settings = 設定
common-menu-settings_desc = 人数、強さ、ローカルルール、テーブルのルールと見た目。config.toml に保存します。
common-menu-statistics = 成績
common-menu-statistics_desc = 順位、身分、勝ち負けの推移をグラフで。
common-menu-quit = 終了
common-menu-quit_desc = cardroom を終了します。

## common.soon
common-soon-title = 準備中
common-soon-message = { $game }はまだ遊べません。テーブルを準備中です。
common-soon-back = Esc でメニューに戻ります。

## common.quit
common-quit-title = 終了しますか？
common-quit-message = ゲームの途中です。終了すると今のゲームは失われます。cardroom を終了しますか？
common-quit-yes = 終了する
common-quit-no = 続ける

## common.rules
common-rules-title = ルール
common-rules-position = { $total } 行中 { $first }-{ $last } 行
common-rules-bullet = ・
common-rules-list_sep = 、
common-rules-or_pair = 、
common-rules-or_last = 、
common-rules-sentence_sep = {""}
common-rules-source_default = 組み込みの標準ルールです。
common-rules-source_file = 組み込みの標準ルールに { $path } の設定を重ねています。
common-rules-change_hint = 変更は config.toml で。`cardroom config default` で全項目と説明を表示できます。

## common.rules.level
common-rules-level-easy = やさしい
common-rules-level-normal = ふつう
common-rules-level-hard = つよい
common-rules-level-easy_about = 「やさしい」CPU は弱いカードから出し、強いカードを温存しません。ルールを覚えながら気楽に遊べます。
common-rules-level-normal_about = 「ふつう」CPU は出たカードを覚え、上がり方を考えて打ちます。ふだん遊ぶ人にちょうどよい相手です。
common-rules-level-hard_about = 「つよい」CPU は出たカードとパスから手札を読み、候補の手をラウンドの最後まで試して選びます。手ごわい相手です。

## common.rules.daifugo
common-rules-daifugo-heading = 大富豪：採用ルール
common-rules-daifugo-table = { $players } 人対戦：あなたと CPU { $cpus } 人（{ $levels }）。1 試合 { $rounds } ラウンド。
common-rules-daifugo-preset_standard = ルールセット：standard（よく遊ばれるローカルルールあり。以下の通り）。
common-rules-daifugo-preset_classic = ルールセット：classic（ローカルルールなしの基本ルール。1 枚出しと同じ数字の組のみ）。
common-rules-daifugo-preset_party = ルールセット：party（standard に人気のローカルルールを加えたもの）。
common-rules-daifugo-preset_uecda = ルールセット：uecda（UEC コンピュータ大貧民大会のルール）。
common-rules-daifugo-deck = カード：52 枚とジョーカー { $jokers } 枚をすべて配ります。ジョーカーはどのカードの代わりにもなり、1 枚出しでは最強です。
common-rules-daifugo-deck_no_jokers = カード：ジョーカーなしの 52 枚をすべて配ります。
common-rules-daifugo-order = 強さ（弱い順）：3 4 5 6 7 8 9 10 J Q K A 2。マークに強弱はありません。
common-rules-daifugo-follow = 親は 1 枚、同じ数字の組、または階段を出し、ほかの人は同じ形・同じ枚数でより強いカードを出すかパスします。全員がパスすると場が流れ、最後に出した人が親になります。手札を先になくした人の勝ちです。
common-rules-daifugo-pass_locked = パス：一度パスすると場が流れるまで出せません。
common-rules-daifugo-pass_reentry = パス：パスしても、ほかの人が出せばまた出せます。
common-rules-daifugo-first_diamond3 = 最初のラウンドは { $card } を持つ人から始めます。
common-rules-daifugo-first_random = 最初のラウンドはランダムに選ばれた人から始めます。
common-rules-daifugo-later_daihinmin = 2 ラウンド目以降は大貧民から始めます。
common-rules-daifugo-later_diamond3 = 2 ラウンド目以降も { $card } を持つ人から始めます。
common-rules-daifugo-exchange_on = カード交換：2 ラウンド目以降、大貧民は大富豪に最も強い 2 枚を、貧民は富豪に 1 枚を渡し、受け取った側は好きなカードを同じ枚数返します。
common-rules-daifugo-exchange_off = ラウンド間のカード交換はありません。
common-rules-daifugo-sequence_on = 階段：同じマークで連続する { $min } 枚以上。{ $compare }
common-rules-daifugo-sequence_strict = 後から出す階段は、前の階段の一番上より上から始まる必要があります。
common-rules-daifugo-sequence_overlap = 後から出す階段は、一番上のカードが強ければ出せます。
common-rules-daifugo-sequence_off = 階段はありません（1 枚出しと同じ数字の組のみ）。
common-rules-daifugo-revolution_on = 革命：同じ数字を { $n } 枚以上出すと、次の革命まで強さが逆転します。
common-rules-daifugo-revolution_sequence = { $n } 枚以上の階段でも革命になります。
common-rules-daifugo-revolution_off = 革命はありません。
common-rules-daifugo-eight_cut_on = 8切り：8 を含むカードを出すと場が流れ、出した人が親になります。
common-rules-daifugo-eight_cut_in_sequence = 階段の中の 8 でも切れます。
common-rules-daifugo-eight_cut_not_in_sequence = 階段の中の 8 では切れません。
common-rules-daifugo-eight_cut_joker = 8 の代わりのジョーカーでも切れます。
common-rules-daifugo-eight_cut_no_joker = 8 の代わりのジョーカーでは切れません。
common-rules-daifugo-eight_cut_off = 8切りはありません。
common-rules-daifugo-lock_exact = 縛り：同じマークの組み合わせが 2 回続くと、場が流れるまでそのマークしか出せません。
common-rules-daifugo-lock_off = マーク縛りはありません。
common-rules-daifugo-lock_partial = 片縛り：続けて出た 2 組に共通のマークがあると、場が流れるまでそのマークを含む組しか出せません。
common-rules-daifugo-number_lock = 階段縛り：連続する数字が 2 回続くと、次はその次の数字しか出せません。
common-rules-daifugo-spade3_on = スペ3返し：ジョーカー 1 枚には { $card } 1 枚で勝て、場が流れます。
common-rules-daifugo-spade3_off = スペ3返しはありません。
common-rules-daifugo-jack_back_on = 11バック：J を含むカードを出すと、場が流れるまで強さが逆転します。
common-rules-daifugo-jack_back_off = 11バックはありません。
common-rules-daifugo-finish_joker = ジョーカー
common-rules-daifugo-finish_strongest = 最強の数字（通常は 2、革命中は 3）
common-rules-daifugo-finish_strongest_jack_back = 最強の数字（通常は 2、11バック中は 3）
common-rules-daifugo-finish_strongest_reversed = 最強の数字（通常は 2、革命や11バックで逆転中は 3）
common-rules-daifugo-finish_strongest_fixed = 2（最強の数字）
common-rules-daifugo-finish_eight = 8
common-rules-daifugo-finish_spade3 = スペ3返し
common-rules-daifugo-forbidden_on = 反則上がり：{ $list }で上がると最下位になります。
common-rules-daifugo-forbidden_off = 反則上がりはありません。どのカードで上がっても有効です。
common-rules-daifugo-miyako_on = 都落ち：大富豪以外の人が 1 番に上がると、前回の大富豪はその場で最下位になります。
common-rules-daifugo-miyako_off = 都落ちはありません。
common-rules-daifugo-forbidden_illegal = 反則上がり：{ $list }で上がることはできません。
common-rules-daifugo-miyako_min = この卓では都落ちはありません（{ $n }人以上で適用）。
common-rules-daifugo-lock_geki = 激縛り：マーク縛りの中で次の数字が出ると、数字縛りもかかります。
common-rules-daifugo-five_skip = 5飛ばし：5を出すと{ $per_card ->
        [yes] 5の枚数だけ
       *[no] 1人
    }次の人を飛ばします（飛ばされた人はパス扱い）。
common-rules-daifugo-seven_pass = 7渡し：7を出してまだ札が残っていれば、次の人に{ $per_card ->
        [yes] 7の枚数
       *[no] 1枚
    }{ $exact ->
        [yes] ちょうど
       *[no] まで
    }札を渡します。
common-rules-daifugo-ten_discard = 10捨て：10を出してまだ札が残っていれば、{ $weaker ->
        [yes] 10より弱い札から
       *[no] {""}
    }{ $per_card ->
        [yes] 10の枚数
       *[no] 1枚
    }{ $exact ->
        [yes] ちょうど
       *[no] まで
    }表向きに捨てます。
common-rules-daifugo-nine_reverse = 9リバース：{ $per_card ->
        [yes] 9を奇数枚
       *[no] 9を
    }出すと、そのラウンドの間、順番の向きが逆になります。
common-rules-daifugo-q_bomber = 12ボンバー：Qを出した人はQの枚数までランクを指定し、全員がそのランクの札をすべて捨てます。
common-rules-daifugo-ambulance = 救急車：9のペアは8切りと同じく場を流します。
common-rules-daifugo-sandstorm = 砂嵐：3の3枚組はどの3枚組にも勝ちます{ $cut ->
        [yes] （場も流れます）
       *[no] {""}
    }。
common-rules-daifugo-gekokujo = 下剋上：大貧民が1位で上がると、次のラウンドの身分が逆転します。
common-rules-daifugo-joker_return = ジョーカー返し：単騎のジョーカーにもう1枚のジョーカーを出せます。
common-rules-daifugo-house_order = 1回の出札の効果の順番：上がり、革命・縛り・Jバック・9リバース、7渡し・10捨て、12ボンバー、場が流れる効果（8切り・スペ3・救急車・砂嵐、このときは飛ばしなし）、それ以外は5飛ばし。
common-rules-daifugo-scoring = 上がった順に大富豪・富豪・平民・貧民・大貧民。各ラウンド「人数 - 順位 + 1」点を得て、合計点で試合の順位を決めます。

## common.rules.blackjack
common-rules-blackjack-heading = ブラックジャック：テーブルルール
common-rules-blackjack-shoe = シューは { $decks } デッキ。{ $percent }% 配ったらラウンドの間にシャッフルします。
common-rules-blackjack-shoe_one = { $decks } デッキで行い、{ $percent }% 配ったらラウンドの間にシャッフルします。
common-rules-blackjack-s17 = ディーラーはすべての 17 でスタンドします（S17）。
common-rules-blackjack-h17 = ディーラーはソフト 17 でヒットします（H17）。
common-rules-blackjack-peek = ディーラーの表向きのカードが A か 10 のときは先にブラックジャックを確かめます（ピーク）。ディーラーのブラックジャックで失うのは最初の賭け金だけです。
common-rules-blackjack-enhc = ホールカードなし（ENHC）：ディーラーの 2 枚目はプレイヤーの後に配られ、ディーラーのブラックジャックはダブルやスプリットの分も取ります。
common-rules-blackjack-pays = ブラックジャックの配当は { $pays } です。
common-rules-blackjack-double_any = 最初の 2 枚ならいつでもダブルダウンでき、カードはあと 1 枚だけ引きます。
common-rules-blackjack-double_9_11 = ダブルダウンは最初の 2 枚の合計が 9、10、11 のときだけです。
common-rules-blackjack-double_10_11 = ダブルダウンは最初の 2 枚の合計が 10、11 のときだけです。
common-rules-blackjack-double_none = ダブルダウンはできません。
common-rules-blackjack-das_on = スプリット後のダブルダウンもできます。
common-rules-blackjack-das_off = スプリット後のダブルダウンはできません。
common-rules-blackjack-split_none = スプリットはできません。
common-rules-blackjack-split = ペアは最大 { $hands } ハンドまでスプリットできます。
common-rules-blackjack-split_tens_value = 10 点のカードならどの 2 枚でもスプリットできます（K と Q も可）。
common-rules-blackjack-split_tens_rank = 10 点のカードは同じ数字同士のみスプリットできます（K と K）。
common-rules-blackjack-resplit_aces_on = A は再スプリットできます。
common-rules-blackjack-resplit_aces_off = A のスプリットは 1 回だけです。
common-rules-blackjack-hit_split_aces_on = スプリットした A にも続けてカードを引けます。
common-rules-blackjack-hit_split_aces_off = スプリットした A にはカードが 1 枚ずつだけ配られます。
common-rules-blackjack-surrender_none = サレンダーはできません。
common-rules-blackjack-surrender_late = レイトサレンダー：ディーラーのピークの後、最初の 2 枚で賭け金の半分を払って降りられます（スプリット後は不可）。
common-rules-blackjack-surrender_early = アーリーサレンダー：ディーラーのピークの前に賭け金の半分を払って降りられます。
common-rules-blackjack-insurance_on = ディーラーの表向きが A のときインシュアランス（ブラックジャックならイーブンマネー）があり、配当は 2:1 です。
common-rules-blackjack-insurance_off = インシュアランスはありません。
common-rules-blackjack-ties_push = 同点はプッシュ（賭け金が戻ります）。
common-rules-blackjack-ties_dealer = 同点はディーラーの勝ちです。
common-rules-blackjack-chips = 持ち点は { $bankroll } チップ。賭け金は { $min } から { $max } まで。
common-rules-blackjack-advisor_off = アドバイス：なし。
common-rules-blackjack-advisor_hint = アドバイス：このルールでのベーシックストラテジーを表示します。
common-rules-blackjack-advisor_ev = アドバイス：すべての行動の正確な期待値を表示します。

# 統計ファイルの問題（「統計を保存できません:」の後に表示）。ゲームは続きます。
common-stats-not_a_file = { $path } は{ $kind ->
    [fifo] FIFO
    [device] デバイス
    [folder] フォルダー
   *[other] 通常のファイルではないもの
}で、統計ファイルではありません。そのままにします
common-stats-read_only = { $path } は読み取り専用です。そのままにします
common-stats-newer = { $path } は新しい版の cardroom（形式 { $version }）が書いたものです。そのままにします
common-stats-too_large = { $path } は 1 MiB を超えていて統計としては大きすぎます。そのままにします
common-stats-busy = ほかの cardroom が { $path } に保存中です。後でもう一度試してください
common-stats-io = { $path }: { $error }
