# 設定画面の文字列。キーは en/settings.ftl と同じにすること。
# 設定キーごとに名前（settings-name-<キー>）と 1 行の説明（settings-help-<キー>）があります。

## settings
settings-title = 設定
settings-file = ファイル：{ $path }
settings-file_new = ファイル：{ $path }（保存すると作成）
settings-load_error = 設定ファイルを編集できません：{ $error }
settings-no_home = 編集する設定ファイルがありません（ホームフォルダーが分かりません）
settings-changes = 未保存の変更 { $n } 件
settings-seat_level = CPU { $n } の強さ
settings-read_only = （ファイルを直接編集して変更してください。）
settings-typing = 数字を入力し、Enter で決定、Esc で取り消します。
settings-out_of_range = { $value } は範囲外です：{ $min } から { $max } まで。
settings-saved = { $path } に保存しました。
settings-saved_next = { $path } に保存しました。進行中のゲームのルールはそのままで、次のゲームから新しいルールになります。
settings-save_failed = { $path } に保存できません：{ $error }。何も変更していません。
settings-nothing_to_save = 保存するものはありません：変更された設定がありません。
settings-fix_first = 保存できません：{ $why }

## settings.tag
settings-tag-override = （今回は { $flag } を優先）
settings-tag-preset = （プリセット）

## settings.group
settings-group-general = 全般
settings-group-daifugo_table = 大富豪のテーブル
settings-group-daifugo_rules = 大富豪のルール（変更しないものはプリセットで決まります）
settings-group-blackjack = ブラックジャックのテーブル

## settings.value
settings-value-on = オン
settings-value-off = オフ
settings-value-ms = { $n } ミリ秒
settings-value-default_place = （データフォルダー）

## settings.choice
settings-choice-auto = 自動（ロケールから）
settings-choice-en = English
settings-choice-ja = 日本語
settings-choice-dark = ダーク
settings-choice-light = ライト
settings-choice-mono = モノクロ（色なし）
settings-choice-symbols = マーク記号
settings-choice-letters = 文字（S H D C）
settings-choice-standard = standard（標準）
settings-choice-classic = classic（基本のみ）
settings-choice-locked = 場が流れるまで出せない
settings-choice-reentry = また出せる
settings-choice-diamond3 = ダイヤの 3 を持つ人
settings-choice-random = ランダム
settings-choice-daihinmin = 大貧民
settings-choice-strict = 厳密（重なりなし）
settings-choice-overlap = 一番上だけ比べる
settings-choice-exact = マーク完全一致
settings-choice-off = オフ
settings-choice-peek = ピークあり（米国式）
settings-choice-enhc = ホールカードなし（欧州式）
settings-choice-any = 任意の 2 枚
settings-choice-none = なし
settings-choice-value = 10 点札どうし
settings-choice-rank = 同じランクのみ
settings-choice-best = 良い方
settings-choice-always = 常に再スプリット
settings-choice-uecda = uecda（UEC コンピュータ大貧民大会）
settings-choice-others_passed = ほかの人がパス
settings-choice-all_passed = 全員がパス
settings-choice-late = レイト
settings-choice-early = アーリー
settings-choice-push = 引き分け（賭け金が戻る）
settings-choice-dealer = ディーラーの勝ち
settings-choice-hint = ヒント
settings-choice-ev = 正確な期待値
settings-choice-easy = やさしい
settings-choice-normal = ふつう
settings-choice-hard = つよい

## settings.conflict
settings-conflict-max_bet = 最大ベット（{ $max_bet }）が最小ベット（{ $min_bet }）より小さくなっています。最大ベットを上げるか、最小ベットを下げてください。
settings-conflict-bankroll = 最小ベット（{ $min_bet }）が開始チップ（{ $bankroll }）より多くなっています。ベットを下げるか、開始チップを増やしてください。
settings-conflict-levels = CPU { $cpus } 人に対して強さが { $levels } 人分設定されています。CPU 1 人につき 1 つ設定してください。
settings-conflict-revolution_sequence = 階段が { $min_len } 枚以上なので、{ $sequence_min } 枚の階段で革命は起きません。0（なし）か { $min_len } 以上にしてください。

