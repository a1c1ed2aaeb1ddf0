/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-util.h: temporary trace directories and hand-made channel files
 * for the reader's tests (damage needs bytes no writer would produce). */
#ifndef TEST_LTT_UTIL_H
#define TEST_LTT_UTIL_H

#include <glib.h>
#include "ltt/ltt.h"

char *tlt_make_dir(void);
/* Removes dir and its content; symbolic links are removed, not followed. */
void tlt_remove_dir(const char *dir);
void tlt_write_file(const char *dir, const char *name, const void *data, gsize len);
void tlt_append_file(const char *dir, const char *name, const void *data, gsize len);
/* Writes a metadata file: the header, byte_order, then text (statements). */
void tlt_write_metadata(const char *dir, int byte_order, const char *text);

/* A channel file assembled in memory, block by block. */
typedef struct {
	GByteArray *data;
	gboolean swap;
	int byte_order;
	guint32 block_size;
	gsize block_start;       /* offset of the block being filled */
	guint32 count;
	guint64 sequence;
	LttTime prev;
} TltFile;

void tlt_file_init(TltFile *f, int byte_order, guint32 block_size);
void tlt_file_clear(TltFile *f);
/* Starts a block: header with these times (used, count filled at the end). */
void tlt_block_begin(TltFile *f, LttTime begin, LttTime end);
/* Appends an event with a compact header (extended when needed). */
void tlt_event(TltFile *f, LttTime t, guint32 id, const void *payload, guint32 size);
void tlt_event_extended(TltFile *f, LttTime t, guint32 id, const void *payload, guint32 size);
void tlt_raw(TltFile *f, const void *bytes, gsize n);
/* Ends the block: sets used and event_count, pads to the block size. */
void tlt_block_end(TltFile *f);
/* Offset in the file of block i, and a store into its header. */
void tlt_patch_u32(TltFile *f, gsize offset, guint32 v);
void tlt_patch_u64(TltFile *f, gsize offset, guint64 v);
/* Computes the header CRC of the block at block_start, as a writer does
 * (the helpers leave it 0: not computed). */
void tlt_seal_header(TltFile *f, gsize block_start);
void tlt_file_write(TltFile *f, const char *dir, const char *name);

/* Writing and reading back through libltt, failing the test on any error. */
LttWriter *tlt_writer_new(const char *dir, int byte_order, guint32 block_size, guint cpu_count);
void tlt_append(LttWriterChannel *ch, LttTime t, guint id, const void *payload, gsize len);
LttTrace *tlt_open_trace(const char *dir);
/* The next event of tf, which must have one. */
const LttEvent *tlt_next_event(LttTracefile *tf);

/* Counts the events of tf from its beginning; damaged reads are counted
 * in *damaged (may be NULL). */
guint64 tlt_count_events(LttTracefile *tf, guint *damaged);
/* TRUE if some warning of trace contains every one of the strings. */
gboolean tlt_has_warning(LttTrace *trace, const char *s1, const char *s2, const char *s3);

#endif
