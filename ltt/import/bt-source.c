/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* bt-source.c: an LTT trace as babeltrace2 messages.  Each channel is a
 * stream class (events keep their ids, names and field types: integers of
 * their size and sign, enums with their labels, strings, arrays, sequences
 * as dynamic arrays, structs), each channel file a stream whose packets are
 * the file's blocks, with LTTng's cpu_id in the packet context, and the
 * blocks' begin and end times.  The clock is the trace's: nanoseconds,
 * offset from the epoch as the metadata says.  Events a block's header says
 * were lost before it become a discarded-events message from the previous
 * packet's end to this one's (where CTF 1.8 keeps them: the count in this
 * packet's context). */
#include "config.h"
#include <string.h>
#include "ltt/ltt.h"
#include "bt-source.h"

typedef struct {
	LttTrace *trace;
	bt_trace *bt_trace;
	bt_clock_class *clock;
	GHashTable *event_classes;   /* const LttEventType * -> bt_event_class * (borrowed) */
	bt_stream **streams;         /* by tracefile index */
} Source;

typedef enum {
	ST_STREAM_BEGIN, ST_READ, ST_PACKET_END_THEN_BEGIN, ST_DISCARDED, ST_PACKET_BEGIN, ST_EVENT,
	ST_LAST_PACKET_END, ST_STREAM_END, ST_DONE
} IterState;

typedef struct {
	Source *src;
	LttTracefile *tf;
	bt_stream *stream;
	bt_packet *packet;
	guint32 block;
	IterState state;
	guint64 packet_end;          /* of the open packet, else of the last one (0: none yet) */
	guint64 lost;                /* events lost before the open packet's block, as its header says */
} Iter;

static bt_field_class *field_class_new(bt_trace_class *tc, const LttType *t);

static void add_members(bt_trace_class *tc, bt_field_class *sfc, const LttType *t)
{
	guint i, n = ltt_type_field_count(t);

	for (i = 0; i < n; i++) {
		const LttField *f = ltt_type_field(t, i);
		bt_field_class *m = field_class_new(tc, ltt_field_type(f));

		bt_field_class_structure_append_member(sfc, ltt_field_name(f), m);
		bt_field_class_put_ref(m);
	}
}

static guint64 int_bits(LttTypeKind k)
{
	switch (k) {
	case LTT_TYPE_S8: case LTT_TYPE_U8: return 8;
	case LTT_TYPE_S16: case LTT_TYPE_U16: return 16;
	case LTT_TYPE_S32: case LTT_TYPE_U32: return 32;
	default: return 64;
	}
}

static bt_field_class *field_class_new(bt_trace_class *tc, const LttType *t)
{
	LttTypeKind k = ltt_type_kind(t);
	bt_field_class *fc, *elem;
	guint i;

	switch (k) {
	case LTT_TYPE_STRING:
		return bt_field_class_string_create(tc);
	case LTT_TYPE_STRUCT:
		fc = bt_field_class_structure_create(tc);
		add_members(tc, fc, t);
		return fc;
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
		elem = field_class_new(tc, ltt_type_element(t));
		fc = k == LTT_TYPE_ARRAY ? bt_field_class_array_static_create(tc, elem, ltt_type_array_length(t))
		                         : bt_field_class_array_dynamic_create(tc, elem, NULL);
		bt_field_class_put_ref(elem);
		return fc;
	case LTT_TYPE_ENUM: {
		const LttType *base = ltt_type_enum_base(t);
		gboolean is_signed = ltt_type_is_signed(base);

		fc = is_signed ? bt_field_class_enumeration_signed_create(tc) : bt_field_class_enumeration_unsigned_create(tc);
		bt_field_class_integer_set_field_value_range(fc, int_bits(ltt_type_kind(base)));
		for (i = 0; i < ltt_type_enum_count(t); i++) {
			const LttEnumEntry *e = ltt_type_enum_entry(t, i);

			if (is_signed) {
				bt_integer_range_set_signed *r = bt_integer_range_set_signed_create();
				bt_integer_range_set_signed_add_range(r, e->value, e->value);
				bt_field_class_enumeration_signed_add_mapping(fc, e->label, r);
				bt_integer_range_set_signed_put_ref(r);
			} else {
				bt_integer_range_set_unsigned *r = bt_integer_range_set_unsigned_create();
				bt_integer_range_set_unsigned_add_range(r, (guint64) e->value, (guint64) e->value);
				bt_field_class_enumeration_unsigned_add_mapping(fc, e->label, r);
				bt_integer_range_set_unsigned_put_ref(r);
			}
		}
		return fc;
	}
	default:
		fc = ltt_type_is_signed(t) ? bt_field_class_integer_signed_create(tc) : bt_field_class_integer_unsigned_create(tc);
		bt_field_class_integer_set_field_value_range(fc, int_bits(k));
		if (ltt_type_is_hex(t))
			bt_field_class_integer_set_preferred_display_base(
				fc, BT_FIELD_CLASS_INTEGER_PREFERRED_DISPLAY_BASE_HEXADECIMAL);
		return fc;
	}
}

static gboolean fill(bt_field *f, const LttValue *v, GError **error);

/* The members, or elements, of v into f's, in one linear pass. */
static gboolean fill_children(bt_field *f, const LttValue *v, gboolean is_struct, GError **error)
{
	LttValueIter it;
	LttDecodedValue d;
	guint64 i = 0;

	if (!ltt_value_iter_init(&it, v, error))
		return FALSE;
	if (!is_struct && bt_field_get_class_type(f) != BT_FIELD_CLASS_TYPE_STATIC_ARRAY
	    && bt_field_array_dynamic_set_length(f, it.count) != BT_FIELD_DYNAMIC_ARRAY_SET_LENGTH_STATUS_OK)
		return FALSE;
	while (i < it.count) {
		if (ltt_value_iter_read(&it, &d, 1, error) != 1)
			return FALSE;
		if (!fill(is_struct ? bt_field_structure_borrow_member_field_by_index(f, i)
		                    : bt_field_array_borrow_element_field_by_index(f, i), &d.value, error))
			return FALSE;
		i++;
	}
	return TRUE;
}

static gboolean fill(bt_field *f, const LttValue *v, GError **error)
{
	const char *s;
	gint64 i;
	guint64 u;

	switch (ltt_type_kind(v->type)) {
	case LTT_TYPE_STRING:
		return ltt_value_get_string(v, &s, error) && bt_field_string_set_value(f, s) == BT_FIELD_STRING_SET_VALUE_STATUS_OK;
	case LTT_TYPE_STRUCT:
		return fill_children(f, v, TRUE, error);
	case LTT_TYPE_ARRAY:
	case LTT_TYPE_SEQUENCE:
		return fill_children(f, v, FALSE, error);
	default:
		if (ltt_type_is_signed(v->type)) {
			if (!ltt_value_get_int(v, &i, error))
				return FALSE;
			bt_field_integer_signed_set_value(f, i);
		} else {
			if (!ltt_value_get_uint(v, &u, error))
				return FALSE;
			bt_field_integer_unsigned_set_value(f, u);
		}
		return TRUE;
	}
}

static void set_env(bt_trace *t, const char *name, const char *value)
{
	if (value != NULL && *value != '\0')
		bt_trace_set_environment_entry_string(t, name, value);
}

static bt_stream_class *stream_class_new(Source *src, bt_trace_class *tc, const char *channel)
{
	bt_stream_class *sc = bt_stream_class_create(tc);
	bt_field_class *ctx = bt_field_class_structure_create(tc), *cpu = bt_field_class_integer_unsigned_create(tc);
	guint i, n = ltt_trace_event_type_count(src->trace);

	bt_stream_class_set_name(sc, channel);
	bt_stream_class_set_assigns_automatic_event_class_id(sc, BT_FALSE);
	bt_stream_class_set_default_clock_class(sc, src->clock);
	bt_stream_class_set_supports_packets(sc, BT_TRUE, BT_TRUE, BT_TRUE);
	bt_stream_class_set_supports_discarded_events(sc, BT_TRUE, BT_TRUE);
	bt_field_class_integer_set_field_value_range(cpu, 32);
	bt_field_class_structure_append_member(ctx, "cpu_id", cpu);
	bt_stream_class_set_packet_context_field_class(sc, ctx);
	bt_field_class_put_ref(cpu);
	bt_field_class_put_ref(ctx);
	for (i = 0; i < n; i++) {
		const LttEventType *et = ltt_trace_event_type(src->trace, i);
		bt_event_class *ec;
		bt_field_class *payload;

		if (strcmp(ltt_event_type_channel(et), channel) != 0)
			continue;
		ec = bt_event_class_create_with_id(sc, ltt_event_type_id(et));
		bt_event_class_set_name(ec, ltt_event_type_name(et));
		payload = bt_field_class_structure_create(tc);
		add_members(tc, payload, ltt_event_type_payload(et));
		bt_event_class_set_payload_field_class(ec, payload);
		bt_field_class_put_ref(payload);
		g_hash_table_insert(src->event_classes, (gpointer) et, ec);
		bt_event_class_put_ref(ec);
	}
	return sc;
}

static void source_free(Source *src)
{
	guint i;

	for (i = 0; src->streams != NULL && i < ltt_trace_tracefile_count(src->trace); i++)
		bt_stream_put_ref(src->streams[i]);
	g_free(src->streams);
	bt_trace_put_ref(src->bt_trace);
	bt_clock_class_put_ref(src->clock);
	if (src->event_classes != NULL)
		g_hash_table_destroy(src->event_classes);
	if (src->trace != NULL)
		ltt_trace_unref(src->trace);
	g_free(src);
}

bt_component_class_initialize_method_status ltt_bt_source_init(bt_self_component_source *self,
                                                               bt_self_component_source_configuration *config,
                                                               const bt_value *params, void *data)
{
	bt_self_component *comp = bt_self_component_source_as_self_component(self);
	const bt_value *inputs = params != NULL && bt_value_is_map(params) ? bt_value_map_borrow_entry_value_const(params, "inputs") : NULL;
	const bt_value *path = inputs != NULL && bt_value_is_array(inputs) && bt_value_array_get_length(inputs) == 1
	                       ? bt_value_array_borrow_element_by_index_const(inputs, 0) : NULL;
	Source *src;
	bt_trace_class *tc;
	const LttTraceInfo *info;
	GHashTable *classes;
	GError *error = NULL;
	guint i, n;

	if (path == NULL || !bt_value_is_string(path)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp, "source.lttv.ltt: expected parameter inputs=[\"TRACE_DIR\"]");
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	}
	src = g_new0(Source, 1);
	src->trace = ltt_trace_open(bt_value_string_get(path), &error);
	if (src->trace == NULL) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(comp, "%s", error->message);
		g_error_free(error);
		source_free(src);
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	}
	info = ltt_trace_info(src->trace);
	tc = bt_trace_class_create(comp);
	src->clock = bt_clock_class_create(comp);
	bt_clock_class_set_name(src->clock, info->clock_name);
	bt_clock_class_set_frequency(src->clock, 1000000000);
	/* The offset is floor-divided so that its cycles part stays positive. */
	bt_clock_class_set_offset(src->clock, info->clock_offset >= 0 ? info->clock_offset / 1000000000
	                                                              : -((-info->clock_offset + 999999999) / 1000000000),
	                          (guint64) (((info->clock_offset % 1000000000) + 1000000000) % 1000000000));
	bt_clock_class_set_origin_is_unix_epoch(src->clock, info->clock_offset != 0);
	src->event_classes = g_hash_table_new(NULL, NULL);
	classes = g_hash_table_new(g_str_hash, g_str_equal);
	n = ltt_trace_tracefile_count(src->trace);
	for (i = 0; i < n; i++) {
		const char *channel = ltt_tracefile_channel(ltt_trace_tracefile(src->trace, i));

		if (!g_hash_table_contains(classes, channel))
			g_hash_table_insert(classes, (gpointer) channel, stream_class_new(src, tc, channel));
	}
	src->bt_trace = bt_trace_create(tc);
	bt_trace_set_name(src->bt_trace, ltt_trace_name(src->trace));
	set_env(src->bt_trace, "hostname", info->host);
	set_env(src->bt_trace, "sysname", info->os);
	set_env(src->bt_trace, "kernel_release", info->kernel);
	set_env(src->bt_trace, "tracer_name", info->tracer);
	if (g_hash_table_contains(classes, "kernel"))
		set_env(src->bt_trace, "domain", "kernel");
	src->streams = g_new0(bt_stream *, n);
	for (i = 0; i < n; i++) {
		LttTracefile *tf = ltt_trace_tracefile(src->trace, i);

		src->streams[i] = bt_stream_create(g_hash_table_lookup(classes, ltt_tracefile_channel(tf)), src->bt_trace);
		bt_stream_set_name(src->streams[i], ltt_tracefile_name(tf));
		bt_self_component_source_add_output_port(self, ltt_tracefile_name(tf), tf, NULL);
	}
	g_hash_table_foreach(classes, (GHFunc) (void (*)(void)) bt_stream_class_put_ref, NULL);
	g_hash_table_destroy(classes);
	bt_trace_class_put_ref(tc);
	bt_self_component_set_data(comp, src);
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

