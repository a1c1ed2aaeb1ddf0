/* precompute-arena.c: memory for the precomputation's bulk results, in
 * anonymous mappings rather than the heap: it grows without moving what
 * it holds, costs no allocation per item, and is given back whole. */
#include "config.h"
#include <sys/mman.h>
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
};

LttvArena *lttv_arena_new(gsize segment_size)
{
	LttvArena *a = g_new0(LttvArena, 1);

	a->segment_size = segment_size;
	a->segments = g_array_new(FALSE, FALSE, sizeof(Segment));
	return a;
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
	g_free(a);
}

static guint8 *map_segment(LttvArena *a, gsize size)
{
	Segment s = { NULL, size };

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
