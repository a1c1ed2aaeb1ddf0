/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-import.c: CTF traces into the LTT format through libbabeltrace2.
 *
 * A graph of one source.ctf.fs per CTF trace found under the source
 * directory, and a sink of ours with one input port per stream.  No muxer:
 * a CTF stream is one CPU's ring buffer, which is exactly an LTT channel
 * file, and each file only needs its own events in order, so the sink drains
 * the streams one after the other (nor is an import stopped by packets whose
 * boundary times overlap, which babeltrace2's muxer rejects).
 *
 * A stream becomes the channel file (CHANNEL, cpu_id of its packets):
 * CHANNEL is "kernel" for LTTng's kernel domain (the state's vocabulary,
 * doc/analysis.md), "ust" for its user-space domain, "ctf" otherwise, then
 * -ID for stream classes (LTTng channels) after the first, and .N when
 * two streams of one class claim the same CPU (per-process buffers).  A packet
 * end ends the LTT block, so packet boundaries are block boundaries;
 * discarded events go to the next block's lost count. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ltt/ltt-error.h"
#include "import-private.h"
#include "ctf-cut.h"
#include "ctf-metadata-check.h"

#define PROGRESS_EVERY 65536

typedef struct {
	char *name;
	GHashTable *ids;          /* const bt_event_class * -> id + 1 */
	guint next_id;
} ChannelOut;

typedef struct {
	ChannelOut *channel;
	LttWriterChannel *out;
	guint cpu;
	gboolean time_warned;
} StreamOut;

typedef struct {
	const char *src, *dst;
	LttWriter *w;
	gint64 clock_base;        /* ns from origin of trace time 0 */
	GHashTable *channels;     /* name -> ChannelOut */
	GHashTable *streams;      /* const bt_stream * -> StreamOut */
	GHashTable *files;        /* "channel/cpu" taken */
	guint max_cpu;
	guint port_count;
	bt_message_iterator **iters;
	guint current;
	LttPayload payload;
	GString *text;
	LttImportProgress progress;
	gpointer progress_data;
	LttImportStats *stats;
	GError *error;            /* the first failure of ours (the graph's are babeltrace2's) */
} CtfImport;

static void channel_out_free(gpointer p)
{
	ChannelOut *c = p;

	g_hash_table_destroy(c->ids);
	g_free(c->name);
	g_free(c);
}

static const char *env_string(const bt_trace *trace, const char *name)
{
	const bt_value *v = bt_trace_borrow_environment_entry_value_by_name_const(trace, name);

	return v != NULL && bt_value_is_string(v) ? bt_value_string_get(v) : NULL;
}

/* The writer is made when the first stream is met: its clock and the
 * trace's environment give the metadata's header. */
