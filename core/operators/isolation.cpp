#include "d500/operators/isolation.h"

#include <utility>

#include "d500/measure/loop.h"
#include "impl_outcome.h"

namespace d500::operators {

using nlohmann::json;
using store::MeasurementRow;

Isolation parse_isolation(const std::string& text) {
  if (text == "auto") return Isolation::Auto;
  if (text == "process") return Isolation::Process;
  if (text == "none" || text == "in-process") return Isolation::InProcess;
  return Isolation::Invalid;
}

const char* isolation_name(Isolation mode) {
  switch (mode) {
    case Isolation::Auto:
      return "auto";
    case Isolation::InProcess:
      return "none";
    case Isolation::Process:
      return "process";
    case Isolation::Invalid:
      break;
  }
  return "invalid";
}

Isolation experiment_isolation(const spec::Experiment& e) {
  auto it = e.sections.find("isolation");
  if (it == e.sections.end()) return Isolation::Auto;
  return it->is_string() ? parse_isolation(it->get<std::string>()) : Isolation::Invalid;
}

std::vector<bool> isolation_plan(Isolation mode,
                                 const std::vector<const plugin::OperatorImpl*>& impls,
                                 const plugin::PluginManager& plugins) {
  std::vector<bool> plan(impls.size(), mode == Isolation::Process);
  if (mode != Isolation::Auto) return plan;
  for (size_t k = 0; k < impls.size(); ++k) {
    const plugin::PluginRecord* rec = plugins.find(impls[k]->plugin);
    plan[k] = !rec || !rec->shipped;
  }
  return plan;
}

double isolation_deadline_seconds(const measure::Policy& policy, double margin_seconds) {
  return policy.warmup_seconds + policy.max_seconds + margin_seconds;
}

namespace {

// The row's members a measurement fills in (the rest is the caller's), by name.
constexpr std::pair<const char*, double MeasurementRow::*> kDoubles[] = {
    {"median", &MeasurementRow::median},
    {"ci_lo", &MeasurementRow::ci_lo},
    {"ci_hi", &MeasurementRow::ci_hi},
    {"ci_level", &MeasurementRow::ci_level},
    {"q1", &MeasurementRow::q1},
    {"q3", &MeasurementRow::q3},
    {"min", &MeasurementRow::min},
    {"max", &MeasurementRow::max},
    {"p90", &MeasurementRow::p90},
    {"p99", &MeasurementRow::p99},
    {"p999", &MeasurementRow::p999},
    {"mean", &MeasurementRow::mean},
    {"sd", &MeasurementRow::sd},
    {"cv", &MeasurementRow::cv},
    {"shapiro_w", &MeasurementRow::shapiro_w},
    {"shapiro_p", &MeasurementRow::shapiro_p},
    {"warmup_ns", &MeasurementRow::warmup_ns},
    {"first_call_ns", &MeasurementRow::first_call_ns},
    {"timer_overhead_ns", &MeasurementRow::timer_overhead_ns},
    {"timer_resolution_ns", &MeasurementRow::timer_resolution_ns},
    {"minor_faults_per_call", &MeasurementRow::minor_faults_per_call},
    {"major_faults_per_call", &MeasurementRow::major_faults_per_call},
    {"ctx_switches_per_call", &MeasurementRow::ctx_switches_per_call},
    {"flops", &MeasurementRow::flops},
    {"bytes", &MeasurementRow::bytes}};
constexpr std::pair<const char*, int64_t MeasurementRow::*> kIntegers[] = {
    {"n", &MeasurementRow::n},
    {"n_outliers", &MeasurementRow::n_outliers},
    {"block_size", &MeasurementRow::block_size},
    {"warmup_calls", &MeasurementRow::warmup_calls}};

json row_to_json(const MeasurementRow& r) {
  json j{{"stop_reason", r.stop_reason},
         {"error", r.error},
         {"ci_valid", r.ci_valid},
         {"kernel", r.kernel}};
  for (const auto& [name, member] : kDoubles) j[name] = r.*member;
  for (const auto& [name, member] : kIntegers) j[name] = r.*member;
  return j;
}

MeasurementRow row_from_json(const json& j) {
  MeasurementRow r;
  r.stop_reason = j.at("stop_reason").get<std::string>();
  r.error = j.at("error").get<std::string>();
  r.ci_valid = j.at("ci_valid").get<bool>();
  r.kernel = j.value("kernel", std::string());
  for (const auto& [name, member] : kDoubles) r.*member = j.at(name).get<double>();
  for (const auto& [name, member] : kIntegers) r.*member = j.at(name).get<int64_t>();
  return r;
}

json validation_to_json(const ValidationResult& v) {
  return json{{"metric", v.metric},
              {"value", v.value},
              {"tolerance", v.tolerance},
              {"passed", v.passed},
              {"detail", v.detail},
              {"skipped", v.skipped},
              {"heatmap_json", v.heatmap_json}};
}

ValidationResult validation_from_json(const json& j) {
  ValidationResult v;
  v.metric = j.at("metric").get<std::string>();
  v.value = j.at("value").get<double>();
  v.tolerance = j.at("tolerance").get<double>();
  v.passed = j.at("passed").get<bool>();
  v.detail = j.at("detail").get<std::string>();
  v.skipped = j.at("skipped").get<bool>();
  v.heatmap_json = j.at("heatmap_json").get<std::string>();
  return v;
}

json transfer_to_json(const std::optional<TransferOutcome>& t) {
  return t ? json{{"ns", t->ns}, {"bytes", t->bytes}, {"samples_ns", t->samples_ns}} : json();
}

std::optional<TransferOutcome> transfer_from_json(const json& j) {
  if (j.is_null()) return std::nullopt;
  return TransferOutcome{j.at("ns").get<double>(), j.at("bytes").get<int64_t>(),
                         j.value("samples_ns", std::vector<double>{})};
}

ImplOutcome failed_outcome(const plugin::ChildOutcome& c) {
  if (c.cancelled) return stopped_outcome(measure::StopReason::Cancelled);
  return stopped_outcome(measure::StopReason::Error, c.failure + " (measured in a child process)");
}

}  // namespace

ImplOutcome stopped_outcome(measure::StopReason why, std::string error) {
  ImplOutcome o;
  o.row.stop_reason = std::string(measure::stop_reason_name(why));
  o.row.error = std::move(error);
  return o;
}

std::string outcome_to_bytes(const ImplOutcome& o) {
  json validations = json::array();
  for (const auto& v : o.validations) validations.push_back(validation_to_json(v));
  json j{{"row", row_to_json(o.row)},
         {"samples_ns", o.samples_ns},
         {"context_words", o.context_words},
         {"validations", validations},
         {"h2d", transfer_to_json(o.h2d)},
         {"d2h", transfer_to_json(o.d2h)},
         {"owned_copy", transfer_to_json(o.owned_copy)},
         {"reorder", transfer_to_json(o.reorder)}};
  std::vector<uint8_t> cbor = json::to_cbor(j);
  return std::string(cbor.begin(), cbor.end());
}

ImplOutcome outcome_from_bytes(const std::string& bytes) {
  const json j = json::from_cbor(bytes);
  ImplOutcome o;
  o.row = row_from_json(j.at("row"));
  o.samples_ns = j.at("samples_ns").get<std::vector<double>>();
  o.context_words = j.value("context_words", std::vector<uint32_t>{});
  for (const auto& v : j.at("validations")) o.validations.push_back(validation_from_json(v));
  o.h2d = transfer_from_json(j.at("h2d"));
  o.d2h = transfer_from_json(j.at("d2h"));
  if (j.contains("owned_copy")) o.owned_copy = transfer_from_json(j.at("owned_copy"));
  if (j.contains("reorder")) o.reorder = transfer_from_json(j.at("reorder"));
  return o;
}

ImplOutcome measure_in_child(const std::function<ImplOutcome()>& measure,
                             const plugin::ChildOptions& options) {
  plugin::ChildOutcome c =
      plugin::call_in_child([&measure] { return outcome_to_bytes(measure()); }, options);
  if (!c.reported) return failed_outcome(c);
  try {
    return outcome_from_bytes(c.reply);
  } catch (const std::exception& ex) {
    plugin::ChildOutcome bad;
    bad.failure = std::string("sent a malformed result: ") + ex.what();
    return failed_outcome(bad);
  }
}

}  // namespace d500::operators
