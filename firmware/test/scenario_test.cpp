// Scenario tests in the style of ZMK's native_sim tests: scripted input lines and clock
// steps in (scenarios/<name>/input.txt), the log of frames and actuation events out,
// compared to the committed expectation (scenarios/<name>/expected.txt).
// BH_UPDATE_SCENARIOS=1 rewrites the expectations; review the diff before committing.
// Expected logs leave out frame CRCs (checked, not recorded) and write the table hash as
// $TABLE, so a protocol-table change does not rewrite every snapshot.
//
// input.txt, one directive per line ('#' starts a comment):
//   board gantry | board direct    (first, optional; default direct)
//   send <frame body>              CRC and newline are added; $TABLE is the table hash
//   raw <bytes>                    sent as is; \n \r \\ and \xNN escapes
//   wait <ms>                      advance the clock 1 ms at a time, polling each step
//   boot                           core.begin() (EVT name=boot)
#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_bench.h"

namespace bh {
namespace {

std::string unescapeRaw(const std::string& text) {
  std::string out;
  for (size_t i = 0; i < text.size(); i++) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    char e = text[++i];
    if (e == 'n') out += '\n';
    else if (e == 'r') out += '\r';
    else if (e == 'x') out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16)), i += 2;
    else out += e;
  }
  return out;
}

std::string withTableHash(std::string text) {
  char hash[9];
  snprintf(hash, sizeof hash, "%08X", static_cast<unsigned>(proto::kTableHash));
  size_t at = text.find("$TABLE");
  if (at != std::string::npos) text.replace(at, 6, hash);
  return text;
}

// The recorded log is kept stable under protocol-table changes: every frame's CRC is
// checked here and then left out, and the table hash is written as $TABLE. A frame the core
// sent with a wrong or missing CRC fails the test. Raw input lines stay as sent.
std::string stableLogLine(const std::string& line) {
  size_t kindAt = line.find(' ', line.find_first_not_of(' ')) + 1;  // after the time stamp
  bool output = line.compare(kindAt, 2, "< ") == 0;
  bool input = line.compare(kindAt, 2, "> ") == 0 && line.compare(kindAt, 6, "> raw ") != 0;
  if (!output && !input) return line;
  size_t bodyAt = kindAt + 2;
  size_t star = line.rfind(" *");
  if (star == std::string::npos || star < bodyAt || line.size() != star + 6) {
    ADD_FAILURE() << "frame without a CRC: " << line;
    return line;
  }
  std::string body = line.substr(bodyAt, star - bodyAt);
  EXPECT_EQ(test::withCrc(body), line.substr(bodyAt)) << "wrong CRC in: " << line;
  std::string stable = line.substr(0, star);
  char hash[9];
  snprintf(hash, sizeof hash, "%08X", static_cast<unsigned>(proto::kTableHash));
  for (size_t at = stable.find(hash); at != std::string::npos; at = stable.find(hash)) stable.replace(at, 8, "$TABLE");
  return stable;
}

std::vector<std::string> readLines(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

test::BenchOptions optionsFor(const std::vector<std::string>& input) {
  test::BenchOptions options;
  for (const std::string& line : input) {
    if (line == "board gantry") options.gantry = true;
  }
  return options;
}

std::vector<std::string> runScenario(const std::vector<std::string>& input) {
  test::TestBench bench(optionsFor(input));
  for (const std::string& line : input) {
    if (line.empty() || line[0] == '#' || line.compare(0, 6, "board ") == 0) continue;
    std::string verb = line.substr(0, line.find(' '));
    std::string rest = line.size() > verb.size() ? line.substr(verb.size() + 1) : "";
    if (verb == "send") bench.send(withTableHash(rest));
    else if (verb == "raw") bench.sendRaw(unescapeRaw(rest));
    else if (verb == "wait") bench.advance(static_cast<uint32_t>(std::stoul(rest)));
    else if (verb == "boot") bench.core->begin();
    else ADD_FAILURE() << "unknown directive: " << line;
  }
  std::vector<std::string> log;
  for (const std::string& line : bench.log) log.push_back(stableLogLine(line));
  return log;
}

std::vector<std::string> scenarioNames() {
  std::vector<std::string> names;
  DIR* dir = opendir(BH_SCENARIOS_DIR);
  if (dir == nullptr) return names;
  while (dirent* entry = readdir(dir)) {
    std::string name = entry->d_name;
    if (name[0] != '.') names.push_back(name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

class Scenario : public ::testing::TestWithParam<std::string> {};

TEST_P(Scenario, MatchesExpectedLog) {
  std::string dir = std::string(BH_SCENARIOS_DIR) + "/" + GetParam();
  std::vector<std::string> actual = runScenario(readLines(dir + "/input.txt"));
  if (getenv("BH_UPDATE_SCENARIOS") != nullptr) {
    std::ofstream out(dir + "/expected.txt");
    for (const std::string& line : actual) out << line << "\n";
    return;
  }
  std::vector<std::string> expected = readLines(dir + "/expected.txt");
  ASSERT_FALSE(expected.empty()) << dir << "/expected.txt missing; run with BH_UPDATE_SCENARIOS=1 and review";
  for (size_t i = 0; i < std::max(actual.size(), expected.size()); i++) {
    std::string want = i < expected.size() ? expected[i] : "<end>";
    std::string got = i < actual.size() ? actual[i] : "<end>";
    ASSERT_EQ(got, want) << "first difference at line " << i + 1 << " of " << dir << "/expected.txt";
  }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, Scenario, ::testing::ValuesIn(scenarioNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(ScenarioSet, IsNotEmpty) { EXPECT_GE(scenarioNames().size(), 11u); }

}  // namespace
}  // namespace bh
