/* This file finds and starts an OMPT tool, and ends it (OpenMP 5.1, sec.
 * 4.2): OMP_TOOL, ompt_start_tool in the program or a library already
 * loaded, then each library of OMP_TOOL_LIBRARIES, with OMP_TOOL_VERBOSE_INIT
 * logging the search.
 *
 * The runtime starts at its first OpenMP call, not when it is loaded: the
 * tool starts there, right after the runtime, and the calling thread, the
 * program's initial thread, begins as an OMPT thread then. Like libomp,
 * Bobbin exports a weak ompt_start_tool that passes the search on to the
 * next definition in load order: a program's own definition takes its
 * place (the dynamic linker binds the runtime's reference to it), and a
 * tool library loaded after the runtime is still found. */
#include "ompt/ompt.h"

#include "device.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool bob_ompt_on;
bool bob_ompt_ra_wanted = true; /* until the runtime has started */
_Thread_local const void *bob_ompt_ra __attribute__((tls_model("initial-exec")));
_Thread_local void *bob_ompt_cfa __attribute__((tls_model("initial-exec")));
_Thread_local void *bob_ompt_caller_fp __attribute__((tls_model("initial-exec")));
ompt_callback_t bob_ompt_callbacks[64];

static ompt_start_tool_result_t *started;
static FILE *verbose;

#define VERBOSE(...) (verbose ? (void)fprintf(verbose, __VA_ARGS__) : (void)0)

typedef ompt_start_tool_result_t *(*start_tool_fn)(unsigned int, const char *);

static const char runtime_version[] = "Bobbin (LLVM libomp 14 OMPT interface)";
enum { OPENMP_VERSION = 201611 }; /* what libomp 14 passes: _OPENMP of 5.0's TR */

__attribute__((weak, visibility("default"))) ompt_start_tool_result_t *
ompt_start_tool(unsigned int omp_version, const char *version)
{
    start_tool_fn next = (start_tool_fn)dlsym(RTLD_NEXT, "ompt_start_tool");
    return next ? next(omp_version, version) : NULL;
}

static ompt_start_tool_result_t *from_library(const char *path)
{
    VERBOSE("Opening %s... ", path);
    void *h = dlopen(path, RTLD_LAZY);
    if (!h) {
        VERBOSE("Failed: %s\n", dlerror());
        return NULL;
    }
    VERBOSE("Success.\nSearching for ompt_start_tool in %s... ", path);
    dlerror();
    start_tool_fn start = (start_tool_fn)dlsym(h, "ompt_start_tool");
    if (!start) {
        const char *why = dlerror();
        VERBOSE("Failed: %s\n", why ? why : "ompt_start_tool = NULL");
        dlclose(h);
        return NULL;
    }
    ompt_start_tool_result_t *r = start(OPENMP_VERSION, runtime_version);
    if (r) {
        VERBOSE("Success.\nTool was started and is using the OMPT interface.\n");
        return r;
    }
    VERBOSE("Found but not using the OMPT interface.\nContinuing search...\n");
    dlclose(h);
    return NULL;
}

/* OMP_TOOL_LIBRARIES: a colon-separated list, tried in order. */
static ompt_start_tool_result_t *from_libraries(void)
{
    const char *list = getenv("OMP_TOOL_LIBRARIES");
    if (!list) {
        VERBOSE("No OMP_TOOL_LIBRARIES defined.\n");
        return NULL;
    }
    VERBOSE("Searching tool libraries...\nOMP_TOOL_LIBRARIES = %s\n", list);
    char *copy = strdup(list), *save = NULL;
    if (!copy)
        bob_fatal("out of memory reading OMP_TOOL_LIBRARIES");
    ompt_start_tool_result_t *r = NULL;
    for (char *path = strtok_r(copy, ":", &save); path && !r; path = strtok_r(NULL, ":", &save))
        r = from_library(path);
    free(copy);
    return r;
}

static ompt_start_tool_result_t *find_tool(void)
{
    VERBOSE("----- START LOGGING OF TOOL REGISTRATION -----\n"
            "Search for OMP tool in current address space... ");
    ompt_start_tool_result_t *r = ompt_start_tool(OPENMP_VERSION, runtime_version);
    if (r)
        VERBOSE("Success.\nTool was started and is using the OMPT interface.\n");
    else
        VERBOSE("Failed.\n");
    if (!r)
        r = from_libraries();
    if (!r)
        VERBOSE("...searching tool libraries failed.\nNo OMP tool loaded.\n");
    VERBOSE("----- END LOGGING OF TOOL REGISTRATION -----\n");
    return r;
}

/* OMP_TOOL_VERBOSE_INIT: disabled, stdout, stderr or a file to write. */
static void open_verbose(void)
{
    const char *v = getenv("OMP_TOOL_VERBOSE_INIT");
    if (!v || !*v || !strcasecmp(v, "disabled"))
        return;
    verbose = !strcasecmp(v, "stdout") ? stdout
              : !strcasecmp(v, "stderr") ? stderr : fopen(v, "w");
    if (!verbose)
        bob_warn("OMP_TOOL_VERBOSE_INIT='%s' cannot be opened for writing; not logging", v);
}

static void close_verbose(void)
{
    if (verbose && verbose != stdout && verbose != stderr)
        fclose(verbose);
    else if (verbose)
        fflush(verbose);
    verbose = NULL;
}

static void at_exit(void) { bob_ompt_fini(); }

/* Once per process: the child of a fork, whose runtime may start again,
 * keeps its parent's tool. */
void bob_ompt_init(void)
{
    static bool tried;
    if (tried)
        return;
    tried = true;
    const char *setting = getenv("OMP_TOOL");
    bool enabled = !setting || !*setting || !strcasecmp(setting, "enabled");
    open_verbose();
    if (!enabled && strcasecmp(setting, "disabled"))
        bob_warn("OMP_TOOL='%s' is not enabled or disabled; using no tool", setting);
    if (!enabled)
        VERBOSE("OMP tool disabled.\n");
    started = enabled ? find_tool() : NULL;
    close_verbose();
    bob_ompt_ra_wanted = started != NULL;
    if (!started)
        return;
    /* Events start once initialize has returned, with the callbacks it
     * registered; an OpenMP call it makes sees no tool yet. */
    if (!started->initialize(bob_ompt_lookup, bob_initial_device(), &started->tool_data)) {
        memset(bob_ompt_callbacks, 0, sizeof bob_ompt_callbacks);
        started = NULL;
        bob_ompt_ra_wanted = false;
        return;
    }
    bob_ompt_on = true;
    bob_thread_t *self = bob_self_peek();
    if (self && !self->ompt) /* made by such a call */
        bob_ompt_initial_begin(self);
    if (atexit(at_exit))
        bob_warn("cannot register the end of the OMPT tool at exit; its finalize will not run");
}

/* The tool's library stays loaded: code of it may still run after its
 * finalize (its own atexit handlers, say). */
void bob_ompt_tool_finalize(void)
{
    ompt_start_tool_result_t *r = started;
    started = NULL;
    bob_ompt_on = false;
    bob_ompt_ra_wanted = false;
    if (r && r->finalize)
        r->finalize(&r->tool_data);
    memset(bob_ompt_callbacks, 0, sizeof bob_ompt_callbacks);
}
