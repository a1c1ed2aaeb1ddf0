/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* textDump-output.h: textDump's output buffer and the formatting it does by
 * hand.  Formatting avoids stdio in the per-event path (integers and times
 * are converted into one buffer written in large chunks): the dump runs at
 * several million events per second. */
#ifndef TEXTDUMP_OUTPUT_H
#define TEXTDUMP_OUTPUT_H

#include <stdio.h>
#include <string.h>
#include <glib.h>
#include <ltt/ltt-time.h>
#include <lttv/tracecontext.h>

#define OUT_CAPACITY (1u << 20)

typedef struct {
	char *data;
	gsize len, cap;
	FILE *file;
	char *file_name;       /* for messages */
	gboolean created;      /* by text_dump_output_open */
	int write_errno;       /* first failure, 0 if none; EPIPE: the reader left */
} Output;

extern Output text_dump_out;

/* Writes what the buffer holds; a failure is kept in write_errno.  After
 * EPIPE the rest goes nowhere. */
void text_dump_flush(void);

/* -o FILE: opened (created when missing) but not emptied: it may be one of
 * the inputs, which are known only when the run starts. */
gboolean text_dump_output_open(const char *path, GError **error);
/* When the run starts: FALSE, with a message, when the output file is one
 * of ctx's input files (it is then closed untouched); else empties it. */
gboolean text_dump_output_claim(const LttvTracesetContext *ctx);
/* Back to standard output. */
void text_dump_output_close(void);

/* Room for n more bytes. */
static inline char *reserve(gsize n)
{
	if (G_UNLIKELY(text_dump_out.len + n > text_dump_out.cap)) {
		text_dump_flush();
		if (n > text_dump_out.cap) {
			text_dump_out.cap = n;
			text_dump_out.data = g_realloc(text_dump_out.data, text_dump_out.cap);
		}
	}
	return text_dump_out.data + text_dump_out.len;
}

static inline void put(const char *s, gsize n)
{
	memcpy(reserve(n), s, n);
	text_dump_out.len += n;
}

/* The texts textDump builds itself (line prefixes, names, labels) are
 * padded so that they can be copied 16 bytes at a time. */
#define PAD 16

static inline void put_padded(const char *s, gsize n)
{
	char *d = reserve(n + PAD);
	for (gsize i = 0; i < n; i += PAD)
		memcpy(d + i, s + i, PAD);
	text_dump_out.len += n;
}

static inline void put_c(char c)
{
	*reserve(1) = c;
	text_dump_out.len++;
}

extern const char text_dump_digit_pairs[201];

/* Writes the decimal digits of v ending at end; returns where they start. */
static inline char *digits_before(char *end, guint64 v)
{
	while (v >= 100) {
		guint r = (guint) (v % 100);
		v /= 100;
		end -= 2;
		memcpy(end, text_dump_digit_pairs + 2 * r, 2);
	}
	if (v >= 10) {
		end -= 2;
		memcpy(end, text_dump_digit_pairs + 2 * v, 2);
	} else {
		*--end = (char) ('0' + v);
	}
	return end;
}

static inline guint digit_count(guint64 v)
{
	guint n = 1;
	while (v >= 10000) {
		v /= 10000;
		n += 4;
	}
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

static inline void put_uint(guint64 v)
{
	guint n = digit_count(v);
	digits_before(reserve(20) + n, v);
	text_dump_out.len += n;
}

static inline void put_int(gint64 v)
{
	if (v < 0) {
		put_c('-');
		put_uint((guint64) 0 - (guint64) v);
	} else {
		put_uint((guint64) v);
	}
}

static inline void put_time(LttTime t)
{
	put_uint(t / LTT_NSEC_PER_SEC);
	char *p = reserve(10);
	guint32 ns = (guint32) (t % LTT_NSEC_PER_SEC);
	p[0] = '.';
	/* Nine digits, leading zeros kept. */
	for (int i = 8; i > 0; i -= 2) {
		memcpy(p + i, text_dump_digit_pairs + 2 * (ns % 100), 2);
		ns /= 100;
	}
	p[1] = (char) ('0' + ns);
	text_dump_out.len += 10;
}

/* A copy of s padded with PAD zero bytes for put_padded; *len: strlen(s). */
char *text_dump_padded_strdup(const char *s, gsize *len);

/* Prints s in double quotes, escaped as doc/lttv.md says; returns strlen(s). */
gsize text_dump_put_string(const char *s);

#endif
