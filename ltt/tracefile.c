/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* tracefile.c: one channel file: mapping, block index, iteration, seeking.
 * Opening reads block headers only; iteration touches only the bytes of the
 * events it delivers. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ltt-error.h"
#include "byteorder-private.h"
#include "crc32-private.h"
#include "trace-private.h"

#define HEADER_SIZE 64U
/* Where the first valid header is searched when block 0 is unreadable:
 * block sizes are multiples of the smallest one. */
#define PROBE_STEP LTT_BLOCK_SIZE_MIN
/* A cursor gives the pages it left back once this much is behind it: one
 * madvise per few blocks rather than one per block. */
#define DROP_BATCH (1u << 20)

static int file_byte_order(gboolean swap)
{
	if (!swap)
		return G_BYTE_ORDER;
	return G_BYTE_ORDER == G_LITTLE_ENDIAN ? G_BIG_ENDIAN : G_LITTLE_ENDIAN;
}

static const char *order_name(int byte_order)
{
	return byte_order == G_LITTLE_ENDIAN ? "little" : "big";
}

/* Magic in either order: sets *swap and returns TRUE. */
static gboolean read_magic(const guint8 *h, gboolean *swap)
{
	guint32 m = ltt_load_u32(h, FALSE);

	if (m == LTT_BLOCK_MAGIC)
		*swap = FALSE;
	else if (m == LTT_BLOCK_MAGIC_SWAPPED)
		*swap = TRUE;
	else
		return FALSE;
	return TRUE;
}

static gboolean sane_block_size(guint32 bs)
{
	return bs >= LTT_BLOCK_SIZE_MIN && bs <= LTT_BLOCK_SIZE_MAX && (bs & (bs - 1)) == 0;
}

/* Copies the header at off.  Opening reads headers with pread rather than
 * through the mapping: faulting in one page per block would cost more than
 * the call, and the event pages stay untouched until they are read. */
static gboolean read_header(LttTracefile *tf, guint64 off, guint8 *h)
{
	ssize_t n;

	do
		n = pread(tf->fd, h, HEADER_SIZE, (off_t) off);
	while (n < 0 && errno == EINTR);
	if (n == HEADER_SIZE)
		return TRUE;
	/* A file that shrank since it was mapped: read what the map shows. */
	if (off + HEADER_SIZE > tf->map_size)
		return FALSE;
	memcpy(h, tf->map + off, HEADER_SIZE);
	return TRUE;
}

/* Learns the file's block size and byte order from the first header that
 * has a magic and a sane block size at a multiple of that size. */
static void learn_layout(LttTracefile *tf)
{
	for (guint64 off = 0; off + HEADER_SIZE <= tf->map_size; off += PROBE_STEP) {
		guint8 h[HEADER_SIZE];
		gboolean swap;
		guint32 bs;

		if (!read_header(tf, off, h) || !read_magic(h, &swap))
			continue;
		bs = ltt_load_u32(h + 12, swap);
		if (sane_block_size(bs) && off % bs == 0) {
			tf->block_size = bs;
			tf->swap = swap;
			tf->order_known = TRUE;
			return;
		}
	}
}

