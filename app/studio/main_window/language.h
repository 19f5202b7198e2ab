// The studio's languages: English source strings, German and Simplified Chinese translations
// compiled into the binary (":/i18n/d500_<code>.qm"). Chosen by --lang, else by the setting
// "language", else English; a change in the settings applies at the next start.
#pragma once

#include <QList>
#include <QPair>
#include <QString>

class QCoreApplication;

namespace d500::studio {

class Language {
 public:
  // {code, native name}: {"en", "English"}, {"de", "Deutsch"}, {"zh_CN", "简体中文"}.
  static QList<QPair<QString, QString>> available();
  static bool isAvailable(const QString& code);
  // Installs the translators for `code` (the studio's, and Qt's own for standard dialogs when
  // the system has them). "en" installs none. Returns false for an unknown code or a missing
  // translation.
  static bool install(QCoreApplication* app, const QString& code);
  static QString fromSettings();  // "en" when unset
  static void saveToSettings(const QString& code);
};

}  // namespace d500::studio
