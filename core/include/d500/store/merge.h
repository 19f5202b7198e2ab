// Stores from many machines: copying runs, with everything recorded about them, from one result
// store into another (`d500 merge`, `export-run`, `import-run`).
//
// A run is identified across stores by its uuid (schema 4; older stores get one derived from what
// identified their runs before, the same for every copy of one store), so merging the same store
// twice adds nothing. Environments are deduplicated by hash; every id is remapped; each copied run
// gains a provenance row naming the store it came from and its id there. Inputs are read through
// a migrated copy and never altered; a store of a newer schema is refused. The output changes in
// one transaction: after a failure it is as it was (and a store the merge created is removed).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "d500/error.h"

namespace d500::store {

struct MergeOptions {
  std::vector<int64_t> only_runs;  // ids in the (single) input to copy; empty = every run
  bool replace_output = false;     // write a new output in place of an existing one (export-run)
};

struct MergeSummary {
  int64_t runs_seen = 0;     // runs the inputs offered
  int64_t runs_added = 0;    // copied into the output
  int64_t runs_present = 0;  // already there (same uuid), left as they were
  int64_t environments_added = 0;
};

Result<MergeSummary> merge_stores(const std::vector<std::string>& inputs, const std::string& output,
                                  const MergeOptions& options = {});

// The provenance of one run, oldest first.
struct ProvenanceRow {
  std::string store;         // the store it was copied out of, as the merge saw its path
  int64_t store_run_id = 0;  // its id there
  std::string merged_on;     // host that merged it
  double merged_at = 0;      // unix seconds
};
// The run's uuid ("" for a store older than schema 4) and its provenance.
Result<std::string> run_uuid(const std::string& store_path, int64_t run_id);
Result<std::vector<ProvenanceRow>> run_provenance(const std::string& store_path, int64_t run_id);

}  // namespace d500::store
