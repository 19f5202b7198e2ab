// A report's PDF, laid out section by section so that every table fits its page: a section goes
// on portrait A4 when it fits there, else on landscape A4, else on landscape in a smaller font
// (down to 6.5 pt); only a table too wide even then lets its cells wrap, and then between words
// only. Consecutive sections laid out alike flow on the same pages; a table's header row repeats
// on every page it spans; each page has a footer with the title and "page i of n".
// Why: QTextDocument's default wrap mode breaks anywhere, so a table wider than the page had its
// columns squeezed below their words' width and printed "succ eede d"; the cells now never wrap
// inside a word (white-space: nowrap, QTextOption::WordWrap) and the page is chosen to fit.
// Threading: GUI thread.
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QPair>
#include <QString>

namespace d500::studio {

struct ReportSection {
  QString html;            // a body fragment
  bool landscape = false;  // charts: on a landscape page even where they would fit portrait
  QString compactHtml;     // a shorter form (a long table in two halves), where it fits
};

class ReportPdf {
  Q_DECLARE_TR_FUNCTIONS(ReportPdf)

 public:
  // The content width of a portrait and a landscape page, in CSS pixels (1/96 inch): what a
  // section's images may be wide.
  static double portraitWidth();
  static double landscapeWidth();
  static double landscapeHeight();

  // Writes `sections` (their <img src> names resolved from `images`) to `path`. False and
  // *error (naming the path) when it cannot be written.
  static bool write(const QString& path, const QString& title, const QList<ReportSection>& sections,
                    const QList<QPair<QString, QImage>>& images, QString* error);
};

}  // namespace d500::studio
