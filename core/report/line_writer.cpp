#include "d500/report/line_writer.h"

namespace d500::report {

void LineWriter::put(const std::string& s) {
  size_t from = 0;
  for (size_t nl = s.find('\n'); nl != std::string::npos; nl = s.find('\n', from)) {
    doc_.line(pending_ + s.substr(from, nl - from));
    pending_.clear();
    from = nl + 1;
  }
  pending_ += s.substr(from);
}

void LineWriter::end_line() {
  if (pending_.empty()) return;
  doc_.line(std::move(pending_));
  pending_.clear();
}

LineWriter& LineWriter::heading(std::string text) {
  end_line();
  doc_.heading(std::move(text));
  return *this;
}

LineWriter& LineWriter::field(std::string key, std::string value) {
  end_line();
  doc_.field(std::move(key), std::move(value));
  return *this;
}

LineWriter& LineWriter::table(Rows rows) {
  end_line();
  doc_.table(std::move(rows));
  return *this;
}

}  // namespace d500::report
