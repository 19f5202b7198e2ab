// The HTML of a report on one run or a comparison of runs: what ran (runs, experiment file),
// where (environment, and what changed between runs), the statistics of every measurement, the
// validation verdicts, and each run's dashboard as the studio shows it (the kind the studio opens
// for the run's level, ChartKindRegistry::kindForRun, with what it says beside its charts), then
// the other charts of those levels. One builder serves both outputs: the self-contained HTML
// file embeds the charts as inline SVG; the PDF goes through QTextDocument, which cannot draw
// SVG, so there the charts are images it is given as resources, sized for a landscape page.
// Threading: GUI thread (it renders chart tabs, which are widgets).
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QPair>
#include <QString>
#include <vector>

#include "d500/store/result_store.h"
#include "report/report_pdf.h"

namespace d500::studio {

class ChartKind;
class ChartTab;
class ComparisonTable;

class ReportBuilder {
  Q_DECLARE_TR_FUNCTIONS(ReportBuilder)

 public:
  enum class ChartEmbedding { InlineSvg, ImageResource };

  ReportBuilder(const QString& storePath, const QList<qint64>& runIds);

  // Reads the store and draws the charts. Returns false and sets *error (naming the store or
  // the run) when the store cannot be read or a run is not in it.
  bool build(ChartEmbedding embedding, QString* error);
  // The whole HTML document (its own style sheet, the sections' bodies in order).
  const QString& html() const { return html_; }
  const QString& title() const { return title_; }
  // The body in sections, for the PDF, which lays each out on a page it fits.
  const QList<ReportSection>& sections() const { return sections_; }
  // ImageResource: each chart's image and the name its <img src> uses.
  const QList<QPair<QString, QImage>>& images() const { return images_; }

 private:
  void add(const QString& html, bool landscape = false, const QString& compact = {}) {
    sections_.append({html, landscape, compact});
  }
  void addRuns(const std::vector<store::RunInfo>& runs);
  void addLoadWarnings(const store::ResultStore& s, const std::vector<store::RunInfo>& runs);
  void addComparison(const ComparisonTable& t);
  void addDashboards(const std::vector<store::RunInfo>& runs);
  void addOtherCharts(const std::vector<store::RunInfo>& runs);
  void addStatistics(const store::ResultStore& s, const std::vector<store::RunInfo>& runs);
  void addValidations(const store::ResultStore& s, const std::vector<store::RunInfo>& runs);
  void addChanges(const store::ResultStore& s, const std::vector<store::RunInfo>& runs);
  void addEnvironments(const store::ResultStore& s, const std::vector<store::RunInfo>& runs);
  void addExperiments(const std::vector<store::RunInfo>& runs);
  QString overlay(const ChartKind& kind, const QList<qint64>& ids);
  // The tab drawn at `size` as inline SVG or an image resource (in a paragraph); an image is laid
  // out `zoom` times larger and shown at `size`.
  QString chart(ChartTab& tab, QSize size, double zoom = 1);

  QString storePath_;
  QList<qint64> runIds_;
  ChartEmbedding embedding_ = ChartEmbedding::InlineSvg;
  QString html_, title_;
  QList<ReportSection> sections_;
  QList<QPair<QString, QImage>> images_;
};

}  // namespace d500::studio