static gboolean writer_open(CtfImport *im, const bt_stream *stream)
{
	const bt_trace *trace = bt_stream_borrow_trace_const(stream);
	const bt_clock_class *cc = bt_stream_class_borrow_default_clock_class_const(bt_stream_borrow_class_const(stream));
	LttWriterOptions o = { 0 };
	const char *tracer = env_string(trace, "tracer_name");
	char *tracer_text = NULL;
	guint64 i, n;

	o.cpu_count = 1;
	o.host = env_string(trace, "hostname");
	o.os = env_string(trace, "sysname");
	o.kernel = env_string(trace, "kernel_release");
	if (tracer != NULL) {
		const bt_value *ma = bt_trace_borrow_environment_entry_value_by_name_const(trace, "tracer_major");
		const bt_value *mi = bt_trace_borrow_environment_entry_value_by_name_const(trace, "tracer_minor");

		if (ma != NULL && mi != NULL && bt_value_is_signed_integer(ma) && bt_value_is_signed_integer(mi))
			tracer_text = g_strdup_printf("%s %" G_GINT64_FORMAT ".%" G_GINT64_FORMAT, tracer,
			                              bt_value_integer_signed_get(ma), bt_value_integer_signed_get(mi));
		else
			tracer_text = g_strdup(tracer);
	}
	o.tracer = tracer_text;
	if (cc != NULL) {
		o.clock_name = bt_clock_class_get_name(cc);
		if (bt_clock_class_cycles_to_ns_from_origin(cc, 0, &im->clock_base) != BT_CLOCK_CLASS_CYCLES_TO_NS_FROM_ORIGIN_STATUS_OK) {
			/* An offset beyond 64-bit ns: times from 0.  babeltrace2 said
			 * why in the thread's error, which must not stay pending. */
			bt_current_thread_clear_error();
			im->clock_base = 0;
		}
		o.clock_offset = im->clock_base;
	}
	im->w = ltt_writer_new(im->dst, &o, &im->error);
	g_free(tracer_text);
	if (im->w == NULL || !ltt_import_set_provenance(im->w, im->src, LTT_IMPORT_FORMAT_CTF, &im->error))
		return FALSE;
	n = bt_trace_get_environment_entry_count(trace);
	for (i = 0; i < n; i++) {
		const char *name;
		const bt_value *v;
		GString *key = g_string_new("ctf.env.");
		char *value = NULL;
		gboolean ok;

		bt_trace_borrow_environment_entry_by_index_const(trace, i, &name, &v);
		ltt_import_ident(key, name);
		g_string_ascii_down(key);
		if (bt_value_is_string(v))
			value = g_strdup(bt_value_string_get(v));
		else if (bt_value_is_signed_integer(v))
			value = g_strdup_printf("%" G_GINT64_FORMAT, bt_value_integer_signed_get(v));
		ok = value == NULL || ltt_writer_set_property(im->w, key->str, value, &im->error);
		g_free(value);
		g_string_free(key, TRUE);
		if (!ok)
			return FALSE;
	}
	return TRUE;
}

static guint packet_cpu(const bt_packet *packet, guint fallback)
{
	const bt_field *ctx = packet != NULL ? bt_packet_borrow_context_field_const(packet) : NULL;
	const bt_field *cpu = ctx != NULL ? bt_field_structure_borrow_member_field_by_name_const(ctx, "cpu_id") : NULL;

	if (cpu == NULL || bt_field_get_class_type(cpu) != BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER
	    || bt_field_integer_unsigned_get_value(cpu) >= 65536)
		return fallback;
	return (guint) bt_field_integer_unsigned_get_value(cpu);
}

static StreamOut *stream_out(CtfImport *im, const bt_stream *stream, const bt_packet *packet)
{
	StreamOut *so = g_hash_table_lookup(im->streams, stream);
	const char *domain, *base;
	char *name, *file;
	guint suffix = 0;
	guint64 sc_id;

	if (so != NULL)
		return so;
	if (im->w == NULL && !writer_open(im, stream))
		return NULL;
	domain = env_string(bt_stream_borrow_trace_const(stream), "domain");
	base = domain == NULL ? "ctf" : strcmp(domain, "kernel") == 0 ? "kernel" : strcmp(domain, "ust") == 0 ? "ust" : "ctf";
	so = g_new0(StreamOut, 1);
	so->cpu = packet_cpu(packet, (guint) g_hash_table_size(im->streams));
	/* A stream class is an LTTng channel: the first keeps the domain's
	 * name, the others get their id after it. */
	sc_id = bt_stream_class_get_id(bt_stream_borrow_class_const(stream));
	for (;;) {
		GString *n = g_string_new(base);

		if (sc_id > 0)
			g_string_append_printf(n, "-%" G_GUINT64_FORMAT, sc_id);
		if (suffix > 0)
			g_string_append_printf(n, ".%u", suffix);
		name = g_string_free(n, FALSE);
		file = g_strdup_printf("%s/%u", name, so->cpu);
		if (!g_hash_table_contains(im->files, file))
			break;
		g_free(name);
		g_free(file);
		suffix++;
	}
	g_hash_table_add(im->files, file);
	so->channel = g_hash_table_lookup(im->channels, name);
	if (so->channel == NULL) {
		so->channel = g_new0(ChannelOut, 1);
		so->channel->name = g_strdup(name);
		so->channel->ids = g_hash_table_new(NULL, NULL);
		g_hash_table_insert(im->channels, so->channel->name, so->channel);
	}
	g_free(name);
	so->out = ltt_writer_channel(im->w, so->channel->name, so->cpu, &im->error);
	if (so->out == NULL) {
		g_free(so);
		return NULL;
	}
	im->max_cpu = MAX(im->max_cpu, so->cpu);
	g_hash_table_insert(im->streams, (gpointer) stream, so);
	return so;
}

