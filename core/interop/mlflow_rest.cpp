// A run logged to an MLflow tracking server through its REST API 2.0 (mlflow.h).
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <tuple>

#include "d500/interop/mlflow.h"
#include "http_client.h"

namespace d500::interop {

namespace {

using nlohmann::json;

// MLflow's limits for one runs/log-batch request.
constexpr size_t kBatchParamsOrTags = 100;
constexpr size_t kBatchEntities = 1000;

class Tracking {
 public:
  explicit Tracking(HttpUrl url) : url_(std::move(url)) {}

  // The answer's JSON when the server said 200; `missing_ok`: a 404 is an empty object.
  json call(const std::string& method, const std::string& api, const json& body,
            bool missing_ok = false) {
    const std::string target = url_.prefix + "/api/2.0/mlflow/" + api;
    const std::string text =
        body.is_null() ? "" : body.dump(-1, ' ', false, json::error_handler_t::replace);
    auto r = http_request(url_, method, target, text);
    if (!r) throw D500Error(r.error());
    if (r->status == 404 && missing_ok) return json::object();
    const std::string where = "MLflow " + method + " " + api;
    if (r->status != 200) {
      auto j = json::parse(r->body, nullptr, false);
      const std::string says = j.is_object() && j.contains("message") && j["message"].is_string()
                                   ? j["message"].get<std::string>()
                                   : r->body.substr(0, 300);
      throw D500Error("the server answered " + std::to_string(r->status) + ": " + says, where);
    }
    auto j = json::parse(r->body, nullptr, false);
    if (j.is_discarded() || !j.is_object())
      throw D500Error("the answer is not a JSON object", where);
    return j;
  }

 private:
  HttpUrl url_;
};

std::string text_at(const json& j, const json::json_pointer& p, const std::string& what) {
  if (!j.contains(p) || !j.at(p).is_string())
    throw D500Error("the answer has no " + what, "MLflow");
  return j.at(p).get<std::string>();
}

// The active experiment of that name, made when there is none; whether it was made.
std::pair<std::string, bool> experiment_id(Tracking& t, const std::string& name) {
  auto j =
      t.call("GET", "experiments/get-by-name?experiment_name=" + url_encode(name), nullptr, true);
  if (j.contains("experiment")) {
    if (j["experiment"].value("lifecycle_stage", "active") == "deleted")
      throw D500Error("experiment \"" + name + "\" is deleted; restore it, or choose another name",
                      "MLflow");
    return {text_at(j, "/experiment/experiment_id"_json_pointer, "experiment id"), false};
  }
  j = t.call("POST", "experiments/create", {{"name", name}});
  return {text_at(j, "/experiment_id"_json_pointer, "experiment id"), true};
}

// A run of this d500 uuid already logged there is refused, as the file store refuses it.
void refuse_twice(Tracking& t, const std::string& experiment, const MlflowRun& run) {
  auto j = t.call("POST", "runs/search",
                  {{"experiment_ids", json::array({experiment})},
                   {"filter", "tags.`d500.uuid` = '" + run.run_id + "'"},
                   {"max_results", 1}});
  if (j.contains("runs") && j["runs"].is_array() && !j["runs"].empty())
    throw D500Error("run " + run.run_id + " (" + run.run_name + ") is already logged there",
                    "MLflow");
}

json metric_json(const MlflowMetric& m) {
  json v = m.value;  // JSON has no NaN or infinity; protobuf's JSON mapping spells them so
  if (std::isnan(m.value)) v = "NaN";
  if (std::isinf(m.value)) v = m.value > 0 ? "Infinity" : "-Infinity";
  return {{"key", m.key}, {"value", v}, {"timestamp", m.timestamp_ms}, {"step", m.step}};
}

json pairs_json(const std::vector<std::pair<std::string, std::string>>& kv, size_t from, size_t n) {
  json out = json::array();
  for (size_t i = from; i < from + n; ++i)
    out.push_back({{"key", kv[i].first}, {"value", kv[i].second}});
  return out;
}

// Params, tags and metrics in as few runs/log-batch requests as MLflow's limits allow.
void log_batches(Tracking& t, const std::string& run_id, const MlflowRun& run) {
  size_t p = 0, g = 0, m = 0;
  while (p < run.params.size() || g < run.tags.size() || m < run.metrics.size()) {
    const size_t np = std::min(kBatchParamsOrTags, run.params.size() - p);
    const size_t ng = std::min(kBatchParamsOrTags, run.tags.size() - g);
    const size_t nm = std::min(kBatchEntities - np - ng, run.metrics.size() - m);
    json metrics = json::array();
    for (size_t i = m; i < m + nm; ++i) metrics.push_back(metric_json(run.metrics[i]));
    t.call("POST", "runs/log-batch",
           {{"run_id", run_id},
            {"params", pairs_json(run.params, p, np)},
            {"tags", pairs_json(run.tags, g, ng)},
            {"metrics", metrics}});
    p += np, g += ng, m += nm;
  }
}

}  // namespace

Result<MlflowExport> log_mlflow_rest(const MlflowRun& run, const std::string& uri) {
  auto url = parse_http_url(uri);
  if (!url) return url.error();
  try {
    Tracking t(url.value());
    MlflowExport out;
    std::tie(out.experiment_id, out.experiment_created) = experiment_id(t, run.experiment_name);
    refuse_twice(t, out.experiment_id, run);
    auto created = t.call("POST", "runs/create",
                          {{"experiment_id", out.experiment_id},
                           {"run_name", run.run_name},
                           {"start_time", run.start_time_ms},
                           {"user_id", run.user_id}});
    out.run_id = text_at(created, "/run/info/run_id"_json_pointer, "run id");
    log_batches(t, out.run_id, run);
    json update = {{"run_id", out.run_id}, {"status", mlflow_status_name(run.status)}};
    if (run.end_time_ms) update["end_time"] = *run.end_time_ms;
    t.call("POST", "runs/update", update);
    out.where = uri;
    return out;
  } catch (const D500Error& e) {
    return e.error();
  }
}

}  // namespace d500::interop
