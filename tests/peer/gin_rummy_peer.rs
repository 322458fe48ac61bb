// jdh8/gin-rummy's side of the comparison (tests/peer/gin_rummy.sh): the same hands file as
// rummy_peer_gin, each line the cards' indices (suit × 13 + rank − 1), timed the same way.
//   gin_rummy_peer FILE PASSES ANSWERS   prints "hands best-seconds checksum" and writes each
//                                        hand's deadwood(), a line each, to ANSWERS
use gin_rummy::{Hand, deadwood};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: gin_rummy_peer FILE PASSES ANSWERS");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).expect("the hands file");
    let passes: usize = args[2].parse().expect("a number of passes");
    // Their card of suit s and rank r (ace 1) is bit 16 × s + r.
    let hands: Vec<Hand> = text
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| {
            let mut bits = 0u64;
            for word in line.split_whitespace() {
                let index: u32 = word.parse().expect("a card's index");
                bits |= 1u64 << (16 * (index / 13) + index % 13 + 1);
            }
            Hand::from_bits(bits).expect("cards of one pack")
        })
        .collect();
    let mut best = f64::INFINITY;
    let mut checksum = 0u64;
    for _ in 0..passes {
        let start = Instant::now();
        for &hand in &hands {
            checksum += u64::from(deadwood(black_box(hand)));
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let answers: String = hands.iter().map(|&hand| format!("{}\n", deadwood(hand))).collect();
    std::fs::write(&args[3], answers).expect("the answers file");
    println!("{} {:.9} {}", hands.len(), best, checksum);
}
