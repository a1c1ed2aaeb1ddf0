/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-util.c: see test-ltt-util.h. */
#include <string.h>
#include <glib/gstdio.h>
#include "test-ltt-util.h"

char *tlt_make_dir(void)
{
	GError *error = NULL;
	char *dir = g_dir_make_tmp("ltt-test-XXXXXX", &error);

	g_assert_no_error(error);
	return dir;
}

void tlt_remove_dir(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	if (d == NULL) {
		g_unlink(dir);
		return;
	}
	while ((name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dir, name, NULL);
		if (g_file_test(path, G_FILE_TEST_IS_DIR) && !g_file_test(path, G_FILE_TEST_IS_SYMLINK))
			tlt_remove_dir(path);
		else
			g_unlink(path);
		g_free(path);
	}
	g_dir_close(d);
	g_rmdir(dir);
}

void tlt_write_file(const char *dir, const char *name, const void *data, gsize len)
{
	char *path = g_build_filename(dir, name, NULL);
	GError *error = NULL;

	g_file_set_contents(path, data, (gssize) len, &error);
	g_assert_no_error(error);
	g_free(path);
}

void tlt_append_file(const char *dir, const char *name, const void *data, gsize len)
{
	char *path = g_build_filename(dir, name, NULL);
	FILE *fp = fopen(path, "ab");

	g_assert_nonnull(fp);
	g_assert_cmpuint(fwrite(data, 1, len, fp), ==, len);
	fclose(fp);
	g_free(path);
}

void tlt_write_metadata(const char *dir, int byte_order, const char *text)
{
	char *md = g_strdup_printf("ltt-metadata 1.0\nbyte_order %s\n%s",
	                           byte_order == G_BIG_ENDIAN ? "big" : "little", text);

	tlt_write_file(dir, "metadata", md, strlen(md));
	g_free(md);
}

void tlt_file_init(TltFile *f, int byte_order, guint32 block_size)
{
	memset(f, 0, sizeof *f);
	f->data = g_byte_array_new();
	f->byte_order = byte_order;
	f->swap = byte_order != G_BYTE_ORDER;
	f->block_size = block_size;
}

void tlt_file_clear(TltFile *f)
{
	g_byte_array_free(f->data, TRUE);
}

static void put(TltFile *f, const void *p, gsize n)
{
	g_byte_array_append(f->data, p, (guint) n);
}

static void put_u16(TltFile *f, guint16 v)
{
	if (f->swap)
		v = GUINT16_SWAP_LE_BE(v);
	put(f, &v, 2);
}

static void put_u32(TltFile *f, guint32 v)
{
	if (f->swap)
		v = GUINT32_SWAP_LE_BE(v);
	put(f, &v, 4);
}

static void put_u64(TltFile *f, guint64 v)
{
	if (f->swap)
		v = GUINT64_SWAP_LE_BE(v);
	put(f, &v, 8);
}

void tlt_block_begin(TltFile *f, LttTime begin, LttTime end)
{
	f->block_start = f->data->len;
	f->count = 0;
	f->prev = begin;
	put_u32(f, LTT_BLOCK_MAGIC);
	put_u16(f, LTT_FORMAT_MAJOR);
	put_u16(f, LTT_FORMAT_MINOR);
	put_u32(f, 64);
	put_u32(f, f->block_size);
	put_u32(f, 0);
	put_u32(f, 0);                /* used, set by tlt_block_end */
	put_u64(f, f->sequence++);
	put_u64(f, begin);
	put_u64(f, end);
	put_u64(f, 0);
	put_u32(f, 0);                /* event_count */
	put_u32(f, 0);                /* header_crc: not computed */
}

void tlt_event_extended(TltFile *f, LttTime t, guint32 id, const void *payload, guint32 size)
{
	put_u32(f, 0);
	put_u16(f, LTT_EVENT_ID_EXTENDED);
	put_u16(f, 0);
	put_u64(f, t);
	put_u32(f, id);
	put_u32(f, size);
	put(f, payload, size);
	f->count++;
	f->prev = t;
}

