// The list as text (aligned columns), CSV (one row per entry) and HTML (one self-contained page).
#include <cstdio>
#include <sstream>

#include "d500/ranking/ranking.h"
#include "format.h"

namespace d500::ranking {

namespace {

using detail::ns_text;
using detail::num;
using detail::secs;

std::string full(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string rank_text(const Placing& p) {
  return std::to_string(p.rank) + (p.tied ? "=" : "");
}

std::string tta_text(const TrainingEntry& e) {
  if (e.tta.reached == 0) return "not reached";
  std::string s = secs(e.tta.median) + " ";
  s += e.ci_valid ? "[" + secs(e.lo) + ", " + secs(e.hi) + "]"
                  : "(range " + secs(e.lo) + " - " + secs(e.hi) + ", too few seeds for a CI)";
  return s;
}
std::string olympic_text(const TrainingEntry& e) {
  return e.tta.olympic_valid ? secs(e.tta.olympic_mean) : "-";
}
std::string seeds_text(const TrainingEntry& e) {
  return std::to_string(e.tta.reached) + "/" + std::to_string(e.seeds);
}
std::string system_text(const SystemInfo& s) {
  std::string t = s.host.empty() ? "" : s.host + ": ";
  t += s.cpu.empty() ? "unknown CPU" : s.cpu;
  t += s.gpu.empty() ? ", no GPU" : ", " + s.gpu;
  t += ", " + std::to_string(s.cores) + " cores, " + std::to_string(s.ranks) +
       (s.ranks == 1 ? " rank" : " ranks");
  return t;
}
std::string throughput_text(const ThroughputEntry& e) {
  return num(e.throughput, e.throughput >= 100 ? 1 : 3) + " " + e.unit;
}
std::string interval_text(const ThroughputEntry& e) {
  return ns_text(e.m.median) + " [" + ns_text(e.lo) + ", " + ns_text(e.hi) + "]" +
         (e.m.ci_valid ? "" : " (range)");
}

void table(std::ostringstream& out, const std::vector<std::vector<std::string>>& rows) {
  std::vector<size_t> width;
  for (const auto& r : rows)
    for (size_t i = 0; i < r.size(); ++i) {
      if (width.size() <= i) width.push_back(0);
      width[i] = std::max(width[i], r[i].size());
    }
  for (const auto& r : rows) {
    std::string line;
    for (size_t i = 0; i < r.size(); ++i)
      line += r[i] + (i + 1 < r.size() ? std::string(width[i] - r[i].size() + 2, ' ') : "");
    out << line << "\n";
  }
}

std::string csv(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

}  // namespace

std::string render_text(const ListPage& page) {
  std::ostringstream out;
  if (page.training.empty() && page.throughput.empty())
    out << "no ranked runs in " << page.store << " (training runs that follow a recipe, "
        << "operator and network runs)\n";
  for (const auto& l : page.training) {
    out << "Recipe " << l.recipe << ": time-to-accuracy, lower is better; \"=\" marks ties "
        << "(overlapping intervals)\n";
    std::vector<std::vector<std::string>> rows{{"RANK", "RUN", "NAME",
                                                "TIME-TO-ACCURACY (MEDIAN [95% CI])",
                                                "OLYMPIC MEAN", "SEEDS", "SYSTEM", "FRAMEWORKS"}};
    for (const auto& e : l.ranked)
      rows.push_back({rank_text(e.placing), std::to_string(e.run.id), e.run.name, tta_text(e),
                      olympic_text(e), seeds_text(e), system_text(e.system), e.system.frameworks});
    if (l.ranked.empty())
      out << "  (no compliant run)\n";
    else
      table(out, rows);
    if (!l.apart.empty()) {
      out << "Not compliant with " << l.recipe << ":\n";
      std::vector<std::vector<std::string>> ap{
          {"RUN", "NAME", "SEEDS", "SYSTEM", "FRAMEWORKS", "REASON"}};
      for (const auto& e : l.apart)
        ap.push_back({std::to_string(e.run.id), e.run.name, seeds_text(e), system_text(e.system),
                      e.system.frameworks, e.reason});
      table(out, ap);
    }
    out << "\n";
  }
  for (const auto& l : page.throughput) {
    out << (l.level == "operator" ? "Operator " : "Network ") << l.problem
        << (page.problems_name.empty() ? "" : " (problem list " + page.problems_name + ")")
        << ": throughput, higher is better\n";
    std::vector<std::vector<std::string>> rows{
        {"RANK", "RUN", "IMPLEMENTATION", "THROUGHPUT", "MEDIAN [95% CI]", "SYSTEM", "FRAMEWORKS"}};
    for (const auto& e : l.ranked)
      rows.push_back({rank_text(e.placing), std::to_string(e.run.id), e.implementation,
                      throughput_text(e), interval_text(e), system_text(e.system),
                      e.system.frameworks});
    for (const auto& e : l.apart)
      rows.push_back({"-", std::to_string(e.run.id), e.implementation, "-", "-",
                      system_text(e.system), "not ranked: " + e.reason});
    table(out, rows);
    out << "\n";
  }
  return out.str();
}

std::string render_csv(const ListPage& page) {
  std::ostringstream out;
  out << "workload,list,rank,tied,ranked,reason,run_id,run_uuid,run_name,implementation,"
         "median,ci_lo,ci_hi,ci_valid,unit,olympic_mean_s,seeds_converged,seeds_total,throughput,"
         "throughput_unit,host,cpu,gpu,cores,ranks,frameworks\n";
  auto sys = [](const SystemInfo& s) {
    return csv(s.host) + "," + csv(s.cpu) + "," + csv(s.gpu) + "," + std::to_string(s.cores) + "," +
           std::to_string(s.ranks) + "," + csv(s.frameworks);
  };
  for (const auto& l : page.training)
    for (const auto* part : {&l.ranked, &l.apart})
      for (const auto& e : *part) {
        const bool ranked = part == &l.ranked;
        out << "training," << csv(l.recipe) << "," << (ranked ? std::to_string(e.placing.rank) : "")
            << "," << (e.placing.tied ? 1 : 0) << "," << (ranked ? 1 : 0) << "," << csv(e.reason)
            << "," << e.run.id << "," << csv(e.uuid) << "," << csv(e.run.name) << ","
            << csv(e.implementation) << "," << full(e.tta.median) << "," << full(e.lo) << ","
            << full(e.hi) << "," << (e.ci_valid ? 1 : 0) << ",s,"
            << (e.tta.olympic_valid ? full(e.tta.olympic_mean) : "") << "," << e.tta.reached << ","
            << e.seeds << ",,," << sys(e.system) << "\n";
      }
  for (const auto& l : page.throughput)
    for (const auto* part : {&l.ranked, &l.apart})
      for (const auto& e : *part) {
        const bool ranked = part == &l.ranked;
        out << l.level << "," << csv(l.problem) << ","
            << (ranked ? std::to_string(e.placing.rank) : "") << "," << (e.placing.tied ? 1 : 0)
            << "," << (ranked ? 1 : 0) << "," << csv(e.reason) << "," << e.run.id << ",,"
            << csv(e.run.name) << "," << csv(e.implementation) << "," << full(e.m.median) << ","
            << full(e.lo) << "," << full(e.hi) << "," << (e.m.ci_valid ? 1 : 0) << ",ns,,,,"
            << full(e.throughput) << "," << e.unit << "," << sys(e.system) << "\n";
      }
  return out.str();
}

}  // namespace d500::ranking
