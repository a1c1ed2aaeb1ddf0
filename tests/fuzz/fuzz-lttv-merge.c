/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-lttv-merge: libFuzzer target for the traceset context's merge.  The
 * input is that of fuzz-ltt-read (fuzz-trace-dir.h); in the plain layout
 * the channel data is written as two tracefiles, kernel_0 and kernel_1, so
 * that the merge meets equal times everywhere.
 * The traceset is read through windows of a few events (the input's length
 * picks how many), with hooks that save positions and decode fields, then
 * sought back to a saved position, by time and by events, as a viewer
 * would. */
#include <stdlib.h>
#include <glib/gstdio.h>
#include "ltt/ltt.h"
#include "fuzz-trace-dir.h"
#include "lttv/tracecontext.h"

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);

typedef struct {
	LttvTracesetContext *ctx;
	LttvTracesetContextPosition *saved;
	guint64 events;
} Reader;

static gboolean on_event(void *hook_data, void *call_data)
{
	Reader *r = hook_data;
	const LttvTracefileContext *tfc = call_data;
	LttDecodedValue values[8];

	ltt_event_fields(tfc->e, values, G_N_ELEMENTS(values), NULL);
	if (++r->events % 7 == 3)
		lttv_traceset_context_position_save(r->ctx, r->saved);
	return FALSE;
}

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	if (size < 2)
		return 0;
	if (!fuzz_write_listing(data, size)) {
		gsize md_len = MIN((gsize) (data[0] | data[1] << 8), size - 2);
		fuzz_write_file("metadata", data + 2, md_len);
		fuzz_write_file("kernel_0", data + 2 + md_len, size - 2 - md_len);
		fuzz_write_file("kernel_1", data + 2 + md_len, size - 2 - md_len);
	}
	LttvTrace *trace = lttv_trace_open(fuzz_trace_dir(), NULL);
	if (trace == NULL)
		return 0;
	LttvTraceset *ts = lttv_traceset_new();
	lttv_traceset_add(ts, trace);
	lttv_trace_unref(trace);
	Reader r = { lttv_traceset_context_new(ts), NULL, 0 };
	r.saved = lttv_traceset_context_position_new(r.ctx);
	lttv_traceset_context_set_read_ahead(r.ctx, 1 + size % 7);
	LttvHooks *event = lttv_hooks_new();
	lttv_hooks_add(event, on_event, &r, LTTV_PRIO_DEFAULT);
	lttv_process_traceset_begin(r.ctx, NULL, NULL, NULL, event, NULL);
	lttv_process_traceset_middle(r.ctx, LTT_TIME_INFINITE, G_MAXUINT64, NULL);
	if (r.events > 3) {
		if (!lttv_process_traceset_seek_position(r.ctx, r.saved, NULL))
			abort();
		if (lttv_traceset_context_ctx_pos_compare(r.ctx, r.saved) != 0)
			abort();
		lttv_process_traceset_middle(r.ctx, LTT_TIME_INFINITE, 20, NULL);
	}
	LttTime mid = r.ctx->start_time / 2 + r.ctx->end_time / 2;
	lttv_process_traceset_seek_time(r.ctx, mid);
	lttv_process_traceset_middle_time(r.ctx, LTT_TIME_INFINITE, 5);
	lttv_process_traceset_seek_n_backward(r.ctx, 9);
	lttv_process_traceset_seek_n_forward(r.ctx, 4);
	lttv_process_traceset_end(r.ctx, NULL, NULL, NULL, event, NULL);
	lttv_hooks_destroy(event);
	lttv_traceset_context_position_destroy(r.saved);
	g_object_unref(r.ctx);
	lttv_traceset_destroy(ts);
	return 0;
}
