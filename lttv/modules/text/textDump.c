/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* textDump.c: the textDump module: one line of text per event.
 *
 *   TRACE CHANNEL CPU SECONDS.NANOSECONDS [PROCESS COLUMNS] EVENT FIELD=VALUE ...
 *
 * (with --clock-date, YYYY-MM-DDTHH:MM:SS.NANOSECONDSZ in place of the
 * seconds, after a header line naming the clock)
 * then, with batchAnalysis's -s, the statistics of each trace.  The formats
 * are described in doc/lttv.md. */
#include <config.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <ltt/event.h>
#include <ltt/trace.h>
#include <ltt/type.h>
#include <lttv/lttv.h>
#include <lttv/module.h>
#include <lttv/option.h>
#include <lttv/state.h>
#include <lttv/tracecontext.h>
#include "textDump-output.h"
#include "textDump-stats.h"

typedef struct _TypeCache TypeCache;

/* What every line of one tracefile needs: its fixed start
 * "TRACE CHANNEL CPU " and where the process columns come from. */
typedef struct {
	char *text;
	gsize len;
	LttvTraceState *state;         /* with --process */
	gint64 clock_offset;           /* trace time + this: ns since the epoch (--clock-date) */
	TypeCache **types;     /* by event id below DENSE_ID_LIMIT, filled on first use */
	guint n_types;
	GHashTable *sparse;    /* larger ids (extended headers) -> TypeCache */
} Prefix;

/* An id read from a file must not size an array. */
#define DENSE_ID_LIMIT 65536U

static gboolean no_field_names, process_columns, no_events, clock_date;
static gboolean refused;       /* the output file is an input: nothing is written */
static void (*previous_sigpipe)(int);
static TextDumpStatsFormat stats_format;
static GPtrArray *prefixes;    /* Prefix *, one per tracefile of the current run */

static gboolean put_contents(const LttValue *v);

/* One decoded value; FALSE when something inside it is damaged. */
static gboolean put_decoded(const LttDecodedValue *d)
{
	const char *label;

	switch (d->kind) {
	case LTT_TYPE_S8: case LTT_TYPE_S16: case LTT_TYPE_S32: case LTT_TYPE_S64:
		put_int((gint64) d->uint);
		return TRUE;
	case LTT_TYPE_U8: case LTT_TYPE_U16: case LTT_TYPE_U32: case LTT_TYPE_U64:
		put_uint(d->uint);
		return TRUE;
	case LTT_TYPE_ENUM:
		if ((label = ltt_type_enum_label(d->value.type, (gint64) d->uint)) != NULL)
			put(label, strlen(label));
		else
			put_int((gint64) d->uint);
		return TRUE;
	case LTT_TYPE_STRING:
		text_dump_put_string(d->string);
		return TRUE;
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
	case LTT_TYPE_STRUCT:
		return put_contents(&d->value);
	}
	return FALSE;
}

/* "{name=value,...}" or "[value,...]", read in one pass with LttValueIter;
 * FALSE when a value is damaged (what came before it is printed). */
static gboolean put_contents(const LttValue *v)
{
	const LttType *st = ltt_type_kind(v->type) == LTT_TYPE_STRUCT ? v->type : NULL;
	LttDecodedValue run[8];
	LttValueIter it;
	GError *damage = NULL;
	guint64 i = 0;
	guint n;

	if (!ltt_value_iter_init(&it, v, NULL))
		return FALSE;
	put_c(st ? '{' : '[');
	do {
		n = ltt_value_iter_read(&it, run, G_N_ELEMENTS(run), &damage);
		for (guint k = 0; k < n; k++, i++) {
			if (i > 0)
				put_c(',');
			if (st != NULL && !no_field_names) {
				const char *name = ltt_field_name(ltt_type_field(st, (guint) i));
				put(name, strlen(name));
				put_c('=');
			}
			if (!put_decoded(&run[k]))
				return FALSE;
		}
	} while (n == G_N_ELEMENTS(run));
	if (damage != NULL) {
		g_error_free(damage);
		return FALSE;
	}
	put_c(st ? '}' : ']');
	return TRUE;
}