/* The LTT id of an event class in the stream's channel, declared the
 * first time.  Context fields come first, named context_*. */
static gboolean event_id(CtfImport *im, StreamOut *so, const bt_event_class *ec, guint *id)
{
	gpointer found = g_hash_table_lookup(so->channel->ids, ec);
	const bt_stream_class *sc = bt_event_class_borrow_stream_class_const(ec);
	const char *name = bt_event_class_get_name(ec);
	GString *ident;
	gboolean ok;

	if (found != NULL) {
		*id = GPOINTER_TO_UINT(found) - 1;
		return TRUE;
	}
	*id = so->channel->next_id++;
	g_string_truncate(im->text, 0);
	ltt_import_ctf_members_text(im->text, bt_stream_class_borrow_event_common_context_field_class_const(sc), "context_");
	ltt_import_ctf_members_text(im->text, bt_event_class_borrow_specific_context_field_class_const(ec), "context_");
	ltt_import_ctf_members_text(im->text, bt_event_class_borrow_payload_field_class_const(ec), "");
	ident = g_string_new(NULL);
	ltt_import_ident(ident, name);
	ok = ltt_writer_declare_event(im->w, so->channel->name, *id, ident->str, im->text->str, &im->error) != NULL;
	if (ok && name != NULL && strcmp(name, ident->str) != 0) {
		/* The original name, which the LTT grammar cannot hold (UST's provider:event). */
		char *key = g_strdup_printf("import.event.%s.%u", so->channel->name, *id), *k;

		/* Property keys are [a-z0-9_.]+. */
		for (k = key; *k; k++)
			if (!g_ascii_islower(*k) && !g_ascii_isdigit(*k) && *k != '.')
				*k = '_';

		ok = ltt_writer_set_property(im->w, key, name, &im->error);
		g_free(key);
	}
	g_string_free(ident, TRUE);
	g_hash_table_insert(so->channel->ids, (gpointer) ec, GUINT_TO_POINTER(*id + 1));
	return ok;
}

static gboolean write_event(CtfImport *im, const bt_message *msg)
{
	const bt_event *ev = bt_message_event_borrow_event_const(msg);
	const bt_clock_snapshot *cs;
	StreamOut *so = stream_out(im, bt_event_borrow_stream_const(ev), bt_event_borrow_packet_const(ev));
	gint64 ns = 0;
	guint id;
	GError *err = NULL;

	if (so == NULL || !event_id(im, so, bt_event_borrow_class_const(ev), &id))
		return FALSE;
	if (bt_stream_class_borrow_default_clock_class_const(bt_stream_borrow_class_const(bt_event_borrow_stream_const(ev))) != NULL) {
		cs = bt_message_event_borrow_default_clock_snapshot_const(msg);
		if (bt_clock_snapshot_get_ns_from_origin(cs, &ns) != BT_CLOCK_SNAPSHOT_GET_NS_FROM_ORIGIN_STATUS_OK) {
			bt_current_thread_clear_error();
			ns = im->clock_base;
		}
	}
	ltt_payload_reset(&im->payload);
	ltt_import_ctf_members_put(&im->payload, bt_event_borrow_common_context_field_const(ev));
	ltt_import_ctf_members_put(&im->payload, bt_event_borrow_specific_context_field_const(ev));
	ltt_import_ctf_members_put(&im->payload, bt_event_borrow_payload_field_const(ev));
	if (!ltt_writer_channel_append(so->out, (LttTime) MAX(ns - im->clock_base, 0), id, im->payload.data,
	                               im->payload.len, &err)) {
		/* An event earlier than its stream's previous one, or too large:
		 * skipped and counted, the stream goes on. */
		if (err->domain != LTT_ERROR || err->code != LTT_ERROR_INVALID) {
			g_propagate_error(&im->error, err);
			return FALSE;
		}
		if (!so->time_warned)
			g_printerr("%s: %s (skipped; further ones of this stream are only counted)\n", im->src, err->message);
		so->time_warned = TRUE;
		g_error_free(err);
		im->stats->skipped++;
		return TRUE;
	}
	if (++im->stats->events % PROGRESS_EVERY == 0 && im->progress != NULL)
		im->progress(im->stats->events, im->progress_data);
	return TRUE;
}

