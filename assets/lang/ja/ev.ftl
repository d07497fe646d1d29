# 期待値エンジンと分析コマンド (ja)。キーは en/ev.ftl と同じ。

## ev.error
ev-error-joker = ブラックジャックではジョーカーを使いません
ev-error-not_in_shoe = シューに { $card } は残っていません (配られたか、二度指定されています)
ev-error-too_few_cards = 手札には 2 枚以上必要です ({ $cards } 枚しかありません)
ev-error-busted = バストしています ({ $total })。判断することはありません
ev-error-shoe_too_small = シューの残りが { $left } 枚しかありません。この手には { $needed } 枚必要です
