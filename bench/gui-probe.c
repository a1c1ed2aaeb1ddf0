/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* gui-probe.c: the guiprobe module, for bench-gui.sh: how long lttv-gui's
 * main loop went without running, and how much memory it held.
 *
 * `lttv-gui -L BENCH_DIR -m guiprobe ...` loads it.  A timeout at the
 * highest priority fires every PROBE_MS; any longer gap between two firings
 * is time the main loop spent in one callback (a stall the user would
 * feel).  The time before its first firing is the program's start (the
 * window built before the main loop runs), which bench-gui.sh times as
 * the first drawn window: it is not counted as a stall.  Every SAMPLE_EVERY firings it reads the resident size and keeps
 * the split (anonymous, file-backed, shared memory) of the largest seen.
 * At exit (the module's destroy) it prints, on standard error:
 *   guiprobe: stall_max_ms M at_s T stalls_over_50ms N vmhwm_kb K
 *   guiprobe: rss_peak_kb R anon_kb A file_kb F shmem_kb S */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <lttv/module.h>

#define PROBE_MS 2
#define STALL_MS 50
#define SAMPLE_EVERY 25

typedef struct {
	long rss, anon, file, shmem;
} RssSplit;

static guint probe_id;
static gint64 started, last, worst, worst_at;
static guint over, firings;
static RssSplit peak;

/* The current resident size and its split, in kB, from /proc/self/status. */
static RssSplit rss_now(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	RssSplit r = { -1, -1, -1, -1 };
	if (f == NULL)
		return r;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, "VmRSS:", 6) == 0)
			sscanf(line + 6, "%ld", &r.rss);
		else if (strncmp(line, "RssAnon:", 8) == 0)
			sscanf(line + 8, "%ld", &r.anon);
		else if (strncmp(line, "RssFile:", 8) == 0)
			sscanf(line + 8, "%ld", &r.file);
		else if (strncmp(line, "RssShmem:", 9) == 0)
			sscanf(line + 9, "%ld", &r.shmem);
	}
	fclose(f);
	return r;
}

static void sample_rss(void)
{
	RssSplit r = rss_now();
	if (r.rss > peak.rss)
		peak = r;
}

static gboolean probe(gpointer data)
{
	gint64 now = g_get_monotonic_time(), gap = firings > 0 ? now - last : 0;
	if (gap > worst) {
		worst = gap;
		worst_at = now - started;
	}
	if (gap > STALL_MS * 1000) {
		over++;
		if (g_getenv("GUIPROBE_VERBOSE") != NULL)
			fprintf(stderr, "guiprobe: gap %.1f ms ending at %.3f s\n", gap / 1000.0, (now - started) / 1e6);
	}
	last = now;
	if (++firings % SAMPLE_EVERY == 0)
		sample_rss();
	return G_SOURCE_CONTINUE;
}

/* The peak resident size, from the kernel's own count. */
static long vm_hwm_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "VmHWM:", 6) == 0)
			sscanf(line + 6, "%ld", &kb);
	fclose(f);
	return kb;
}

static gboolean init(GError **error)
{
	peak.rss = -1;
	started = last = g_get_monotonic_time();
	probe_id = g_timeout_add_full(G_PRIORITY_HIGH, PROBE_MS, probe, NULL, NULL);
	return TRUE;
}

static void destroy(void)
{
	g_source_remove(probe_id);
	sample_rss();
	fprintf(stderr, "guiprobe: stall_max_ms %.1f at_s %.3f stalls_over_%dms %u vmhwm_kb %ld\n",
	        worst / 1000.0, worst_at / 1e6, STALL_MS, over, vm_hwm_kb());
	fprintf(stderr, "guiprobe: rss_peak_kb %ld anon_kb %ld file_kb %ld shmem_kb %ld\n", peak.rss, peak.anon,
	        peak.file, peak.shmem);
}

LTTV_MODULE("guiprobe", "Measures lttv-gui's main-loop stalls and peak memory (bench)",
            "A timeout at the highest priority every 2 ms; the longest gap between two of its "
            "calls, the number of gaps over 50 ms, the peak resident size and the split (anonymous, "
            "file, shared) of the largest resident size sampled are printed at exit.",
            init, destroy, NULL);