static gboolean handle(CtfImport *im, const bt_message *msg)
{
	StreamOut *so;
	guint64 count = 0;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return write_event(im, msg);
	case BT_MESSAGE_TYPE_PACKET_END:
		so = g_hash_table_lookup(im->streams, bt_packet_borrow_stream_const(bt_message_packet_end_borrow_packet_const(msg)));
		return so == NULL || ltt_writer_channel_flush(so->out, &im->error);
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		so = stream_out(im, bt_message_discarded_events_borrow_stream_const(msg), NULL);
		if (so == NULL)
			return FALSE;
		if (bt_message_discarded_events_get_count(msg, &count) != BT_PROPERTY_AVAILABILITY_AVAILABLE)
			count = 1;
		ltt_writer_channel_add_lost(so->out, count);
		im->stats->lost += count;
		return TRUE;
	default:
		return TRUE;
	}
}

static bt_component_class_initialize_method_status sink_init(bt_self_component_sink *self,
                                                             bt_self_component_sink_configuration *config,
                                                             const bt_value *params, void *data)
{
	CtfImport *im = data;
	guint i;

	bt_self_component_set_data(bt_self_component_sink_as_self_component(self), im);
	for (i = 0; i < im->port_count; i++) {
		char name[32];

		g_snprintf(name, sizeof name, "in%u", i);
		if (bt_self_component_sink_add_input_port(self, name, NULL, NULL) != BT_SELF_COMPONENT_ADD_PORT_STATUS_OK)
			return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
	}
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

static bt_component_class_sink_graph_is_configured_method_status sink_configured(bt_self_component_sink *self)
{
	CtfImport *im = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));
	guint i;

	im->iters = g_new0(bt_message_iterator *, im->port_count);
	for (i = 0; i < im->port_count; i++)
		if (bt_message_iterator_create_from_sink_component(self, bt_self_component_sink_borrow_input_port_by_index(self, i),
		                                                   &im->iters[i]) != BT_MESSAGE_ITERATOR_CREATE_FROM_SINK_COMPONENT_STATUS_OK)
			return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_ERROR;
	return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_OK;
}

static bt_component_class_sink_consume_method_status sink_consume(bt_self_component_sink *self)
{
	CtfImport *im = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));
	bt_message_array_const msgs;
	guint64 i, count;
	gboolean ok = TRUE;

	if (im->current >= im->port_count)
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
	switch (bt_message_iterator_next(im->iters[im->current], &msgs, &count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		for (i = 0; i < count; i++) {
			ok = ok && handle(im, msgs[i]);
			bt_message_put_ref(msgs[i]);
		}
		return ok ? BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK : BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		BT_MESSAGE_ITERATOR_PUT_REF_AND_RESET(im->iters[im->current]);
		im->current++;
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_AGAIN;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
	default:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
	}
}

static void sink_finalize(bt_self_component_sink *self)
{
	CtfImport *im = bt_self_component_get_data(bt_self_component_sink_as_self_component(self));
	guint i;

	for (i = 0; im->iters != NULL && i < im->port_count; i++)
		bt_message_iterator_put_ref(im->iters[i]);
	g_clear_pointer(&im->iters, g_free);
}

