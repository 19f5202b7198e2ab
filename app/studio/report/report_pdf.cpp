#include "report/report_pdf.h"

#include <QAbstractTextDocumentLayout>
#include <QFile>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextOption>
#include <QTextTable>
#include <QUrl>
#include <cmath>
#include <memory>
#include <vector>

namespace d500::studio {

namespace {

constexpr double kMarginMm = 12;
constexpr double kFooterMm = 7;
constexpr double kPxPerMm = 96 / 25.4;
constexpr double kBasePt = 9.5;
constexpr double kSmallestPt = 6.5;
constexpr int kResolution = 1200;

QSizeF contentSize(QPageLayout::Orientation o) {
  const QSizeF a4 = QPageSize(QPageSize::A4).size(QPageSize::Millimeter);
  const QSizeF page = o == QPageLayout::Portrait ? a4 : a4.transposed();
  return QSizeF(page.width() - 2 * kMarginMm, page.height() - 2 * kMarginMm - kFooterMm) * kPxPerMm;
}

// The PDF's style, every size from the base font size (the HTML file has its own, report_builder).
QString css(double pt, bool wrapAll) {
  return QStringLiteral(
             "body { font-family: 'DejaVu Sans'; font-size: %1pt; color: #222; }\n"
             "h1 { font-size: %2pt; } h2 { font-size: %3pt; } h3 { font-size: %4pt; }\n"
             "table.data { border-collapse: collapse; margin-top: 3px; margin-bottom: 6px; }\n"
             "th, td { border: 1px solid #bbb; padding: 1px 4px; font-size: %5pt; "
             "vertical-align: top; }\n"
             "th { background-color: #eee; text-align: left; }\n"
             ".nw { white-space: %6; }\n"
             "pre { font-size: %7pt; background-color: #f6f6f6; }\n"
             ".meta, .caption { color: #555; } .failed { color: #b00020; font-weight: bold; }\n"
             ".busy { background-color: #fff3cd; color: #5c4400; }\n")
      .arg(pt)
      .arg(pt * 1.6)
      .arg(pt * 1.3)
      .arg(pt * 1.1)
      .arg(pt * 0.92)
      .arg(wrapAll ? QStringLiteral("normal") : QStringLiteral("nowrap"))
      .arg(pt * 0.85);
}

struct Placement {
  QPageLayout::Orientation orientation = QPageLayout::Portrait;
  double pt = kBasePt;
  bool wrapAll = false;
  bool operator==(const Placement& o) const {
    return orientation == o.orientation && pt == o.pt && wrapAll == o.wrapAll;
  }
};

std::unique_ptr<QTextDocument> document(const QString& body, const Placement& p,
                                        const QList<QPair<QString, QImage>>& images) {
  auto doc = std::make_unique<QTextDocument>();
  QTextOption option = doc->defaultTextOption();
  option.setWrapMode(QTextOption::WordWrap);  // never inside a word (the default breaks anywhere)
  doc->setDefaultTextOption(option);
  doc->setDocumentMargin(0);
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setPointSizeF(p.pt);
  doc->setDefaultFont(font);
  for (const auto& [name, image] : images)
    if (body.contains(name)) doc->addResource(QTextDocument::ImageResource, QUrl(name), image);
  doc->setDefaultStyleSheet(css(p.pt, p.wrapAll));
  doc->setHtml(QStringLiteral("<html><body>%1</body></html>").arg(body));
  return doc;
}

bool fits(const QString& body, const Placement& p, const QList<QPair<QString, QImage>>& images) {
  const double width = contentSize(p.orientation).width();
  auto doc = document(body, p, images);
  doc->setTextWidth(width);
  return doc->size().width() <= width + 0.5;
}

// Else portrait at the base size, else landscape at the largest size that fits, else landscape in
// the smallest size with its cells wrapping between words.
struct Choice {
  Placement placement;
  QString body;
};

// A section that fits where the one before it went stays there (an orientation change costs a
// page break); else portrait at the base size, else landscape at the largest size that fits,
// else landscape in the smallest size with its cells wrapping between words. Its compact form
// is taken where that fits at the base size.
Choice place(const ReportSection& s, const QList<QPair<QString, QImage>>& images,
             const Placement* previous) {
  for (const QString* body : {&s.compactHtml, &s.html}) {
    if (body->isEmpty()) continue;
    if (previous && !previous->wrapAll && previous->pt == kBasePt &&
        (!s.landscape || previous->orientation == QPageLayout::Landscape) &&
        fits(*body, *previous, images))
      return {*previous, *body};
    Placement p;
    if (!s.landscape && fits(*body, p, images)) return {p, *body};
    p.orientation = QPageLayout::Landscape;
    if (fits(*body, p, images)) return {p, *body};
    if (body != &s.html) continue;
    for (p.pt = kBasePt - 0.5; p.pt >= kSmallestPt; p.pt -= 0.5)
      if (fits(*body, p, images)) return {p, *body};
  }
  return {{QPageLayout::Landscape, kSmallestPt, true}, s.html};
}

// A short line of text outside tables (the "sha256 ..." under a heading).
bool isNote(const QTextBlock& b) {
  return b.blockFormat().headingLevel() == 0 && b.length() < 200 &&
         !b.text().contains(QChar::ObjectReplacementCharacter) && !QTextCursor(b).currentTable();
}

// A heading that ends its page while what it heads begins the next moves to the next page
// with it (QTextDocument keeps nothing together by itself). Laid out again after each move.
void keepHeadingsWithNext(QTextDocument& doc) {
  const double page = doc.pageSize().height();
  auto* layout = doc.documentLayout();
  auto pageOf = [&](const QTextBlock& b, bool bottom) {
    const QRectF r = layout->blockBoundingRect(b);
    return static_cast<int>(std::floor((bottom ? r.bottom() - 1 : r.top()) / page));
  };
  for (int moved = 0; moved < 200; ++moved) {
    doc.pageCount();  // lays the whole document out (it is laid out lazily after a change)
    bool again = false;
    for (QTextBlock b = doc.begin(); b.isValid() && !again; b = b.next()) {
      if (b.blockFormat().headingLevel() == 0 ||
          b.blockFormat().pageBreakPolicy() & QTextFormat::PageBreak_AlwaysBefore)
        continue;
      // What it heads: the next block, or the one after a short note under the heading.
      const int at = pageOf(b, true);
      QTextBlock n = b.next();
      if (n.isValid() && pageOf(n, false) <= at && isNote(n)) n = n.next();
      if (!n.isValid() || pageOf(n, false) <= at) continue;
      QTextBlockFormat f = b.blockFormat();
      f.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
      QTextCursor(b).setBlockFormat(f);
      again = true;
    }
    if (!again) break;
  }
  doc.pageCount();
}

struct Run {  // consecutive sections laid out alike
  Placement placement;
  QString body;
  std::unique_ptr<QTextDocument> doc;
};

void paintFooter(QPainter& p, const QSizeF& content, const QString& title, int page, int pages) {
  QFont f(QStringLiteral("DejaVu Sans"));
  f.setPixelSize(9);  // in the painter's 96-per-inch units: about 7 pt
  p.setFont(f);
  p.setPen(QColor(0x77, 0x77, 0x77));
  const QRectF box(0, content.height() + 2 * kPxPerMm, content.width(), kFooterMm * kPxPerMm);
  p.drawText(box, Qt::AlignLeft | Qt::AlignTop, title);
  p.drawText(box, Qt::AlignRight | Qt::AlignTop,
             ReportPdf::tr("page %1 of %2").arg(page).arg(pages));
}

}  // namespace

double ReportPdf::portraitWidth() {
  return contentSize(QPageLayout::Portrait).width();
}
double ReportPdf::landscapeWidth() {
  return contentSize(QPageLayout::Landscape).width();
}
double ReportPdf::landscapeHeight() {
  return contentSize(QPageLayout::Landscape).height();
}

bool ReportPdf::write(const QString& path, const QString& title,
                      const QList<ReportSection>& sections,
                      const QList<QPair<QString, QImage>>& images, QString* error) {
  {
    QFile probe(path);  // QPdfWriter reports no errors of its own
    if (!probe.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
      if (error) *error = tr("Could not write the report %1: %2.").arg(path, probe.errorString());
      return false;
    }
  }
  std::vector<Run> runs;
  for (const ReportSection& s : sections) {
    const Choice c = place(s, images, runs.empty() ? nullptr : &runs.back().placement);
    if (runs.empty() || !(runs.back().placement == c.placement))
      runs.push_back({c.placement, {}, nullptr});
    runs.back().body += c.body;
  }
  int pages = 0;
  for (Run& r : runs) {
    r.doc = document(r.body, r.placement, images);
    r.doc->setPageSize(contentSize(r.placement.orientation));
    keepHeadingsWithNext(*r.doc);
    pages += r.doc->pageCount();
  }

  QPdfWriter writer(path);
  writer.setTitle(title);
  writer.setCreator(QStringLiteral("d500 Studio"));
  writer.setResolution(kResolution);
  const QMarginsF margins(kMarginMm, kMarginMm, kMarginMm, kMarginMm);
  auto layoutFor = [&](const Run& r) {
    return QPageLayout(QPageSize(QPageSize::A4), r.placement.orientation, margins,
                       QPageLayout::Millimeter);
  };
  if (!runs.empty()) writer.setPageLayout(layoutFor(runs.front()));
  QPainter painter;
  if (!painter.begin(&writer)) {
    if (error) *error = tr("Could not write the report %1.").arg(path);
    return false;
  }
  const double scale = kResolution / 96.0;
  int page = 0;
  for (const Run& r : runs) {
    const QSizeF content = contentSize(r.placement.orientation);
    for (int i = 0; i < r.doc->pageCount(); ++i) {
      if (page > 0) {
        writer.setPageLayout(layoutFor(r));  // takes effect on the new page
        writer.newPage();
      }
      ++page;
      painter.save();
      painter.scale(scale, scale);  // the painter's origin is the page's content corner
      paintFooter(painter, content, title, page, pages);
      const QRectF clip(0, i * content.height(), content.width(), content.height());
      painter.translate(0, -clip.top());
      r.doc->drawContents(&painter, clip);
      painter.restore();
    }
  }
  if (!painter.end() || QFile(path).size() == 0) {
    if (error) *error = tr("Could not write the report %1.").arg(path);
    return false;
  }
  return true;
}

}  // namespace d500::studio