static void block_warning(LttTracefile *tf, guint64 off, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static void block_warning(LttTracefile *tf, guint64 off, const char *fmt, ...)
{
	va_list ap;
	char *what;

	va_start(ap, fmt);
	what = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	ltt_trace_warn(tf->trace, g_strdup_printf("%s: block %" G_GUINT64_FORMAT " (offset %" G_GUINT64_FORMAT
	                                          "): %s; block skipped", tf->path,
	                                          off / tf->block_size, off, what));
	g_free(what);
}

/* Validates the header at off (format.md §2.1) and appends it to found.
 * Returns FALSE when the block is cut short before its header ends: the
 * indexing stops there and resumes on reload. */
static gboolean index_block(LttTracefile *tf, guint64 off, GArray *found)
{
	guint8 h[HEADER_SIZE];
	guint64 present = tf->map_size - off;
	gboolean swap;
	LttBlock b;
	guint32 major, bs, used, crc;

	if (present < HEADER_SIZE || !read_header(tf, off, h))
		return FALSE;
	if (!read_magic(h, &swap)) {
		block_warning(tf, off, "bad magic 0x%08x", ltt_load_u32(h, FALSE));
		return TRUE;
	}
	if (swap != tf->swap) {
		block_warning(tf, off, "%s-endian block in a %s-endian file", order_name(file_byte_order(swap)),
		              order_name(file_byte_order(tf->swap)));
		return TRUE;
	}
	major = ltt_load_u16(h + 4, swap);
	b.header_size = ltt_load_u32(h + 8, swap);
	bs = ltt_load_u32(h + 12, swap);
	used = ltt_load_u32(h + 20, swap);
	b.begin = ltt_load_u64(h + 32, swap);
	b.end = ltt_load_u64(h + 40, swap);
	b.sequence = ltt_load_u64(h + 24, swap);
	b.lost_before = ltt_load_u64(h + 48, swap);
	b.event_count = ltt_load_u32(h + 56, swap);
	crc = ltt_load_u32(h + 60, swap);
	if (major != LTT_FORMAT_MAJOR) {
		block_warning(tf, off, "format major version %u, expected %u", major, LTT_FORMAT_MAJOR);
		return TRUE;
	}
	if (bs != tf->block_size) {
		block_warning(tf, off, "block size %u, expected %u", bs, tf->block_size);
		return TRUE;
	}
	if (b.header_size < HEADER_SIZE || b.header_size > used || used > bs) {
		block_warning(tf, off, "inconsistent sizes (header %u, used %u, block %u)", b.header_size, used, bs);
		return TRUE;
	}
	if (crc != 0 && crc != ltt_crc32(h, 60)) {
		block_warning(tf, off, "header CRC 0x%08x does not match 0x%08x", crc, ltt_crc32(h, 60));
		return TRUE;
	}
	if (b.begin > b.end) {
		block_warning(tf, off, "begin time %" G_GUINT64_FORMAT " after end time %" G_GUINT64_FORMAT,
		              b.begin, b.end);
		return TRUE;
	}
	if (b.header_size > present)
		return FALSE;
	if (used > present) {
		ltt_trace_warn(tf->trace, g_strdup_printf("%s: block %" G_GUINT64_FORMAT " (offset %" G_GUINT64_FORMAT
		                                          "): cut short, %" G_GUINT64_FORMAT " of %u bytes present; "
		                                          "reading what is there", tf->path, off / tf->block_size,
		                                          off, present, used));
		used = (guint32) present;
	}
	b.file_offset = off;
	b.number = (guint32) (off / tf->block_size);
	b.used = used;
	g_array_append_val(found, b);
	return TRUE;
}

/* Indexes the blocks from tf->index_end on.  A block cut short stays in the
 * index, but indexing will resume at it so that a later reload sees it
 * whole. */
static void index_blocks(LttTracefile *tf)
{
	LttMetadata *md = tf->trace->md;
	GArray *found;

	if (!tf->order_known) {
		learn_layout(tf);
		if (!tf->order_known)
			return;
		if (!md->have_byte_order)
			md->info.byte_order = file_byte_order(tf->swap);
		else if (md->info.byte_order != file_byte_order(tf->swap))
			ltt_trace_warn(tf->trace, g_strdup_printf("%s: blocks are %s-endian but the metadata says byte_order %s; "
			                                          "reading them as the blocks say", tf->path,
			                                          order_name(file_byte_order(tf->swap)),
			                                          order_name(md->info.byte_order)));
	}
	found = g_array_new(FALSE, FALSE, sizeof(LttBlock));
	while (tf->index_end < tf->map_size) {
		guint64 off = tf->index_end;
		if (!index_block(tf, off, found)) {
			ltt_trace_warn(tf->trace, g_strdup_printf("%s: block %" G_GUINT64_FORMAT " (offset %" G_GUINT64_FORMAT
			                                          "): header cut short, %" G_GUINT64_FORMAT " bytes present; "
			                                          "not read yet", tf->path, off / tf->block_size, off,
			                                          (guint64) tf->map_size - off));
			break;
		}
		if (tf->map_size - off < tf->block_size)
			break;
		tf->index_end = off + tf->block_size;
	}
	ltt_block_order_append(tf, found);
	g_array_free(found, TRUE);
}

/* Headers are read through the descriptor only while indexing; the mapping
 * outlives it.  A trace of thousands of channel files needs no descriptor
 * per file. */
static void close_fd(LttTracefile *tf)
{
	if (tf->fd >= 0)
		close(tf->fd);
	tf->fd = -1;
}

static gboolean map_file(LttTracefile *tf, GError **error)
{
	struct stat st;
	void *map;

	/* Opened again each time: a producer may have replaced the file. */
	close_fd(tf);
	/* Never blocks on a FIFO put in the file's place. */
	tf->fd = open(tf->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (tf->fd < 0 || fstat(tf->fd, &st) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", tf->path, g_strerror(errno));
		return FALSE;
	}
	if (!S_ISREG(st.st_mode)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: not a regular file", tf->path);
		return FALSE;
	}
	if ((guint64) st.st_size <= tf->map_size)
		return TRUE;
	map = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_SHARED, tf->fd, 0);
	if (map == MAP_FAILED) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: mmap: %s", tf->path, g_strerror(errno));
		return FALSE;
	}
	/* The cursor points into the old mapping: move it to the new one. */
	if (tf->blk != NULL) {
		tf->blk = (const guint8 *) map + (tf->blk - tf->map);
		if (tf->ev.payload != NULL)
			tf->ev.payload = (const guint8 *) map + (tf->ev.payload - tf->map);
	}
	ltt_map_guard_remove(tf->guard);
	if (tf->map != NULL)
		munmap((void *) tf->map, tf->map_size);
	tf->map = map;
	tf->map_size = (gsize) st.st_size;
	tf->guard = ltt_map_guard_add(map, tf->map_size, FALSE);
	return TRUE;
}