/* What every event of one type prints before its values, computed once:
 * the event name and " name=" for each top-level field. */
struct _TypeCache {
	const LttEventType *et;
	char *name;
	gsize name_len;
	guint n_fields;
	char **labels;
	gsize *label_lens;
};

static TypeCache *type_cache_new(const LttEventType *et)
{
	TypeCache *c = g_new0(TypeCache, 1);
	c->et = et;
	c->name = text_dump_padded_strdup(ltt_event_type_name(et), &c->name_len);
	c->n_fields = ltt_event_type_field_count(et);
	c->labels = g_new(char *, c->n_fields);
	c->label_lens = g_new(gsize, c->n_fields);
	for (guint i = 0; i < c->n_fields; i++) {
		const LttField *f = ltt_event_type_field(et, i);
		char *label = no_field_names ? g_strdup(" ") : g_strconcat(" ", ltt_field_name(f), "=", NULL);
		c->labels[i] = text_dump_padded_strdup(label, &c->label_lens[i]);
		g_free(label);
	}
	return c;
}

static void type_cache_free(TypeCache *c)
{
	if (c == NULL)
		return;
	for (guint i = 0; i < c->n_fields; i++)
		g_free(c->labels[i]);
	g_free(c->labels);
	g_free(c->label_lens);
	g_free(c->name);
	g_free(c);
}

/* Top-level fields, after their precomputed " name=" labels.  A damaged
 * field prints as "<damaged>" and ends the line: the fields after it cannot
 * be located. */
static void put_payload(const LttEvent *e, const TypeCache *c)
{
	LttDecodedValue run[8];
	LttValueIter it;
	LttValue payload;
	GError *damage = NULL;
	guint i = 0, n;

	ltt_event_payload_value(e, &payload);
	if (c->n_fields == 0 || !ltt_value_iter_init(&it, &payload, NULL))
		return;
	do {
		n = ltt_value_iter_read(&it, run, G_N_ELEMENTS(run), &damage);
		for (guint k = 0; k < n; k++, i++) {
			put_padded(c->labels[i], c->label_lens[i]);
			if (!put_decoded(&run[k])) {
				put("<damaged>", 9);
				ltt_event_report_damage(e, "a value inside it does not fit in the payload");
				return;
			}
		}
	} while (n == G_N_ELEMENTS(run));
	if (damage != NULL) {
		ltt_event_report_damage(e, damage->message);
		g_error_free(damage);
		put_padded(c->labels[i], c->label_lens[i]);
		put("<damaged>", 9);
	}
}

static TypeCache *type_cache(Prefix *prefix, const LttEvent *e)
{
	guint id = ltt_event_id(e);
	if (id >= DENSE_ID_LIMIT) {
		const LttEventType *et = ltt_event_type(e);
		TypeCache *c = g_hash_table_lookup(prefix->sparse, GUINT_TO_POINTER(id));
		if (c == NULL || c->et != et) {
			c = type_cache_new(et);
			g_hash_table_replace(prefix->sparse, GUINT_TO_POINTER(id), c);
		}
		return c;
	}
	if (id >= prefix->n_types) {
		guint n = MAX(id + 1, 2 * prefix->n_types);
		prefix->types = g_renew(TypeCache *, prefix->types, n);
		memset(prefix->types + prefix->n_types, 0, (n - prefix->n_types) * sizeof(TypeCache *));
		prefix->n_types = n;
	}
	TypeCache *c = prefix->types[id];
	const LttEventType *et = ltt_event_type(e);
	if (c == NULL || c->et != et) {
		type_cache_free(c);
		c = prefix->types[id] = type_cache_new(et);
	}
	return c;
}

