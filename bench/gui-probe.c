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
 * the first drawn window: it is not counted as a stall.
 *
 * A wall-clock gap also counts the time the process was not running at all
 * (on a loaded machine, other jobs had the CPUs); the main thread's own CPU
 * time between two firings (its thread CPU clock) is the work it did in
 * one turn.  Both maxima are kept, each with the other clock's figure for
 * the same gap.
 *
 * Every SAMPLE_EVERY firings it reads the resident size and keeps the
 * split (anonymous, file-backed, shared memory) of the largest seen.  At
 * exit (the module's destroy) it prints, on standard error:
 *   guiprobe: stall_max_ms M at_s T stalls_over_50ms N vmhwm_kb K
 *   guiprobe: stall_max_cpu_ms C
 *   guiprobe: cpu_stall_max_ms C at_s T cpu_stalls_over_50ms N wall_ms M
 *   guiprobe: rss_peak_kb R anon_kb A file_kb F shmem_kb S
 * With GUIPROBE_VERBOSE=1, each gap over 50 ms (wall or CPU) as it
 * happens (GUIPROBE_VERBOSE=N, N > 1: over N ms), with its CLOCK_MONOTONIC end (the clock of
 * `perf record -k CLOCK_MONOTONIC`, to find what ran in it). */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <glib.h>
#include <lttv/module.h>

#define PROBE_MS 2
#define STALL_MS 50
#define SAMPLE_EVERY 25

typedef struct {
	long rss, anon, file, shmem;
} RssSplit;

typedef struct {
	gint64 wall, cpu;               /* µs */
	gint64 at;                      /* µs since the start, the gap's end */
} Gap;

static guint probe_id;
static gint64 started, last, last_cpu;
static Gap worst_wall, worst_cpu;
static guint over, over_cpu, firings;
static gint64 verbose_us;        /* 0: quiet */
static RssSplit peak;

/* The calling thread's CPU time, µs. */
static gint64 thread_cpu_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

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
	gint64 now = g_get_monotonic_time(), cpu = thread_cpu_us();
	Gap gap = { firings > 0 ? now - last : 0, firings > 0 ? cpu - last_cpu : 0, now - started };
	if (gap.wall > worst_wall.wall)
		worst_wall = gap;
	if (gap.cpu > worst_cpu.cpu)
		worst_cpu = gap;
	if (gap.wall > STALL_MS * 1000)
		over++;
	if (gap.cpu > STALL_MS * 1000)
		over_cpu++;
	if (verbose_us > 0 && (gap.wall > verbose_us || gap.cpu > verbose_us))
		fprintf(stderr, "guiprobe: gap %.1f ms (main thread CPU %.1f ms) ending at %.3f s (monotonic %.6f)\n",
		        gap.wall / 1000.0, gap.cpu / 1000.0, gap.at / 1e6, now / 1e6);
	last = now;
	last_cpu = cpu;
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
	if (g_getenv("GUIPROBE_VERBOSE") != NULL) {
		gint64 ms = g_ascii_strtoll(g_getenv("GUIPROBE_VERBOSE"), NULL, 10);
		verbose_us = (ms > 1 ? ms : STALL_MS) * 1000;
	}
	started = last = g_get_monotonic_time();
	last_cpu = thread_cpu_us();
	probe_id = g_timeout_add_full(G_PRIORITY_HIGH, PROBE_MS, probe, NULL, NULL);
	return TRUE;
}

static void destroy(void)
{
	g_source_remove(probe_id);
	sample_rss();
	fprintf(stderr, "guiprobe: stall_max_ms %.1f at_s %.3f stalls_over_%dms %u vmhwm_kb %ld\n",
	        worst_wall.wall / 1000.0, worst_wall.at / 1e6, STALL_MS, over, vm_hwm_kb());
	fprintf(stderr, "guiprobe: stall_max_cpu_ms %.1f\n", worst_wall.cpu / 1000.0);
	fprintf(stderr, "guiprobe: cpu_stall_max_ms %.1f at_s %.3f cpu_stalls_over_%dms %u wall_ms %.1f\n",
	        worst_cpu.cpu / 1000.0, worst_cpu.at / 1e6, STALL_MS, over_cpu, worst_cpu.wall / 1000.0);
	fprintf(stderr, "guiprobe: rss_peak_kb %ld anon_kb %ld file_kb %ld shmem_kb %ld\n", peak.rss, peak.anon,
	        peak.file, peak.shmem);
}

LTTV_MODULE("guiprobe", "Measures lttv-gui's main-loop stalls and peak memory (bench)",
            "A timeout at the highest priority every 2 ms; the longest gap between two of its "
            "calls in wall-clock time and in the main thread's CPU time, the number of gaps over "
            "50 ms, the peak resident size and the split (anonymous, file, shared) of the largest "
            "resident size sampled are printed at exit.",
            init, destroy, NULL);
