// GCC 12 warns falsely (-Warray-bounds, inside std::map) on nlohmann::json's object values.
#pragma GCC diagnostic ignored "-Warray-bounds"
#include "cli_observer.h"

#include <iostream>

namespace d500::cli {

void CliObserver::finished(const run::Result& r) {
  const std::string status_name(store::run_status_name(r.status));
  progress_.event({{"event", "run_finished"},
                   {"run_id", r.run_id},
                   {"status", status_name},
                   {"exit_code", r.code},
                   {"reason", r.reason}});
  if (progress_.json()) return;
  if (g_.json) {
    nlohmann::json j = r.summary;
    j["run_id"] = r.run_id;
    j["status"] = status_name;
    j["reason"] = r.reason;
    std::cout << j.dump(2) << "\n";
    return;
  }
  // Errors and reasons quote plugins and experiments: escaped like everything `show` prints.
  for (const auto& err : r.errors) std::cerr << "d500: " << printable(err) << "\n";
  std::cerr << "d500: run " << r.run_id << " " << status_name
            << (r.reason.empty() ? "" : " (" + printable(r.reason) + ")") << "; see `d500 show "
            << r.run_id << (g_.db == "d500.d500db" ? "" : " --db " + printable(g_.db)) << "`\n";
}

}  // namespace d500::cli