/* The task the event ran in, as the state knew it before the event (the
 * one the event names itself when it names one: a switch's prev task,
 * common_pid): PID TGID "NAME" MODE SUBMODE STATUS, each "-" when no task
 * is known. */
static void put_process(LttvTraceState *state, const LttEvent *e)
{
	const LttvProcess *p = lttv_trace_state_event_process(state, e);
	if (p == NULL) {
		put(" - - - - - -", 12);
		return;
	}
	const LttvExecFrame *top = lttv_process_frame(p, lttv_process_depth(p) - 1);
	const char *mode = lttv_exec_mode_name(top->mode);
	const char *submode = lttv_trace_state_submode_name(state, top->mode, top->submode);
	const char *status = lttv_process_status_name(lttv_process_status(p));
	put_c(' ');
	put_int(lttv_process_pid(p));
	put_c(' ');
	put_int(lttv_process_tgid(p));
	put_c(' ');
	text_dump_put_string(lttv_process_name(p));
	put_c(' ');
	put(mode, strlen(mode));
	put_c(' ');
	if (submode != NULL)
		put(submode, strlen(submode));
	else if (top->submode != LTTV_SUBMODE_NONE)
		put_int(top->submode);
	else
		put_c('-');
	put_c(' ');
	put(status, strlen(status));
}

/* A trace time as the wall-clock date and time, UTC, to the ns. */
static void put_date(LttTime t, gint64 offset)
{
	gint64 wall = (gint64) t + offset;
	gint64 secs = wall >= 0 ? wall / (gint64) LTT_NSEC_PER_SEC : (wall + 1) / (gint64) LTT_NSEC_PER_SEC - 1;
	time_t tt = (time_t) secs;
	struct tm tm;
	char buf[32];

	if (gmtime_r(&tt, &tm) == NULL || strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm) == 0) {
		put_time(t);
		return;
	}
	put(buf, strlen(buf));
	/* The nine digits after the point, as for the plain time. */
	char *p = reserve(10);
	g_snprintf(p, 11, ".%09u", (guint) (wall - secs * (gint64) LTT_NSEC_PER_SEC));
	text_dump_out.len += 10;
	put_c('Z');
}

static gboolean print_event(void *hook_data, void *call_data)
{
	Prefix *prefix = hook_data;
	const LttvTracefileContext *tfc = call_data;
	const LttEvent *e = tfc->e;
	const TypeCache *c = type_cache(prefix, e);
	put_padded(prefix->text, prefix->len);
	if (clock_date)
		put_date(e->time, prefix->clock_offset);
	else
		put_time(e->time);
	if (prefix->state != NULL)
		put_process(prefix->state, e);
	put_c(' ');
	put_padded(c->name, c->name_len);
	put_payload(e, c);
	put_c('\n');
	/* Nothing more can be written: the run may stop. */
	return text_dump_out.write_errno != 0;
}

static gpointer attribute_pointer(LttvAttribute *a, const char *path)
{
	LttvAttributeValue v;
	if (!lttv_attribute_find_by_path(a, path, LTTV_POINTER, &v, NULL))
		return NULL;
	return *v.v_pointer;
}

/* Stops the run at once: the output was refused. */
static gboolean stop(void *hook_data, void *call_data)
{
	return TRUE;
}