gboolean ltt_tracefile_update(LttTracefile *tf, GError **error)
{
	gsize before = tf->map_size;
	guint64 cursor_block = 0;

	if (!map_file(tf, error)) {
		close_fd(tf);
		return FALSE;
	}
	if (tf->map_size == before) {
		close_fd(tf);
		return TRUE;
	}
	/* A last block that was cut short is read again, whole this time. */
	if (tf->blocks->len > 0) {
		LttBlock *last = &g_array_index(tf->blocks, LttBlock, tf->blocks->len - 1);
		if (last->file_offset == tf->index_end) {
			tf->event_count -= last->event_count;
			g_array_set_size(tf->blocks, tf->blocks->len - 1);
		}
	}
	if (tf->blk != NULL)
		cursor_block = (guint64) (tf->blk - tf->map);
	index_blocks(tf);
	close_fd(tf);
	/* The cursor's block may have been read again: it keeps its place if
	 * the block is still there, else it restarts at block cur. */
	if (tf->blk != NULL) {
		const LttBlock *b = tf->cur < tf->blocks->len ? &g_array_index(tf->blocks, LttBlock, tf->cur) : NULL;
		if (b != NULL && b->file_offset == cursor_block)
			tf->used = MAX(b->used, tf->pos);
		else
			tf->blk = NULL;
	}
	return TRUE;
}

void ltt_tracefile_refresh_types(LttTracefile *tf)
{
	tf->dense = (const LttEventType *const *) tf->types->dense->pdata;
	/* Compact id 0xFFFF announces an extended header, never a type. */
	tf->dense_len = MIN(tf->types->dense->len, LTT_EVENT_ID_EXTENDED);
}

