/* d500 plugin ABI, optional export: what one operator instance runs, as the plugin can tell.
 *
 * Beside its entry point (plugin.h) a plugin MAY export, by this name,
 *   int32_t d500_report_instance(const void* instance, d500_instance_report* report);
 * for the instances its operators' create() made. The host looks it up once per plugin with dlsym;
 * a plugin without it reports nothing, and nothing else changes. Any plugin may export it: it is
 * how a measurement learns which kernel a library picked ("jit:avx512_core", "gemm:jit", "ref")
 * and how long the calls spent converting between the caller's layout and the library's.
 *
 * The host sets report->struct_size to sizeof(d500_instance_report) as it was compiled and zeroes
 * the rest; the plugin writes only the members that struct_size covers (append-only, as plugin.h).
 * Returns 0, or -1 when `instance` is not a live instance of this plugin. Called from the thread
 * that uses the instance, between calls, never during one.
 */
#ifndef D500_PLUGIN_REPORT_H
#define D500_PLUGIN_REPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define D500_INSTANCE_REPORT_SYMBOL "d500_report_instance"
#define D500_KERNEL_TEXT_SIZE 256

typedef struct d500_instance_report {
  uint32_t struct_size;
  /* The kernel the instance's forward runs, in the library's own words; "" when unknown.
   * NUL-terminated, truncated to fit. */
  char kernel[D500_KERNEL_TEXT_SIZE];
  /* Layout conversions (reorders) the instance's calls do inside themselves between the caller's
   * row-major tensors and the layout its kernel wants: the total time they took since the instance
   * was created (timed by the plugin around them, synchronously), the calls that did any, and the
   * bytes one forward call's conversions read and write. All 0 when it converts nothing. */
  double layout_ns;
  uint64_t layout_calls;
  double layout_bytes;
} d500_instance_report;

typedef int32_t (*d500_instance_report_fn)(const void* instance, d500_instance_report* report);

#ifdef __cplusplus
}
#endif

#endif /* D500_PLUGIN_REPORT_H */
