// Benchmark for issue 6 (studio charts): redraw of a chart holding a 10^6-point series (goal
// < 50 ms), and the time from a point committed to the store by another connection to it being
// in the chart's buffer and drawn (goal < 250 ms). Baselines measured in the same run: Qt Charts
// drawing 2,000 points handed to replace() directly, and the decimation alone.
// Not a pass/fail test. Run: build/tests/bench/bench_studio_charts (offscreen by default).
#include <unistd.h>

#include <QApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>
#include <vector>

#include "charts/chart_panel.h"
#include "charts/decimate.h"
#include "d500/store/result_store.h"

using d500::store::ResultStore;
using d500::store::SeriesPoint;
using d500::studio::ChartPanel;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

struct Figures {
  std::vector<double> v;
  void add(double x) { v.push_back(x); }
  double q(double p) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[static_cast<size_t>(p * (v.size() - 1))];
  }
};

template <class F>
Figures repeat(int n, F f) {
  Figures r;
  for (int i = 0; i < n; ++i) {
    auto t0 = Clock::now();
    f();
    r.add(ms(Clock::now() - t0));
  }
  return r;
}

void print(const char* what, Figures f) {
  std::printf("  %-58s median %8.2f ms   p90 %8.2f   max %8.2f\n", what, f.q(0.5), f.q(0.9),
              f.q(1.0));
}

std::unique_ptr<ResultStore> openRw(const std::string& p) {
  return std::move(ResultStore::open(p, ResultStore::Mode::ReadWrite).value());
}

int64_t newRun(ResultStore& s, const char* name) {
  d500::store::RunInfo r;
  r.name = name;
  r.level = "training";
  r.spec_json = "{}";
  r.spec_hash = d500::store::sha256_hex("{}");
  const int64_t id = s.create_run(r);
  s.start_run(id);
  return id;
}

void pump(int msTotal) {
  auto end = Clock::now() + std::chrono::milliseconds(msTotal);
  while (Clock::now() < end) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
}

}  // namespace

