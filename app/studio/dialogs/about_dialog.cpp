#include "dialogs/about_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QProcess>
#include <QVBoxLayout>
#include <QtGlobal>

#include "d500/build_info.h"

namespace d500::studio {

QString AboutDialog::runnerVersion(const QString& runner) {
  if (runner.isEmpty()) return tr("not found");
  QProcess p;
  p.start(runner, {QStringLiteral("--version")});
  if (!p.waitForFinished(3000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
    return tr("unknown (%1 did not answer --version)").arg(runner);
  return QString::fromLocal8Bit(p.readAllStandardOutput()).trimmed();
}

AboutDialog::AboutDialog(const QString& runner, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("About d500 Studio"));
  QStringList lines;
  lines << tr("d500 Studio %1 (%2)")
               .arg(QStringLiteral(D500_VERSION_STRING), QStringLiteral(D500_BUILD_TYPE));
  lines << tr("Runner: %1").arg(runnerVersion(runner));
  lines << tr("Runner path: %1").arg(runner.isEmpty() ? tr("not found") : runner);
  lines << tr("Qt: %1 (built with %2)")
               .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
  lines << tr("Compiler: %1").arg(QStringLiteral(D500_CXX_COMPILER));
  versions_ = lines.join(QLatin1Char('\n'));

  auto* title =
      new QLabel(QStringLiteral("<h2>d500 Studio</h2>") +
                 tr("<p>A workbench for fair, statistically sound and reproducible deep "
                    "learning benchmarks, after Deep500 (Ben-Nun et al., IPDPS'19).</p>"));
  title->setWordWrap(true);
  auto* versions = new QLabel(versions_);
  versions->setObjectName(QStringLiteral("aboutVersions"));
  versions->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title);
  layout->addWidget(versions);
  layout->addWidget(buttons);
}

}  // namespace d500::studio