/* On a cache-line boundary: the reading state spans two lines, not three. */
static LttTracefile *tracefile_alloc(void)
{
	void *p = NULL;

	if (posix_memalign(&p, 64, sizeof(LttTracefile)) != 0)
		g_error("out of memory allocating a tracefile");
	return memset(p, 0, sizeof(LttTracefile));
}

LttTracefile *ltt_tracefile_open(LttTrace *trace, const char *path, const char *name,
                                 const char *channel, guint cpu, GError **error)
{
	LttTracefile *tf = tracefile_alloc();

	tf->trace = trace;
	tf->channel = g_strdup(channel);
	tf->cpu = cpu;
	tf->name = g_strdup(name);
	tf->path = g_strdup(path);
	tf->types = ltt_metadata_channel(trace->md, channel);
	ltt_tracefile_refresh_types(tf);
	tf->blocks = g_array_new(FALSE, FALSE, sizeof(LttBlock));
	tf->ev.tf = tf;
	tf->ev.cpu = cpu;
	tf->fd = -1;
	if (!map_file(tf, error)) {
		ltt_tracefile_free(tf);
		return NULL;
	}
	index_blocks(tf);
	close_fd(tf);
	if (tf->map_size > 0 && !tf->order_known)
		ltt_trace_warn(trace, g_strdup_printf("%s: offset 0: no valid block header in the file", path));
	return tf;
}

void ltt_tracefile_free(LttTracefile *tf)
{
	close_fd(tf);
	ltt_map_guard_remove(tf->guard);
	if (tf->map != NULL)
		munmap((void *) tf->map, tf->map_size);
	g_array_free(tf->blocks, TRUE);
	g_free(tf->channel);
	g_free(tf->name);
	g_free(tf->path);
	free(tf);
}

LttTracefile *ltt_tracefile_new_reader(const LttTracefile *tf, LttTrace *reader)
{
	LttTracefile *copy = tracefile_alloc();

	*copy = *tf;
	copy->trace = reader;
	copy->ev.tf = copy;
	copy->fd = -1;
	copy->unknown_kind = NULL;
	copy->cut_reported = FALSE;
	copy->resident_from = 0;
	ltt_tracefile_seek_begin(copy);
	return copy;
}

void ltt_tracefile_free_reader(LttTracefile *tf)
{
	free(tf);
}

LttTrace *ltt_tracefile_trace(const LttTracefile *tf)
{
	return tf->trace;
}

const char *ltt_tracefile_channel(const LttTracefile *tf)
{
	return tf->channel;
}

guint ltt_tracefile_cpu(const LttTracefile *tf)
{
	return tf->cpu;
}

const char *ltt_tracefile_path(const LttTracefile *tf)
{
	return tf->path;
}

const char *ltt_tracefile_name(const LttTracefile *tf)
{
	return tf->name;
}

guint ltt_tracefile_index(const LttTracefile *tf)
{
	return tf->index;
}

guint ltt_tracefile_block_count(const LttTracefile *tf)
{
	return tf->blocks->len;
}

LttTime ltt_tracefile_start_time(const LttTracefile *tf)
{
	return tf->blocks->len ? g_array_index(tf->blocks, LttBlock, 0).begin : LTT_TIME_ZERO;
}

LttTime ltt_tracefile_end_time(const LttTracefile *tf)
{
	return tf->blocks->len ? g_array_index(tf->blocks, LttBlock, tf->blocks->len - 1).end : LTT_TIME_ZERO;
}

guint64 ltt_tracefile_event_count(const LttTracefile *tf)
{
	return tf->event_count;
}

guint64 ltt_tracefile_lost_events(const LttTracefile *tf)
{
	return tf->blocks->len ? g_array_index(tf->blocks, LttBlock, tf->blocks->len - 1).lost_before : 0;
}

guint64 ltt_tracefile_lost_before_current(const LttTracefile *tf)
{
	if (!tf->has_event)
		return 0;
	return g_array_index(tf->blocks, LttBlock, tf->ev.block).lost_before;
}

