#include "report/report_table.h"

#include "charts/units.h"
#include "report/html_escape.h"

namespace d500::studio {

QString ReportTable::html() const {
  auto cell = [&](const QString& tag, const QString& text, int column) {
    const bool wraps = textColumns.contains(column);
    return QStringLiteral("<%1%2>%3</%1>")
        .arg(tag, wraps ? QStringLiteral(" class=\"tx\"") : QStringLiteral(" class=\"nw\""),
             escapeHtml(text));
  };
  QString out = QStringLiteral("<table class=\"data%1\" cellspacing=\"0\" cellpadding=\"2\">\n")
                    .arg(cssClass.isEmpty() ? QString() : QLatin1Char(' ') + cssClass);
  out += QStringLiteral("<thead><tr>");
  for (int c = 0; c < header.size(); ++c) out += cell(QStringLiteral("th"), header[c], c);
  out += QStringLiteral("</tr></thead>\n<tbody>\n");
  for (const QStringList& r : rows) {
    out += QStringLiteral("<tr>");
    for (int c = 0; c < r.size(); ++c) out += cell(QStringLiteral("td"), r[c], c);
    out += QStringLiteral("</tr>\n");
  }
  return out + QStringLiteral("</tbody></table>\n");
}

QString nbsp(const QString& text) {
  QString out = text;
  out.replace(QLatin1Char(' '), QChar(0x00A0));
  return out;
}

QString medianWithCi(double median, double lo, double hi, bool valid) {
  QString s = nbsp(formatDuration(median));
  if (valid)
    s += QStringLiteral(" [%1, %2]").arg(nbsp(formatDuration(lo)), nbsp(formatDuration(hi)));
  return s;
}

}  // namespace d500::studio
