/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bench-intervals-resident: how much of the interval store a control flow
 * redraw brings into memory (doc/performance.md, "lttv-gui memory").
 *
 *   bench-intervals-resident [--trace DIR] [--cache] [--rows N] [--pixels W]
 *
 * Runs the precomputation (without its cache file, or with --cache from
 * it, as a second open does), then queries the first N process rows as
 * the control flow view sorts them (by PID, the idle tasks first) over
 * the whole trace, a quarter, a sixteenth and a 64th of it, at one item
 * per pixel.  Before each zoom it unmaps the store's pages from the
 * process (they stay in the page cache), so that each figure is what that
 * redraw alone maps: the resident size of the store's mappings (its arena
 * files, or the cache file) afterwards.  Also the most the pass's arenas
 * held while it ran.  Prints "name value unit" lines. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <lttv/precompute.h>

/* The resident kB of the mappings of the store (arena files under
 * $XDG_CACHE_HOME/lttv, or the cache file); with drop, unmaps their pages
 * first. */
static long store_resident_kb(gboolean drop)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[1024];
	gboolean in = FALSE;
	long kb = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		unsigned long a, b;
		char perms[8];

		if (sscanf(line, "%lx-%lx %7s", &a, &b, perms) == 3) {
			in = strstr(line, "/lttv/arena-") != NULL || strstr(line, ".lttv-precompute-cache") != NULL;
			if (in && drop)
				madvise((void *) a, b - a, MADV_DONTNEED);
		} else if (in && strncmp(line, "Rss:", 4) == 0) {
			kb += atol(line + 4);
		}
	}
	fclose(f);
	return kb;
}

static const LttvIntervalStore *sort_store;

/* As the control flow view's default order: by PID, then as met. */
static int by_pid(const void *x, const void *y)
{
	LttvIntervalEntity a = *(const LttvIntervalEntity *) x, b = *(const LttvIntervalEntity *) y;
	gint32 pa = lttv_intervals_entity(sort_store, a)->id, pb = lttv_intervals_entity(sort_store, b)->id;

	return pa != pb ? (pa > pb) - (pa < pb) : (a > b) - (a < b);
}

int main(int argc, char **argv)
{
	const char *trace_path = "/tmp/t10m";
	gboolean cache = FALSE;
	gint rows = 50, pixels = 1500;
	GOptionEntry entries[] = {
		{ "trace", 0, 0, G_OPTION_ARG_STRING, &trace_path, "trace directory (/tmp/t10m)", "DIR" },
		{ "cache", 0, 0, G_OPTION_ARG_NONE, &cache, "read the results from the cache file (made first if needed)", NULL },
		{ "rows", 0, 0, G_OPTION_ARG_INT, &rows, "rows drawn (50)", "N" },
		{ "pixels", 0, 0, G_OPTION_ARG_INT, &pixels, "pixels a row (1500)", "W" },
		{ NULL }
	};
	GOptionContext *ctx = g_option_context_new("- what a control flow redraw maps of the interval store");
	GError *error = NULL;
	LttvTrace *t;
	LttvPrecompute *p;
	GArray *procs;
	LttvIntervalItem *items;
	LttTime start, end;
	long pass_max = 0;
	guint zoom, steps = 0;

	g_option_context_add_main_entries(ctx, entries, NULL);
	if (!g_option_context_parse(ctx, &argc, &argv, &error) || rows < 1 || pixels < 1) {
		g_printerr("bench-intervals-resident: %s\n", error != NULL ? error->message : "counts must be positive");
		return 2;
	}
	g_option_context_free(ctx);
	t = lttv_trace_open(trace_path, &error);
	if (t == NULL) {
		g_printerr("bench-intervals-resident: %s\n", error->message);
		return 1;
	}
	if (cache) {
		/* A pass that writes the cache, then a second service that reads it. */
		p = lttv_precompute_get(t);
		while (lttv_precompute_step(p, 10000, &error))
			;
		lttv_precompute_unref(p);
	}
	p = lttv_precompute_get(t);
	lttv_precompute_set_cache(p, cache);
	while (lttv_precompute_step(p, 10000, &error))
		if (++steps % 20 == 0)
			pass_max = MAX(pass_max, store_resident_kb(FALSE));
	if (error != NULL) {
		g_printerr("bench-intervals-resident: %s\n", error->message);
		return 1;
	}
	if (!cache)
		printf("pass_arenas_resident_max %.1f MB\n", pass_max / 1024.0);
	sort_store = lttv_precompute_intervals(p);
	procs = lttv_intervals_processes(sort_store);
	qsort(procs->data, procs->len, sizeof(LttvIntervalEntity), by_pid);
	start = ltt_trace_start_time(lttv_trace_ltt(t));
	end = ltt_trace_end_time(lttv_trace_ltt(t));
	items = g_new(LttvIntervalItem, pixels + 2);
	for (zoom = 1; zoom <= 64; zoom *= 4) {
		LttTime width = (end - start) / zoom;
		long before;
		guint r;

		store_resident_kb(TRUE);
		before = store_resident_kb(FALSE);
		for (r = 0; r < (guint) rows && r < procs->len; r++)
			lttv_intervals_query(sort_store, g_array_index(procs, LttvIntervalEntity, r), start, start + width,
			                     MAX(width / (guint64) pixels, 1), items, pixels + 2);
		printf("%s_redraw_resident_1_%u %.1f MB\n", cache ? "cache" : "pass", zoom,
		       (store_resident_kb(FALSE) - before) / 1024.0);
	}
	g_free(items);
	g_array_unref(procs);
	lttv_precompute_unref(p);
	lttv_trace_unref(t);
	return 0;
}
