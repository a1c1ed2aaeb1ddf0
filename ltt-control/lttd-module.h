/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttd-module.h: lttd's source for the LTT kernel trace module
 * (kernel-patch/ltt-tracer).  The module writes LTT blocks itself; lttd
 * copies them whole from /dev/ltt/cpuN into kernel_N, declares the module's
 * event types in the trace's metadata and records its counters. */
#ifndef LTTD_MODULE_H
#define LTTD_MODULE_H

#include <glib.h>
#include "lttd-source.h"
#include "ltt/writer.h"

G_BEGIN_DECLS

/* Where the module's files are; LTT_MODULE_DEV overrides /dev/ltt.  Inline:
 * lttctl asks too, to choose its default tracer. */
static inline const char *lttd_module_dir(void)
{
	const char *env = g_getenv("LTT_MODULE_DEV");
	return env && *env ? env : "/dev/ltt";
}

/* The module is loaded (its control file exists). */
static inline gboolean lttd_module_available(void)
{
	char *ctl = g_build_filename(lttd_module_dir(), "ctl", NULL);
	gboolean ok = g_file_test(ctl, G_FILE_TEST_EXISTS);
	g_free(ctl);
	return ok;
}

typedef struct {
	guint32 block_size;        /* sub-buffer = block size; 0 = 65536 */
	guint buffer_kb;           /* per CPU; 0 = 4096 */
	gboolean flight_recorder;  /* overwrite mode, read once stopped */
	const char *events;        /* "all" or NAME,NAME...; NULL = all */
	int exclude_pid;           /* its system calls, faults and IRQs stay out; 0 = none */
} LttdModuleOptions;

/* Configures the module, starts tracing (the module writes its state dump)
 * and declares the module's events and properties in w. */
LttdSource *lttd_module_new(LttWriter *w, const LttdModuleOptions *o, GError **error);

/* The module's per-CPU counters as metadata properties (lttd.cpuN.events,
 * .lost, .overwritten) and their totals. */
gboolean lttd_module_report(LttdSource *src, guint64 *events, guint64 *lost, GError **error);

G_END_DECLS

#endif