/* Adds the tracefile's printer to what batchAnalysis delivers for it. */
static gboolean tracefile_before(void *hook_data, void *call_data)
{
	LttvTracefileContext *tfc = call_data;
	LttvHooks *event = attribute_pointer(tfc->a, "batch/event");
	if (refused && event != NULL)
		lttv_hooks_add(event, stop, NULL, LTTV_PRIO_HIGH);
	if (refused || no_events || event == NULL)
		return FALSE;
	Prefix *p = g_new0(Prefix, 1);
	p->sparse = g_hash_table_new_full(NULL, NULL, NULL, (GDestroyNotify) type_cache_free);
	char *text = g_strdup_printf("%s %s %u ", ltt_trace_name(tfc->t_context->t),
	                             ltt_tracefile_channel(tfc->tf), ltt_tracefile_cpu(tfc->tf));
	p->text = text_dump_padded_strdup(text, &p->len);
	g_free(text);
	if (process_columns)
		p->state = attribute_pointer(tfc->t_context->a, "batch/state");
	p->clock_offset = ltt_trace_info(tfc->t_context->t)->clock_offset;
	if (clock_date && prefixes->len == 0) {
		const LttTraceInfo *info = ltt_trace_info(tfc->t_context->t);
		char *header = g_strdup_printf("# times: wall-clock UTC, the %s clock of each trace plus its offset "
		                               "(%s: %" G_GINT64_FORMAT " ns)\n", info->clock_name,
		                               ltt_trace_name(tfc->t_context->t), info->clock_offset);
		put(header, strlen(header));
		g_free(header);
	}
	g_ptr_array_add(prefixes, p);
	lttv_hooks_add(event, print_event, p, LTTV_PRIO_DEFAULT);
	return FALSE;
}

static void print_stats(const LttvTracesetContext *ctx)
{
	gboolean any = FALSE;
	for (guint i = 0; i < ctx->n_traces; i++) {
		const LttvStatsNode *tree = attribute_pointer(ctx->traces[i]->a, "batch/stats");
		if (tree == NULL)
			continue;
		if (!any)
			text_dump_stats_begin(stats_format);
		any = TRUE;
		text_dump_stats(tree, ltt_trace_name(ctx->traces[i]->t), stats_format);
	}
	if (any)
		text_dump_stats_end(stats_format);
}

static gboolean traceset_before(void *hook_data, void *call_data)
{
	refused = !text_dump_output_claim(call_data);
	if (refused)
		lttv_global_set_int("status", 1);
	return FALSE;
}

static gboolean traceset_after(void *hook_data, void *call_data)
{
	if (refused)
		return FALSE;
	print_stats(call_data);
	g_ptr_array_set_size(prefixes, 0);
	text_dump_flush();
	if (text_dump_out.write_errno == 0 && fflush(text_dump_out.file) != 0)
		text_dump_out.write_errno = errno;
	/* lttv's own check of standard output at exit must not say it again. */
	if (text_dump_out.write_errno != 0 && text_dump_out.file == stdout)
		lttv_global_set_int("stdout_handled", 1);
	/* EPIPE: whoever read the output stopped reading; not an error. */
	if (text_dump_out.write_errno != 0 && text_dump_out.write_errno != EPIPE) {
		fprintf(stderr, "lttv: writing %s: %s\n", text_dump_out.file_name,
		        g_strerror(text_dump_out.write_errno));
		lttv_global_set_int("status", 1);
	}
	return FALSE;
}

static void prefix_free(gpointer data)
{
	Prefix *p = data;
	for (guint i = 0; i < p->n_types; i++)
		type_cache_free(p->types[i]);
	g_free(p->types);
	g_hash_table_destroy(p->sparse);
	g_free(p->text);
	g_free(p);
}

/* -o: opened at once, so that a bad path is reported with the command line. */
static gboolean open_output(void *hook_data, void *call_data)
{
	GError *error = NULL;
	if (!text_dump_output_open(call_data, &error)) {
		lttv_option_fail("%s", error->message);
		g_error_free(error);
		return TRUE;
	}
	return FALSE;
}

/* --process: the columns come from the state batchAnalysis keeps on request. */
static gboolean want_state(void *hook_data, void *call_data)
{
	lttv_global_set_int("batch/needs_state", 1);
	return FALSE;
}

static gboolean set_stats_format(void *hook_data, void *call_data)
{
	if (!text_dump_stats_format_parse(call_data, &stats_format)) {
		lttv_option_fail("unknown format '%s' (tree, paths, csv or json)", (const char *) call_data);
		return TRUE;
	}
	return FALSE;
}

