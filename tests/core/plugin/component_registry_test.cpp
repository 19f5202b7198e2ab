// Guards issue #30 "built-in components go through the same registry as plugin components": a
// registry of a component kind refuses a taken name, except that a plugin loaded again (a later
// PluginManager in the same process, as the studio, tests and library users make) replaces what
// its earlier load registered, in place: the old functions may be unloaded by then.
#include "d500/plugin/component_registry.h"

#include <gtest/gtest.h>

#include <functional>

namespace d500::plugin {
namespace {

struct Thing {
  std::string name, summary, origin;
  std::function<int()> make;
};

// A kind's registry: its own checks (none here), then the shared ones.
class Things : public ComponentRegistry<Thing> {
 public:
  Things() : ComponentRegistry<Thing>("thing") {}
  std::string add(Thing t) { return add_checked(std::move(t), ""); }
};

struct Offer {
  std::string plugin, name, description;
  int value;
};

std::vector<std::string> register_offers(Things& r, const std::vector<Offer>& offers) {
  return register_plugin_components(
      r, offers, [](const Offer& o) { return o.name; },
      [](const Offer& o, Thing& t) {
        t.summary = o.description;
        t.make = [v = o.value] { return v; };
      });
}

TEST(ComponentRegistry, APluginLoadedAgainReplacesItsComponentsInPlace) {
  Things r;
  ASSERT_EQ(r.add({"builtin", "a built-in", "built-in", [] { return 0; }}), "");
  EXPECT_TRUE(register_offers(r, {{"p", "x", "first load", 1}}).empty());
  const Thing* found = r.find("p/x");
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->make(), 1);

  EXPECT_TRUE(register_offers(r, {{"p", "x", "second load", 2}}).empty());
  EXPECT_EQ(r.find("p/x"), found) << "the pointer found before stays valid";
  EXPECT_EQ(found->summary, "second load");
  EXPECT_EQ(found->make(), 2) << "the second load's functions, not the first's";
  EXPECT_EQ(r.all().size(), 2u);
}

TEST(ComponentRegistry, ATakenNameIsRefusedWhenTheOriginDiffersOrIsNoPlugin) {
  Things r;
  ASSERT_EQ(r.add({"same", "one", "test", [] { return 0; }}), "");
  EXPECT_NE(r.add({"same", "two", "test", [] { return 1; }}).find("taken by test"),
            std::string::npos)
      << "only a plugin's own components are replaced";
  ASSERT_EQ(r.add({"q/y", "one", "plugin q", [] { return 0; }}), "");
  EXPECT_NE(r.add({"q/y", "two", "plugin other", [] { return 1; }}).find("taken by plugin q"),
            std::string::npos);
  EXPECT_EQ(r.find("same")->summary, "one");
  EXPECT_EQ(r.find("q/y")->make(), 0);
}

}  // namespace
}  // namespace d500::plugin