/* Every directory under dir (itself included) whose metadata is CTF's. */
/* babeltrace2's error causes, innermost last, as one message, after the
 * stream file being read when there is one (a port of source.ctf.fs is
 * named after its file).  Details that only name babeltrace2's objects
 * (their addresses) are left out. */
static char *take_bt_error(void)
{
	const bt_error *e = bt_current_thread_take_error();
	GString *s = g_string_new(NULL);
	const char *file = NULL;
	guint64 i, n;

	if (e == NULL)
		return g_string_free(s, FALSE);
	n = bt_error_get_cause_count(e);
	for (i = 0; i < n; i++) {
		const bt_error_cause *c = bt_error_borrow_cause_by_index(e, i);
		const char *m = bt_error_cause_get_message(c);
		const char *addr = strstr(m, "addr=");
		gsize len = strlen(m);

		if (file == NULL && bt_error_cause_get_actor_type(c) == BT_ERROR_CAUSE_ACTOR_TYPE_MESSAGE_ITERATOR)
			file = bt_error_cause_message_iterator_actor_get_component_output_port_name(c);
		if (addr != NULL) {
			const char *colon = memchr(m, ':', (gsize) (addr - m));

			if (colon == NULL)
				continue;
			len = (gsize) (colon - m);
		}
		if (len > 0 && strstr(s->str, m) == NULL) {
			g_string_append_printf(s, "%s", s->len > 0 ? ": " : "");
			g_string_append_len(s, m, (gssize) len);
		}
	}
	if (file != NULL && strchr(file, '/') != NULL) {
		/* "UUID | stream id | path" */
		const char *bar = strrchr(file, '|');
		char *path = g_strstrip(g_strdup(bar != NULL ? bar + 1 : file));

		g_string_prepend(s, ": ");
		g_string_prepend(s, path);
		g_free(path);
	}
	bt_error_release(e);
	return g_string_free(s, FALSE);
}

/* Where babeltrace2 2.0 found a metadata text wrong ("At line 166 in
 * metadata stream: syntax error, ..."): its lexer and parser only log it,
 * on standard error, at the level of $BABELTRACE_PLUGIN_CTF_METADATA_LOG_LEVEL
 * read when the plugin is loaded; the error causes say no more than
 * "Cannot create trace".  While the sources are made, standard error goes
 * to a temporary file (log_begin), and log_end returns those lines ("" for
 * none; bytes that are not printable ASCII as \xNN) and restores it. */
static int log_begin(FILE **log)
{
	int saved;

	*log = tmpfile();
	if (*log == NULL)
		return -1;
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	if (saved >= 0 && dup2(fileno(*log), STDERR_FILENO) < 0) {
		close(saved);
		saved = -1;
	}
	return saved;
}

static char *log_end(FILE *log, int saved)
{
	GString *s = g_string_new(NULL);
	char *line = NULL;
	size_t size = 0;
	ssize_t len;

	if (saved >= 0) {
		fflush(stderr);
		dup2(saved, STDERR_FILENO);
		close(saved);
	}
	if (log == NULL)
		return g_string_free(s, FALSE);
	rewind(log);
	while ((len = getline(&line, &size, log)) > 0) {
		/* (a line may hold a NUL: the byte the lexer refused) */
		const char *at = g_strstr_len(line, len, "At line ");

		if (at == NULL || g_strstr_len(at, line + len - at, " in metadata stream: ") == NULL)
			continue;
		if (line[len - 1] == '\n')
			len--;
		g_string_append(s, s->len > 0 ? "; " : "");
		for (const guchar *c = (const guchar *) at; c < (const guchar *) line + len; c++)
			if (*c >= 0x20 && *c < 0x7f)
				g_string_append_c(s, (char) *c);
			else
				g_string_append_printf(s, "\\x%02x", *c);
	}
	free(line);
	fclose(log);
	return g_string_free(s, FALSE);
}

/* Builds the graph: sources for each trace, then our sink with a port for
 * each of their streams. */
