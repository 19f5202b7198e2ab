// Issue 19, item 5: the studio shows the list (d500 list) as a view of the project's store:
// training runs of a recipe ranked by time-to-accuracy, a run that changes what the recipe fixes
// listed apart with the reason, and operator workloads ranked by throughput.
#include "views/list_view.h"

#include <gtest/gtest.h>

#include <QTreeWidget>
#include <cstdlib>
#include <fstream>

#include "charts_support.h"

using d500::studio::ListView;
using namespace d500::test;

namespace {

// Synthetic training under recipe "syn"; `extra` changes the run (another lr, another network).
std::string training(const TempDir& dir, const std::string& name, const std::string& extra) {
  std::ofstream(dir.file("syn.json")) << R"({"d500_recipe": 1, "name": "syn",
    "fixed": {"dataset": "synthetic", "network": {"builder": "mlp", "hidden": [16]},
              "target_accuracy": 0.9},
    "mutable": ["optimizer", "batch", "epochs", "seeds", "executor", "synthetic"]})";
  const std::string path = dir.file(name + ".json");
  std::ofstream(path) << R"({"d500": 1, "name": ")" << name << R"(", "level": "training", "seed": 3,
    "training": {"recipe": "syn.json", "dataset": "synthetic",
      "synthetic": {"samples": 512, "test_samples": 256, "shape": [32], "classes": 4, "noise": 0.4},
      "executor": "reference", "batch": 32, "epochs": 4, "seeds": 3)"
                      << extra << "}}";
  return path;
}

void runOk(const TempDir& dir, const std::string& db, const std::string& exp) {
  auto r = run({kRunner, "--db", db, "run", exp, "--progress", "none"}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

}  // namespace

TEST(ListView, RanksTheStoresRecipeRunsAndListsTheNonCompliantApart) {
  TempDir dir;
  const std::string db = dir.file("list.d500db");
  runOk(dir, db,
        training(dir, "adam",
                 R"(, "optimizer": {"plugin": "reference", "name": "adam", "lr": 0.01})"));
  runOk(
      dir, db,
      training(dir, "sgd", R"(, "optimizer": {"plugin": "reference", "name": "sgd", "lr": 0.5})"));
  runOk(dir, db, training(dir, "wide", R"(, "network": {"builder": "mlp", "hidden": [64]})"));
  runOk(dir, db, gemmSweep(dir, 2, 0.1));

  ListView view(qs(db));
  const QTreeWidget* tree = view.tree();
  ASSERT_EQ(tree->topLevelItemCount(), 1 + 2);  // recipe syn; Gemm at two sizes
  const QTreeWidgetItem* syn = tree->topLevelItem(0);
  EXPECT_EQ(syn->text(0), QStringLiteral("recipe syn"));
  int ranked = 0, apart = 0;
  for (int i = 0; i < syn->childCount(); ++i) {
    const QTreeWidgetItem* e = syn->child(i);
    if (e->text(0) == QStringLiteral("apart")) {
      ++apart;
      EXPECT_TRUE(e->text(1).contains(QStringLiteral("wide"))) << e->text(1).toStdString();
      EXPECT_TRUE(e->text(4).contains(QStringLiteral("network is fixed by recipe")))
          << e->text(4).toStdString();
      continue;
    }
    ++ranked;
    EXPECT_TRUE(e->text(0).contains(QString::number(1)) || e->text(0).contains(QString::number(2)))
        << e->text(0).toStdString();
    EXPECT_TRUE(e->text(3).endsWith(QStringLiteral("s"))) << e->text(3).toStdString();  // ms, s
    EXPECT_TRUE(e->text(4).contains(QStringLiteral("seeds converged"))) << e->text(4).toStdString();
  }
  EXPECT_EQ(ranked, 2);
  EXPECT_EQ(apart, 1);
  const QTreeWidgetItem* gemm = tree->topLevelItem(1);
  EXPECT_TRUE(gemm->text(0).startsWith(QStringLiteral("operator"))) << gemm->text(0).toStdString();
  ASSERT_EQ(gemm->childCount(), 1);
  EXPECT_EQ(gemm->child(0)->text(0), QStringLiteral("1"));
  EXPECT_TRUE(gemm->child(0)->text(3).contains(QStringLiteral("/s")))
      << gemm->child(0)->text(3).toStdString();

  if (const char* shots = std::getenv("D500_SCREENSHOT_DIR")) {
    view.resize(1400, 500);
    view.show();
    pumpUntil([] { return false; }, 100);
    view.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/list_view.png"));
  }
  // A store that is not there: said so, no rows.
  view.setStorePath(qs(dir.file("nope.d500db")));
  EXPECT_EQ(view.tree()->topLevelItemCount(), 0);
}
