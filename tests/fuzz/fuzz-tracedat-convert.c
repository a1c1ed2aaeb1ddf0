/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* fuzz-tracedat-convert: libFuzzer target for our conversion of ftrace
 * records (ltt-control/lttd-convert.c), which the trace.dat import and lttd
 * share.  The input describes an event as libtraceevent would have parsed
 * it from a trace.dat -- its fields (name, type, offset, size, flags,
 * element size, array length, any values, however inconsistent with each
 * other and with the record) and one __print_symbolic list -- then holds
 * one raw record.  The tep_event is built here, not parsed: libtraceevent's
 * parser crashes on some damaged format text, and libtracecmd aborts on
 * damaged files; the product runs both in the import's child process, and
 * neither is called here.  Ours builds the converter and converts the
 * record, then the declaration and the payload are written as an LTT trace
 * and read back, every field formatted.  A declaration the writer refuses
 * or a payload the reader finds damaged is our bug: the target aborts.
 *
 * Input: u8 field count (at most 12), u8 common_pid size (0: none), then
 * per field: u8 length + name, u8 length + type, u16 offset, u16 size, u16
 * flags (TEP_FIELD_IS_*), u8 element size, u16 array length; then u8 the
 * symbolic field's index (none when out of range), u8 symbol count, per
 * symbol u8 length + value, u8 length + text; the rest is the record.
 * Integers little-endian.  make-corpus-tracedat-convert.c wrote the seeds
 * (corpus-tracedat-convert) from the real formats of data/tracedat. */
#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event-parse.h>
#include "ltt/ltt.h"
#include "ltt/writer.h"
#include "ltt-control/lttd-convert.h"
#include "fuzz-trace-dir.h"

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size);

#define EVENT_ID 1
#define MAX_FIELDS 12
#define MAX_SYMBOLS 16

typedef struct {
	const guint8 *p, *end;
} Cursor;

static guint take8(Cursor *c)
{
	return c->p < c->end ? *c->p++ : 0;
}

static guint take16(Cursor *c)
{
	guint lo = take8(c);

	return lo | take8(c) << 8;
}

/* A string of u8 length (its own copy, NUL-terminated). */
static char *take_string(Cursor *c)
{
	gsize n = take8(c);
	char *s;

	n = MIN(n, (gsize) (c->end - c->p));
	s = g_strndup((const char *) c->p, n);

	c->p += n;
	return s;
}

static void remove_trace(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dir, name, NULL);
		g_unlink(path);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
	g_rmdir(dir);
}

/* Writes the converted record and reads it back: it must read as written. */
static void round_trip(const LttdConverter *conv, const LttPayload *p)
{
	static char *dir;
	LttWriterOptions o = { .cpu_count = 1, .host = "fuzz", .tracer = "fuzz" };
	GError *error = NULL;
	LttWriter *w;
	LttWriterChannel *ch;
	LttTrace *trace;
	LttTracefile *tf;
	GString *text;
	LttReadStatus st;

	if (dir == NULL)
		dir = g_build_filename(fuzz_trace_dir(), "out", NULL);
	remove_trace(dir);
	w = ltt_writer_new(dir, &o, &error);
	if (w == NULL)
		abort();
	if (ltt_writer_declare_event(w, "kernel", EVENT_ID, "fuzzed", lttd_converter_fields(conv), &error) == NULL) {
		fprintf(stderr, "declaration refused: %s\n%s\n", lttd_converter_fields(conv), error->message);
		abort();
	}
	ch = ltt_writer_channel(w, "kernel", 0, &error);
	if (ch == NULL || !ltt_writer_channel_append(ch, 1000, EVENT_ID, p->data, p->len, &error)
	    || !ltt_writer_close(w, &error)) {
		fprintf(stderr, "write failed: %s\n", error != NULL ? error->message : "?");
		abort();
	}
	trace = ltt_trace_open(dir, &error);
	if (trace == NULL) {
		fprintf(stderr, "trace refused: %s\n", error->message);
		abort();
	}
	tf = ltt_trace_tracefile(trace, 0);
	text = g_string_new(NULL);
	while ((st = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
		if (st == LTT_READ_DAMAGED) {
			fprintf(stderr, "payload read as damaged: %s\ndeclaration: %s\n", error->message,
			        lttd_converter_fields(conv));
			abort();
		}
		g_string_truncate(text, 0);
		ltt_event_format_payload(ltt_tracefile_event(tf), text, LTT_FORMAT_FIELD_NAMES);
	}
	g_string_free(text, TRUE);
	ltt_trace_unref(trace);
	remove_trace(dir);
}

int LLVMFuzzerTestOneInput(const guint8 *data, size_t size)
{
	Cursor c = { data, data + size };
	struct tep_event event;
	struct tep_format_field fields[MAX_FIELDS], common_pid, **link;
	struct tep_print_arg sym, sym_field;
	struct tep_print_flag_sym symbols[MAX_SYMBOLS], **sym_link;
	guint n, i, sym_index, n_symbols;
	GError *error = NULL;
	LttdConverter *conv;
	LttPayload p;

	memset(&event, 0, sizeof event);
	memset(fields, 0, sizeof fields);
	memset(&common_pid, 0, sizeof common_pid);
	memset(&sym, 0, sizeof sym);
	memset(&sym_field, 0, sizeof sym_field);
	memset(symbols, 0, sizeof symbols);
	event.system = "fuzz";
	event.name = "fuzzed";
	n = take8(&c);
	n = MIN(n, MAX_FIELDS);
	common_pid.size = (int) take8(&c);
	if (common_pid.size != 0) {
		common_pid.name = "common_pid";
		common_pid.type = "int";
		common_pid.offset = 4;
		common_pid.flags = TEP_FIELD_IS_SIGNED;
		event.format.common_fields = &common_pid;
		event.format.nr_common = 1;
	}
	link = &event.format.fields;
	for (i = 0; i < n; i++) {
		struct tep_format_field *f = &fields[i];

		f->event = &event;
		f->name = take_string(&c);
		f->type = take_string(&c);
		f->offset = (int) take16(&c);
		f->size = (int) take16(&c);
		f->flags = take16(&c);
		f->elementsize = take8(&c);
		f->arraylen = take16(&c);
		*link = f;
		link = &f->next;
	}
	event.format.nr_fields = (int) n;
	sym_index = take8(&c);
	n_symbols = take8(&c);
	n_symbols = MIN(n_symbols, MAX_SYMBOLS);
	sym_link = &sym.symbol.symbols;
	for (i = 0; i < n_symbols; i++) {
		symbols[i].value = take_string(&c);
		symbols[i].str = take_string(&c);
		*sym_link = &symbols[i];
		sym_link = &symbols[i].next;
	}
	if (sym_index < n) {
		sym.type = TEP_PRINT_SYMBOL;
		sym.symbol.field = &sym_field;
		sym_field.type = TEP_PRINT_FIELD;
		sym_field.field.name = fields[sym_index].name;
		event.print_fmt.args = &sym;
	}
	conv = lttd_converter_new(&event, &error);
	if (conv != NULL) {
		ltt_payload_init(&p, 0);
		if (lttd_converter_convert(conv, c.p, (gsize) (c.end - c.p), &p, &error))
			round_trip(conv, &p);
		ltt_payload_clear(&p);
		lttd_converter_free(conv);
	}
	g_clear_error(&error);
	for (i = 0; i < n; i++) {
		g_free(fields[i].name);
		g_free(fields[i].type);
	}
	for (i = 0; i < n_symbols; i++) {
		g_free(symbols[i].value);
		g_free(symbols[i].str);
	}
	return 0;
}
