#include "puzzle/split_csv.hpp"

#include <algorithm>

namespace puzzle {

void split_csv(std::string_view line, std::vector<std::string_view>& fields, std::string& buf) {
  fields.clear();
  buf.clear();
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  // Unquoted fields point into `line`; quoted ones are unescaped into `buf`, so reserve it
  // first: it must not reallocate while views into it exist.
  buf.reserve(line.size());
  std::size_t i = 0;
  while (true) {
    if (i < line.size() && line[i] == '"') {
      const std::size_t start = buf.size();
      ++i;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') buf += '"', i += 2;
          else { ++i; break; }
        } else {
          buf += line[i++];
        }
      }
      fields.emplace_back(buf.data() + start, buf.size() - start);
      while (i < line.size() && line[i] != ',') ++i;
    } else {
      const std::size_t comma = std::min(line.find(',', i), line.size());
      fields.push_back(line.substr(i, comma - i));
      i = comma;
    }
    if (i >= line.size()) break;
    ++i;  // skip the comma
  }
}

}  // namespace puzzle
