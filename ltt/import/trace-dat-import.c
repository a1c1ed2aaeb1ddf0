/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* trace-dat-import.c: trace-cmd's trace.dat files into the LTT format
 * through libtracecmd.  Its events are ftrace's, the vocabulary lttd records,
 * so each event type is converted as lttd does (ltt-control/lttd-convert.c:
 * the types derived from the kernel's format description).  The first
 * instance holding events (the top one, unless the file was made by
 * `trace-cmd extract -B`) becomes channel "kernel", the state's, each other
 * instance "kernel.NAME" (its name is in the property import.instance.CHANNEL); a
 * ring-buffer page is not visible through libtracecmd, so blocks are the
 * writer's own, and missed events go to the next block's lost count.
 * The file's saved cmdlines (pid -> comm) become ltt_statedump_comm events
 * of channel "kernel": one before each task's first event on each CPU, so
 * the task has its name from its first event on (doc/analysis.md §1.2.1). */
#include "config.h"
#include <string.h>
#include <trace-cmd/trace-cmd.h>
#include "ltt/ltt-error.h"
#include "ltt-control/lttd-convert.h"
#include "import-private.h"

#define PROGRESS_EVERY 65536

typedef struct {
	LttdConverter *conv;      /* NULL: the event's layout has no LTT form (skipped) */
	guint id;
} Mapping;

typedef struct {
	const char *instance;     /* NULL: the top one */
	char *channel;            /* NULL until its first event */
	GHashTable *mappings;     /* tep event id -> Mapping */
	GHashTable *names;        /* LTT names used in the channel */
	GPtrArray *outs;          /* LttWriterChannel by CPU, created on use */
	guint next_id;
	gboolean gives_comms;     /* the state's channel: it carries the saved names */
	guint comm_id;            /* then ltt_statedump_comm's id */
	GHashTable *comm_given;   /* pids named on the current CPU */
} InstanceOut;

typedef struct {
	const char *src;
	LttWriter *w;
	gboolean kernel_taken;    /* an instance is channel "kernel" */
	InstanceOut *current;
	LttPayload payload;
	guint max_cpu;
	LttImportProgress progress;
	gpointer progress_data;
	LttImportStats *stats;
	GError *error;
} TraceDatImport;

static void mapping_free(gpointer p)
{
	Mapping *m = p;

	if (m->conv != NULL)
		lttd_converter_free(m->conv);
	g_free(m);
}

static Mapping *mapping_get(TraceDatImport *im, InstanceOut *io, struct tep_event *event)
{
	Mapping *m = g_hash_table_lookup(io->mappings, GINT_TO_POINTER(event->id));
	GError *err = NULL;
	char *name;

	if (m != NULL)
		return m;
	m = g_new0(Mapping, 1);
	g_hash_table_insert(io->mappings, GINT_TO_POINTER(event->id), m);
	m->conv = lttd_converter_new(event, &err);
	if (m->conv == NULL) {
		g_printerr("%s: event %s:%s skipped: %s\n", im->src, event->system, event->name, err->message);
		g_error_free(err);
		return m;
	}
	/* The tracepoint's own name, or SYSTEM_NAME when two systems share it (as lttd). */
	if (g_hash_table_contains(io->names, event->name))
		name = g_strdup_printf("%s_%s", event->system, event->name);
	else
		name = g_strdup(event->name);
	m->id = io->next_id++;
	g_hash_table_add(io->names, name);
	if (ltt_writer_declare_event(im->w, io->channel, m->id, name, lttd_converter_fields(m->conv), &im->error) == NULL)
		return NULL;
	return m;
}

static gboolean channel_name(TraceDatImport *im, InstanceOut *io)
{
	GString *channel = g_string_new("kernel");
	char *key;
	gboolean ok;

	if (im->kernel_taken) {
		const char *p;

		g_string_append_c(channel, '.');
		for (p = io->instance != NULL ? io->instance : "top"; *p; p++)
			g_string_append_c(channel, g_ascii_isalnum(*p) || *p == '-' || *p == '.' ? *p : '_');
	}
	if (!im->kernel_taken) {
		io->gives_comms = TRUE;
		io->comm_id = io->next_id++;
		g_hash_table_add(io->names, g_strdup("ltt_statedump_comm"));
	}
	im->kernel_taken = TRUE;
	io->channel = g_string_free(channel, FALSE);
	key = g_strdup_printf("import.instance.%s", io->channel);
	ok = ltt_writer_set_property(im->w, key, io->instance != NULL ? io->instance : "(top)", &im->error)
	     && (!io->gives_comms
	         || ltt_writer_declare_event(im->w, io->channel, io->comm_id, "ltt_statedump_comm", "pid: s32; comm: string;",
	                                     &im->error) != NULL);
	g_free(key);
	return ok;
}

/* The saved name of the record's task, written before its first event on
 * this CPU (the CPUs are written one after the other, so each CPU gives
 * the names its own events need, at their time). */
static void give_comm(TraceDatImport *im, InstanceOut *io, struct tep_handle *tep, struct tep_record *record,
                      LttWriterChannel *out)
{
	int pid = tep_data_pid(tep, record);
	GError *err = NULL;

	if (pid <= 0 || g_hash_table_contains(io->comm_given, GINT_TO_POINTER(pid)))
		return;
	g_hash_table_add(io->comm_given, GINT_TO_POINTER(pid));
	if (!tep_is_pid_registered(tep, pid))
		return;
	ltt_payload_reset(&im->payload);
	ltt_payload_put_s32(&im->payload, pid);
	ltt_payload_put_string(&im->payload, tep_data_comm_from_pid(tep, pid));
	/* A record whose time goes back is skipped, and so is its name: the
	 * record's own append says why. */
	if (!ltt_writer_channel_append(out, record->ts, io->comm_id, im->payload.data, im->payload.len, &err)) {
		g_hash_table_remove(io->comm_given, GINT_TO_POINTER(pid));
		g_error_free(err);
	}
}

static LttWriterChannel *out_for(TraceDatImport *im, InstanceOut *io, guint cpu)
{
	if (cpu >= io->outs->len)
		g_ptr_array_set_size(io->outs, cpu + 1);
	if (g_ptr_array_index(io->outs, cpu) == NULL)
		g_ptr_array_index(io->outs, cpu) = ltt_writer_channel(im->w, io->channel, cpu, &im->error);
	im->max_cpu = MAX(im->max_cpu, cpu);
	return g_ptr_array_index(io->outs, cpu);
}

static void on_record(TraceDatImport *im, struct tracecmd_input *handle, struct tep_record *record, int cpu)
{
	InstanceOut *io = im->current;
	struct tep_event *event = tep_find_event_by_record(tracecmd_get_tep(handle), record);
	LttWriterChannel *out;
	Mapping *m;
	GError *err = NULL;

	if (event == NULL) {
		im->stats->skipped++;
		return;
	}
	if ((io->channel == NULL && !channel_name(im, io)) || (m = mapping_get(im, io, event)) == NULL || cpu < 0 || (out = out_for(im, io, (guint) cpu)) == NULL)
		return;
	if (m->conv == NULL) {
		im->stats->skipped++;
		return;
	}
	if (io->gives_comms)
		give_comm(im, io, tracecmd_get_tep(handle), record, out);
	if (record->missed_events != 0) {
		guint64 lost = record->missed_events > 0 ? (guint64) record->missed_events : 1;

		ltt_writer_channel_add_lost(out, lost);
		im->stats->lost += lost;
	}
	ltt_payload_reset(&im->payload);
	if (!lttd_converter_convert(m->conv, record->data, (gsize) MAX(record->size, 0), &im->payload, &err)
	    || !ltt_writer_channel_append(out, record->ts, m->id, im->payload.data, im->payload.len, &err)) {
		g_printerr("%s: CPU %d, event %s at %llu: %s (skipped)\n", im->src, cpu, event->name, record->ts, err->message);
		g_clear_error(&err);
		im->stats->skipped++;
		return;
	}
	if (++im->stats->events % PROGRESS_EVERY == 0 && im->progress != NULL)
		im->progress(im->stats->events, im->progress_data);
}

static gboolean import_instance(TraceDatImport *im, struct tracecmd_input *handle, const char *instance)
{
	InstanceOut io = { 0 };
	int cpu, ncpus;

	io.instance = instance;
	io.mappings = g_hash_table_new_full(NULL, NULL, NULL, mapping_free);
	io.names = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	io.outs = g_ptr_array_new();
	io.comm_given = g_hash_table_new(NULL, NULL);
	im->current = &io;
	/* CPU by CPU: each channel file needs only its own order, and
	 * libtracecmd's merge of the CPUs costs more than the rest (doc/performance.md). */
	ncpus = tep_get_cpus(tracecmd_get_tep(handle));
	for (cpu = 0; cpu < ncpus && im->error == NULL; cpu++) {
		struct tep_record *record;

		g_hash_table_remove_all(io.comm_given);
		for (record = tracecmd_read_cpu_first(handle, cpu); record != NULL && im->error == NULL;
		     record = tracecmd_read_data(handle, cpu)) {
			on_record(im, handle, record, cpu);
			tracecmd_free_record(record);
		}
		if (record != NULL)
			tracecmd_free_record(record);
	}
	im->current = NULL;
	g_ptr_array_unref(io.outs);
	g_hash_table_destroy(io.comm_given);
	g_hash_table_destroy(io.names);
	g_hash_table_destroy(io.mappings);
	g_free(io.channel);
	return im->error == NULL;
}

gboolean ltt_import_trace_dat(const char *src, const char *dst, LttImportProgress progress, gpointer data,
                              LttImportStats *stats, GError **error)
{
	TraceDatImport im = { 0 };
	struct tracecmd_input *handle;
	LttWriterOptions o = { 0 };
	char *cpus;
	int i, n;
	gboolean ok;

	tracecmd_set_loglevel(TEP_LOG_NONE);
	handle = tracecmd_open(src, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (handle == NULL) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE,
		            "%s: libtracecmd cannot open it as a trace.dat file (damaged header or unsupported version)", src);
		return FALSE;
	}
	im.src = src;
	im.stats = stats;
	im.progress = progress;
	im.progress_data = data;
	o.cpu_count = 1;
	/* The recording machine is not in libtracecmd's API: not this one's. */
	o.host = "unknown";
	o.os = "Linux";
	o.kernel = "unknown";
	o.clock_name = "ftrace";
	o.tracer = "trace-cmd";
	ltt_payload_init(&im.payload, 0);
	im.w = ltt_writer_new(dst, &o, &im.error);
	ok = im.w != NULL && ltt_import_set_provenance(im.w, src, LTT_IMPORT_FORMAT_TRACE_DAT, &im.error)
	     && import_instance(&im, handle, NULL);
	n = tracecmd_buffer_instances(handle);
	for (i = 0; ok && i < n; i++) {
		struct tracecmd_input *sub = tracecmd_buffer_instance_handle(handle, i);

		if (sub == NULL) {
			g_printerr("%s: instance %s cannot be read (skipped)\n", src, tracecmd_buffer_instance_name(handle, i));
			stats->partial = TRUE;
			continue;
		}
		ok = import_instance(&im, sub, tracecmd_buffer_instance_name(handle, i));
		tracecmd_close(sub);
	}
	if (im.w != NULL) {
		GError **keep = im.error == NULL ? &im.error : NULL;

		cpus = g_strdup_printf("%u", MAX(im.max_cpu + 1, (guint) tep_get_cpus(tracecmd_get_tep(handle))));
		ltt_writer_set_property(im.w, "cpus", cpus, keep);
		ltt_writer_close(im.w, keep);
		g_free(cpus);
	}
	tracecmd_close(handle);
	ltt_payload_clear(&im.payload);
	if (progress != NULL)
		progress(stats->events, data);
	if (im.error == NULL && stats->partial)
		g_set_error(&im.error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: some instances could not be read", src);
	ok = im.error == NULL;
	if (!ok)
		g_propagate_error(error, im.error);
	return ok;
}
