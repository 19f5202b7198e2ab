// Writes into a Document the way one writes to a stream: each '\n' ends a line (a leading "\n" is
// a blank line, as on a terminal), and a heading or a table first ends the line in progress. What
// a level says reads as it did on stdout, and becomes blocks every reporter can format.
#pragma once

#include <sstream>
#include <string>

#include "d500/report/document.h"

namespace d500::report {

class LineWriter {
 public:
  explicit LineWriter(Document& doc) : doc_(doc) {}
  ~LineWriter() { end_line(); }
  LineWriter(const LineWriter&) = delete;
  LineWriter& operator=(const LineWriter&) = delete;

  template <class T>
  LineWriter& operator<<(const T& value) {
    std::ostringstream os;
    os << value;
    put(os.str());
    return *this;
  }
  // A heading: text shows it as "\n<text>:".
  LineWriter& heading(std::string text);
  LineWriter& field(std::string key, std::string value);
  LineWriter& table(Rows rows);

 private:
  void put(const std::string& s);
  void end_line();  // the line in progress, if any, as a Line

  Document& doc_;
  std::string pending_;
};

}  // namespace d500::report
