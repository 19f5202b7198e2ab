// `d500 export RUN --csv|--json [--samples] [-o FILE]`: the stored results for other tools; the
// CSV goes through the CSV reporter, the JSON is the run's record (run_json.h).
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "d500/report/reporter.h"
#include "run_json.h"

namespace d500::cli {

namespace {

std::string num(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

// The samples, one row each.
report::Rows sample_rows(const store::ResultStore& s, const store::RunInfo& r,
                         const std::vector<store::MeasurementRow>& ms) {
  report::Rows rows{{"run_id", "measurement_id", "subject", "implementation", "rank",
                     "sample_index", "value_ns"}};
  for (const auto& m : ms) {
    auto xs = s.samples(m.id);
    for (size_t i = 0; i < xs.size(); ++i)
      rows.push_back({std::to_string(r.id), std::to_string(m.id), m.subject, m.implementation,
                      std::to_string(m.rank), std::to_string(i), num(xs[i])});
  }
  return rows;
}

// The measurements, one row each with every summary statistic at full precision.
report::Rows measurement_rows(const store::RunInfo& r,
                              const std::vector<store::MeasurementRow>& ms) {
  report::Rows rows{{"run_id",
                     "measurement_id",
                     "subject",
                     "implementation",
                     "point",
                     "rank",
                     "n",
                     "median_ns",
                     "ci_lo_ns",
                     "ci_hi_ns",
                     "ci_level",
                     "ci_valid",
                     "q1_ns",
                     "q3_ns",
                     "min_ns",
                     "max_ns",
                     "p90_ns",
                     "p99_ns",
                     "p999_ns",
                     "mean_ns",
                     "sd_ns",
                     "cv",
                     "n_outliers",
                     "shapiro_w",
                     "shapiro_p",
                     "stop_reason",
                     "block_size",
                     "warmup_calls",
                     "first_call_ns",
                     "flops",
                     "bytes",
                     "gflops",
                     "minor_faults_per_call",
                     "error"}};
  for (const auto& m : ms) {
    const double gflops = m.flops > 0 && m.median > 0 ? m.flops / m.median : 0;
    rows.push_back({std::to_string(r.id),
                    std::to_string(m.id),
                    m.subject,
                    m.implementation,
                    m.point_json,
                    std::to_string(m.rank),
                    std::to_string(m.n),
                    num(m.median),
                    num(m.ci_lo),
                    num(m.ci_hi),
                    num(m.ci_level),
                    m.ci_valid ? "1" : "0",
                    num(m.q1),
                    num(m.q3),
                    num(m.min),
                    num(m.max),
                    num(m.p90),
                    num(m.p99),
                    num(m.p999),
                    num(m.mean),
                    num(m.sd),
                    num(m.cv),
                    std::to_string(m.n_outliers),
                    num(m.shapiro_w),
                    num(m.shapiro_p),
                    m.stop_reason,
                    std::to_string(m.block_size),
                    std::to_string(m.warmup_calls),
                    num(m.first_call_ns),
                    num(m.flops),
                    num(m.bytes),
                    num(gflops),
                    num(m.minor_faults_per_call),
                    m.error});
  }
  return rows;
}

// The export as CSV: one table, through the CSV reporter (plain CSV, RFC 4180 quoting).
void write_csv(std::ostream& out, const store::ResultStore& s, const store::RunInfo& r,
               bool samples) {
  const auto ms = s.measurements(r.id);
  report::Document doc;
  doc.table(samples ? sample_rows(s, r, ms) : measurement_rows(r, ms));
  report::make_reporter("csv")->write(doc, out);
}

}  // namespace

int cmd_export(const GlobalOptions& g, const std::string& run_arg, const std::string& format,
               const std::string& output, bool samples) {
  auto s = open_store(g.db, store::ResultStore::Mode::ReadOnly);
  store::RunInfo r = require_run(*s, run_arg);
  std::ofstream file;
  std::ostream* out = &std::cout;
  if (!output.empty() && output != "-") {
    file.open(output);
    if (!file) throw CliError{kBadInput, output + ": cannot write the export file"};
    out = &file;
  }
  if (format == "csv")
    write_csv(*out, *s, r, samples);
  else
    *out << run_report_json(*s, r, samples).dump(2) << "\n";
  out->flush();
  if (!*out) throw CliError{kBadInput, (output.empty() ? "stdout" : output) + ": write failed"};
  return kOk;
}

}  // namespace d500::cli