void ltt_bt_source_finalize(bt_self_component_source *self)
{
	source_free(bt_self_component_get_data(bt_self_component_source_as_self_component(self)));
}

bt_message_iterator_class_initialize_method_status ltt_bt_iter_init(bt_self_message_iterator *self,
                                                                   bt_self_message_iterator_configuration *config,
                                                                   bt_self_component_port_output *port)
{
	Iter *it = g_new0(Iter, 1);

	it->src = bt_self_component_get_data(bt_self_message_iterator_borrow_component(self));
	it->tf = bt_self_component_port_get_data(bt_self_component_port_output_as_self_component_port(port));
	it->stream = it->src->streams[ltt_tracefile_index(it->tf)];
	ltt_tracefile_seek_begin(it->tf);
	bt_self_message_iterator_set_data(self, it);
	return BT_MESSAGE_ITERATOR_CLASS_INITIALIZE_METHOD_STATUS_OK;
}

void ltt_bt_iter_finalize(bt_self_message_iterator *self)
{
	Iter *it = bt_self_message_iterator_get_data(self);

	bt_packet_put_ref(it->packet);
	g_free(it);
}

static bt_message *event_message(bt_self_message_iterator *self, Iter *it, const LttEvent *ev)
{
	bt_event_class *ec = g_hash_table_lookup(it->src->event_classes, ev->type);
	bt_message *msg;
	LttValue payload;
	GError *error = NULL;

	msg = bt_message_event_create_with_packet_and_default_clock_snapshot(self, ec, it->packet, ev->time);
	ltt_event_payload_value(ev, &payload);
	if (!fill_children(bt_event_borrow_payload_field(bt_message_event_borrow_event(msg)), &payload, TRUE, &error)) {
		/* A damaged payload (the reader checked its bounds): its fields stay 0. */
		g_printerr("source.lttv.ltt: %s\n", error != NULL ? error->message : "payload does not fit its type");
		g_clear_error(&error);
	}
	return msg;
}

