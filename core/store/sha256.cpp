#include <openssl/evp.h>

#include <stdexcept>

#include "d500/store/result_store.h"

namespace d500::store {

std::string sha256_hex(std::string_view bytes) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  // Fails only when OpenSSL cannot allocate or has no SHA-256, i.e. a broken installation.
  if (EVP_Digest(bytes.data(), bytes.size(), md, &len, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("sha256: OpenSSL EVP_Digest failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(2 * len, '0');
  for (unsigned int i = 0; i < len; ++i) {
    out[2 * i] = kHex[md[i] >> 4];
    out[2 * i + 1] = kHex[md[i] & 0xf];
  }
  return out;
}

}  // namespace d500::store
