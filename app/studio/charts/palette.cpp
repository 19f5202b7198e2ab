#include "charts/palette.h"

namespace d500::studio {

QColor seriesColor(int index) {
  static const QRgb kColors[] = {0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f,
                                 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
  const int n = static_cast<int>(sizeof kColors / sizeof kColors[0]);
  return QColor(kColors[((index % n) + n) % n]);
}

}  // namespace d500::studio