/* The span of the current event's block, kept in time order after the
 * last packet (blocks are in sequence order) and around the event. */
static void block_span(Iter *it, guint64 *begin, guint64 *end)
{
	const LttEvent *ev = ltt_tracefile_event(it->tf);
	LttTime b = ev->time, e = ev->time;

	ltt_tracefile_block_span(it->tf, ev->block, &b, &e);
	*begin = MIN(MAX(b, it->packet_end), ev->time);
	*end = MAX(e, *begin);
}

static bt_message *packet_beginning(bt_self_message_iterator *self, Iter *it)
{
	guint64 begin, end;

	block_span(it, &begin, &end);
	it->packet = bt_packet_create(it->stream);
	bt_field_integer_unsigned_set_value(
		bt_field_structure_borrow_member_field_by_index(bt_packet_borrow_context_field(it->packet), 0),
		ltt_tracefile_cpu(it->tf));
	it->block = ltt_tracefile_event(it->tf)->block;
	it->packet_end = end;
	return bt_message_packet_beginning_create_with_default_clock_snapshot(self, it->packet, begin);
}

/* The events lost between the last packet and the next one (the current
 * event's), from the last packet's end (the next one's beginning when it
 * is the first) to the next one's end. */
static bt_message *discarded_message(bt_self_message_iterator *self, Iter *it)
{
	guint64 begin, end;
	bt_message *msg;

	block_span(it, &begin, &end);
	msg = bt_message_discarded_events_create_with_default_clock_snapshots(self, it->stream, it->packet_end > 0 ? it->packet_end : begin, end);
	bt_message_discarded_events_set_count(msg,
	                              ltt_tracefile_lost_before_current(it->tf) - it->lost);
	return msg;
}

