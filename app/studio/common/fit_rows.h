// A list sized to what it holds (issue 35: the Problems pane took 180 px for its one line): as
// tall as its rows, at least one and at most `maxRows`, beyond which it scrolls. Call it after
// every change of the rows.
#pragma once

class QListWidget;

namespace d500::studio {

void fitToRows(QListWidget* list, int maxRows);

}  // namespace d500::studio
