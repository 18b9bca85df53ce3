/* libgomp's symbol versions (gomp_versions.def) as secondary versions of
 * Bobbin's entry points.
 *
 * Every entry point's default version is libomp's VERSION (exports.map),
 * which clang binaries ask for. A gcc binary asks for, say,
 * GOMP_parallel@GOMP_4.0 or omp_get_thread_num@OMP_1.0, so those must exist
 * too. The usual way, an alias of the function renamed with .symver, does
 * not survive GNU ld: given foo and foo@NODE at one address in one object,
 * it drops the unversioned foo. So each secondary version is a stub of its
 * own, here, that jumps to the entry point, which the library binds to its
 * own (-Bsymbolic-functions, CMakeLists.txt): one direct jump more for gcc
 * binaries, none for clang ones. The stubs' own names are local
 * (exports.map); only the versioned names are exported. */

#include "symver.h"

#include "gomp_versions.def"
