# 期待値エンジンと分析コマンド (ja)。キーは en/ev.ftl と同じ。

## ev.error
ev-error-joker = ブラックジャックではジョーカーを使いません
ev-error-not_in_shoe = シューに { $card } は残っていません (配られたか、二度指定されています)
ev-error-too_few_cards = 手札には 2 枚以上必要です ({ $cards } 枚しかありません)
ev-error-busted = バストしています ({ $total })。判断することはありません
ev-error-no_hole_card = ピークありではディーラーの伏せ札は未知のカードの1枚ですが、残りがありません。この局面は起こりません
ev-error-dealer_natural = どの未知のカードでもディーラーがナチュラルになります。ディーラーはそれを見せて終わり、プレイヤーは行動しません
ev-error-dealer_can_run_out = ディーラーがカードを引き切るおそれがあります。残りが少なく、結果が捨て札に左右されます
