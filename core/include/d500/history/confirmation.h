// Rerun to confirm (issue 31, item 6): the verdict on one change point, from reruns of the two
// runs that bracket it, interleaved on one machine as randomized A/B blocks. Stored beside the
// change point: a JSON artifact "change-confirmation" of the first run after the change (the
// runs merge with it, so a merged store keeps its verdicts).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "d500/report/document.h"
#include "d500/store/result_store.h"

namespace d500::history {

inline constexpr const char* kConfirmationArtifact = "change-confirmation";
// What reruns record as their experiment file; history leaves such runs out of the series they
// would otherwise join (their A/B alternation is not a history).
inline constexpr const char* kConfirmSource = "d500 confirm";

struct ConfirmationRow {
  std::string subject, implementation, point;
  double original_change = 0;   // after / before - 1 of the two stored runs
  double change = 0;            // B reruns over A reruns, medians of the pooled samples
  double ci_lo = 0, ci_hi = 0;  // of `change`, bootstrap over the B/A block ratios
  double p_value = 1;           // Mann-Whitney U of all A samples against all B samples
  // Blocks whose B/A ratio has the sign of the original change, and the exact one-sided sign
  // test of that count (samples of one run share its machine state; blocks are the honest unit).
  int blocks_agreeing = 0;
  double block_p = 1;
  // "confirmed" (both tests significant in the original direction), "reversed" (significant the
  // other way), "not reproduced".
  std::string verdict;
};

struct Confirmation {
  int64_t before_run = 0, after_run = 0;
  int blocks = 0;
  std::string order;  // "ABBA BAAB..." as run, one letter per rerun
  std::vector<int64_t> a_runs, b_runs;
  std::string machine;  // the machine class the reruns ran on
  double confirmed_at = 0;
  std::vector<ConfirmationRow> rows;

  // The row of one benchmark (subject and implementation), if it was compared.
  const ConfirmationRow* row(const std::string& subject, const std::string& implementation) const;
};

std::string to_json(const Confirmation& c);
// Throws D500Error naming `where` for text that is not a confirmation.
Confirmation confirmation_from_json(const std::string& text, const std::string& where);

// Fills c.rows from the reruns (block k: c.a_runs[k] and c.b_runs[k]) for every benchmark measured
// in both c.before_run and c.after_run. Throws D500Error for a rerun that is not in the store.
void judge_reruns(const store::ResultStore& s, Confirmation& c, double alpha = 0.05,
                  uint64_t seed = 1);
// The fewest blocks whose sign test can reach `alpha` (5 for 0.05).
int min_blocks(double alpha);
// The verdicts as a report: one line per benchmark, then the reruns and their order.
report::Document confirmation_report(const Confirmation& c);

// The latest confirmation stored for the change between `before_run` and `after_run`, if any.
std::optional<Confirmation> stored_confirmation(const store::ResultStore& s, int64_t before_run,
                                                int64_t after_run);

}  // namespace d500::history
