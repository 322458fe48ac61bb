// Reads a hand, checks it as a declaration and scores it, through the installed headers.
#include <rummy/declaration.hpp>
#include <rummy/notation.hpp>
#include <rummy/rules.hpp>
#include <rummy/scoring.hpp>

#include <iostream>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: consumer HAND\n";
    return 2;
  }
  const rummy::Rules rules = rummy::Rules::for_variant(rummy::Variant::indian);
  try {
    const rummy::ReadHand read = rummy::read_hand(argv[1], "<argument>", rules);
    const rummy::DeclarationCheck check = rummy::check_declaration(read.hand, rules);
    const rummy::Score score = rummy::score_shown_hand(read.hand, check, rules);
    // A loser's shown hand: a valid one pays 2, an invalid one every card up to the cap.
    std::cout << (check.valid() ? "valid" : "not valid") << ", a loser pays " << score.points
              << "\n";
    return check.valid() ? 0 : 1;
  } catch (const rummy::InputError& error) {
    std::cerr << error.what() << "\n";
    return 2;
  }
}
