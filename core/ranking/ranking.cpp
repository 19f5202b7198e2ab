#include "d500/ranking/ranking.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "d500/measure/series_kinds.h"
#include "d500/store/merge.h"

namespace d500::ranking {

using nlohmann::json;

namespace {

std::string str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The plugin names in an implementation ("torch + torch/adam", "reference/default").
std::vector<std::string> plugins_in(const std::string& implementation) {
  std::vector<std::string> out;
  std::string word;
  std::istringstream in(implementation);
  while (in >> word) {
    if (word == "+") continue;
    word = word.substr(0, word.find('/'));
    if (!word.empty() && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
  }
  return out;
}

// "recipe NAME (PATH)" or, before names were stored, "recipe PATH".
std::pair<std::string, std::string> recipe_of(const std::string& subject) {
  std::string rest = subject.rfind("recipe ", 0) == 0 ? subject.substr(7) : subject;
  const auto open = rest.rfind(" (");
  if (open != std::string::npos && !rest.empty() && rest.back() == ')')
    return {rest.substr(0, open), rest.substr(open + 2, rest.size() - open - 3)};
  return {std::filesystem::path(rest).stem().string(), rest};
}

std::vector<store::SeriesPoint> all_series(const store::ResultStore& s, int64_t run) {
  return s.series_after(run, 0, SIZE_MAX);
}

bool matches_recipe(const std::string& want, const std::string& name, const std::string& path) {
  return want.empty() || want == name || want == path ||
         want == std::filesystem::path(path).stem().string();
}

}  // namespace

SystemInfo system_of(const store::ResultStore& s, const store::RunInfo& r,
                     const std::vector<std::string>& plugins) {
  SystemInfo out;
  out.host = r.host;
  if (r.launcher.rfind("mpi:", 0) == 0) out.ranks = std::max(1, std::atoi(r.launcher.c_str() + 4));
  auto env = r.environment_id ? s.environment(r.environment_id) : std::nullopt;
  if (!env) return out;
  const json e = json::parse(env->json, nullptr, false);
  if (!e.is_object()) return out;
  if (!str(e, "host").empty()) out.host = str(e, "host");
  const json cpu = e.value("cpu", json::object());
  out.cpu = str(cpu, "model");
  if (cpu.contains("logical_cpus") && cpu["logical_cpus"].is_number())
    out.cores = cpu["logical_cpus"].get<int64_t>();
  const json gpu = e.value("gpu", json::object());
  if (gpu.is_object() && gpu.contains("devices") && gpu["devices"].is_array()) {
    std::map<std::string, int> count;
    for (const auto& d : gpu["devices"]) count[str(d, "name")]++;
    for (const auto& [name, n] : count)
      out.gpu += (out.gpu.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + "x " : "") + name;
  }
  const json ps = e.value("plugins", json::object());
  for (const auto& p : plugins) {
    std::string text = p;
    if (ps.is_object() && ps.contains(p)) {
      if (!str(ps[p], "version").empty()) text += " " + str(ps[p], "version");
      if (!str(ps[p], "wraps").empty()) text += " (" + str(ps[p], "wraps") + ")";
    }
    out.frameworks += (out.frameworks.empty() ? "" : ", ") + text;
  }
  return out;
}

std::vector<size_t> ranking_order(const std::vector<Interval>& xs) {
  std::vector<size_t> order(xs.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (xs[a].centre != xs[b].centre) return xs[a].centre < xs[b].centre;
    return xs[a].tiebreak < xs[b].tiebreak;
  });
  return order;
}

std::vector<Placing> place(const std::vector<Interval>& xs, const std::vector<size_t>& order) {
  std::vector<Placing> out(xs.size());
  size_t leader = 0;  // position in `order` of the current tie group's first entry
  for (size_t pos = 0; pos < order.size(); ++pos) {
    const Interval& lead = xs[order[leader]];
    const Interval& x = xs[order[pos]];
    const bool overlaps = pos > 0 && x.lo <= lead.hi && lead.lo <= x.hi;
    if (!overlaps) leader = pos;
    out[order[pos]].rank = static_cast<int>(leader) + 1;
    if (overlaps) out[order[pos]].tied = out[order[leader]].tied = true;
  }
  return out;
}

namespace {

template <class Entry>
void rank_entries(std::vector<Entry>& entries, double Entry::*centre) {
  std::vector<Interval> xs;
  for (const auto& e : entries) xs.push_back({e.*centre, e.lo, e.hi, e.run.id});
  const auto order = ranking_order(xs);
  const auto placings = place(xs, order);
  std::vector<Entry> sorted;
  for (size_t i : order) {
    sorted.push_back(entries[i]);
    sorted.back().placing = placings[i];
  }
  entries = std::move(sorted);
}

// The seeds' time-to-accuracy (series "tta_s", one point per seed, -1 when not reached).
training::TtaSummary tta_of(const store::ResultStore& s, int64_t run, int64_t* seeds,
                            std::string* implementation) {
  std::map<int64_t, double> per_seed;
  for (const auto& p : all_series(s, run))
    if (series::is(p.name, series::kTimeToAccuracy) && p.rank == 0) per_seed[p.step] = p.value;
  std::vector<double> xs;
  for (const auto& [k, v] : per_seed) xs.push_back(v);
  *seeds = static_cast<int64_t>(xs.size());
  for (const auto& m : s.measurements(run))
    if (m.subject.rfind("time-to-accuracy", 0) == 0) *implementation = m.implementation;
  return training::summarize_tta(xs);
}

// "executor + plugin/optimizer" as the experiment names them, for a run with no time-to-accuracy
// measurement (no seed reached the target).
std::string implementation_in_spec(const std::string& spec_json) {
  const json j = json::parse(spec_json, nullptr, false);
  if (!j.is_object() || !j.contains("training") || !j["training"].is_object()) return "";
  const json& t = j["training"];
  std::string out = str(t, "executor");
  if (t.contains("optimizer") && t["optimizer"].is_object() &&
      !str(t["optimizer"], "plugin").empty())
    out += (out.empty() ? "" : " + ") + str(t["optimizer"], "plugin") + "/" +
           str(t["optimizer"], "name");
  return out;
}

struct TrainingRow : TrainingEntry {
  double centre = 0;
};

}  // namespace

std::vector<TrainingList> training_lists(const store::ResultStore& s, const std::string& recipe) {
  std::map<std::string, std::vector<TrainingRow>> ranked, apart;
  for (const auto& r : s.runs()) {
    if (r.level != "training" && r.level != "distributed") continue;
    const store::ValidationRow* verdict = nullptr;
    const auto vals = s.validations(r.id);
    for (const auto& v : vals)
      if (v.metric == "compliance") verdict = &v;
    if (!verdict) continue;  // follows no recipe: not on any list
    const auto [name, path] = recipe_of(verdict->subject);
    if (!matches_recipe(recipe, name, path)) continue;
    TrainingRow e;
    e.run = r;
    e.tta = tta_of(s, r.id, &e.seeds, &e.implementation);
    if (e.implementation.empty()) e.implementation = implementation_in_spec(r.spec_json);
    e.system = system_of(s, r, plugins_in(e.implementation));
    if (auto u = store::run_uuid(s.path(), r.id)) e.uuid = u.value();
    std::vector<double> ok;
    for (double t : e.tta.seconds)
      if (t >= 0) ok.push_back(t);
    e.ci_valid = e.tta.ci_valid;
    e.lo = e.ci_valid ? e.tta.ci_lo : ok.empty() ? 0 : *std::min_element(ok.begin(), ok.end());
    e.hi = e.ci_valid ? e.tta.ci_hi : ok.empty() ? 0 : *std::max_element(ok.begin(), ok.end());
    e.centre = e.tta.median;
    if (r.status != store::RunStatus::Succeeded)
      e.reason = "the run " + std::string(store::run_status_name(r.status)) +
                 (r.status_reason.empty() ? "" : ": " + r.status_reason);
    else if (!verdict->passed)
      e.reason = verdict->detail.empty() ? "not compliant" : verdict->detail;
    else if (e.tta.reached == 0)
      e.reason = "no seed reached the target";
    (e.reason.empty() ? ranked : apart)[name].push_back(e);
  }
  std::set<std::string> names;
  for (const auto& [n, v] : ranked) names.insert(n);
  for (const auto& [n, v] : apart) names.insert(n);
  std::vector<TrainingList> out;
  for (const auto& n : names) {
    auto& rows = ranked[n];
    rank_entries(rows, &TrainingRow::centre);
    TrainingList l;
    l.recipe = n;
    for (auto& row : rows) l.ranked.push_back(row);
    for (auto& row : apart[n]) l.apart.push_back(row);
    out.push_back(std::move(l));
  }
  return out;
}

namespace {

// Every key of the problem is in the point with the same value.
bool point_matches(const std::string& point_json, const std::vector<json>& problems) {
  if (problems.empty()) return true;
  const json p = json::parse(point_json, nullptr, false);
  if (!p.is_object()) return false;
  return std::any_of(problems.begin(), problems.end(), [&](const json& q) {
    for (auto it = q.begin(); it != q.end(); ++it)
      if (!p.contains(it.key()) || p[it.key()] != it.value()) return false;
    return true;
  });
}

struct ThroughputRow : ThroughputEntry {
  double centre = 0;
};

}  // namespace

std::vector<ThroughputList> throughput_lists(const store::ResultStore& s,
                                             const std::vector<json>& problems) {
  using Key = std::pair<std::string, std::string>;  // level, subject
  std::map<Key, std::pair<std::vector<ThroughputRow>, std::vector<ThroughputRow>>> groups;
  std::map<Key, size_t> first_seen;  // problems in the order they were measured (sweep order)
  for (const auto& r : s.runs()) {
    if (r.level != "operator" && r.level != "network") continue;
    const auto vals = s.validations(r.id);
    for (const auto& m : s.measurements(r.id)) {
      if (m.unit != "ns" || !point_matches(m.point_json, problems)) continue;
      // A network's per-node times are a profile of the run, not a workload of the list.
      const json point = json::parse(m.point_json, nullptr, false);
      const std::string kind = point.is_object() ? str(point, "kind") : "";
      if (kind == "node") continue;
      const double batch = r.level == "network" && point.is_object() && point.contains("batch") &&
                                   point["batch"].is_number()
                               ? point["batch"].get<double>()
                               : 0;
      ThroughputRow e;
      e.run = r;
      e.implementation = m.implementation;
      e.m = m;
      e.system = system_of(s, r, plugins_in(m.implementation));
      e.lo = m.ci_valid ? m.ci_lo : m.min;
      e.hi = m.ci_valid ? m.ci_hi : m.max;
      e.centre = m.median;
      e.unit = m.flops > 0 ? "GFLOP/s" : batch > 0 ? "samples/s" : "calls/s";
      const double per_call = m.flops > 0 ? m.flops : batch > 0 ? batch * 1e9 : 1e9;
      e.throughput = m.median > 0 ? per_call / m.median : 0;
      if (!m.error.empty())
        e.reason = "failed: " + m.error;
      else if (m.n == 0 || m.median <= 0)
        e.reason = "no samples";
      for (const auto& v : vals)
        if (v.measurement_id == m.id && !v.passed && e.reason.empty())
          e.reason = "validation failed: " + v.metric + " " + std::to_string(v.value) +
                     " > tolerance " + std::to_string(v.tolerance);
      if (e.reason.empty() && r.status != store::RunStatus::Succeeded)
        e.reason = "the run " + std::string(store::run_status_name(r.status));
      const auto key = std::make_pair(r.level, m.subject);
      if (!first_seen.count(key)) {
        const size_t n = first_seen.size();
        first_seen[key] = n;
      }
      auto& g = groups[key];
      (e.reason.empty() ? g.first : g.second).push_back(e);
    }
  }
  std::vector<Key> keys;
  for (const auto& [key, g] : groups) keys.push_back(key);
  std::sort(keys.begin(), keys.end(), [&](const Key& a, const Key& b) {
    return a.first != b.first ? a.first > b.first
                              : first_seen[a] < first_seen[b];  // operator first
  });
  std::vector<ThroughputList> out;
  for (const auto& key : keys) {
    auto& g = groups[key];
    rank_entries(g.first, &ThroughputRow::centre);
    ThroughputList l;
    l.level = key.first;
    l.problem = key.second;
    for (auto& e : g.first) l.ranked.push_back(e);
    for (auto& e : g.second) l.apart.push_back(e);
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace d500::ranking
