/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* trace.c: a trace directory opened for reading: metadata, channel files,
 * warnings, reference counting. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include "ltt-error.h"
#include "trace-private.h"

/* Warnings of one kind kept in full; the others are only counted. */
#define WARNINGS_PER_KIND 5

/* Warnings that differ only in their numbers (block, offset, id, CPU). */
typedef struct {
	char *pattern;           /* the text with each run of digits as '#' */
	guint kept;
	guint64 more;            /* counted, not kept */
	guint summary;           /* index of "N more like this" in warnings, once more > 0 */
} WarningKind;

static void warning_kind_free(gpointer data)
{
	WarningKind *k = data;

	g_free(k->pattern);
	g_free(k);
}

/* The message with its numbers (offsets, blocks, CPUs, ids) as '#', so that
 * warnings that differ only by them are one kind.  A run of digits that
 * touches a letter is part of a word (a folder "h3ru", "x86"), not a
 * number, and stays: the summary names the same path as the warnings. */
static char *warning_pattern(const char *msg)
{
	GString *p = g_string_sized_new(strlen(msg));
	const char *c = msg;

	while (*c) {
		const char *end = c;

		if (!g_ascii_isdigit(*c)) {
			g_string_append_c(p, *c++);
			continue;
		}
		while (g_ascii_isdigit(*end))
			end++;
		if ((c > msg && g_ascii_isalpha(c[-1])) || g_ascii_isalpha(*end))
			g_string_append_len(p, c, end - c);
		else
			g_string_append_c(p, '#');
		c = end;
	}
	return g_string_free(p, FALSE);
}

static void count_more(LttTrace *trace, WarningKind *k, guint64 n)
{
	if (k->more == 0) {
		k->summary = trace->warnings->len;
		g_ptr_array_add(trace->warnings, NULL);
	}
	k->more += n;
	trace->summaries_stale = TRUE;
}

/* The kind of pattern (taken), made when new. */
static WarningKind *kind_of_pattern(LttTrace *trace, char *pattern)
{
	WarningKind *k = g_hash_table_lookup(trace->warning_kinds, pattern);

	if (k == NULL) {
		k = g_new0(WarningKind, 1);
		k->pattern = pattern;
		g_hash_table_insert(trace->warning_kinds, pattern, k);
	} else {
		g_free(pattern);
	}
	return k;
}

gboolean ltt_trace_warn_count_only(LttTrace *trace, gpointer kind)
{
	WarningKind *k = kind;

	if (k == NULL || k->kept < WARNINGS_PER_KIND)
		return FALSE;
	count_more(trace, k, 1);
	return TRUE;
}

void ltt_trace_warn(LttTrace *trace, char *msg)
{
	ltt_trace_warn_kind(trace, msg, NULL);
}

void ltt_trace_warn_kind(LttTrace *trace, char *msg, gpointer *kind)
{
	WarningKind *k;

	if (g_hash_table_contains(trace->warning_set, msg)) {
		g_free(msg);
		return;
	}
	k = kind_of_pattern(trace, warning_pattern(msg));
	if (kind != NULL)
		*kind = k;
	if (k->kept < WARNINGS_PER_KIND) {
		k->kept++;
		g_ptr_array_add(trace->warnings, msg);
		g_hash_table_add(trace->warning_set, msg);
		return;
	}
	/* Damage repeated over a whole file (every event of an undeclared
	 * type) must not cost memory per event: counted, and the count
	 * written when the warnings are read. */
	g_free(msg);
	count_more(trace, k, 1);
}

static void write_summaries(LttTrace *trace)
{
	GHashTableIter it;
	gpointer k;

	g_hash_table_iter_init(&it, trace->warning_kinds);
	while (g_hash_table_iter_next(&it, NULL, &k)) {
		const WarningKind *kind = k;
		if (kind->more == 0)
			continue;
		g_free(trace->warnings->pdata[kind->summary]);
		trace->warnings->pdata[kind->summary] =
			g_strdup_printf("%" G_GUINT64_FORMAT " more like this: %s", kind->more, kind->pattern);
	}
	trace->summaries_stale = FALSE;
}

static void take_warnings(LttTrace *trace, GPtrArray *found)
{
	for (guint i = 0; i < found->len; i++)
		ltt_trace_warn(trace, found->pdata[i]);
	g_ptr_array_free(found, TRUE);
}

/* "CHANNEL_CPU": CPU is the decimal digits after the last underscore.
 * *cpu is LTT_CPU_COUNT_MAX or more when the number is too large. */