void tlt_event(TltFile *f, LttTime t, guint32 id, const void *payload, guint32 size)
{
	if (t - f->prev > G_MAXUINT32 || id >= 0xFFFF || size >= 0xFFFF) {
		tlt_event_extended(f, t, id, payload, size);
		return;
	}
	put_u32(f, (guint32) t);
	put_u16(f, (guint16) id);
	put_u16(f, (guint16) size);
	put(f, payload, size);
	f->count++;
	f->prev = t;
}

void tlt_raw(TltFile *f, const void *bytes, gsize n)
{
	put(f, bytes, n);
}

void tlt_patch_u32(TltFile *f, gsize offset, guint32 v)
{
	if (f->swap)
		v = GUINT32_SWAP_LE_BE(v);
	g_assert_cmpuint(offset + 4, <=, f->data->len);
	memcpy(f->data->data + offset, &v, 4);
}

void tlt_seal_header(TltFile *f, gsize block_start)
{
	const guint8 *h = f->data->data + block_start;
	guint32 crc = 0xFFFFFFFFU;

	/* CRC-32 (IEEE 802.3, reflected), bit by bit: a few headers per test. */
	for (guint i = 0; i < 60; i++) {
		crc ^= h[i];
		for (guint k = 0; k < 8; k++)
			crc = crc >> 1 ^ (0xEDB88320U & -(crc & 1U));
	}
	tlt_patch_u32(f, block_start + 60, ~crc);
}

void tlt_patch_u64(TltFile *f, gsize offset, guint64 v)
{
	if (f->swap)
		v = GUINT64_SWAP_LE_BE(v);
	g_assert_cmpuint(offset + 8, <=, f->data->len);
	memcpy(f->data->data + offset, &v, 8);
}

void tlt_block_end(TltFile *f)
{
	gsize used = f->data->len - f->block_start;

	g_assert_cmpuint(used, <=, f->block_size);
	tlt_patch_u32(f, f->block_start + 20, (guint32) used);
	tlt_patch_u32(f, f->block_start + 56, f->count);
	g_byte_array_set_size(f->data, (guint) (f->block_start + f->block_size));
	memset(f->data->data + f->block_start + used, 0, f->block_size - used);
}

void tlt_file_write(TltFile *f, const char *dir, const char *name)
{
	tlt_write_file(dir, name, f->data->data, f->data->len);
}

LttWriter *tlt_writer_new(const char *dir, int byte_order, guint32 block_size, guint cpu_count)
{
	LttWriterOptions o = { .byte_order = byte_order, .block_size = block_size, .cpu_count = cpu_count };
	GError *error = NULL;
	LttWriter *w = ltt_writer_new(dir, &o, &error);

	g_assert_no_error(error);
	return w;
}

void tlt_append(LttWriterChannel *ch, LttTime t, guint id, const void *payload, gsize len)
{
	GError *error = NULL;

	g_assert_true(ltt_writer_channel_append(ch, t, id, payload, len, &error));
	g_assert_no_error(error);
}

LttTrace *tlt_open_trace(const char *dir)
{
	GError *error = NULL;
	LttTrace *trace = ltt_trace_open(dir, &error);

	g_assert_no_error(error);
	return trace;
}

const LttEvent *tlt_next_event(LttTracefile *tf)
{
	g_assert_cmpint(ltt_tracefile_next(tf, NULL), ==, LTT_READ_EVENT);
	return ltt_tracefile_event(tf);
}

guint64 tlt_count_events(LttTracefile *tf, guint *damaged)
{
	guint64 n = 0;
	LttReadStatus s;
	GError *error = NULL;

	ltt_tracefile_seek_begin(tf);
	while ((s = ltt_tracefile_next(tf, &error)) != LTT_READ_END) {
		if (s == LTT_READ_EVENT) {
			n++;
		} else {
			g_assert_nonnull(error);
			g_clear_error(&error);
			if (damaged)
				(*damaged)++;
		}
	}
	return n;
}

gboolean tlt_has_warning(LttTrace *trace, const char *s1, const char *s2, const char *s3)
{
	for (guint i = 0; i < ltt_trace_warning_count(trace); i++) {
		const char *w = ltt_trace_warning(trace, i);
		if (strstr(w, s1) && (!s2 || strstr(w, s2)) && (!s3 || strstr(w, s3)))
			return TRUE;
	}
	return FALSE;
}
