#include "support/mini_json.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bh {
namespace test {

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  JsonValue parseDocument() {
    JsonValue value = parseValue();
    skipSpace();
    if (pos_ != text_.size()) fail("trailing characters");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("json: " + what + " at offset " + std::to_string(pos_));
  }
  void skipSpace() {
    while (pos_ < text_.size() && isspace(static_cast<unsigned char>(text_[pos_]))) pos_++;
  }
  char peek() {
    skipSpace();
    if (pos_ >= text_.size()) fail("unexpected end");
    return text_[pos_];
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected ") + c);
    pos_++;
  }
  bool consumeWord(const char* word) {
    std::string w(word);
    if (text_.compare(pos_, w.size(), w) != 0) return false;
    pos_ += w.size();
    return true;
  }

  JsonValue parseValue() {
    char c = peek();
    if (c == '{') return parseObject();
    if (c == '[') return parseArray();
    JsonValue value;
    if (c == '"') {
      value.kind = JsonValue::kString;
      value.text = parseString();
    } else if (consumeWord("true") || consumeWord("false")) {
      value.kind = JsonValue::kBool;
      value.boolean = text_[pos_ - 1] == 'e' && text_[pos_ - 2] == 'u';
    } else if (consumeWord("null")) {
      value.kind = JsonValue::kNull;
    } else {
      value.kind = JsonValue::kNumber;
      value.number = parseInteger();
    }
    return value;
  }

  long long parseInteger() {
    size_t start = pos_;
    if (text_[pos_] == '-') pos_++;
    while (pos_ < text_.size() && isdigit(static_cast<unsigned char>(text_[pos_]))) pos_++;
    if (start == pos_) fail("bad value");
    return std::stoll(text_.substr(start, pos_ - start));
  }

  std::string parseString() {
    expect('"');
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      char c = text_[pos_++];
      if (c != '\\') {
        out += c;
        continue;
      }
      char e = text_[pos_++];
      if (e == 'n') out += '\n';
      else if (e == 't') out += '\t';
      else if (e == 'r') out += '\r';
      else if (e == 'u') out += static_cast<char>(std::stoi(text_.substr(pos_, 4), nullptr, 16)), pos_ += 4;
      else out += e;  // \" \\ \/
    }
    expect('"');
    return out;
  }

  JsonValue parseArray() {
    JsonValue value;
    value.kind = JsonValue::kArray;
    expect('[');
    if (peek() == ']') return pos_++, value;
    for (;;) {
      value.items.push_back(parseValue());
      if (peek() == ']') return pos_++, value;
      expect(',');
    }
  }

  JsonValue parseObject() {
    JsonValue value;
    value.kind = JsonValue::kObject;
    expect('{');
    if (peek() == '}') return pos_++, value;
    for (;;) {
      peek();
      std::string key = parseString();
      expect(':');
      value.fields[key] = parseValue();
      if (peek() == '}') return pos_++, value;
      expect(',');
    }
  }

  const std::string& text_;
  size_t pos_ = 0;
};

}  // namespace

JsonValue parseJson(const std::string& text) { return Parser(text).parseDocument(); }

JsonValue readJsonFile(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw std::runtime_error("cannot open " + path);
  std::stringstream buffer;
  buffer << file.rdbuf();
  return parseJson(buffer.str());
}

}  // namespace test
}  // namespace bh
