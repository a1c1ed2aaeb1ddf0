/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/*
 * writer.c: creating a trace directory in the LTT format (doc/format.md).
 *
 * Each (channel, CPU) stream assembles one block in memory and writes it
 * with a single write() once the next event no longer fits, or when asked to
 * flush: a concurrent reader therefore only ever sees whole blocks.  The
 * metadata file is written line by line without buffering, so a declaration
 * made while tracing is visible to readers as soon as the call returns.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <glib/gstdio.h>

#include "writer.h"
#include "ltt-error.h"
#include "ltt-format.h"
#include "type-private.h"
#include "metadata-private.h"
#include "byteorder-private.h"
#include "crc32-private.h"

/* Declared ids below this bound are looked up in a dense table (the common
 * case: small consecutive ids); larger ones in a hash table. */
#define DENSE_ID_LIMIT 65536U

/* What the writer knows about one declared id: 0 = undeclared, 1 = payload
 * of variable size, 2 + n = payload of exactly n bytes. */
typedef guint32 IdCheck;

typedef struct {
	char *name;
	IdCheck *dense;          /* DENSE_ID_LIMIT entries, allocated on first use */
	GHashTable *sparse;      /* id -> IdCheck for ids >= DENSE_ID_LIMIT */
} ChannelDecl;

typedef struct {
	LttEventType *type;
	char *fields;            /* canonical text of the payload type */
} Declaration;

struct _LttWriter {
	char *dir;
	char *metadata_path;
	int metadata_fd;
	int byte_order;
	gboolean swap;
	guint32 block_size;
	GHashTable *decls;           /* "channel/id" -> Declaration */
	GHashTable *channel_decls;   /* channel name -> ChannelDecl */
	GHashTable *channels;        /* file name -> LttWriterChannel */
	GPtrArray *channel_list;     /* in creation order, for flush and close */
};

struct _LttWriterChannel {
	LttWriter *writer;
	ChannelDecl *decl;
	char *path;
	const char *file_name;   /* "CHANNEL_CPU", inside path */
	guint cpu;
	int fd;
	guint8 *block;           /* block_size bytes; header filled when written */
	guint32 used;            /* bytes of block in use, header included */
	guint32 count;           /* events in block */
	LttTime begin;           /* time of the block's first event */
	LttTime last;            /* time of the channel's last event */
	gboolean any_event;      /* last is meaningful */
	guint64 sequence;        /* of the block being assembled */
	guint64 lost_total;      /* every lost event reported so far by the producer */
	guint64 block_lost;      /* lost_before of the block being assembled */
	guint64 lost_written;    /* lost_before of the last block written */
	gboolean written_any;    /* a block was written */
};

static void set_io_error(GError **error, const char *path, const char *what, int err)
{
	g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s: %s", path, what, g_strerror(err));
}

/* Writes all of buf at the current position; on failure, truncates what a
 * partial write added so the file keeps only whole blocks or lines. */
static gboolean write_all(int fd, const void *buf, gsize len, const char *path,
                          const char *what, GError **error)
{
	const guint8 *p = buf;
	off_t start = lseek(fd, 0, SEEK_CUR);
	gsize done = 0;

	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int err = n < 0 ? errno : ENOSPC;
			if (done > 0 && start >= 0 && ftruncate(fd, start) == 0)
				lseek(fd, start, SEEK_SET);
			set_io_error(error, path, what, err);
			return FALSE;
		}
		done += (gsize) n;
	}
	return TRUE;
}

static gboolean is_channel_name(const char *s)
{
	if (!*s)
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isalnum(*s) && *s != '_' && *s != '.' && *s != '-')
			return FALSE;
	return TRUE;
}

static gboolean is_event_name(const char *s)
{
	if (!g_ascii_isalpha(*s) && *s != '_')
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_isalnum(*s) && *s != '_')
			return FALSE;
	return TRUE;
}

static gboolean is_property_key(const char *s)
{
	if (!*s)
		return FALSE;
	for (; *s; s++)
		if (!g_ascii_islower(*s) && !g_ascii_isdigit(*s) && *s != '_' && *s != '.')
			return FALSE;
	return TRUE;
}

