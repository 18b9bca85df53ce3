/* The smallest test tool: included after the test defines
 *   static void tool_register(ompt_set_callback_t set);
 * which registers the callbacks it checks; the tool starts with the
 * runtime and needs nothing at finalize. (tool.h is the tool that prints
 * every event.) */
#ifndef BOBBIN_OMPT_TOOL_MIN_H
#define BOBBIN_OMPT_TOOL_MIN_H

#include <omp-tools.h>

static int tool_min_initialize(ompt_function_lookup_t lookup, int device, ompt_data_t *data) {
  (void)device, (void)data;
  tool_register((ompt_set_callback_t)lookup("ompt_set_callback"));
  return 1;
}

static void tool_min_finalize(ompt_data_t *data) { (void)data; }

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  (void)omp_version, (void)runtime_version;
  static ompt_start_tool_result_t result = {tool_min_initialize, tool_min_finalize, {0}};
  return &result;
}

#endif
