// The games of the rulebook (games.cpp): each one Rules value built complete from the neutral
// Rules{}, with its names and the house rules it takes. Code elsewhere asks a game's Rules what
// it needs to know, never which game it is.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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

// The games (in all_variants' order) for which `has` holds, in `format`.
template <typename Has>
std::vector<Variant> variants_where(Has has, Game format = Game::points) {
  std::vector<Variant> found;
  for (const Variant variant : all_variants) {
    if (has(Rules::for_variant(variant, format))) found.push_back(variant);
  }
  return found;
}

// Names joined for people: "A", "A and B", "A, B and C" (`last` before the last one).
std::string spoken_names(std::span<const std::string_view> names, std::string_view last = " and ");
// Games for people, in their own words, joined "A", "A and B", "A, B and C" (`last` before
// the last one).
std::string spoken_games(std::span<const Variant> variants, std::string_view last = " and ");
// Games as --variant takes them: "basic, knock or crazy".
std::string spoken_variant_ids(std::span<const Variant> variants, std::string_view last = " or ");

// The names of the games for which `has` holds, for people: "Indian rummy",
// "Basic Rummy, Knock Rummy and Crazy Rummy". Messages say which games an option is for with
// this, so that no message names a game the data does not give.
template <typename Has>
std::string games_where(Has has, Game format = Game::points) {
  return spoken_games(variants_where(has, format));
}

// The games that take a house rule, for people: "Indian rummy", "Basic Rummy and Knock Rummy".
std::string games_taking(std::string_view house_rule);

}  // namespace rummy
