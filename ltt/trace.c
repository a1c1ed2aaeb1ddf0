/* trace.c: a trace directory opened for reading: metadata, channel files,
 * warnings, reference counting. */
#include <string.h>
#include <sys/stat.h>
#include "ltt-error.h"
#include "trace-private.h"

void ltt_trace_warn(LttTrace *trace, char *msg)
{
	if (g_hash_table_contains(trace->warning_set, msg)) {
		g_free(msg);
		return;
	}
	g_ptr_array_add(trace->warnings, msg);
	g_hash_table_add(trace->warning_set, msg);
}

static void take_warnings(LttTrace *trace, GPtrArray *found)
{
	for (guint i = 0; i < found->len; i++)
		ltt_trace_warn(trace, found->pdata[i]);
	g_ptr_array_free(found, TRUE);
}

/* "CHANNEL_CPU": CPU is the decimal digits after the last underscore. */
static gboolean parse_channel_file_name(const char *name, char **channel, guint *cpu)
{
	const char *us = strrchr(name, '_');
	guint64 v = 0;

	if (us == NULL || us == name || us[1] == '\0')
		return FALSE;
	for (const char *p = us + 1; *p; p++) {
		if (!g_ascii_isdigit(*p))
			return FALSE;
		v = v * 10 + (guint64) (*p - '0');
		if (v > G_MAXUINT)
			return FALSE;
	}
	for (const char *p = name; p < us; p++)
		if (!g_ascii_isalnum(*p) && *p != '_' && *p != '.' && *p != '-')
			return FALSE;
	*channel = g_strndup(name, (gsize) (us - name));
	*cpu = (guint) v;
	return TRUE;
}

static gint compare_tracefiles(gconstpointer a, gconstpointer b)
{
	const LttTracefile *x = *(LttTracefile *const *) a, *y = *(LttTracefile *const *) b;
	int c = strcmp(x->channel, y->channel);

	if (c != 0)
		return c;
	return x->cpu < y->cpu ? -1 : x->cpu > y->cpu;
}

static void update_span(LttTrace *trace)
{
	gboolean any = FALSE;

	trace->start = trace->end = LTT_TIME_ZERO;
	for (guint i = 0; i < trace->tracefiles->len; i++) {
		LttTracefile *tf = trace->tracefiles->pdata[i];
		if (tf->blocks->len == 0)
			continue;
		if (!any || ltt_tracefile_start_time(tf) < trace->start)
			trace->start = ltt_tracefile_start_time(tf);
		if (!any || ltt_tracefile_end_time(tf) > trace->end)
			trace->end = ltt_tracefile_end_time(tf);
		any = TRUE;
	}
}

static gboolean open_tracefiles(LttTrace *trace, GError **error)
{
	GDir *dir = g_dir_open(trace->path, 0, error);
	const char *name;

	if (dir == NULL)
		return FALSE;
	while ((name = g_dir_read_name(dir)) != NULL) {
		char *channel, *path;
		guint cpu;
		LttTracefile *tf;
		struct stat st;

		if (strcmp(name, LTT_METADATA_FILE) == 0 || !parse_channel_file_name(name, &channel, &cpu))
			continue;
		path = g_build_filename(trace->path, name, NULL);
		if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
			g_free(channel);
			g_free(path);
			continue;
		}
		if (cpu >= LTT_CPU_COUNT_MAX) {
			ltt_trace_warn(trace, g_strdup_printf("%s: CPU %u is not below %u; file skipped",
			                                      path, cpu, LTT_CPU_COUNT_MAX));
			g_free(channel);
			g_free(path);
			continue;
		}
		tf = ltt_tracefile_open(trace, path, name, channel, cpu, error);
		g_free(channel);
		g_free(path);
		if (tf == NULL) {
			g_dir_close(dir);
			return FALSE;
		}
		g_ptr_array_add(trace->tracefiles, tf);
	}
	g_dir_close(dir);
	if (trace->tracefiles->len == 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: no channel file (CHANNEL_CPU)",
		            trace->path);
		return FALSE;
	}
	g_ptr_array_sort(trace->tracefiles, compare_tracefiles);
	for (guint i = 0; i < trace->tracefiles->len; i++)
		((LttTracefile *) trace->tracefiles->pdata[i])->index = i;
	return TRUE;
}

LttTrace *ltt_trace_open(const char *path, GError **error)
{
	LttTrace *trace = g_new0(LttTrace, 1);
	GPtrArray *found = g_ptr_array_new();
	char *md_path;
	gboolean ok;

	trace->ref = 1;
	trace->path = g_strdup(path);
	trace->name = g_path_get_basename(path);
	trace->tracefiles = g_ptr_array_new_with_free_func((GDestroyNotify) ltt_tracefile_free);
	trace->warnings = g_ptr_array_new_with_free_func(g_free);
	trace->warning_set = g_hash_table_new(g_str_hash, g_str_equal);
	md_path = g_build_filename(path, LTT_METADATA_FILE, NULL);
	trace->md = ltt_metadata_new(md_path);
	if (!g_file_test(md_path, G_FILE_TEST_IS_REGULAR)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: no metadata file: not a trace",
		            path);
		ok = FALSE;
	} else {
		ok = ltt_metadata_read(trace->md, TRUE, found, error);
	}
	g_free(md_path);
	take_warnings(trace, found);
	if (ok && !trace->md->have_byte_order)
		ltt_trace_warn(trace, g_strdup_printf("%s: no byte_order property; using the blocks' byte order",
		                                      trace->md->path));
	if (!ok || !open_tracefiles(trace, error)) {
		ltt_trace_unref(trace);
		return NULL;
	}
	update_span(trace);
	return trace;
}

