#include "charts/legend_list.h"

#include <QTextDocument>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLegendMarker>
#include <cmath>

#include "charts/chart_model.h"

namespace d500::studio {

namespace {

// A short run of the line as drawn: solid, dashed or dotted, with a dot for point markers.
QString swatch(const LegendList::Entry& e) {
  QString line;
  switch (e.style) {
    // Box-drawing dashes: a line may break after a dash character, never inside these.
    case Qt::DashLine:
      line = QStringLiteral("&#x2505;&#x2505;");
      break;
    case Qt::DotLine:
      line = QStringLiteral("&#xB7;&#xB7;&#xB7;&#xB7;");
      break;
    case Qt::DashDotLine:
      line = QStringLiteral("&#x2505;&#xB7;&#x2505;");
      break;
    case Qt::NoPen:
      break;  // points only
    default:
      line = QStringLiteral("&#x2501;&#x2501;");
      break;  // heavy horizontal
  }
  if (e.markers) line += QStringLiteral("&#x25CF;");
  return QStringLiteral("<span style=\"color:%1;font-weight:bold\">%2</span>")
      .arg(e.color.name(), line);
}

}  // namespace

LegendList::LegendList(bool vertical, QWidget* parent) : QLabel(parent), vertical_(vertical) {
  setWordWrap(true);
  setTextFormat(Qt::RichText);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setAlignment(Qt::AlignLeft | Qt::AlignTop);
  setObjectName(QStringLiteral("legend"));
}

void LegendList::setEntries(const QList<Entry>& entries) {
  entries_ = entries;
  QStringList parts;
  for (const Entry& e : entries)
    parts.append(swatch(e) + QStringLiteral("&nbsp;") + e.text.toHtmlEscaped());
  // Between entries an ordinary space, where the line may wrap; inside one, the text's own.
  setText(parts.join(vertical_ ? QStringLiteral("<br>") : QStringLiteral("&nbsp;&nbsp;&nbsp; ")));
  setToolTip(texts().join(QLatin1Char('\n')));
}

QStringList LegendList::texts() const {
  QStringList out;
  for (const Entry& e : entries_) out.append(e.text);
  return out;
}

int LegendList::heightAt(int width) const {
  QTextDocument doc;
  doc.setDefaultFont(font());
  doc.setDocumentMargin(0);
  doc.setHtml(text());
  const QMargins m = contentsMargins();
  doc.setTextWidth(width - m.left() - m.right());
  return static_cast<int>(std::ceil(doc.size().height())) + m.top() + m.bottom() + 2;
}

QList<LegendList::Entry> LegendList::entriesOf(const QChart* chart) {
  QList<Entry> entries;
  if (chart->legend()->isVisible())
    for (QLegendMarker* m : chart->legend()->markers())
      if (!m->series()->property(ChartModel::kHiddenFromLegend).toBool() && !m->label().isEmpty())
        entries.append({m->label(), m->brush().color(), Qt::SolidLine, false});
  return entries;
}

}  // namespace d500::studio
