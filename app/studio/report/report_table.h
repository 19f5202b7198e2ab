// A table of a report as HTML both outputs read: the header in <thead> (repeated on every PDF
// page the table spans), every cell escaped, and every cell kept on one line (class "nw",
// white-space: nowrap) except the columns named as free text (details, paths, environment
// values), which wrap between words. No cell ever breaks inside a word or a number: the PDF
// lays a table out on a page wide enough for it (report_pdf.h), and a number and its unit are
// joined by a no-break space (nbsp()).
#pragma once

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace d500::studio {

struct ReportTable {
  QStringList header;
  QList<QStringList> rows;
  QSet<int> textColumns;  // columns that may wrap between words
  QString cssClass;       // extra class of the <table> ("" : none)

  QString html() const;
};

// `text` with its spaces made no-break spaces ("1.17 ms" stays on one line).
QString nbsp(const QString& text);
// "1.17 ms [1.17 ms, 1.20 ms]" (nanoseconds in), the CI only when valid.
QString medianWithCi(double medianNs, double loNs, double hiNs, bool ciValid);

}  // namespace d500::studio
