// The HTML of a report on one run or a comparison of runs: what ran (runs, experiment file),
// where (environment, and what changed between runs), the statistics of every measurement, the
// validation verdicts, and the charts. One builder serves both outputs: the self-contained HTML
// file embeds the charts as inline SVG; the PDF goes through QTextDocument, which cannot draw
// SVG, so there the charts are images it is given as resources.
// Threading: GUI thread (it renders ChartPanels, which are widgets).
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QList>
#include <QPair>
#include <QString>

#include "d500/store/result_store.h"

namespace d500::studio {

class ComparisonTable;

class ReportBuilder {
  Q_DECLARE_TR_FUNCTIONS(ReportBuilder)

 public:
  enum class ChartEmbedding { InlineSvg, ImageResource };

  ReportBuilder(const QString& storePath, const QList<qint64>& runIds);

  // Reads the store and draws the charts. Returns false and sets *error (naming the store or
  // the run) when the store cannot be read or a run is not in it.
  bool build(ChartEmbedding embedding, QString* error);
  const QString& html() const { return html_; }
  // ImageResource: each chart's image and the name its <img src> uses.
  const QList<QPair<QString, QImage>>& images() const { return images_; }

 private:
  QString runsSection(const std::vector<store::RunInfo>& runs) const;
  QString comparisonSection(const ComparisonTable& t) const;
  QString chartsSection(ChartEmbedding embedding);
  QString runSection(const store::ResultStore& s, const store::RunInfo& r) const;

  QString storePath_;
  QList<qint64> runIds_;
  QString html_;
  QList<QPair<QString, QImage>> images_;
};

}  // namespace d500::studio