static const struct {
	const char *long_name;
	char short_name;
	const char *description, *arg_description;
	LttvOptionType type;
	void *value;
	LttvHook hook;
} options[] = {
	{ "output", 'o', "write the dump to FILE (default: standard output)", "FILE",
	  LTTV_OPT_STRING, NULL, open_output },
	{ "no-field-names", 0, "print field values without their names", NULL,
	  LTTV_OPT_NONE, &no_field_names, NULL },
	{ "process", 'p', "add the columns PID TGID \"NAME\" MODE SUBMODE STATUS of the task running "
	  "the event's CPU", NULL, LTTV_OPT_NONE, &process_columns, want_state },
	{ "clock-date", 0, "print times as wall-clock UTC dates (the trace's clock plus its offset to "
	  "the epoch) instead of seconds of the trace's clock, after a header naming the clock", NULL,
	  LTTV_OPT_NONE, &clock_date, NULL },
	{ "no-events", 0, "print no event lines (only the statistics of -s)", NULL,
	  LTTV_OPT_NONE, &no_events, NULL },
	{ "stats-format", 0, "print the statistics of -s as an indented tree (default), as "
	  "'path value' lines (paths), as CSV rows or as JSON", "tree|paths|csv|json", LTTV_OPT_STRING, NULL,
	  set_stats_format },
};

static const struct {
	const char *path;
	LttvHook hook;
} hooks[] = {
	{ "hooks/traceset/before", traceset_before },
	{ "hooks/tracefile/before", tracefile_before },
	{ "hooks/traceset/after", traceset_after },
};

static void remove_options(guint n)
{
	for (guint i = 0; i < n; i++)
		lttv_option_remove(options[i].long_name);
}

static gboolean init(GError **error)
{
	for (guint i = 0; i < G_N_ELEMENTS(options); i++)
		if (!lttv_option_add(options[i].long_name, options[i].short_name, options[i].description,
		                     options[i].arg_description, options[i].type, options[i].value,
		                     options[i].hook, NULL, error)) {
			remove_options(i);
			return FALSE;
		}
	text_dump_out.cap = OUT_CAPACITY;
	text_dump_out.data = g_malloc(text_dump_out.cap);
	text_dump_out.file = stdout;
	text_dump_out.file_name = g_strdup("standard output");
	/* A reader that stops reading (lttv ... | head) ends the dump, as
	 * EPIPE, instead of killing lttv. */
	previous_sigpipe = signal(SIGPIPE, SIG_IGN);
	prefixes = g_ptr_array_new_with_free_func(prefix_free);
	for (guint i = 0; i < G_N_ELEMENTS(hooks); i++)
		lttv_hooks_add(lttv_global_hooks(hooks[i].path), hooks[i].hook, NULL, LTTV_PRIO_DEFAULT);
	return TRUE;
}

static void destroy(void)
{
	for (guint i = 0; i < G_N_ELEMENTS(hooks); i++)
		lttv_hooks_remove_data(lttv_global_hooks(hooks[i].path), hooks[i].hook, NULL);
	remove_options(G_N_ELEMENTS(options));
	text_dump_output_close();
	signal(SIGPIPE, previous_sigpipe);
	g_clear_pointer(&text_dump_out.data, g_free);
	text_dump_out.len = text_dump_out.cap = 0;
	g_clear_pointer(&prefixes, g_ptr_array_unref);
}

static const char *const prerequisites[] = { "batchAnalysis", NULL };

LTTV_MODULE("textDump", "print every event as one line of text, and statistics",
            "Prints every event batchAnalysis delivers (all, or those textFilter's -e selects), in "
            "time order, as one line: trace, channel, CPU, time (seconds.nanoseconds), with "
            "--process the task running the CPU, event name and payload fields (name=value); "
            "then, with -s, the statistics of each trace.  The formats are stable and documented "
            "in doc/lttv.md.",
            init, destroy, prerequisites);
