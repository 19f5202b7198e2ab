// A chart tab (a single chart or a run's dashboard) drawn into files and into reports, through
// ChartTab::renderContent: the same pixels the studio shows, without the controls. SVG keeps
// text as text; a PNG is drawn at its resolution, not scaled up from the screen.
// Threading: GUI thread.
#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

namespace d500::studio {

class ChartTab;

class TabRender {
  Q_DECLARE_TR_FUNCTIONS(TabRender)

 public:
  // An SVG document (with its XML declaration) of `tab` laid out at `size` logical pixels.
  static QByteArray svg(ChartTab& tab, QSize size, bool withSummary, const QString& title);
  // An image of size * dpi / 96 pixels, the DPI recorded in it.
  static QImage image(ChartTab& tab, QSize size, int dpi, bool withSummary);
  // The file's format follows its suffix: .png, .svg or .pdf (one page the tab's size). False
  // and *error (a sentence naming the path) on failure.
  // A tab shown in the window keeps its place and size.
  static bool write(ChartTab& tab, const QString& path, QSize size, int dpi, QString* error,
                    bool withSummary = true);

 private:
  static bool writeFile(ChartTab& tab, const QString& path, QSize size, int dpi, QString* error,
                        bool withSummary);
};

}  // namespace d500::studio
