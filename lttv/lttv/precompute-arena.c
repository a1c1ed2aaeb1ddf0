/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* precompute-arena.c: memory for the precomputation's bulk results, in
 * mappings rather than the heap: it grows without moving what it holds,
 * costs no allocation per item, and is given back whole.
 *
 * An arena backed by a file (lttv_arena_use_file) maps its segments from
 * an unlinked file of its own: its pages belong to the page cache, which
 * writes them back and reclaims them, and the arena unmaps them from the
 * process (MADV_DONTNEED keeps a shared file mapping's bytes) whenever it
 * starts a segment, so that the process holds about one segment plus the
 * pages touched since.  Its segments are read at random (MADV_RANDOM), so
 * that reading an item maps little more than its page. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <glib/gstdio.h>
#include "precompute-private.h"

typedef struct {
	void *base;
	gsize size;
} Segment;

struct _LttvArena {
	gsize segment_size;
	GArray *segments;        /* Segment */
	guint8 *free_at, *free_end;
	gsize mapped;
	int fd;                  /* the backing file, or -1: anonymous memory */
	guint64 file_end;        /* of the last segment in the file, page-aligned */
};

LttvArena *lttv_arena_new(gsize segment_size)
{
	LttvArena *a = g_new0(LttvArena, 1);

	a->segment_size = segment_size;
	a->segments = g_array_new(FALSE, FALSE, sizeof(Segment));
	a->fd = -1;
	return a;
}

void lttv_arena_use_file(LttvArena *a, const char *dir)
{
	char *path;

	if (a->fd >= 0 || a->mapped > 0 || g_mkdir_with_parents(dir, 0700) != 0)
		return;
	path = g_build_filename(dir, "arena-XXXXXX", NULL);
	a->fd = g_mkstemp_full(path, O_RDWR | O_CLOEXEC, 0600);
	if (a->fd >= 0)
		g_unlink(path);
	g_free(path);
}

void lttv_arena_drop_resident(const LttvArena *a)
{
	guint i;

	if (a->fd < 0)
		return;
	for (i = 0; i < a->segments->len; i++) {
		const Segment *s = &g_array_index(a->segments, Segment, i);

		madvise(s->base, s->size, MADV_DONTNEED);
	}
}

void lttv_arena_free(LttvArena *a)
{
	guint i;

	if (a == NULL)
		return;
	for (i = 0; i < a->segments->len; i++) {
		const Segment *s = &g_array_index(a->segments, Segment, i);

		munmap(s->base, s->size);
	}
	g_array_unref(a->segments);
	if (a->fd >= 0)
		close(a->fd);
	g_free(a);
}

/* A segment of the backing file, at its end; NULL when the file cannot
 * grow (a full disk): the arena goes on in anonymous memory. */
static void *map_file_segment(LttvArena *a, gsize size)
{
	guint64 page = (guint64) sysconf(_SC_PAGESIZE), end = (a->file_end + size + page - 1) / page * page;
	void *base;

	if (ftruncate(a->fd, (off_t) end) != 0)
		return NULL;
	base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, a->fd, (off_t) a->file_end);
	if (base == MAP_FAILED)
		return NULL;
	/* Before the first touch: without it the page cache gets the file in
	 * large folios (readahead), and a later read of one item maps its
	 * whole folio, up to a megabyte of other items, into the process. */
	madvise(base, size, MADV_RANDOM);
	a->file_end = end;
	return base;
}

static guint8 *map_segment(LttvArena *a, gsize size)
{
	Segment s = { NULL, size };

	if (a->fd >= 0) {
		lttv_arena_drop_resident(a);
		s.base = map_file_segment(a, size);
	}
	if (s.base == NULL)
		s.base = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (s.base == MAP_FAILED)
		g_error("precompute: cannot map %" G_GSIZE_FORMAT " bytes", size);
	g_array_append_val(a->segments, s);
	a->mapped += size;
	return s.base;
}

gpointer lttv_arena_alloc(LttvArena *a, gsize size)
{
	guint8 *p;

	size = (size + 7) & ~(gsize) 7;
	/* An item larger than a segment gets a mapping of its own. */
	if (size > a->segment_size)
		return map_segment(a, size);
	if ((gsize) (a->free_end - a->free_at) < size) {
		a->free_at = map_segment(a, a->segment_size);
		a->free_end = a->free_at + a->segment_size;
	}
	p = a->free_at;
	a->free_at += size;
	return p;
}

gsize lttv_arena_mapped(const LttvArena *a)
{
	return a->mapped;
}