int main(int argc, char** argv) {
  if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
  QApplication app(argc, argv);
  const auto dir =
      std::filesystem::temp_directory_path() / ("d500-bench-charts-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  constexpr int kPoints = 1000000;

  std::printf("bench_studio_charts: Qt %s, platform %s\n", qVersion(),
              qPrintable(QGuiApplication::platformName()));

  // --- a 10^6-point series ---
  const std::string big = (dir / "big.d500db").string();
  std::vector<double> xs, ys;
  {
    auto w = openRw(big);
    const int64_t run = newRun(*w, "big");
    std::mt19937_64 rng(1);
    std::normal_distribution<double> step(0, 0.01);
    std::vector<SeriesPoint> batch;
    double y = 3;
    auto t0 = Clock::now();
    for (int i = 0; i < kPoints; ++i) {
      y = std::max(0.01, y + step(rng) - 2e-6);
      xs.push_back(i);
      ys.push_back(y);
      batch.push_back({0, run, 0, "loss", i, i * 0.004, y});
      if (batch.size() == 100000) {
        w->add_series(batch);
        batch.clear();
      }
    }
    std::printf("\nwrote %d series rows in %.0f ms\n", kPoints, ms(Clock::now() - t0));
  }

  ChartPanel panel(QStringLiteral("convergence"), QString::fromStdString(big), {1});
  panel.applySettings(QJsonObject{{QStringLiteral("smoothing"), 0.0}});
  panel.resize(1200, 700);
  panel.show();
  pump(200);
  auto t0 = Clock::now();
  panel.refresh();
  std::printf("loaded %lld points into the chart's buffer (read + first draw): %.0f ms\n",
              static_cast<long long>(panel.pointCount()), ms(Clock::now() - t0));
  pump(200);

  std::printf("\nredraw of a 10^6-point series, plot %d px wide (goal < 50 ms):\n",
              static_cast<int>(panel.width()));
  d500::studio::DecimateOptions d{0, kPoints - 1.0, 1100, false, false, true};
  print("decimation alone (1100 columns)", repeat(20, [&] {
          volatile auto n = d500::studio::decimateMinMax(xs, ys, d).size();
          (void)n;
        }));
  print("panel redraw(): decimate + replace()", repeat(20, [&] { panel.redraw(); }));
  print("panel paint only (grab, antialiased)", repeat(20, [&] { (void)panel.grab(); }));
  print("panel redraw() + paint (grab)", repeat(20, [&] {
          panel.redraw();
          (void)panel.grab();
        }));
  panel.applySettings(QJsonObject{{QStringLiteral("smoothing"), 0.6}});
  panel.redraw();
  print("same with EMA smoothing (raw + smoothed line)", repeat(20, [&] {
          panel.redraw();
          (void)panel.grab();
        }));
  panel.applySettings(QJsonObject{
      {QStringLiteral("smoothing"), 0.0},
      {QStringLiteral("zoom"), QJsonObject{{QStringLiteral("x"), QJsonArray{400000.0, 410000.0}},
                                           {QStringLiteral("y"), QJsonArray{0.0, 5.0}}}}});
  print("zoomed to 1% of the steps, redraw + paint", repeat(20, [&] {
          panel.redraw();
          (void)panel.grab();
        }));
  panel.applySettings(
      QJsonObject{{QStringLiteral("log_y"), true}, {QStringLiteral("smoothing"), 0.0}});
  print("log y axis, redraw + paint", repeat(20, [&] {
          panel.redraw();
          (void)panel.grab();
        }));

  // Baseline: Qt Charts alone, 2,000 points (what decimation hands it) given to replace().
  {
    auto* chart = new QChart;
    auto* series = new QLineSeries;
    chart->addSeries(series);
    chart->createDefaultAxes();
    chart->setAnimationOptions(QChart::NoAnimation);
    QChartView view(chart);
    view.setRenderHint(QPainter::Antialiasing);  // as the panel draws
    view.resize(1200, 700);
    view.show();
    pump(100);
    QList<QPointF> pts;
    for (int i = 0; i < 2000; ++i) pts.append(QPointF(i, ys[static_cast<size_t>(i) * 500]));
    chart->axes(Qt::Horizontal).front()->setRange(0, 2000);
    chart->axes(Qt::Vertical).front()->setRange(0, 5);
    print("baseline: bare QChartView, replace(2000 points) + paint", repeat(20, [&] {
            series->replace(pts);
            (void)view.grab();
          }));
  }

  // --- commit to chart: a writer on another connection, one row per transaction ---
  const std::string live = (dir / "live.d500db").string();
  auto writer = openRw(live);
  const int64_t run = newRun(*writer, "live");
  ChartPanel livePanel(QStringLiteral("convergence"), QString::fromStdString(live), {run});
  livePanel.resize(1000, 600);
  livePanel.show();
  pump(300);
  constexpr int kCommits = 40;
  std::vector<std::atomic<int64_t>> committedAt(kCommits);
  std::atomic<int> committed{0};
  std::thread t([&] {
    std::mt19937 rng(7);
    std::uniform_int_distribution<int> gap(80, 220);
    for (int i = 0; i < kCommits; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(gap(rng)));
      std::vector<SeriesPoint> one{{0, run, 0, "loss", i, i * 0.2, 1.0 / (1 + i)}};
      writer->add_series(one);
      committedAt[i] = Clock::now().time_since_epoch().count();
      committed = i + 1;
    }
  });
  Figures inBuffer, drawn;
  int seen = 0;
  QObject::connect(&livePanel, &ChartPanel::pointsAdded, [&](qint64 total) {
    const auto now = Clock::now().time_since_epoch().count();
    (void)livePanel.grab();  // forces the paint the screen would get
    const auto painted = Clock::now().time_since_epoch().count();
    for (; seen < total && seen < committed; ++seen) {
      inBuffer.add((now - committedAt[seen]) / 1e6);
      drawn.add((painted - committedAt[seen]) / 1e6);
    }
  });
  auto end = Clock::now() + std::chrono::seconds(30);
  while (seen < kCommits && Clock::now() < end)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  t.join();
  std::printf(
      "\ncommit (another connection) to chart, %d single-row commits, poll every 100 ms "
      "(goal < 250 ms):\n",
      seen);
  print("committed -> in the chart's buffer (series replaced)", inBuffer);
  print("committed -> painted", drawn);

  std::filesystem::remove_all(dir);
  return 0;
}
