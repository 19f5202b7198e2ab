// Guards issue #2: the environment is captured with the provenance measurement.md lists, and is
// deterministic so that identical environments deduplicate by hash.
#include <gtest/gtest.h>

#include <cstdlib>

#include "d500/env/environment.h"

using namespace d500::env;

TEST(Environment, CapturesTheProvenanceFields) {
  CaptureOptions o;
  o.plugins = {{"reference", "0.1.0", ""}, {"torch", "0.1.0", "LibTorch 1.13.1"}};
  auto e = capture(o);
  for (const char* key :
       {"cpu", "memory", "os", "build", "plugins", "blas", "threads", "env", "host"})
    EXPECT_TRUE(e.contains(key)) << key;
  EXPECT_FALSE(e["cpu"]["model"].get<std::string>().empty());
  EXPECT_GT(e["cpu"]["logical_cpus"].get<int>(), 0);
  EXPECT_TRUE(e["cpu"].contains("governor"));
  EXPECT_GT(e["memory"]["total_mib"].get<long>(), 0);
  EXPECT_NE(e["os"]["kernel"].get<std::string>().find("Linux"), std::string::npos);
  EXPECT_EQ(e["plugins"]["torch"]["wraps"], "LibTorch 1.13.1");
  EXPECT_FALSE(e["build"]["compiler"].get<std::string>().empty());
}

TEST(Environment, IsDeterministicAndSeesBehaviourChangingVariables) {
  unsetenv("OMP_NUM_THREADS");
  auto a = capture({});
  EXPECT_EQ(a, capture({}));
  setenv("OMP_NUM_THREADS", "3", 1);
  auto b = capture({});
  unsetenv("OMP_NUM_THREADS");
  EXPECT_EQ(b["env"]["OMP_NUM_THREADS"], "3");
  auto d = diff(a, b);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].find("env.OMP_NUM_THREADS"), std::string::npos) << d[0];
}

TEST(Environment, RecordsTheGitRevisionOfACheckout) {
  CaptureOptions o;
  o.checkout_dir = D500_TEST_SOURCE_DIR;
  auto e = capture(o);
  if (e["git"].is_null()) GTEST_SKIP() << "source tree is not a git checkout";
  EXPECT_EQ(e["git"]["revision"].get<std::string>().size(), 40u);
  o.checkout_dir = "/";
  EXPECT_TRUE(capture(o)["git"].is_null());
}
