/* lttv.h: what liblttvcore shares process-wide.
 *
 * The global attribute tree is where modules publish hook lists and results
 * for each other.  The lttv program uses these hook lists (created on first
 * use, so a module may add to them in its init):
 *
 *   hooks/main/before      after options are parsed (call_data NULL)
 *   hooks/main/after       before modules are unloaded (call_data NULL)
 *   hooks/traceset/before  the batch run over the -t traces starts (call_data: LttvTracesetContext *)
 *   hooks/traceset/after   it ended (call_data: LttvTracesetContext *)
 *   hooks/trace/before, hooks/trace/after          (call_data: LttvTraceContext *)
 *   hooks/tracefile/before, hooks/tracefile/after  (call_data: LttvTracefileContext *)
 *   hooks/event            every event of the run (call_data: LttvTracefileContext *)
 *
 * and these values:
 *
 *   traceset               (pointer) the LttvTraceset of the -t traces
 *   batch/context_type     (ulong) a GType derived from LTTV_TYPE_TRACESET_CONTEXT
 *                          that the batch run instantiates (state and statistics
 *                          modules set it); 0 means LttvTracesetContext
 *   batch/needs_traces     (int) non-zero when a loaded module has nothing to do
 *                          without -t: lttv then reports a missing -t
 *   status                 (int) a module that failed (after printing why) sets it
 *                          non-zero: lttv exits with status 1
 */
#ifndef LTTV_LTTV_H
#define LTTV_LTTV_H

#include "attribute.h"
#include "hook.h"

G_BEGIN_DECLS

LttvAttribute *lttv_global_attributes(void);

/* The hook list at path in the global tree, created on first use. */
LttvHooks *lttv_global_hooks(const char *path);

/* Frees the global tree and its hook lists (program end). */
void lttv_global_fini(void);

G_END_DECLS

#endif