LttTrace *ltt_trace_ref(LttTrace *trace)
{
	g_atomic_int_inc(&trace->ref);
	return trace;
}

LttTrace *ltt_trace_new_reader(LttTrace *trace)
{
	LttTrace *reader = g_new0(LttTrace, 1);
	guint i;

	reader->ref = 1;
	reader->parent = ltt_trace_ref(trace);
	reader->path = g_strdup(trace->path);
	reader->name = g_strdup(trace->name);
	reader->md = trace->md;
	reader->tracefiles = g_ptr_array_new_with_free_func((GDestroyNotify) ltt_tracefile_free_reader);
	for (i = 0; i < trace->tracefiles->len; i++)
		g_ptr_array_add(reader->tracefiles, ltt_tracefile_new_reader(trace->tracefiles->pdata[i], reader));
	reader->warnings = g_ptr_array_new_with_free_func(g_free);
	reader->warning_set = g_hash_table_new(g_str_hash, g_str_equal);
	reader->start = trace->start;
	reader->end = trace->end;
	return reader;
}

void ltt_trace_unref(LttTrace *trace)
{
	if (trace == NULL || !g_atomic_int_dec_and_test(&trace->ref))
		return;
	g_ptr_array_free(trace->tracefiles, TRUE);
	if (trace->parent != NULL)
		ltt_trace_unref(trace->parent);
	else
		ltt_metadata_free(trace->md);
	g_hash_table_destroy(trace->warning_set);
	g_ptr_array_free(trace->warnings, TRUE);
	g_free(trace->path);
	g_free(trace->name);
	g_free(trace);
}

const char *ltt_trace_path(const LttTrace *trace)
{
	return trace->path;
}

const char *ltt_trace_name(const LttTrace *trace)
{
	return trace->name;
}

const LttTraceInfo *ltt_trace_info(const LttTrace *trace)
{
	return &trace->md->info;
}

const char *ltt_trace_property(const LttTrace *trace, const char *key)
{
	return g_hash_table_lookup(trace->md->properties, key);
}

guint ltt_trace_tracefile_count(const LttTrace *trace)
{
	return trace->tracefiles->len;
}

LttTracefile *ltt_trace_tracefile(const LttTrace *trace, guint i)
{
	return i < trace->tracefiles->len ? trace->tracefiles->pdata[i] : NULL;
}

LttTracefile *ltt_trace_tracefile_find(const LttTrace *trace, const char *channel, guint cpu)
{
	for (guint i = 0; i < trace->tracefiles->len; i++) {
		LttTracefile *tf = trace->tracefiles->pdata[i];
		if (tf->cpu == cpu && strcmp(tf->channel, channel) == 0)
			return tf;
	}
	return NULL;
}

LttTime ltt_trace_start_time(const LttTrace *trace)
{
	return trace->start;
}

LttTime ltt_trace_end_time(const LttTrace *trace)
{
	return trace->end;
}

guint ltt_trace_event_type_count(const LttTrace *trace)
{
	return trace->md->types->len;
}

const LttEventType *ltt_trace_event_type(const LttTrace *trace, guint i)
{
	return i < trace->md->types->len ? trace->md->types->pdata[i] : NULL;
}

const LttEventType *ltt_trace_event_type_lookup(const LttTrace *trace, const char *channel, guint id)
{
	LttChannelTypes *ct = g_hash_table_lookup(trace->md->channels, channel);

	return ct ? ltt_channel_type(ct, id) : NULL;
}

const LttEventType *ltt_trace_event_type_by_name(const LttTrace *trace, const char *channel,
                                                 const char *name)
{
	for (guint i = 0; i < trace->md->types->len; i++) {
		const LttEventType *et = trace->md->types->pdata[i];
		if (strcmp(et->name, name) == 0 && (channel == NULL || strcmp(et->channel, channel) == 0))
			return et;
	}
	return NULL;
}

gboolean ltt_trace_reload_metadata(LttTrace *trace, GError **error)
{
	GPtrArray *found = g_ptr_array_new();
	guint64 before = trace->md->offset;
	gboolean ok = ltt_metadata_read(trace->md, FALSE, found, error);

	for (guint i = 0; i < trace->tracefiles->len; i++)
		ltt_tracefile_refresh_types(trace->tracefiles->pdata[i]);
	take_warnings(trace, found);
	return ok && trace->md->offset != before;
}

gboolean ltt_trace_reload(LttTrace *trace, GError **error)
{
	GError *md_error = NULL;

	if (trace->parent != NULL) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID, "%s: a second reader of a trace cannot be reloaded",
		            trace->path);
		return FALSE;
	}
	ltt_trace_reload_metadata(trace, &md_error);
	if (md_error != NULL) {
		g_propagate_error(error, md_error);
		return FALSE;
	}
	for (guint i = 0; i < trace->tracefiles->len; i++)
		if (!ltt_tracefile_update(trace->tracefiles->pdata[i], error))
			return FALSE;
	update_span(trace);
	return TRUE;
}

guint ltt_trace_warning_count(const LttTrace *trace)
{
	return trace->warnings->len;
}

const char *ltt_trace_warning(const LttTrace *trace, guint i)
{
	return i < trace->warnings->len ? trace->warnings->pdata[i] : NULL;
}

void ltt_trace_take_reader_warnings(LttTrace *trace, const LttTrace *reader)
{
	for (guint i = 0; i < reader->warnings->len; i++)
		ltt_trace_warn(trace, g_strdup(reader->warnings->pdata[i]));
}