gboolean ltt_tracefile_block_span(const LttTracefile *tf, guint32 block, LttTime *begin, LttTime *end)
{
	const LttBlock *b;

	if (block >= tf->blocks->len)
		return FALSE;
	b = &g_array_index(tf->blocks, LttBlock, block);
	*begin = b->begin;
	*end = b->end;
	return TRUE;
}

/* Unmaps from the process the pages before the block at offset, so that a
 * pass over a trace holds a few blocks per file in memory, not the trace.
 * The file's pages stay in the page cache: a cursor going back (or another
 * sharing the mapping) faults them in again and reads the same bytes. */
static void drop_pages_before(LttTracefile *tf, guint64 offset)
{
	guint64 page = (guint64) sysconf(_SC_PAGESIZE);
	guint64 end = offset / page * page;

	if (end < tf->resident_from) {
		tf->resident_from = end;
	} else if (end - tf->resident_from >= DROP_BATCH) {
		madvise((void *) (tf->map + tf->resident_from), (size_t) (end - tf->resident_from), MADV_DONTNEED);
		tf->resident_from = end;
	}
}

static void enter_block(LttTracefile *tf, guint32 i)
{
	const LttBlock *b = &g_array_index(tf->blocks, LttBlock, i);

	drop_pages_before(tf, b->file_offset);

	tf->cur = i;
	tf->blk = tf->map + b->file_offset;
	tf->pos = b->header_size;
	tf->used = b->used;
	tf->prev = b->begin;
	tf->block_end = b->end;
	tf->metadata_checked = FALSE;
}

/* The file was cut while being read (map-guard.c saw a read past its end):
 * reported once; TRUE when block b is not all in the file any more. */
static gboolean cut_while_reading(LttTracefile *tf, const LttBlock *b)
{
	struct stat st;
	guint64 size = stat(tf->path, &st) == 0 ? (guint64) st.st_size : 0;

	if (!tf->cut_reported) {
		tf->cut_reported = TRUE;
		ltt_trace_warn(tf->trace, g_strdup_printf("%s: cut to %" G_GUINT64_FORMAT " bytes while being read; "
		                                          "what was past that is skipped or damaged", tf->path, size));
	}
	return b != NULL && b->file_offset + b->used > size;
}

static LttReadStatus damaged(LttTracefile *tf, GError **error, guint32 at, const char *what)
{
	const LttBlock *b = &g_array_index(tf->blocks, LttBlock, tf->cur);
	char *msg = g_strdup_printf("%s: block %u (offset %" G_GUINT64_FORMAT "): event at offset %"
	                            G_GUINT64_FORMAT ": %s; rest of the block skipped", tf->path, b->number,
	                            b->file_offset, b->file_offset + at, what);

	g_set_error_literal(error, LTT_ERROR, LTT_ERROR_DAMAGED, msg);
	ltt_trace_warn(tf->trace, msg);
	tf->pos = tf->used;
	tf->has_event = FALSE;
	return LTT_READ_DAMAGED;
}

static LttReadStatus unknown_event(LttTracefile *tf, GError **error, guint32 at, guint32 id)
{
	const LttBlock *b = &g_array_index(tf->blocks, LttBlock, tf->cur);
	char *msg;

	tf->has_event = FALSE;
	if (error == NULL && ltt_trace_warn_count_only(tf->trace, tf->unknown_kind))
		return LTT_READ_DAMAGED;
	msg = g_strdup_printf("%s: block %u (offset %" G_GUINT64_FORMAT "): event at offset %"
	                            G_GUINT64_FORMAT ": id %u is not declared for channel %s; event skipped",
	                            tf->path, b->number, b->file_offset, b->file_offset + at, id, tf->channel);

	g_set_error_literal(error, LTT_ERROR, LTT_ERROR_UNKNOWN_EVENT, msg);
	ltt_trace_warn_kind(tf->trace, msg, &tf->unknown_kind);
	return LTT_READ_DAMAGED;
}

