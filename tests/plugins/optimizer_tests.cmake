# The reference optimizers against the published update rules (issue 5), through the real loader.
d500_add_test(reference_optimizer_test
  SOURCES reference_optimizer_test.cpp
  LIBS d500::training d500::plugin d500::util
  LABELS plugins)
add_dependencies(reference_optimizer_test d500_reference)
