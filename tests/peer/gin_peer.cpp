// rummy_peer_gin: rummy's side of the comparison with jdh8/gin-rummy (tests/peer/gin_rummy.sh).
//   rummy_peer_gin deal HANDS SEED          10-card hands of one pack, a line each: the cards'
//                                          indices (suit × 13 + rank − 1), to standard output
//   rummy_peer_gin time FILE PASSES ANSWERS  the least deadwood of each hand of FILE under Gin
//                                          Rummy's rules, timed PASSES times over all of them;
//                                          prints "hands best-seconds checksum" and writes each
//                                          hand's answer, a line each, to ANSWERS
// The other side (gin_rummy_peer.rs) reads the same file and answers the same way, so the
// script compares the two programs' answers line by line.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "arrange.hpp"
#include "rules.hpp"

using namespace rummy;

namespace {

int deal(std::size_t hands, unsigned seed) {
  std::mt19937 shuffler(seed);
  std::vector<int> pack(52);
  for (int index = 0; index < 52; ++index) pack[static_cast<std::size_t>(index)] = index;
  for (std::size_t hand = 0; hand < hands; ++hand) {
    std::shuffle(pack.begin(), pack.end(), shuffler);
    for (std::size_t at = 0; at < 10; ++at) std::printf(at == 0 ? "%d" : " %d", pack[at]);
    std::printf("\n");
  }
  return 0;
}

int time(const char* file, int passes, const char* answers_file) {
  std::ifstream in(file);
  std::vector<std::vector<Card>> hands;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    std::istringstream words(line);
    std::vector<Card> cards;
    for (int index = 0; words >> index;) {
      if (index < 0 || index >= 52) {
        std::fprintf(stderr, "rummy_peer_gin: %s: %d is not a card's index\n", file, index);
        return 2;
      }
      cards.push_back(Card::from_index(index));
    }
    hands.push_back(std::move(cards));
  }
  const Rules rules = Rules::for_variant(Variant::gin);
  double best = 1e300;
  long long checksum = 0;
  for (int pass = 0; pass < passes; ++pass) {
    const auto start = std::chrono::steady_clock::now();
    for (const std::vector<Card>& cards : hands) checksum += least_deadwood(cards, {}, rules);
    best = std::min(
        best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::ofstream answers(answers_file);
  for (const std::vector<Card>& cards : hands) answers << least_deadwood(cards, {}, rules) << '\n';
  std::printf("%zu %.9f %lld\n", hands.size(), best, checksum);
  return answers ? 0 : 3;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string command = argc > 1 ? argv[1] : "";
  if (command == "deal" && argc == 4) {
    return deal(std::stoul(argv[2]), static_cast<unsigned>(std::stoul(argv[3])));
  }
  if (command == "time" && argc == 5) return time(argv[2], std::stoi(argv[3]), argv[4]);
  std::fprintf(stderr,
               "usage: rummy_peer_gin deal HANDS SEED\n"
               "       rummy_peer_gin time FILE PASSES ANSWERS\n");
  return 2;
}