static bt_graph *graph_new(CtfImport *im, GPtrArray *traces, bt_component_class_sink *sink_class)
{
	bt_graph *g = bt_graph_create(0);
	const bt_plugin *plugin = NULL;
	const bt_component_class_source *fs;
	const bt_component_source **sources = g_new0(const bt_component_source *, traces->len);
	const bt_component_sink *sink = NULL;
	guint i, j, port = 0, failed = G_MAXUINT;
	gboolean ok = g != NULL;

	FILE *log = NULL;
	int saved;
	char *where;

	/* (only read where the plugin is loaded: the import's own process) */
	g_setenv("BABELTRACE_PLUGIN_CTF_METADATA_LOG_LEVEL", "E", FALSE);
	if (ok && bt_plugin_find("ctf", BT_TRUE, BT_FALSE, BT_TRUE, BT_TRUE, BT_FALSE, &plugin) != BT_PLUGIN_FIND_STATUS_OK)
		ok = FALSE;
	fs = ok ? bt_plugin_borrow_source_component_class_by_name_const(plugin, "fs") : NULL;
	saved = log_begin(&log);
	for (i = 0; ok && fs != NULL && i < traces->len; i++) {
		bt_value *params = bt_value_map_create(), *inputs = NULL;
		char name[32];

		g_snprintf(name, sizeof name, "src%u", i);
		ok = params != NULL && bt_value_map_insert_empty_array_entry(params, "inputs", &inputs) == BT_VALUE_MAP_INSERT_ENTRY_STATUS_OK
		     && bt_value_array_append_string_element(inputs, g_ptr_array_index(traces, i)) == BT_VALUE_ARRAY_APPEND_ELEMENT_STATUS_OK
		     && bt_graph_add_source_component(g, fs, name, params, BT_LOGGING_LEVEL_NONE, &sources[i]) == BT_GRAPH_ADD_COMPONENT_STATUS_OK;
		bt_value_put_ref(params);
		if (ok)
			im->port_count += (guint) bt_component_source_get_output_port_count(sources[i]);
		else
			failed = i;
	}
	where = log_end(log, saved);
	ok = ok && fs != NULL
	     && bt_graph_add_sink_component_with_initialize_method_data(g, sink_class, "lttv-import", NULL, im,
	                                                               BT_LOGGING_LEVEL_NONE, &sink) == BT_GRAPH_ADD_COMPONENT_STATUS_OK;
	for (i = 0; ok && i < traces->len; i++)
		for (j = 0; ok && j < bt_component_source_get_output_port_count(sources[i]); j++)
			ok = bt_graph_connect_ports(g, bt_component_source_borrow_output_port_by_index_const(sources[i], j),
			                            bt_component_sink_borrow_input_port_by_index_const(sink, port++), NULL)
			     == BT_GRAPH_CONNECT_PORTS_STATUS_OK;
	g_free(sources);
	if (!ok) {
		char *why = take_bt_error();
		char *meta = failed != G_MAXUINT ? g_build_filename(g_ptr_array_index(traces, failed), "metadata", NULL) : NULL;

		g_set_error(&im->error, LTT_ERROR, fs == NULL && plugin != NULL ? LTT_ERROR_IO : LTT_ERROR_NOT_A_TRACE,
		            "%s: babeltrace2 cannot open it as CTF%s%s%s%s%s%s", im->src, *where ? ": " : "",
		            *where ? meta : "", *where ? ": " : "", *where ? where : "", *why ? ": " : "",
		            *why ? why : " (is the babeltrace2 ctf plugin installed?)");
		g_free(meta);
		g_free(where);
		g_free(why);
		bt_plugin_put_ref(plugin);
		bt_graph_put_ref(g);
		return NULL;
	}
	g_free(where);
	bt_plugin_put_ref(plugin);
	return g;
}