/* A value is written bare when it is a plain token, quoted otherwise. */
static void append_value(GString *out, const char *value)
{
	gboolean bare = *value != '\0' && *value != '"' && *value != '#';

	for (const char *c = value; *c && bare; c++)
		if (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r' || *c == '\\' || *c == '"')
			bare = FALSE;
	if (bare) {
		g_string_append(out, value);
		return;
	}
	ltt_append_quoted(out, value);
}

static gboolean metadata_write(LttWriter *w, const GString *text, GError **error)
{
	return write_all(w->metadata_fd, text->str, text->len, w->metadata_path,
	                 "cannot write metadata", error);
}

static gboolean metadata_property(LttWriter *w, const char *key, const char *value,
                                  GError **error)
{
	GString *line = g_string_new(key);
	gboolean ok;

	g_string_append_c(line, ' ');
	append_value(line, value);
	g_string_append_c(line, '\n');
	ok = metadata_write(w, line, error);
	g_string_free(line, TRUE);
	return ok;
}

/* "CHANNEL_CPU" with CPU all digits: a channel file a previous trace left. */
static gboolean is_channel_file_name(const char *name)
{
	const char *us = strrchr(name, '_');

	if (!us || us == name || us[1] == '\0')
		return FALSE;
	for (const char *c = us + 1; *c; c++)
		if (!g_ascii_isdigit(*c))
			return FALSE;
	return TRUE;
}

/* Removes the metadata and channel files of an earlier trace so that none of
 * its streams survives next to the new ones. */
static gboolean remove_old_trace(const char *dir, GError **error)
{
	GDir *d = g_dir_open(dir, 0, error);
	const char *name;
	gboolean ok = TRUE;

	if (!d)
		return FALSE;
	while (ok && (name = g_dir_read_name(d))) {
		if (strcmp(name, LTT_METADATA_FILE) != 0 && !is_channel_file_name(name))
			continue;
		char *path = g_build_filename(dir, name, NULL);
		if (g_unlink(path) != 0) {
			set_io_error(error, path, "cannot remove file of the previous trace", errno);
			ok = FALSE;
		}
		g_free(path);
	}
	g_dir_close(d);
	return ok;
}

static void channel_decl_free(gpointer data)
{
	ChannelDecl *cd = data;

	g_free(cd->name);
	g_free(cd->dense);
	if (cd->sparse)
		g_hash_table_destroy(cd->sparse);
	g_free(cd);
}

static void declaration_free(gpointer data)
{
	Declaration *d = data;

	ltt_event_type_free(d->type);
	g_free(d->fields);
	g_free(d);
}

static void channel_free(gpointer data)
{
	LttWriterChannel *ch = data;

	if (ch->fd >= 0)
		close(ch->fd);
	g_free(ch->block);
	g_free(ch->path);
	g_free(ch);
}

static void writer_free(LttWriter *w)
{
	g_ptr_array_free(w->channel_list, TRUE);
	g_hash_table_destroy(w->channels);
	g_hash_table_destroy(w->decls);
	g_hash_table_destroy(w->channel_decls);
	if (w->metadata_fd >= 0)
		close(w->metadata_fd);
	g_free(w->metadata_path);
	g_free(w->dir);
	g_free(w);
}

static gboolean write_metadata_header(LttWriter *w, const LttWriterOptions *o, GError **error)
{
	struct utsname uts;
	gboolean have_uts = uname(&uts) == 0;
	char *cpus = g_strdup_printf("%u", o->cpu_count ? o->cpu_count : g_get_num_processors());
	char *offset = g_strdup_printf("%" G_GINT64_FORMAT, o->clock_offset);
	char *tracer = g_strdup_printf("libltt %s", PACKAGE_VERSION);
	GString *first = g_string_new("ltt-metadata ");
	gboolean ok;

	g_string_append_printf(first, "%d.%d\n", LTT_FORMAT_MAJOR, LTT_FORMAT_MINOR);
	ok = metadata_write(w, first, error)
		&& metadata_property(w, "byte_order",
		                     w->byte_order == G_BIG_ENDIAN ? "big" : "little", error)
		&& metadata_property(w, "cpus", cpus, error)
		&& metadata_property(w, "host", o->host ? o->host : have_uts ? uts.nodename : "", error)
		&& metadata_property(w, "os", o->os ? o->os : have_uts ? uts.sysname : "", error)
		&& metadata_property(w, "kernel", o->kernel ? o->kernel : have_uts ? uts.release : "",
		                     error)
		&& metadata_property(w, "tracer", o->tracer ? o->tracer : tracer, error)
		&& metadata_property(w, "clock.name", o->clock_name ? o->clock_name : "monotonic", error)
		&& metadata_property(w, "clock.freq", "1000000000", error)
		&& metadata_property(w, "clock.offset", offset, error);
	g_string_free(first, TRUE);
	g_free(tracer);
	g_free(offset);
	g_free(cpus);
	return ok;
}

LttWriter *ltt_writer_new(const char *dir, const LttWriterOptions *options, GError **error)
{
	static const LttWriterOptions defaults;
	const LttWriterOptions *o = options ? options : &defaults;
	guint32 bs = o->block_size ? o->block_size : LTT_BLOCK_SIZE_DEFAULT;
	LttWriter *w;

	if (o->byte_order != 0 && o->byte_order != G_LITTLE_ENDIAN && o->byte_order != G_BIG_ENDIAN) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID, "%s: invalid byte order %d", dir,
		            o->byte_order);
		return NULL;
	}
	if (bs < LTT_BLOCK_SIZE_MIN || bs > LTT_BLOCK_SIZE_MAX || (bs & (bs - 1)) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: block size %u is not a power of two between %u and %u", dir, bs,
		            LTT_BLOCK_SIZE_MIN, LTT_BLOCK_SIZE_MAX);
		return NULL;
	}
	if (g_mkdir_with_parents(dir, 0755) != 0) {
		set_io_error(error, dir, "cannot create directory", errno);
		return NULL;
	}

	w = g_new0(LttWriter, 1);
	w->dir = g_strdup(dir);
	w->metadata_path = g_build_filename(dir, LTT_METADATA_FILE, NULL);
	w->metadata_fd = -1;
	w->byte_order = o->byte_order ? o->byte_order : G_BYTE_ORDER;
	w->swap = ltt_byte_order_swaps(w->byte_order);
	w->block_size = bs;
	w->decls = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, declaration_free);
	w->channel_decls = g_hash_table_new_full(g_str_hash, g_str_equal, NULL, channel_decl_free);
	w->channels = g_hash_table_new(g_str_hash, g_str_equal);
	w->channel_list = g_ptr_array_new_with_free_func(channel_free);

	if (g_file_test(w->metadata_path, G_FILE_TEST_EXISTS)) {
		if (!o->overwrite) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
			            "%s: already holds a trace (metadata exists)", dir);
			writer_free(w);
			return NULL;
		}
		if (!remove_old_trace(dir, error)) {
			writer_free(w);
			return NULL;
		}
	}
	w->metadata_fd = g_open(w->metadata_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (w->metadata_fd < 0) {
		set_io_error(error, w->metadata_path, "cannot create", errno);
		writer_free(w);
		return NULL;
	}
	if (!write_metadata_header(w, o, error)) {
		writer_free(w);
		return NULL;
	}
	return w;
}

