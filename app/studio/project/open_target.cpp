#include "project/open_target.h"

namespace d500::studio {

bool OpenTarget::fromArguments(const QString& projectOption, const QString& storeOption,
                               const QStringList& positional, OpenTarget* out, QString* error) {
  OpenTarget t{projectOption, storeOption};
  if (positional.size() > 1) {
    *error = tr("Give one project or store to open, not %1.").arg(positional.size());
    return false;
  }
  if (!positional.isEmpty()) {
    const QString path = positional.first();
    const bool isStore = path.endsWith(QStringLiteral(".d500db"), Qt::CaseInsensitive);
    QString& slot = isStore ? t.store : t.project;
    if (!slot.isEmpty()) {
      *error = isStore ? tr("Two stores given: %1 and %2.").arg(slot, path)
                       : tr("Two projects given: %1 and %2.").arg(slot, path);
      return false;
    }
    slot = path;
  }
  *out = t;
  return true;
}

}  // namespace d500::studio