gboolean ltt_import_ctf(const char *src, const char *dst, LttImportProgress progress, gpointer data,
                        LttImportStats *stats, GError **error)
{
	CtfImport im = { 0 };
	GPtrArray *traces = g_ptr_array_new_with_free_func(g_free);
	GPtrArray *views = g_ptr_array_new_with_free_func((GDestroyNotify) ltt_ctf_view_remove);
	GString *cut = g_string_new(NULL);
	bt_component_class_sink *sink_class = bt_component_class_sink_create("lttv-import", sink_consume);
	bt_graph *g = NULL;
	bt_graph_run_status st = BT_GRAPH_RUN_STATUS_ERROR;
	LttCtfSearch search;
	gboolean ok;

	im.src = src;
	im.dst = dst;
	im.stats = stats;
	im.progress = progress;
	im.progress_data = data;
	im.channels = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, channel_out_free);
	im.streams = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	im.files = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	im.text = g_string_new(NULL);
	ltt_payload_init(&im.payload, 0);
	bt_component_class_sink_set_initialize_method(sink_class, sink_init);
	bt_component_class_sink_set_graph_is_configured_method(sink_class, sink_configured);
	bt_component_class_sink_set_finalize_method(sink_class, sink_finalize);

	if (!ltt_import_ctf_search(src, traces, &search) || search.stopped) {
		char *searched = ltt_import_ctf_search_text(&search);

		/* Some trace of the source could be left out: refused. */
		g_set_error(&im.error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: %s (%s)", src,
		            search.stopped ? "too many directories to import it whole: give the CTF trace's own directory"
		                           : "no CTF trace (no CTF metadata file) found", searched);
		g_free(searched);
	}
	/* babeltrace2 refuses a trace whose stream file ends inside a packet:
	 * it reads a view without that packet instead. */
	for (guint i = 0; i < traces->len && im.error == NULL; i++) {
		char *view;

		if (!ltt_ctf_metadata_check(g_ptr_array_index(traces, i), &im.error))
			break;
		view = ltt_ctf_uncut_view(g_ptr_array_index(traces, i), cut, &im.error);

		if (view != NULL) {
			g_ptr_array_add(views, view);
			g_free(traces->pdata[i]);
			traces->pdata[i] = g_strdup(view);
		}
	}
	if (im.error == NULL)
		g = graph_new(&im, traces, sink_class);
	while (g != NULL && (st = bt_graph_run(g)) == BT_GRAPH_RUN_STATUS_AGAIN)
		;
	if (g != NULL && st != BT_GRAPH_RUN_STATUS_OK && im.error == NULL) {
		char *why = take_bt_error();

		g_set_error(&im.error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: CTF decoding stopped after %" G_GUINT64_FORMAT
		            " events: %s", src, stats->events, why);
		g_free(why);
		stats->partial = TRUE;
	} else if (g != NULL && st != BT_GRAPH_RUN_STATUS_OK) {
		/* Our own failure stopped the graph: babeltrace2's account of it
		 * must not stay pending (its next call would abort). */
		bt_current_thread_clear_error();
	}
	bt_graph_put_ref(g);
	bt_component_class_sink_put_ref(sink_class);
	if (im.w != NULL) {
		char *cpus = g_strdup_printf("%u", im.max_cpu + 1);
		GError **keep = im.error == NULL ? &im.error : NULL;

		if (!ltt_writer_set_property(im.w, "cpus", cpus, keep) | !ltt_writer_close(im.w, keep))
			stats->partial = FALSE;
		g_free(cpus);
	} else if (im.error == NULL) {
		g_set_error(&im.error, LTT_ERROR, LTT_ERROR_NOT_A_TRACE, "%s: the CTF trace has no stream", src);
	}
	if (im.error == NULL && cut->len > 0) {
		/* Read to the end, but not all of it: damage (exit 3). */
		g_set_error(&im.error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s", cut->str);
		stats->partial = TRUE;
	}
	if (progress != NULL)
		progress(stats->events, data);
	ok = im.error == NULL;
	if (!ok)
		g_propagate_error(error, im.error);
	ltt_payload_clear(&im.payload);
	g_string_free(im.text, TRUE);
	g_hash_table_destroy(im.files);
	g_hash_table_destroy(im.streams);
	g_hash_table_destroy(im.channels);
	g_ptr_array_unref(traces);
	g_ptr_array_unref(views);
	g_string_free(cut, TRUE);
	return ok;
}
