#include "main_window/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace d500::studio {

QList<QPair<QString, QString>> Language::available() {
  // Native names: a user who cannot read the current language still finds their own.
  return {{QStringLiteral("en"), QStringLiteral("English")},
          {QStringLiteral("de"), QStringLiteral("Deutsch")},
          {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

bool Language::isAvailable(const QString& code) {
  for (const auto& l : available())
    if (l.first == code) return true;
  return false;
}

bool Language::install(QCoreApplication* app, const QString& code) {
  if (!isAvailable(code)) return false;
  // Numbers and dates follow the UI language (common/locale_format.h): an English window on a
  // German system keeps its own language's digits and dates, unless the system's is English too.
  if (code != QLatin1String("en"))
    QLocale::setDefault(QLocale(code));
  else if (QLocale::system().language() != QLocale::English &&
           QLocale::system().language() != QLocale::C)
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  if (code == QLatin1String("en")) return true;
  auto* studio = new QTranslator(app);
  if (!studio->load(QStringLiteral(":/i18n/d500_%1.qm").arg(code))) {
    delete studio;
    return false;
  }
  app->installTranslator(studio);
  auto* qt = new QTranslator(app);
  if (qt->load(QStringLiteral("qtbase_%1").arg(code),
               QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    app->installTranslator(qt);
  else
    delete qt;
  return true;
}

QString Language::fromSettings() {
  const QString code =
      QSettings().value(QStringLiteral("language"), QStringLiteral("en")).toString();
  return isAvailable(code) ? code : QStringLiteral("en");
}

void Language::saveToSettings(const QString& code) {
  QSettings().setValue(QStringLiteral("language"), code);
}

}  // namespace d500::studio
