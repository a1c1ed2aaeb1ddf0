/* gui-probe.c: the guiprobe module, for bench-gui.sh: how long lttv-gui's
 * main loop went without running, and how much memory it held.
 *
 * `lttv-gui -L BENCH_DIR -m guiprobe ...` loads it.  A timeout at the
 * highest priority fires every PROBE_MS; any longer gap between two firings
 * is time the main loop spent in one callback (a stall the user would
 * feel).  At exit (the module's destroy) it prints, on standard error:
 *   guiprobe: stall_max_ms M at_s T stalls_over_50ms N vmhwm_kb K */
#include <config.h>
#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <lttv/module.h>

#define PROBE_MS 2
#define STALL_MS 50

static guint probe_id;
static gint64 started, last, worst, worst_at;
static guint over;

static gboolean probe(gpointer data)
{
	gint64 now = g_get_monotonic_time(), gap = now - last;
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
	started = last = g_get_monotonic_time();
	probe_id = g_timeout_add_full(G_PRIORITY_HIGH, PROBE_MS, probe, NULL, NULL);
	return TRUE;
}

static void destroy(void)
{
	g_source_remove(probe_id);
	fprintf(stderr, "guiprobe: stall_max_ms %.1f at_s %.3f stalls_over_%dms %u vmhwm_kb %ld\n",
	        worst / 1000.0, worst_at / 1e6, STALL_MS, over, vm_hwm_kb());
}

LTTV_MODULE("guiprobe", "Measures lttv-gui's main-loop stalls and peak memory (bench)",
            "A timeout at the highest priority every 2 ms; the longest gap between two of its "
            "calls, the number of gaps over 50 ms and the peak resident size are printed at exit.",
            init, destroy, NULL);
