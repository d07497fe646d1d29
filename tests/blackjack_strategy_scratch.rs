use cardroom::blackjack::rules::*;
use cardroom::blackjack::strategy::*;
#[test]
fn print_chart() {
    for h17 in [false, true] {
        let r = Rules { dealer_hits_soft_17: h17, ..Rules::default() };
        let t = std::time::Instant::now();
        let bs = BasicStrategy::new(&r);
        println!("H17={h17} derived in {:?}", t.elapsed());
        for row in bs.chart() {
            let cells: Vec<String> = row.cells.iter().map(|c| format!("{:>3}", c.code())).collect();
            println!("{:?} {:>2}: {}", row.kind, row.total, cells.join(""));
        }
    }
}