bt_message_iterator_class_next_method_status ltt_bt_iter_next(bt_self_message_iterator *self,
                                                              bt_message_array_const msgs, guint64 capacity,
                                                              guint64 *count)
{
	Iter *it = bt_self_message_iterator_get_data(self);
	const LttEvent *ev = NULL;
	GError *error = NULL;

	*count = 0;
	while (*count < capacity) {
		switch (it->state) {
		case ST_STREAM_BEGIN:
			msgs[(*count)++] = bt_message_stream_beginning_create(self, it->stream);
			it->state = ST_READ;
			break;
		case ST_READ:
			switch (ltt_tracefile_next(it->tf, &error)) {
			case LTT_READ_DAMAGED:
				g_printerr("source.lttv.ltt: %s (skipped)\n", error->message);
				g_clear_error(&error);
				break;
			case LTT_READ_END:
				it->state = it->packet != NULL ? ST_LAST_PACKET_END : ST_STREAM_END;
				break;
			default:
				ev = ltt_tracefile_event(it->tf);
				it->state = it->packet == NULL ? ST_DISCARDED
				            : ev->block != it->block ? ST_PACKET_END_THEN_BEGIN : ST_EVENT;
				break;
			}
			break;
		case ST_PACKET_END_THEN_BEGIN:
		case ST_LAST_PACKET_END:
			msgs[(*count)++] = bt_message_packet_end_create_with_default_clock_snapshot(self, it->packet,
			                                                                            it->packet_end);
			BT_PACKET_PUT_REF_AND_RESET(it->packet);
			it->state = it->state == ST_LAST_PACKET_END ? ST_STREAM_END : ST_DISCARDED;
			break;
		case ST_DISCARDED:
			it->state = ST_PACKET_BEGIN;
			/* Lost before the first block too: CTF 1.8 readers then say
			 * events may have been lost there (a first packet's counter
			 * has no earlier one to count from). */
			if (ltt_tracefile_lost_before_current(it->tf) > it->lost)
				msgs[(*count)++] = discarded_message(self, it);
			it->lost = MAX(it->lost, ltt_tracefile_lost_before_current(it->tf));
			break;
		case ST_PACKET_BEGIN:
			msgs[(*count)++] = packet_beginning(self, it);
			it->state = ST_EVENT;
			break;
		case ST_EVENT:
			msgs[(*count)++] = event_message(self, it, ltt_tracefile_event(it->tf));
			it->state = ST_READ;
			break;
		case ST_STREAM_END:
			msgs[(*count)++] = bt_message_stream_end_create(self, it->stream);
			it->state = ST_DONE;
			break;
		case ST_DONE:
			return *count > 0 ? BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_OK
			                  : BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_END;
		}
	}
	return BT_MESSAGE_ITERATOR_CLASS_NEXT_METHOD_STATUS_OK;
}

bt_component_class_source *ltt_bt_source_class_new(void)
{
	bt_message_iterator_class *ic = bt_message_iterator_class_create(ltt_bt_iter_next);
	bt_component_class_source *c;

	bt_message_iterator_class_set_initialize_method(ic, ltt_bt_iter_init);
	bt_message_iterator_class_set_finalize_method(ic, ltt_bt_iter_finalize);
	c = bt_component_class_source_create("ltt", ic);
	bt_component_class_source_set_initialize_method(c, ltt_bt_source_init);
	bt_component_class_source_set_finalize_method(c, ltt_bt_source_finalize);
	bt_message_iterator_class_put_ref(ic);
	return c;
}