## settings.discard
settings-discard-title = 未保存の変更
settings-discard-message = 保存せずに設定を閉じますか？変更は失われます。
settings-discard-yes = 破棄する
settings-discard-no = 編集を続ける

## settings.keys
settings-keys-prev = 前の値
settings-keys-next = 次の値
settings-keys-change = 変更（数字は入力）
settings-keys-type = 数字を入力
settings-keys-reset = 既定値に戻す
settings-keys-save = 保存
settings-keys-backspace = 1 桁消す
settings-keys-set = 決定
settings-keys-cancel = 取り消し
settings-keys-open = 設定（次のゲームから適用）

## settings.name
settings-name-general-language = 言語
settings-name-general-theme = 配色
settings-name-general-suits = マーク
settings-name-general-cpu_delay_ms = CPU の間合い
settings-name-general-stats_file = 成績ファイル
settings-name-daifugo-preset = ルールのプリセット
settings-name-daifugo-cpus = CPU の人数
settings-name-daifugo-cpu_level = CPU の強さ
settings-name-daifugo-rounds = 1 試合のラウンド数
settings-name-daifugo-cpu_think_ms = つよい CPU の思考時間
settings-name-daifugo-jokers = ジョーカー
settings-name-daifugo-pass_mode = パスした後
settings-name-daifugo-first_lead = 最初のラウンドの親
settings-name-daifugo-later_lead = 2 ラウンド目以降の親
settings-name-daifugo-exchange = カード交換
settings-name-daifugo-sequence-enabled = 階段
settings-name-daifugo-sequence-min_len = 階段の最少枚数
settings-name-daifugo-sequence-compare = 階段の比べ方
settings-name-daifugo-revolution-enabled = 革命
settings-name-daifugo-revolution-group_min = 革命になる組の枚数
settings-name-daifugo-revolution-sequence_min = 革命になる階段の枚数
settings-name-daifugo-eight_cut-enabled = 8切り
settings-name-daifugo-eight_cut-in_sequence = 階段の中の 8 で切る
settings-name-daifugo-eight_cut-joker_counts = 8 の代わりのジョーカーで切る
settings-name-daifugo-lock-suit = マーク縛り
settings-name-daifugo-lock-number = 数字縛り
settings-name-daifugo-spade3 = スペ3返し
settings-name-daifugo-jack_back = 11バック
settings-name-daifugo-forbidden_finish-joker = ジョーカー上がり禁止
settings-name-daifugo-forbidden_finish-strongest = 2 上がり禁止
settings-name-daifugo-forbidden_finish-eight = 8 上がり禁止
settings-name-daifugo-forbidden_finish-spade3 = スペ3返し上がり禁止
settings-name-daifugo-miyako_ochi = 都落ち
settings-name-daifugo-clear_mode = 場が流れる条件
settings-name-daifugo-leader_may_pass = 親のパス
settings-name-daifugo-stalemate_passes = 千日手までのパス数
settings-name-daifugo-sequence-joker_ends = 階段の端のジョーカー
settings-name-daifugo-lock-joker_establishes = ジョーカーで縛り
settings-name-blackjack-decks = デッキ数
settings-name-blackjack-penetration = シューの消化率
settings-name-blackjack-dealer_hits_soft_17 = ソフト 17 でヒット
settings-name-blackjack-hole_card = ホールカード
settings-name-blackjack-blackjack_pays = ブラックジャックの配当
settings-name-blackjack-double = ダブルできる手
settings-name-blackjack-double_after_split = スプリット後のダブル
settings-name-blackjack-max_hands = スプリットの最大ハンド数
settings-name-blackjack-split_tens_by = 10 点札のスプリット
settings-name-blackjack-resplit_aces = A の再スプリット
settings-name-blackjack-hit_split_aces = スプリットした A へのヒット
settings-name-blackjack-resplit = 再スプリットの方針
settings-name-blackjack-surrender = サレンダー
settings-name-blackjack-insurance = インシュランス
settings-name-blackjack-ties = 同点のとき
settings-name-blackjack-bankroll = 開始チップ
settings-name-blackjack-min_bet = 最小ベット
settings-name-blackjack-max_bet = 最大ベット
settings-name-blackjack-advisor = アドバイザー
settings-name-blackjack-coach = コーチ

