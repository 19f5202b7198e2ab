#include "headless/headless_export.h"

#include <QFileInfo>
#include <QList>
#include <QRegularExpression>
#include <QSize>
#include <cstdio>
#include <cstring>
#include <memory>

#include "charts/chart_kind.h"
#include "charts/chart_tab.h"
#include "charts/tab_render.h"
#include "d500/store/result_store.h"
#include "report/report_writer.h"

namespace d500::studio {

namespace {

constexpr QSize kDefaultSize(1600, 1000);

struct Failure {
  int code;
  QString message;
};

int report(const Failure& f) {
  std::fprintf(stderr, "d500-studio: %s\n", qPrintable(f.message));
  return f.code;
}

// "1600x1000" within 200..10000 each way.
bool parseSize(const QString& text, QSize* size) {
  if (text.isEmpty()) {
    *size = kDefaultSize;
    return true;
  }
  const auto m = QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(text);
  if (!m.hasMatch()) return false;
  *size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
  return size->width() >= 200 && size->height() >= 200 && size->width() <= 10000 &&
         size->height() <= 10000;
}

// The runs named by "3", "3,4" or "latest" (the store's newest), checked against the store.
bool resolveRuns(const store::ResultStore& s, const QString& store, const QString& text,
                 QList<qint64>* ids, Failure* f) {
  const auto all = s.runs();
  const QString range =
      all.empty()
          ? HeadlessExport::tr("it holds no runs")
          : HeadlessExport::tr("its runs are %1..%2").arg(all.front().id).arg(all.back().id);
  for (const QString& part : text.split(QLatin1Char(','))) {
    const QString p = part.trimmed();
    if (p == QLatin1String("latest")) {
      if (all.empty()) {
        *f = {HeadlessExport::kBadInput, HeadlessExport::tr("no runs in %1 yet").arg(store)};
        return false;
      }
      ids->append(all.back().id);
      continue;
    }
    bool ok = false;
    const qint64 id = p.toLongLong(&ok);
    if (!ok || id <= 0) {
      *f = {HeadlessExport::kBadInput,
            HeadlessExport::tr("\"%1\" is not a run id (a positive integer or \"latest\"; `d500 "
                               "runs` lists them)")
                .arg(p)};
      return false;
    }
    if (!s.run(id)) {
      *f = {HeadlessExport::kBadInput,
            HeadlessExport::tr("no run %1 in %2 (%3)").arg(id).arg(store, range)};
      return false;
    }
    ids->append(id);
  }
  return true;
}

// What the command line itself gets wrong, before the store is read.
bool checkArguments(const HeadlessExport::Request& r, QSize* size, Failure* f) {
  auto bad = [&](const QString& m) {
    *f = {HeadlessExport::kBadArguments, m};
    return false;
  };
  if (r.report.isEmpty() && r.dashboard.isEmpty())
    return bad(HeadlessExport::tr("--report and --dashboard need the runs to export"));
  if (!r.report.isEmpty() && !r.dashboard.isEmpty())
    return bad(HeadlessExport::tr("--report and --dashboard are two exports; choose one"));
  const bool isReport = !r.report.isEmpty();
  if (r.store.isEmpty())
    return bad(HeadlessExport::tr("%1 needs --store FILE, the result store to read")
                   .arg(isReport ? QStringLiteral("--report") : QStringLiteral("--dashboard")));
  if (r.output.isEmpty())
    return bad(
        HeadlessExport::tr("%1 needs -o FILE, the file to write (%2)")
            .arg(isReport ? QStringLiteral("--report") : QStringLiteral("--dashboard"),
                 isReport ? QStringLiteral(".html or .pdf") : QStringLiteral(".png or .svg")));
  const QString suffix = QFileInfo(r.output).suffix().toLower();
  if (isReport && suffix != QLatin1String("html") && suffix != QLatin1String("pdf"))
    return bad(HeadlessExport::tr("-o %1: a report is written as .html or .pdf").arg(r.output));
  if (!isReport && suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
    return bad(HeadlessExport::tr("-o %1: a dashboard is written as .png or .svg").arg(r.output));
  if (!isReport && r.dashboard.contains(QLatin1Char(',')))
    return bad(HeadlessExport::tr("--dashboard %1: a dashboard shows one run").arg(r.dashboard));
  if (!r.size.isEmpty() && isReport)
    return bad(HeadlessExport::tr("--size applies to --dashboard, not to a report"));
  if (!parseSize(r.size, size))
    return bad(HeadlessExport::tr("--size %1: expected WIDTHxHEIGHT in pixels, each 200 to "
                                  "10000 (e.g. 1600x1000)")
                   .arg(r.size));
  return true;
}

int exportDashboard(const store::ResultStore& s, const HeadlessExport::Request& r, qint64 id,
                    QSize size) {
  const auto info = s.run(id);
  const QString level = QString::fromStdString(info->level);
  const ChartKind* kind = ChartKindRegistry::studio().kindForRun(level);
  if (!kind)
    return report({HeadlessExport::kBadInput,
                   HeadlessExport::tr("run %1 in %2 is of the level \"%3\", which has no dashboard")
                       .arg(id)
                       .arg(r.store, level)});
  std::unique_ptr<ChartTab> tab(kind->create(r.store, {id}));
  tab->refresh();
  QString error;
  if (!TabRender::write(*tab, r.output, size, 96, &error))
    return report({HeadlessExport::kBadInput, error});
  return HeadlessExport::kOk;
}

}  // namespace

void HeadlessExport::quietQt() {
  qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& text) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
      std::fprintf(stderr, "d500-studio: %s\n", qPrintable(text));
  });
}

bool HeadlessExport::requested(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* name : {"--report", "--dashboard"})
      if (std::strncmp(argv[i], name, std::strlen(name)) == 0 &&
          (argv[i][std::strlen(name)] == '\0' || argv[i][std::strlen(name)] == '='))
        return true;
  return false;
}

int HeadlessExport::run(const Request& r) {
  QSize size;
  Failure f;
  if (!checkArguments(r, &size, &f)) return report(f);
  if (!QFileInfo::exists(r.store))
    return report({kStoreError, tr("store %1: cannot open: no such file").arg(r.store)});
  auto opened = store::ResultStore::open(r.store.toStdString(), store::ResultStore::Mode::ReadOnly);
  if (!opened) return report({kStoreError, QString::fromStdString(opened.error().to_string())});
  const store::ResultStore& s = *opened.value();
  QList<qint64> ids;
  try {
    if (!resolveRuns(s, r.store, r.report.isEmpty() ? r.dashboard : r.report, &ids, &f))
      return report(f);
    if (r.report.isEmpty()) return exportDashboard(s, r, ids.front(), size);
  } catch (const std::exception& e) {
    return report({kStoreError, tr("store %1: %2").arg(r.store, QString::fromUtf8(e.what()))});
  }
  QString error;
  const bool pdf = QFileInfo(r.output).suffix().toLower() == QLatin1String("pdf");
  const bool ok = pdf ? ReportWriter::writePdf(r.store, ids, r.output, &error)
                      : ReportWriter::writeHtml(r.store, ids, r.output, &error);
  return ok ? kOk : report({kBadInput, error});
}

}  // namespace d500::studio
