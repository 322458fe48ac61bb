// The one JSON writer against nlohmann's dump: the same text for any string (every byte that
// needs an escape, at every place around the eight-byte blocks) and any document, pretty and
// compact; streaming in pieces gives the same text as writing it whole.
#include <doctest/doctest.h>

#include <random>
#include <sstream>
#include <string>

#include "json_writer.hpp"

using rummy::cli::append_json_string;
using rummy::cli::Json;
using rummy::cli::JsonWriter;
using rummy::cli::operator""_key;

namespace {

// Text of `size` characters: mostly letters, with control characters, quotes, backslashes and
// suit glyphs (UTF-8, three bytes) among them.
std::string random_text(std::mt19937& random, std::size_t size) {
  static const std::string pieces[] = {"a",
                                       "Z",
                                       " ",
                                       "\"",
                                       "\\",
                                       "\n",
                                       "\t",
                                       "\b",
                                       "\f",
                                       "\r",
                                       std::string(1, '\x01'),
                                       std::string(1, '\x1f'),
                                       "\x7f",
                                       "♠",
                                       "♥",
                                       "/"};
  std::string text;
  std::uniform_int_distribution<int> plain(0, 3), piece(0, std::size(pieces) - 1);
  while (text.size() < size) text += plain(random) != 0 ? "k" : pieces[piece(random)];
  return text;
}

Json random_document(std::mt19937& random, int depth) {
  std::uniform_int_distribution<int> kind(0, depth > 3 ? 3 : 5), size(0, 4), length(0, 20);
  switch (kind(random)) {
    case 0:
      return random_text(random, static_cast<std::size_t>(length(random)));
    case 1:
      return static_cast<long long>(random()) - (1LL << 31);
    case 2:
      return (random() & 1) != 0;
    case 3:
      return nullptr;
    case 4: {
      Json array = Json::array();
      for (int i = size(random); i > 0; --i) array.push_back(random_document(random, depth + 1));
      return array;
    }
    default: {
      Json object = Json::object();
      for (int i = size(random); i > 0; --i) {
        object[random_text(random, static_cast<std::size_t>(length(random)))] =
            random_document(random, depth + 1);
      }
      return object;
    }
  }
}

}  // namespace

TEST_CASE("JSON strings are escaped as nlohmann escapes them, whatever their length") {
  std::mt19937 random(7);
  for (std::size_t size = 0; size < 40; ++size) {
    for (int round = 0; round < 50; ++round) {
      const std::string text = random_text(random, size);
      std::string out = "before ";
      append_json_string(out, text);
      CHECK(out == "before " + Json(text).dump());
    }
  }
  std::string every_byte;
  for (int c = 1; c < 0x80; ++c) every_byte += static_cast<char>(c);
  std::string out;
  append_json_string(out, every_byte);
  CHECK(out == Json(every_byte).dump());
  CHECK(out.find("\\u0001") != std::string::npos);
  CHECK(out.find("\\u001f") != std::string::npos);
}

TEST_CASE("JSON documents: pretty as dump(2), compact as dump(), streamed in pieces the same") {
  std::mt19937 random(11);
  for (int round = 0; round < 300; ++round) {
    const Json document = random_document(random, 0);
    std::string pretty = "x";
    {
      JsonWriter writer(pretty);
      writer.value(document);
    }
    CHECK(pretty == "x" + document.dump(2));
    std::string compact;
    {
      JsonWriter writer(compact, JsonWriter::Layout::compact);
      writer.value(document);
      writer.end_line();
    }
    CHECK(compact == document.dump() + "\n");
    // The same document as an array's items, sent on whenever a few bytes are written.
    if (!document.is_array()) continue;
    std::ostringstream stream;
    std::string text;
    JsonWriter writer(text);
    writer.begin_array();
    for (const Json& item : document) {
      writer.value(item);
      if (writer.size() >= 16) writer.flush_to(stream);
    }
    writer.end_array();
    writer.flush_to(stream);
    CHECK(stream.str() == document.dump(2));
  }
}

TEST_CASE("JSON members with keys checked when the program is compiled") {
  std::string text;
  {
    JsonWriter writer(text, JsonWriter::Layout::compact);
    writer.begin_object();
    writer.member("a_key_of_twenty_eight_letter"_key, 1);
    writer.member("b"_key, "two");
    writer.key("c"_key);
    writer.null();
    writer.member("d"_key, true);
    writer.end_object();
  }
  CHECK(text == R"({"a_key_of_twenty_eight_letter":1,"b":"two","c":null,"d":true})");
}

TEST_CASE("JSON members composed once, written first, between others and last") {
  using rummy::cli::compose_members;
  const std::string pair = compose_members([](JsonWriter& json) {
    json.member("verdict"_key, "in\"valid");
    json.key("wild"_key);
    json.null();
  });
  CHECK(pair == R"("verdict":"in\"valid","wild":null)");
  CHECK(compose_members([](JsonWriter&) {}).empty());
  const auto record = [&](bool before, bool after) {
    std::string text;
    JsonWriter writer(text, JsonWriter::Layout::compact);
    writer.begin_object();
    if (before) writer.member("line"_key, 7);
    writer.members(pair);
    writer.members("");  // nothing composed: nothing written, no comma
    if (after) writer.member("points"_key, 80);
    writer.end_object();
    return text;
  };
  CHECK(record(false, false) == R"({"verdict":"in\"valid","wild":null})");
  CHECK(record(true, false) == R"({"line":7,"verdict":"in\"valid","wild":null})");
  CHECK(record(false, true) == R"({"verdict":"in\"valid","wild":null,"points":80})");
  CHECK(Json::parse(record(true, true)) ==
        Json::parse(R"({"line":7,"verdict":"in\"valid","wild":null,"points":80})"));
  // Composed text is compact: a pretty writer refuses it rather than mix the layouts.
  std::string text;
  JsonWriter pretty(text);
  pretty.begin_object();
  CHECK_THROWS_AS(pretty.members(pair), std::logic_error);
}
