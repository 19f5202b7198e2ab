#include "outcome_store.h"

#include "d500/plugin/operator_registry.h"

namespace d500::operators {

using nlohmann::json;

namespace {

// A quantity timed beside the operator as a measurement of its own: a copy between host and
// device (one timed copy of every input, or of every output), an owned output copied out, or the
// layout conversions an implementation did inside its calls (per call, one sample per block of
// the operator's). Subject "<point> [h2d copy]" ("[reorder]"), the point with "transfer":
// "h2d", "d2h", "owned" or "reorder", bytes moved.
void store_transfer(store::ResultStore& store, const store::MeasurementRow& op_row,
                    const char* direction, const TransferOutcome& t) {
  measure::Measurement m;
  m.samples_ns = t.samples_ns.empty() ? std::vector<double>{t.ns} : t.samples_ns;
  m.summary = stats::summarize(m.samples_ns);
  store::MeasurementRow row = measurement_row(m);
  row.stop_reason = t.samples_ns.empty() ? "once" : "with the operator";
  row.run_id = op_row.run_id;
  const std::string what = direction;
  row.subject = op_row.subject + " [" + (what == "reorder" ? what : what + " copy") + "]";
  row.implementation = op_row.implementation;
  json p = json::parse(op_row.point_json);
  p["transfer"] = direction;
  row.point_json = p.dump();
  row.policy_json = op_row.policy_json;
  row.bytes = static_cast<double>(t.bytes);
  store.add_measurement(row, m.samples_ns);
}

// Stores the verdicts against measurement `mid`; whether every check passed.
bool store_validations(store::ResultStore& store, const store::MeasurementRow& m, int64_t mid,
                       const std::vector<ValidationResult>& results) {
  bool ok = true;
  for (const auto& r : results) {
    store::ValidationRow row;
    row.run_id = m.run_id;
    row.measurement_id = mid;
    row.subject = m.subject + " [" + m.implementation + "]";
    row.metric = r.metric;
    row.value = r.value;
    row.tolerance = r.tolerance;
    row.passed = r.passed || r.skipped;
    row.detail = r.skipped ? "skipped: " + r.detail : r.detail;
    store.add_validation(row);
    ok = ok && row.passed;
    if (!r.heatmap_json.empty()) {
      store::ArtifactRow a;
      a.run_id = m.run_id;
      a.name = "diff_heatmap " + row.subject + " " + r.metric;
      a.mime = "application/vnd.d500.heatmap+json";
      a.data.assign(r.heatmap_json.begin(), r.heatmap_json.end());
      store.add_artifact(a);
    }
  }
  return ok;
}

}  // namespace

ImplOutcome creation_failed(const std::exception& ex) {
  const auto* call = dynamic_cast<const plugin::CallError*>(&ex);
  if (call && call->status() == D500_ERR_UNSUPPORTED) {
    ImplOutcome o;
    o.row.stop_reason = kUnsupportedStop;
    o.row.error = ex.what();
    return o;
  }
  return stopped_outcome(measure::StopReason::Error, ex.what());
}

bool is_unsupported_row(const store::MeasurementRow& m) {
  return m.stop_reason == kUnsupportedStop;
}

void store_outcome(const Destination& d, const std::string& implementation,
                   const spec::Point& point, const std::string& label, ImplOutcome& o,
                   RunSummary& summary) {
  store::MeasurementRow& row = o.row;
  row.run_id = d.run_id;
  row.subject = label;
  row.implementation = implementation;
  row.point_json = point.to_json().dump();
  row.policy_json = d.policy_json;
  const int64_t mid = d.store.add_measurement(row, o.samples_ns, o.context_words);
  ++summary.measurements;
  if (row.stop_reason == measure::stop_reason_name(measure::StopReason::Cancelled))
    summary.cancelled = true;
  if (!store_validations(d.store, row, mid, o.validations)) ++summary.invalid;
  if (o.h2d) store_transfer(d.store, row, "h2d", *o.h2d);
  if (o.d2h) store_transfer(d.store, row, "d2h", *o.d2h);
  if (o.owned_copy) store_transfer(d.store, row, "owned", *o.owned_copy);
  if (o.reorder) store_transfer(d.store, row, "reorder", *o.reorder);
  if (is_unsupported_row(row)) {
    // A refusal of this point (a shape or CPU the algorithm lacks) is not a failed run.
    ++summary.unsupported;
    d.store.add_log(d.run_id, "info",
                    "unsupported: " + label + " [" + row.implementation + "]: " + row.error);
  } else if (!row.error.empty()) {
    ++summary.failed;
    summary.errors.push_back(label + " [" + row.implementation + "]: " + row.error);
    d.store.add_log(d.run_id, "error", summary.errors.back());
  }
}

}  // namespace d500::operators
