// Just enough JSON to read firmware/protocol/test-vectors.json in the tests, so the vectors
// are read from the file (computed independently in Python), never retyped.
#pragma once
#include <stdint.h>

#include <map>
#include <string>
#include <vector>

namespace bh {
namespace test {

struct JsonValue {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  long long number = 0;
  std::string text;
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue> fields;

  const JsonValue& operator[](const std::string& key) const { return fields.at(key); }
  const JsonValue& operator[](size_t index) const { return items.at(index); }
  size_t size() const { return kind == kArray ? items.size() : fields.size(); }
};

// Throws std::runtime_error with the offset on malformed input.
JsonValue parseJson(const std::string& text);
JsonValue readJsonFile(const std::string& path);

}  // namespace test
}  // namespace bh