## settings.help
settings-help-general-language = すべての画面の言語。自動なら LC_ALL、LC_MESSAGES、LANG に従います。
settings-help-general-theme = 暗い端末用、明るい端末用、または色なし（反転と太字のみ）。
settings-help-general-suits = 文字はどこでも 1 マス幅です。マーク記号がずれて見えるときに選んでください。
settings-help-general-cpu_delay_ms = CPU が出す間の待ち時間（0 から 5000 ミリ秒）。どのキーでも先に進めます。
settings-help-general-stats_file = 成績を保存する場所。空ならシステムのデータフォルダーです。
settings-help-daifugo-preset = 元にするルールセット：standard（よく遊ばれるローカルルール）か classic（1 枚出しと組のみ）。
settings-help-daifugo-cpus = 一緒に遊ぶコンピューターの人数（1 から 7）。
settings-help-daifugo-cpu_level = この CPU の強さ：やさしい、ふつう（出たカードを覚える）、つよい（先読みする）。
settings-help-daifugo-rounds = 1 試合のラウンド数（1 から 100）。点数は試合を通して合計します。
settings-help-daifugo-cpu_think_ms = つよい CPU が 1 手に使える思考時間（10 から 10000 ミリ秒）。
settings-help-daifugo-jokers = デッキに入れるジョーカーの枚数（0 から 2）。ジョーカーはどのカードの代わりにもなります。
settings-help-daifugo-pass_mode = パスした人は場が流れるまで休むか、ほかの人が出せばまた出せるか。
settings-help-daifugo-first_lead = 最初のラウンドで最初に出す人。
settings-help-daifugo-later_lead = 2 ラウンド目以降で最初に出す人。
settings-help-daifugo-exchange = 2 ラウンド目以降の始めに、下位の人が最も強いカードを上位の人に渡します。
settings-help-daifugo-sequence-enabled = 同じマークの連番（階段）を出せるかどうか。
settings-help-daifugo-sequence-min_len = 階段に必要な最少枚数（3 から 5）。
settings-help-daifugo-sequence-compare = 厳密：前の階段の一番上より上から始める。一番上だけ比べる：一番上のカードが強ければよい。
settings-help-daifugo-revolution-enabled = 大きな出し方（革命）で強さの順が逆転するかどうか。
settings-help-daifugo-revolution-group_min = 革命になる同じ数字の最少枚数（ジョーカーを含む）。
settings-help-daifugo-revolution-sequence_min = 革命になる階段の最少枚数。0 なら階段では革命になりません。
settings-help-daifugo-eight_cut-enabled = 8 を出すと場が流れ、出した人がまた親になります。
settings-help-daifugo-eight_cut-in_sequence = 階段の中の 8 でも切れるかどうか。
settings-help-daifugo-eight_cut-joker_counts = 8 の代わりのジョーカーでも切れるかどうか。
settings-help-daifugo-lock-suit = 同じマークが 2 回続くと、場が流れるまでそのマークしか出せません（縛り）。
settings-help-daifugo-lock-number = 連続する数字が 2 回続くと、次も 1 つ上の数字しか出せません。
settings-help-daifugo-spade3 = スペードの 3 の 1 枚出しで、1 枚出しのジョーカーに勝てます。
settings-help-daifugo-jack_back = J を出すと、場が流れるまで強さの順が逆になります。
settings-help-daifugo-forbidden_finish-joker = ジョーカーで上がると最下位になります。
settings-help-daifugo-forbidden_finish-strongest = 最も強い数字（2、革命中は 3）で上がると最下位になります。
settings-help-daifugo-forbidden_finish-eight = 8 で上がると最下位になります（8切りがあるとき）。
settings-help-daifugo-forbidden_finish-spade3 = スペ3返しで上がると最下位になります。
settings-help-daifugo-miyako_ochi = 大富豪が 1 位で上がれないと最下位に落ちます。
settings-help-daifugo-clear_mode = ほかの人がパス：最後に出した人以外が全員パスで流れる。全員パス：最後に出した人もパスが必要で、自分の札の上にも出せる（UECda）。
settings-help-daifugo-leader_may_pass = 親がパスできるかどうか（UECda）。
settings-help-daifugo-stalemate_passes = パスがこの回数続くと残りの順位をランダムに決めます（0 ならなし、千日手）。
settings-help-daifugo-sequence-joker_ends = ジョーカーが階段の端で 3 の下や 2 の上になれるかどうか（UECda）。
settings-help-daifugo-lock-joker_establishes = ジョーカーを代わりのマークとして数え、縛りを作れるかどうか。ジョーカー単体で縛りは解けます（UECda）。
settings-help-blackjack-decks = シューに入れるデッキの数（1 から 8）。
settings-help-blackjack-penetration = シャッフルまでに配るシューの割合。シャッフルはラウンドの間にだけ行います。
settings-help-blackjack-dealer_hits_soft_17 = オン：ディーラーはソフト 17 でも引きます（H17）。オフ：17 ならすべてスタンド（S17）。
settings-help-blackjack-hole_card = ピークあり：先にブラックジャックを確認。ホールカードなし：ディーラーのブラックジャックはダブルとスプリットの分も取ります。
settings-help-blackjack-blackjack_pays = プレイヤーのブラックジャックの配当：3:2、6:5、または 1:1。
settings-help-blackjack-double = ダブル（1 枚だけ引いて賭け金 2 倍）できる最初の 2 枚。
settings-help-blackjack-double_after_split = スプリットしてできた 2 枚の手でダブルできるかどうか。
settings-help-blackjack-max_hands = スプリットで分けられる最大ハンド数（1 ならスプリットなし）。
settings-help-blackjack-split_tens_by = 10 点札ならどれでも（K と Q）スプリットできるか、同じランクだけか。
settings-help-blackjack-resplit_aces = スプリットした A がまたペアになったとき、再スプリットできるかどうか。
settings-help-blackjack-hit_split_aces = スプリットした A に 2 枚以上引けるかどうか。
settings-help-blackjack-resplit = スプリットの期待値、アドバイザー、基本戦略が前提とする方針：再スプリットする／しないの良い方か、常に再スプリット（公表されている表と同じ）。
settings-help-blackjack-surrender = 賭け金の半分で降りる：レイト（ピークの後）、アーリー（ピークの前）、なし。
settings-help-blackjack-insurance = ディーラーの表札が A のとき、インシュランスとイーブンマネーを受けられるかどうか。
settings-help-blackjack-ties = 同点なら賭け金が戻るか、ディーラーの勝ちになるか。
settings-help-blackjack-bankroll = セッション開始時のチップ。
settings-help-blackjack-min_bet = テーブルの最小ベット（チップ）。
settings-help-blackjack-max_bet = テーブルの最大ベット（チップ）。
settings-help-blackjack-advisor = プレイ中に表示するもの：なし、基本戦略のヒント、または正確な期待値。
settings-help-blackjack-coach = 実際のシューで最善でない判断をしたら、その損をすぐに示し、ミスの集計を残します（ゲーム中は c）。