int ltt_writer_byte_order(const LttWriter *w)
{
	return w->byte_order;
}

const char *ltt_writer_dir(const LttWriter *w)
{
	return w->dir;
}

guint64 ltt_writer_channel_bytes_written(const LttWriterChannel *ch)
{
	return ch->sequence * ch->writer->block_size;
}

gboolean ltt_writer_set_property(LttWriter *w, const char *key, const char *value,
                                 GError **error)
{
	if (!is_property_key(key)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: invalid property key \"%s\" (expected [a-z0-9_.]+)", w->metadata_path,
		            key);
		return FALSE;
	}
	/* These say how the channel files are encoded: only the writer knows. */
	if (strcmp(key, "byte_order") == 0 || strcmp(key, "clock.freq") == 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: property \"%s\" is set by the writer", w->metadata_path, key);
		return FALSE;
	}
	return metadata_property(w, key, value, error);
}

static ChannelDecl *channel_decl_get(LttWriter *w, const char *channel)
{
	ChannelDecl *cd = g_hash_table_lookup(w->channel_decls, channel);

	if (!cd) {
		cd = g_new0(ChannelDecl, 1);
		cd->name = g_strdup(channel);
		g_hash_table_insert(w->channel_decls, cd->name, cd);
	}
	return cd;
}

