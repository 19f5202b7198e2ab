// Level 0: one operator, several implementations, a sweep of points (operator_benchmark.h).
#include "d500/operators/operator_benchmark.h"
#include "levels.h"

namespace d500::run {

namespace {

LevelOutcome run_operators(LevelContext& ctx) {
  const spec::Experiment& e = ctx.e;
  // The validation reference is loaded when it exists; without it the checks say "skipped".
  if (ctx.plugins.find(e.validation.reference) && (e.validation.forward || e.validation.backward))
    ctx.plugins.load({e.validation.reference});
  auto impls = operators::resolve_implementations(e, ctx.plugins.operators());
  if (!impls) throw Failure{kBadInput, ctx.spec_path + ":" + impls.error().to_string()};
  operators::RunCallbacks cb;
  cb.cancel = &ctx.cancel;
  cb.progress = [&](const operators::ProgressEvent& ev) { ctx.observer.progress(ev); };
  const plugin::OperatorImpl* reference =
      ctx.plugins.operators().find_impl(e.op.op_type, e.op.domain, e.validation.reference);
  // Plugins not shipped with d500 run in child processes unless the experiment says otherwise.
  const operators::Isolation mode = operators::experiment_isolation(e);
  if (mode == operators::Isolation::Invalid)
    throw Failure{kBadInput,
                  ctx.spec_path + ":$.isolation: expected \"auto\", \"process\" or \"none\""};
  operators::IsolationOptions isolation;
  isolation.isolate = operators::isolation_plan(mode, *impls, ctx.plugins);
  operators::RunSummary summary = operators::run_operator_experiment(
      e, *impls, reference, ctx.store, ctx.run_id, cb, isolation);

  LevelOutcome out;
  out.errors = summary.errors;
  out.summary = {{"measurements", summary.measurements},
                 {"failed", summary.failed},
                 {"unsupported", summary.unsupported}};
  if (summary.cancelled || ctx.cancel.load()) {
    out.status = store::RunStatus::Cancelled;
    out.code = kCancelled;
    out.reason = "cancelled; " + std::to_string(summary.measurements) + " measurements kept";
  } else if (summary.failed > 0) {
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(summary.failed) + " of " + std::to_string(summary.measurements) +
                 " measurements failed; first: " + summary.errors.front();
  } else if (summary.invalid > 0) {
    // Timed fine, but computed something else: a result that must not pass silently.
    out.status = store::RunStatus::Failed;
    out.code = kRunFailed;
    out.reason = std::to_string(summary.invalid) + " of " + std::to_string(summary.measurements) +
                 " measurements failed validation (see `d500 show`)";
  } else if (summary.unsupported > 0) {
    // Refused points are no failure: the run says how many, `d500 show` says why.
    out.reason = std::to_string(summary.unsupported) + " of " +
                 std::to_string(summary.measurements) +
                 " measurements unsupported by their implementation (see `d500 show`)";
  }
  return out;
}

}  // namespace

const Level kOperatorLevel{"operator", &run_operators};

}  // namespace d500::run