/* Makes the event at pos of the current block the current one; shared by
 * both paths of ltt_tracefile_next, inlined so the fast one stays as fast. */
#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline LttReadStatus set_event(LttTracefile *tf, const LttEventType *type, const guint8 *payload,
                                      LttTime t, guint32 id, guint32 size, guint32 pos)
{
	tf->ev.type = type;
	tf->ev.payload = payload;
	tf->ev.time = t;
	tf->ev.id = id;
	tf->ev.size = size;
	tf->ev.block = tf->cur;
	tf->ev.offset = pos;
	tf->has_event = TRUE;
	return LTT_READ_EVENT;
}

#ifdef __GNUC__
__attribute__((always_inline))
#endif
static inline LttReadStatus next_event(LttTracefile *tf, GError **error, const gboolean swap)
{
	for (;;) {
		if (G_LIKELY(tf->blk != NULL)) {
			guint32 pos = tf->pos, used = tf->used;

			if (G_LIKELY(used - pos >= LTT_EVENT_HEADER_SIZE)) {
				const guint8 *h = tf->blk + pos;
				guint32 id = ltt_load_u16(h + 4, swap);
				guint32 size, hlen;
				LttTime t, prev = tf->prev;
				const LttEventType *type;

				if (G_LIKELY(id != LTT_EVENT_ID_EXTENDED)) {
					t = (prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | ltt_load_u32(h, swap);
					if (t < prev) {
						t += G_GUINT64_CONSTANT(1) << 32;
						if (t < prev)
							return damaged(tf, error, pos, "time overflows");
					}
					size = ltt_load_u16(h + 6, swap);
					hlen = LTT_EVENT_HEADER_SIZE;
				} else {
					if (used - pos < LTT_EVENT_HEADER_EXT_SIZE)
						return damaged(tf, error, pos, "extended header past the used bytes");
					t = ltt_load_u64(h + 8, swap);
					id = ltt_load_u32(h + 16, swap);
					size = ltt_load_u32(h + 20, swap);
					hlen = LTT_EVENT_HEADER_EXT_SIZE;
					if (t < prev)
						return damaged(tf, error, pos, "time before the previous event");
				}
				if (G_UNLIKELY(t > tf->block_end))
					return damaged(tf, error, pos, "time after the block's end time");
				if (G_UNLIKELY(size > used - pos - hlen))
					return damaged(tf, error, pos, "payload past the used bytes");
				type = ltt_channel_type(tf->types, id);
				/* Once per block visit unless it found something: a
				 * metadata cut short would have every event re-read it. */
				if (G_UNLIKELY(type == NULL) && !tf->metadata_checked) {
					tf->metadata_checked = !ltt_trace_reload_metadata(tf->trace, NULL);
					type = ltt_channel_type(tf->types, id);
				}
				tf->prev = t;
				tf->pos = pos + hlen + size;
				if (G_UNLIKELY(type == NULL))
					return unknown_event(tf, error, pos, id);
				return set_event(tf, type, h + hlen, t, id, size, pos);
			}
			if (pos != used)
				return damaged(tf, error, pos, "event header past the used bytes");
			tf->cur++;
			tf->blk = NULL;
		}
		if (tf->cur >= tf->blocks->len) {
			if (G_UNLIKELY(ltt_map_guard_faulted(tf->guard)))
				cut_while_reading(tf, NULL);
			tf->has_event = FALSE;
			return LTT_READ_END;
		}
		if (G_UNLIKELY(ltt_map_guard_faulted(tf->guard))
		    && cut_while_reading(tf, &g_array_index(tf->blocks, LttBlock, tf->cur))) {
			tf->cur++;
			continue;
		}
		enter_block(tf, tf->cur);
	}
}

/* Two copies of the general loop, one per byte order, so that the order is
 * a constant inside each. */
static G_GNUC_NO_INLINE LttReadStatus next_slow(LttTracefile *tf, GError **error)
{
	return tf->swap ? next_event(tf, error, TRUE) : next_event(tf, error, FALSE);
}

LttReadStatus ltt_tracefile_next(LttTracefile *tf, GError **error)
{
	/* The common case, kept small: a compact header in host order, a
	 * declared id, inside the block.  Anything else takes the general
	 * path, which checks and reports. */
	if (G_LIKELY(tf->blk != NULL && !tf->swap)) {
		guint32 pos = tf->pos, used = tf->used;
		if (G_LIKELY(used - pos >= LTT_EVENT_HEADER_SIZE)) {
			const guint8 *h = tf->blk + pos;
			guint32 ts = ltt_load_u32(h, FALSE);
			guint32 id = ltt_load_u16(h + 4, FALSE);
			guint32 size = ltt_load_u16(h + 6, FALSE);
			LttTime prev = tf->prev;
			LttTime t = (prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | ts;
			const LttEventType *type;

			if (t < prev)
				t += G_GUINT64_CONSTANT(1) << 32;
			if (G_LIKELY(id < tf->dense_len && (type = tf->dense[id]) != NULL && t >= prev &&
			             t <= tf->block_end && size <= used - pos - LTT_EVENT_HEADER_SIZE)) {
				tf->prev = t;
				tf->pos = pos + LTT_EVENT_HEADER_SIZE + size;
				/* Keeps the next line coming: with many tracefiles read in
				 * turn, too many streams for the hardware prefetcher. */
				__builtin_prefetch(tf->blk + tf->pos + 64, 0, 2);
				return set_event(tf, type, h + LTT_EVENT_HEADER_SIZE, t, id, size, pos);
			}
		}
	}
	return next_slow(tf, error);
}

/* Packing the fields of an event into vector registers costs more than it
 * saves here. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-slp-vectorize")))
#endif
guint ltt_tracefile_next_run(LttTracefile *tf, LttEvent *out, guint max)
{
	const guint8 *blk = tf->blk, *p, *stop;
	const LttEventType *const *dense = tf->dense;
	const guint32 block = tf->cur, cpu = tf->cpu;
	guint32 dense_len = tf->dense_len;
	LttTime prev = tf->prev, end = tf->block_end;
	LttEvent *ev = out, *out_end = out + max;

	/* next()'s common case, in a loop that keeps the cursor in registers;
	 * the first event it would not accept ends the run. */
	if (blk == NULL || tf->swap || tf->pos > tf->used)
		return 0;
	p = blk + tf->pos;
	stop = blk + tf->used;
	while (ev < out_end && stop - p >= LTT_EVENT_HEADER_SIZE) {
		guint32 id = ltt_load_u16(p + 4, FALSE);
		guint32 size = ltt_load_u16(p + 6, FALSE);
		LttTime t = (prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | ltt_load_u32(p, FALSE);
		const LttEventType *type;

		/* Wrapped low bits: the next 2^32 ns, unless that overflows. */
		if (t < prev && (t += G_GUINT64_CONSTANT(1) << 32) < prev)
			break;
		if (id >= dense_len || (type = dense[id]) == NULL || t > end
		    || size > (gsize) (stop - p) - LTT_EVENT_HEADER_SIZE)
			break;
		ev->tf = tf;
		ev->type = type;
		ev->payload = p + LTT_EVENT_HEADER_SIZE;
		ev->time = t;
		ev->id = id;
		ev->size = size;
		ev->block = block;
		ev->offset = (guint32) (p - blk);
		ev->cpu = cpu;
		prev = t;
		p += LTT_EVENT_HEADER_SIZE + size;
		ev++;
		__builtin_prefetch(p + 256, 0, 2);   /* as in next(), further: the run reads ahead */
	}
	if (ev == out)
		return 0;
	tf->prev = prev;
	tf->pos = (guint32) (p - blk);
	tf->ev = ev[-1];
	tf->has_event = TRUE;
	return (guint) (ev - out);
}

gboolean ltt_tracefile_peek(const LttTracefile *tf, guint32 *id, LttTime *time)
{
	guint32 pos = tf->pos, used = tf->used;
	const guint8 *h;
	LttTime t;
	guint32 i;

	/* The checks of next()'s common case: what it accepts, peek accepts. */
	if (tf->blk == NULL || tf->swap || !tf->has_event || used - pos < LTT_EVENT_HEADER_SIZE || pos > used)
		return FALSE;
	h = tf->blk + pos;
	i = ltt_load_u16(h + 4, FALSE);
	t = (tf->prev & ~G_GUINT64_CONSTANT(0xFFFFFFFF)) | ltt_load_u32(h, FALSE);
	if (t < tf->prev)
		t += G_GUINT64_CONSTANT(1) << 32;
	if (i >= tf->dense_len || tf->dense[i] == NULL || t > tf->block_end
	    || ltt_load_u16(h + 6, FALSE) > used - pos - LTT_EVENT_HEADER_SIZE)
		return FALSE;
	*id = i;
	*time = t;
	return TRUE;
}

void ltt_tracefile_seek_begin(LttTracefile *tf)
{
	tf->cur = 0;
	tf->blk = NULL;
	tf->has_event = FALSE;
}

/* Damage met while seeking is skipped: it is in the trace's warnings, and
 * reported again to whoever reads those events in order. */
static gboolean next_skipping_damage(LttTracefile *tf)
{
	LttReadStatus s;

	while ((s = ltt_tracefile_next(tf, NULL)) == LTT_READ_DAMAGED)
		;
	return s == LTT_READ_EVENT;
}

LttReadStatus ltt_tracefile_seek_time(LttTracefile *tf, LttTime t, GError **error)
{
	guint lo = 0, hi = tf->blocks->len;

	/* End times never decrease along the index (the open checks it), so the
	 * first block that can hold an event >= t is the first whose end >= t;
	 * every block after it holds only such events. */
	while (lo < hi) {
		guint mid = lo + (hi - lo) / 2;
		if (g_array_index(tf->blocks, LttBlock, mid).end < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	tf->has_event = FALSE;
	tf->cur = lo;
	tf->blk = NULL;
	while (next_skipping_damage(tf))
		if (tf->ev.time >= t)
			return LTT_READ_EVENT;
	return LTT_READ_END;
}

gboolean ltt_tracefile_seek_position(LttTracefile *tf, const LttEventPosition *pos, GError **error)
{
	if (pos->tracefile == tf && pos->block < tf->blocks->len) {
		tf->has_event = FALSE;
		enter_block(tf, pos->block);
		while (tf->pos <= pos->offset && next_skipping_damage(tf) && tf->ev.block == pos->block) {
			if (tf->ev.offset == pos->offset && tf->ev.time == pos->time)
				return TRUE;
		}
	}
	tf->has_event = FALSE;
	g_set_error(error, LTT_ERROR, LTT_ERROR_POSITION,
	            "%s: block %u, offset %u does not designate an event of this tracefile", tf->path,
	            pos->block, pos->offset);
	return FALSE;
}

const LttEvent *ltt_tracefile_event(const LttTracefile *tf)
{
	return tf->has_event ? &tf->ev : NULL;
}

int ltt_event_position_compare(const LttEventPosition *a, const LttEventPosition *b)
{
	int c;

	if (a->tracefile == b->tracefile) {
		if (a->block != b->block)
			return a->block < b->block ? -1 : 1;
		return a->offset < b->offset ? -1 : a->offset > b->offset;
	}
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	c = strcmp(a->tracefile->trace->path, b->tracefile->trace->path);
	if (c != 0)
		return c < 0 ? -1 : 1;
	return a->tracefile->index < b->tracefile->index ? -1 : a->tracefile->index > b->tracefile->index;
}
