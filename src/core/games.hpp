// The games of the rulebook (games.cpp): each one Rules value built complete from the neutral
// Rules{}, with its names and the house rules it takes. Code elsewhere asks a game's Rules what
// it needs to know, never which game it is.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "rules.hpp"

namespace rummy {

// The game a command plays unless told otherwise.
Variant default_variant();

// The rules of the first game (in all_variants' order) for which `has` holds, in `format`: e.g.
// the game whose declaration has a wrong show, the game played in table formats.
template <typename Has>
Rules game_where(Has has, Game format = Game::points) {
  for (const Variant variant : all_variants) {
    Rules rules = Rules::for_variant(variant, format);
    if (has(rules)) return rules;
  }
  throw std::logic_error("no game has what was asked");
}

// The games that take a house rule, for people: "Indian rummy", "Basic Rummy and Knock Rummy".
std::string games_taking(std::string_view house_rule);

}  // namespace rummy
