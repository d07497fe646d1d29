# `cardroom uecda serve` と `cardroom uecda connect` の日本語文字列。キーは en/uecda.ftl と同じ。

## uecda.serve
uecda-serve-bad_seats = --cpu と --human で { $count } 席になります。UECda の卓は 5 席です
uecda-serve-no_games = --games は 1 以上にしてください
uecda-serve-bad_timeout = --move-timeout は秒数で指定してください（0 = 無制限）。「{ $value }」は使えません
uecda-serve-bind = { $addr } で待ち受けできません: { $error }
uecda-serve-record_open = 記録ファイル { $path } を作れません: { $detail }
uecda-serve-failed = 卓が止まりました: { $error }
uecda-serve-listening = UECda の卓（プロトコル 20070）を { $addr } で開きました。参加待ちのプログラム: { $count }
uecda-serve-joined = プレイヤー { $player } が参加: { $name }（{ $peer }）
uecda-serve-refused_silent = { $peer } を断りました: { $secs } 秒以内にプロフィールが届きません
uecda-serve-refused_protocol = { $peer } を断りました: プロトコル { $protocol } は 20070 ではありません
uecda-serve-refused_closed = { $peer } を断りました: プロフィールを送る前に切断しました
uecda-serve-refused_io = { $peer } を断りました: { $error }
uecda-serve-note_timeout = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 制限時間内に手がありません。パスとします
uecda-serve-note_rejected = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 出せない手です（{ $reason }）。パスとします
uecda-serve-note_shape = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 役になっていません（{ $reason }）。パスとします
uecda-serve-note_bad_table = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 読めないテーブルです（{ $reason }）
uecda-serve-note_bad_give_back = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 交換に出すカードが正しくないため、最も強いカードを渡しました
uecda-serve-note_garbage = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 手番外に届いた { $bytes } バイトを捨てました
uecda-serve-note_disconnected = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: 接続が切れました。以後この席はパスします
uecda-serve-note_forced = 第 { $game } 試合、プレイヤー { $player }（{ $name }）: ここではパスできないため { $action } を出しました
uecda-serve-progress = uecda serve: 第 { $done }/{ $total } 試合、毎秒 { $rate } 試合
uecda-serve-heading = UECda の卓: { $planned } 試合中 { $games } 試合、{ $secs } 秒、シード { $seed }
uecda-serve-columns = 番号    名前       席        得点 ± 標準誤差  1位  2位  3位  4位  5位  却下     遅延  不正    1手の時間 ms 中央値/99%/最大
uecda-serve-disconnected = {"  "}（第 { $game } 試合で切断）
uecda-serve-searches = {"  "}（探索 { $count } 回、深い探索木 { $deepened } %、相手の手を緩く読む { $loosened } %、模倣で応手 { $imitated } %、模倣で相手の手を読む { $read_by_imitation } %）
uecda-serve-human_needs_tty = --human には端末が必要です（標準入力と標準出力が TTY であること）
uecda-serve-gone_name = { $name }（切断）
uecda-serve-waiting = { $name } を待っています
uecda-serve-status = 第 { $game }/{ $games } 試合

## uecda.ui（あなたの卓の状態行に出す短いお知らせ）
uecda-ui-late = { $name }: 時間切れ、パス
uecda-ui-refused = { $name }: 出せない手、パス
uecda-ui-no_play = { $name }: 役になっていない、パス
uecda-ui-bad_table = { $name }: 読めないテーブル
uecda-ui-bad_give_back = { $name }: 交換が不正、最も強いカードを渡しました
uecda-ui-stray = { $name }: 手番外のデータを捨てました
uecda-ui-lost = { $name }: 接続が切れました
uecda-ui-forced = { $name }: 代わりに手を出しました

## uecda.cells（提出された表が手にならない理由）
uecda-cells-not_a_form = 単騎・組・階段のどれにもなっていません
uecda-cells-joker_row = 4 行目にジョーカー単騎
uecda-cells-fifth_card = 4 行目のジョーカーの列に 4 枚そろっていません
uecda-cells-joker_past_end = 端（0 列または 14 列）のジョーカーが、その端まで続く階段についていません
uecda-cells-bad_value = セル [{ $row }][{ $col }] の値 { $value }（0, 1, 2 のみ）
uecda-cells-no_such_card = カードのないセル [{ $row }][{ $col }] に 1
uecda-cells-two_jokers = ジョーカー（2）が 2 枚以上

## uecda.connect
uecda-connect-connect_error = { $addr } に接続できません: { $error }
uecda-connect-lost = サーバーが終わる前に接続が切れました: { $error }
uecda-connect-progress = uecda connect: { $games } 試合、{ $points } 点
uecda-connect-summary = プレイヤー { $player }（{ $name }、{ $level }）: { $games } 試合、{ $points } 点、1 試合平均 { $mean } ± { $se }
uecda-connect-places = 1位から5位の回数: { $places }
uecda-connect-rejected = サーバーに却下された手: { $count }
uecda-connect-refused = 第 { $game } 試合: サーバーがこちらの手 { $play } を却下しました（こちらから見た場: { $pile }）。パス扱いです