static gboolean parse_channel_file_name(const char *name, char **channel, guint *cpu)
{
	const char *us = strrchr(name, '_');
	guint v = 0;

	if (us == NULL || us == name || us[1] == '\0')
		return FALSE;
	for (const char *p = us + 1; *p; p++) {
		if (!g_ascii_isdigit(*p))
			return FALSE;
		if (v < LTT_CPU_COUNT_MAX)
			v = v * 10 + (guint) (*p - '0');
	}
	for (const char *p = name; p < us; p++)
		if (!g_ascii_isalnum(*p) && *p != '_' && *p != '.' && *p != '-')
			return FALSE;
	*channel = g_strndup(name, (gsize) (us - name));
	*cpu = v;
	return TRUE;
}

static const char *file_kind(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	return "not a regular file";
}

/* The channel file name of the trace, or NULL with a warning saying why it
 * cannot be read: the rest of the trace is read without it. */
static LttTracefile *open_channel_file(LttTrace *trace, const char *name, const char *channel, guint cpu)
{
	char *path = g_build_filename(trace->path, name, NULL);
	LttTracefile *tf = NULL;
	GError *error = NULL;
	struct stat st;

	if (cpu >= LTT_CPU_COUNT_MAX)
		ltt_trace_warn(trace, g_strdup_printf("%s: CPU %s is not below %u; file skipped", path,
		                                      strrchr(name, '_') + 1, LTT_CPU_COUNT_MAX));
	else if (stat(path, &st) != 0)
		ltt_trace_warn(trace, g_strdup_printf("%s: %s; file skipped", path, g_strerror(errno)));
	else if (!S_ISREG(st.st_mode))
		ltt_trace_warn(trace, g_strdup_printf("%s: %s, not a channel file; file skipped", path,
		                                      file_kind(st.st_mode)));
	else if ((tf = ltt_tracefile_open(trace, path, name, channel, cpu, &error)) == NULL) {
		ltt_trace_warn(trace, g_strdup_printf("%s; file skipped", error->message));
		g_error_free(error);
	}
	g_free(path);
	return tf;
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
	/* No channel file at all is a trace of no event (a recorder that
	 * traced nothing wrote only the metadata). */
	while ((name = g_dir_read_name(dir)) != NULL) {
		char *channel;
		guint cpu;
		LttTracefile *tf;

		if (strcmp(name, LTT_METADATA_FILE) == 0 || !parse_channel_file_name(name, &channel, &cpu))
			continue;
		tf = open_channel_file(trace, name, channel, cpu);
		g_free(channel);
		if (tf != NULL)
			g_ptr_array_add(trace->tracefiles, tf);
	}
	g_dir_close(dir);
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
	struct stat st;

	trace->ref = 1;
	trace->path = g_strdup(path);
	trace->name = g_path_get_basename(path);
	trace->tracefiles = g_ptr_array_new_with_free_func((GDestroyNotify) ltt_tracefile_free);
	trace->warnings = g_ptr_array_new_with_free_func(g_free);
	trace->warning_set = g_hash_table_new(g_str_hash, g_str_equal);
	trace->warning_kinds = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, warning_kind_free);
	md_path = g_build_filename(path, LTT_METADATA_FILE, NULL);
	trace->md = ltt_metadata_new(md_path);
	if (stat(md_path, &st) != 0 && errno != ENOENT) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", md_path, g_strerror(errno));
		ok = FALSE;
	} else if (!g_file_test(md_path, G_FILE_TEST_EXISTS)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: no metadata file: not a trace",
		            path);
		ok = FALSE;
	} else if (!S_ISREG(st.st_mode)) {
		/* Never opened: a FIFO would wait for a writer. */
		g_set_error(error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: not a regular file: not a trace", md_path);
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
	reader->warning_kinds = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, warning_kind_free);
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
	g_hash_table_destroy(trace->warning_kinds);
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
	if (trace->summaries_stale)
		write_summaries((LttTrace *) trace);
	return i < trace->warnings->len ? trace->warnings->pdata[i] : NULL;
}

void ltt_trace_take_reader_warnings(LttTrace *trace, const LttTrace *reader)
{
	gboolean *counted = g_new0(gboolean, reader->warnings->len + 1);
	GHashTableIter it;
	gpointer k;

	/* The warnings the reader kept, then its "N more like this" added to
	 * the counts of the same kinds. */
	g_hash_table_iter_init(&it, reader->warning_kinds);
	while (g_hash_table_iter_next(&it, NULL, &k))
		if (((const WarningKind *) k)->more > 0)
			counted[((const WarningKind *) k)->summary] = TRUE;
	for (guint i = 0; i < reader->warnings->len; i++)
		if (!counted[i])
			ltt_trace_warn(trace, g_strdup(reader->warnings->pdata[i]));
	g_hash_table_iter_init(&it, reader->warning_kinds);
	while (g_hash_table_iter_next(&it, NULL, &k)) {
		const WarningKind *from = k;
		if (from->more > 0)
			count_more(trace, kind_of_pattern(trace, g_strdup(from->pattern)), from->more);
	}
	g_free(counted);
}