static void channel_decl_set(ChannelDecl *cd, guint id, IdCheck check)
{
	if (id < DENSE_ID_LIMIT) {
		if (!cd->dense)
			cd->dense = g_new0(IdCheck, DENSE_ID_LIMIT);
		cd->dense[id] = check;
		return;
	}
	if (!cd->sparse)
		cd->sparse = g_hash_table_new(g_direct_hash, g_direct_equal);
	g_hash_table_insert(cd->sparse, GUINT_TO_POINTER(id), GUINT_TO_POINTER(check));
}

static IdCheck channel_decl_check(const ChannelDecl *cd, guint id)
{
	if (id < DENSE_ID_LIMIT)
		return cd->dense ? cd->dense[id] : 0;
	return cd->sparse ? GPOINTER_TO_UINT(g_hash_table_lookup(cd->sparse, GUINT_TO_POINTER(id)))
	                  : 0;
}

static IdCheck id_check_of(const LttEventType *et)
{
	const LttType *payload = ltt_event_type_payload(et);
	gsize fixed = ltt_type_fixed_size(payload);

	if (fixed == 0 && ltt_type_field_count(payload) != 0)
		return 1;
	if (fixed > G_MAXUINT32 - 2)
		return 1;
	return (IdCheck) fixed + 2;
}

const LttEventType *ltt_writer_declare_event(LttWriter *w, const char *channel, guint id,
                                             const char *name, const char *fields,
                                             GError **error)
{
	char *key;
	Declaration *old;
	LttType *payload;
	GString *canon;
	GError *parse_error = NULL;

	if (!is_channel_name(channel)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: invalid channel name \"%s\" (expected [A-Za-z0-9_.-]+)",
		            w->metadata_path, channel);
		return NULL;
	}
	if (!is_event_name(name)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: invalid event name \"%s\" (expected [A-Za-z_][A-Za-z0-9_]*)",
		            w->metadata_path, name);
		return NULL;
	}
	if (strpbrk(fields, "\r\n")) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: fields of event %s contain a line break", w->metadata_path, name);
		return NULL;
	}
	payload = ltt_type_parse_fields(fields, &parse_error);
	if (!payload) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_PARSE, "%s: event %s %u %s: %s",
		            w->metadata_path, channel, id, name, parse_error->message);
		g_error_free(parse_error);
		return NULL;
	}
	canon = g_string_new(NULL);
	ltt_type_to_string(payload, canon);

	key = g_strdup_printf("%s/%u", channel, id);
	old = g_hash_table_lookup(w->decls, key);
	if (old) {
		gboolean same = strcmp(old->fields, canon->str) == 0
			&& strcmp(ltt_event_type_name(old->type), name) == 0;
		ltt_type_free(payload);
		g_string_free(canon, TRUE);
		g_free(key);
		if (!same) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
			            "%s: event %s %u already declared as %s with other fields",
			            w->metadata_path, channel, id, ltt_event_type_name(old->type));
			return NULL;
		}
		return old->type;
	}

	char *text = g_strstrip(g_strdup(fields));
	GString *line = g_string_new(NULL);
	gboolean ok;

	g_string_printf(line, "event %s %u %s { %s%s}\n", channel, id, name, text, *text ? " " : "");
	ok = metadata_write(w, line, error);
	g_string_free(line, TRUE);
	g_free(text);
	if (!ok) {
		ltt_type_free(payload);
		g_string_free(canon, TRUE);
		g_free(key);
		return NULL;
	}

	Declaration *d = g_new0(Declaration, 1);
	d->type = ltt_event_type_new(channel, id, name, payload);
	d->fields = g_string_free(canon, FALSE);
	g_hash_table_insert(w->decls, key, d);
	channel_decl_set(channel_decl_get(w, channel), id, id_check_of(d->type));
	return d->type;
}

