// Text that came from outside (experiment and run names, paths, plugin and store strings, error
// messages that quote them) made safe to print on a terminal or into a comment line: a raw ESC or
// BEL would let that text drive the terminal (set its title, move the cursor, hide lines), and a
// raw newline would let it forge lines of its own.
#pragma once

#include <string>
#include <string_view>

namespace d500::report {

// `text` with every control character as a visible escape: "\n", "\r", "\t", "\x1b" for C0 and
// DEL, "\u009b" for C1 (U+0080..U+009F, which some terminals obey too), "\xff" for a byte that is
// not part of valid UTF-8. Valid UTF-8 otherwise passes unchanged, and so does a backslash, so
// applying it twice changes nothing. With `keep_newlines`, '\n' passes too: for a message whose
// own structure spans lines (the user text in it is then only kept from driving the terminal).
std::string printable(std::string_view text, bool keep_newlines = false);

// printable(text) with &, <, >, " and ' as entities: safe as HTML or XML text and attributes.
std::string markup_escape(std::string_view text);

}  // namespace d500::report