LttWriterChannel *ltt_writer_channel(LttWriter *w, const char *channel, guint cpu, GError **error)
{
	char *name;
	LttWriterChannel *ch;

	if (!is_channel_name(channel)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: invalid channel name \"%s\" (expected [A-Za-z0-9_.-]+)", w->dir,
		            channel);
		return NULL;
	}
	name = g_strdup_printf("%s_%u", channel, cpu);
	ch = g_hash_table_lookup(w->channels, name);
	if (ch) {
		g_free(name);
		return ch;
	}
	ch = g_new0(LttWriterChannel, 1);
	ch->writer = w;
	ch->decl = channel_decl_get(w, channel);
	ch->path = g_build_filename(w->dir, name, NULL);
	ch->file_name = ch->path + strlen(ch->path) - strlen(name);
	g_free(name);
	ch->cpu = cpu;
	ch->fd = g_open(ch->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (ch->fd < 0) {
		set_io_error(error, ch->path, "cannot create", errno);
		channel_free(ch);
		return NULL;
	}
	ch->block = g_malloc0(w->block_size);
	ch->used = sizeof(struct ltt_block_header);
	g_ptr_array_add(w->channel_list, ch);
	g_hash_table_insert(w->channels, (char *) ch->file_name, ch);
	return ch;
}

/* Fills the header of the block being assembled and writes the block, padded
 * with zeros to the block size. */
static gboolean write_block(LttWriterChannel *ch, GError **error)
{
	LttWriter *w = ch->writer;
	gboolean swap = w->swap;
	guint8 *h = ch->block;
	LttTime end = ch->count ? ch->last : ch->begin;
	char *what;
	gboolean ok;

	memset(ch->block + ch->used, 0, w->block_size - ch->used);
	ltt_store_u32(h + 0, LTT_BLOCK_MAGIC, swap);
	ltt_store_u16(h + 4, LTT_FORMAT_MAJOR, swap);
	ltt_store_u16(h + 6, LTT_FORMAT_MINOR, swap);
	ltt_store_u32(h + 8, sizeof(struct ltt_block_header), swap);
	ltt_store_u32(h + 12, w->block_size, swap);
	ltt_store_u32(h + 16, ch->cpu, swap);
	ltt_store_u32(h + 20, ch->used, swap);
	ltt_store_u64(h + 24, ch->sequence, swap);
	ltt_store_u64(h + 32, ch->begin, swap);
	ltt_store_u64(h + 40, end, swap);
	ltt_store_u64(h + 48, ch->block_lost, swap);
	ltt_store_u32(h + 56, ch->count, swap);
	ltt_store_u32(h + 60, ltt_crc32(h, 60), swap);

	what = g_strdup_printf("cannot write block %" G_GUINT64_FORMAT " at offset %" G_GUINT64_FORMAT,
	                       ch->sequence, ch->sequence * w->block_size);
	ok = write_all(ch->fd, ch->block, w->block_size, ch->path, what, error);
	g_free(what);
	if (!ok)
		return FALSE;
	ch->written_any = TRUE;
	ch->lost_written = ch->block_lost;
	ch->sequence++;
	ch->used = sizeof(struct ltt_block_header);
	ch->count = 0;
	return TRUE;
}

gboolean ltt_writer_channel_append(LttWriterChannel *ch, LttTime t, guint id,
                                   const void *payload, gsize size, GError **error)
{
	LttWriter *w = ch->writer;
	IdCheck check = channel_decl_check(ch->decl, id);
	gsize need;
	gboolean extended;
	guint8 *p;

	if (check == 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: event id %u is not declared for channel %s", ch->path, id,
		            ch->decl->name);
		return FALSE;
	}
	if (check >= 2 && size != check - 2) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: event id %u has a payload of %" G_GSIZE_FORMAT
		            " bytes, its type needs %u", ch->path, id, size, check - 2);
		return FALSE;
	}
	if (ch->any_event && t < ch->last) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: event at %" G_GUINT64_FORMAT " ns is earlier than the previous one (%"
		            G_GUINT64_FORMAT " ns)", ch->path, t, ch->last);
		return FALSE;
	}

	/* An event never spans blocks: one too big for an empty block is refused. */
	extended = id >= LTT_EVENT_ID_EXTENDED || size >= 0xFFFF;
	if (size > w->block_size - sizeof(struct ltt_block_header)
	           - (extended ? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID,
		            "%s: payload of %" G_GSIZE_FORMAT " bytes does not fit in a block of %u bytes",
		            ch->path, size, w->block_size);
		return FALSE;
	}
	if (ch->count > 0 && t - ch->last > G_MAXUINT32)
		extended = TRUE;
	need = (extended ? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE) + size;
	if (ch->count > 0 && ch->used + need > w->block_size) {
		if (!write_block(ch, error))
			return FALSE;
		/* First event of a block: its time is begin_time, no gap. */
		extended = id >= LTT_EVENT_ID_EXTENDED || size >= 0xFFFF;
		need = (extended ? LTT_EVENT_HEADER_EXT_SIZE : LTT_EVENT_HEADER_SIZE) + size;
	}
	if (ch->count == 0) {
		ch->begin = t;
		ch->block_lost = ch->lost_total;
	}

	p = ch->block + ch->used;
	if (extended) {
		ltt_store_u32(p, 0, w->swap);
		ltt_store_u16(p + 4, LTT_EVENT_ID_EXTENDED, w->swap);
		ltt_store_u16(p + 6, 0, w->swap);
		ltt_store_u64(p + 8, t, w->swap);
		ltt_store_u32(p + 16, id, w->swap);
		ltt_store_u32(p + 20, (guint32) size, w->swap);
		p += LTT_EVENT_HEADER_EXT_SIZE;
	} else {
		ltt_store_u32(p, (guint32) t, w->swap);
		ltt_store_u16(p + 4, (guint16) id, w->swap);
		ltt_store_u16(p + 6, (guint16) size, w->swap);
		p += LTT_EVENT_HEADER_SIZE;
	}
	if (size)
		memcpy(p, payload, size);
	ch->used += (guint32) need;
	ch->count++;
	ch->last = t;
	ch->any_event = TRUE;
	return TRUE;
}

void ltt_writer_channel_add_lost(LttWriterChannel *ch, guint64 count)
{
	ch->lost_total += count;
}

gboolean ltt_writer_channel_flush(LttWriterChannel *ch, GError **error)
{
	if (ch->count == 0)
		return TRUE;
	return write_block(ch, error);
}

/* Losses reported after the last block's start are carried by an empty
 * block, so that the last lost_before of the file is the producer's total. */
static gboolean write_lost_tail(LttWriterChannel *ch, GError **error)
{
	if (ch->lost_total == (ch->written_any ? ch->lost_written : 0))
		return TRUE;
	ch->begin = ch->last;
	ch->block_lost = ch->lost_total;
	return write_block(ch, error);
}

gboolean ltt_writer_flush(LttWriter *w, GError **error)
{
	for (guint i = 0; i < w->channel_list->len; i++)
		if (!ltt_writer_channel_flush(g_ptr_array_index(w->channel_list, i), error))
			return FALSE;
	return TRUE;
}

gboolean ltt_writer_close(LttWriter *w, GError **error)
{
	gboolean ok = TRUE;

	/* Every channel is attempted, so one full disk does not cost the
	 * others their last block; the first error is reported. */
	for (guint i = 0; i < w->channel_list->len; i++) {
		LttWriterChannel *ch = g_ptr_array_index(w->channel_list, i);
		GError **e = ok ? error : NULL;
		if (!ltt_writer_channel_flush(ch, e) || !write_lost_tail(ch, e))
			ok = FALSE;
		if (close(ch->fd) != 0 && ok) {
			set_io_error(error, ch->path, "cannot close", errno);
			ok = FALSE;
		}
		ch->fd = -1;
	}
	if (close(w->metadata_fd) != 0 && ok) {
		set_io_error(error, w->metadata_path, "cannot close", errno);
		ok = FALSE;
	}
	w->metadata_fd = -1;
	writer_free(w);
	return ok;
}
