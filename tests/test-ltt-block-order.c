/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* test-ltt-block-order.c: one damaged block header costs only that block's
 * events.  For every block of every channel file of a small ltt-synth
 * trace, the header is damaged in each of several ways (its CRC recomputed,
 * as a careless tool would) and every event of every other block must still
 * be delivered, once, in time order.  Swapped blocks lose nothing. */
#include <string.h>
#include "test-ltt-util.h"

#define BS 4096U
#define HEADER 64U

typedef struct {
	char *orig;              /* the ltt-synth trace */
	char *work;              /* a copy with one channel file damaged */
} Fx;

/* CRC-32 (IEEE 802.3), as the format's header_crc. */
static guint32 crc32_ieee(const guint8 *p, gsize n)
{
	guint32 crc = 0xFFFFFFFFU;

	for (gsize i = 0; i < n; i++) {
		crc ^= p[i];
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xEDB88320U & -(crc & 1));
	}
	return ~crc;
}

/* An event as the test identifies it across reads: time, id and payload. */
static char *event_key(const LttEvent *ev)
{
	return g_strdup_printf("%" G_GUINT64_FORMAT ":%u:%" G_GSIZE_FORMAT ":%08x", ltt_event_time(ev), ltt_event_id(ev),
	                       ltt_event_payload_size(ev),
	                       crc32_ieee(ltt_event_payload(ev), ltt_event_payload_size(ev)));
}

static void count_key(GHashTable *t, char *key)
{
	g_hash_table_replace(t, key, GUINT_TO_POINTER(GPOINTER_TO_UINT(g_hash_table_lookup(t, key)) + 1));
}

/* Reads the channel file `name` of trace dir: the events' keys with their
 * counts; with per_block, one table per block of the index instead. */
static GHashTable *read_keys(const char *dir, const char *name, GPtrArray *per_block)
{
	GHashTable *all = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	LttTrace *trace = tlt_open_trace(dir);
	LttTracefile *tf = NULL;
	LttReadStatus s;
	LttTime prev = 0;

	for (guint i = 0; i < ltt_trace_tracefile_count(trace); i++)
		if (strcmp(ltt_tracefile_name(ltt_trace_tracefile(trace, i)), name) == 0)
			tf = ltt_trace_tracefile(trace, i);
	g_assert_nonnull(tf);
	while ((s = ltt_tracefile_next(tf, NULL)) != LTT_READ_END) {
		const LttEvent *ev = ltt_tracefile_event(tf);
		if (s != LTT_READ_EVENT)
			continue;
		g_assert_cmpuint(ltt_event_time(ev), >=, prev);
		prev = ltt_event_time(ev);
		count_key(all, event_key(ev));
		if (per_block != NULL) {
			guint b = ev->block;
			while (per_block->len <= b)
				g_ptr_array_add(per_block, g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL));
			count_key(per_block->pdata[b], event_key(ev));
		}
	}
	ltt_trace_unref(trace);
	return all;
}

static guint64 load_u64(const guint8 *p)
{
	guint64 v;

	memcpy(&v, p, 8);
	return GUINT64_FROM_LE(v);
}

static void store(guint8 *h, gsize off, guint64 v, gsize width)
{
	guint64 le = GUINT64_TO_LE(v);

	memcpy(h + off, &le, width);
}

/* One way of damaging block b's header (file holds n blocks). */
typedef struct {
	const char *name;
	void (*apply)(guint8 *file, guint b, guint n);
} Damage;

#define HDR(b) (file + (gsize) (b) * BS)

static void end_infinite(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 40, G_MAXUINT64, 8); }
static void end_last(guint8 *file, guint b, guint n) { store(HDR(b), 40, load_u64(HDR(n - 1) + 40), 8); }
static void end_at_begin(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 40, load_u64(HDR(b) + 32), 8); }
static void begin_zero(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 32, 0, 8); }
static void begin_previous(guint8 *file, guint b, guint n)
{
	(void) n;
	store(HDR(b), 32, b > 0 ? load_u64(HDR(b - 1) + 32) : 0, 8);
}
static void begin_at_end(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 32, load_u64(HDR(b) + 40), 8); }
static void seq_infinite(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 24, G_MAXUINT64, 8); }
static void seq_zero(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 24, 0, 8); }
static void seq_plus_two(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 24, b + 2, 8); }
static void seq_minus_two(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 24, b - 2, 8); }
static void seq_after_last(guint8 *file, guint b, guint n) { store(HDR(b), 24, n, 8); }
static void used_header_only(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 20, HEADER, 4); }
static void used_whole_block(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 20, BS, 4); }
static void header_size_128(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 8, 128, 4); }
static void count_huge(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 56, G_MAXUINT32, 4); }
static void lost_huge(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 48, G_MAXUINT64, 8); }
static void magic_zero(guint8 *file, guint b, guint n) { (void) n; store(HDR(b), 0, 0, 4); }

static const Damage damages[] = {
	{ "end-infinite", end_infinite }, { "end-last", end_last }, { "end-at-begin", end_at_begin },
	{ "begin-zero", begin_zero }, { "begin-previous", begin_previous }, { "begin-at-end", begin_at_end },
	{ "seq-infinite", seq_infinite }, { "seq-zero", seq_zero }, { "seq-plus-two", seq_plus_two },
	{ "seq-minus-two", seq_minus_two }, { "seq-after-last", seq_after_last },
	{ "used-header-only", used_header_only }, { "used-whole-block", used_whole_block },
	{ "header-size-128", header_size_128 }, { "count-huge", count_huge }, { "lost-huge", lost_huge },
	{ "magic-zero", magic_zero },
};

static void fx_init(Fx *fx)
{
	char *synth = g_build_filename(TOP_BUILDDIR, "ltt", "ltt-synth", NULL);
	char *argv[] = { synth, "-o", NULL, "--cpus", "2", "--processes", "3", "--events", "3000",
	                 "--block-size", "4096", "--seed", "5", NULL };
	GError *error = NULL;
	gint status;

	fx->orig = tlt_make_dir();
	fx->work = tlt_make_dir();
	argv[2] = fx->orig;
	g_assert_true(g_spawn_sync(NULL, argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
	                           NULL, NULL, NULL, NULL, &status, &error));
	g_assert_no_error(error);
	g_assert_true(g_spawn_check_wait_status(status, NULL));
	g_free(synth);
}

static void fx_done(Fx *fx)
{
	tlt_remove_dir(fx->orig);
	tlt_remove_dir(fx->work);
	g_free(fx->orig);
	g_free(fx->work);
}

static guint8 *read_file(const char *dir, const char *name, gsize *len)
{
	char *path = g_build_filename(dir, name, NULL), *data;

	g_assert_true(g_file_get_contents(path, &data, len, NULL));
	g_free(path);
	return (guint8 *) data;
}

/* Writes the trace dir->work: the original, with channel file name holding
 * bytes. */
static void write_work(Fx *fx, const char *name, const guint8 *bytes, gsize len)
{
	gsize mlen;
	guint8 *md = read_file(fx->orig, "metadata", &mlen);
	const char *other = strcmp(name, "kernel_0") == 0 ? "kernel_1" : "kernel_0";
	gsize olen;
	guint8 *obytes = read_file(fx->orig, other, &olen);

	tlt_write_file(fx->work, "metadata", md, mlen);
	tlt_write_file(fx->work, other, obytes, olen);
	tlt_write_file(fx->work, name, bytes, len);
	g_free(md);
	g_free(obytes);
}

/* Every key of want is in got at least as often, and no key of got is more
 * frequent than in whole (no event delivered twice).  Returns how many
 * events of want are missing. */
static guint missing(GHashTable *want, GHashTable *got, GHashTable *whole)
{
	GHashTableIter it;
	gpointer k, v;
	guint miss = 0;

	g_hash_table_iter_init(&it, want);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		guint have = GPOINTER_TO_UINT(g_hash_table_lookup(got, k));
		if (have < GPOINTER_TO_UINT(v))
			miss += GPOINTER_TO_UINT(v) - have;
	}
	g_hash_table_iter_init(&it, got);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		guint max = GPOINTER_TO_UINT(g_hash_table_lookup(whole, k));
		if (max != 0)
			g_assert_cmpuint(GPOINTER_TO_UINT(v), <=, max);
	}
	return miss;
}

/* want: whole minus the events of block b. */
static GHashTable *all_but_block(GHashTable *whole, GPtrArray *per_block, guint b)
{
	GHashTable *want = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	GHashTableIter it;
	gpointer k, v;

	g_hash_table_iter_init(&it, whole);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		guint in_b = b < per_block->len ? GPOINTER_TO_UINT(g_hash_table_lookup(per_block->pdata[b], k)) : 0;
		if (GPOINTER_TO_UINT(v) > in_b)
			g_hash_table_insert(want, g_strdup(k), GUINT_TO_POINTER(GPOINTER_TO_UINT(v) - in_b));
	}
	return want;
}

static void test_each_block_each_damage(void)
{
	static const char *const names[] = { "kernel_0", "kernel_1" };
	Fx fx;
	guint failures = 0;

	fx_init(&fx);
	for (guint f = 0; f < G_N_ELEMENTS(names); f++) {
		gsize len;
		guint8 *orig = read_file(fx.orig, names[f], &len), *file = g_malloc(len);
		GPtrArray *per_block = g_ptr_array_new_with_free_func((GDestroyNotify) g_hash_table_unref);
		GHashTable *whole = read_keys(fx.orig, names[f], per_block);
		guint n = (guint) (len / BS);

		g_assert_cmpuint(len % BS, ==, 0);
		g_assert_cmpuint(n, >=, 8);
		for (guint b = 0; b < n; b++) {
			GHashTable *want = all_but_block(whole, per_block, b);
			for (guint d = 0; d < G_N_ELEMENTS(damages); d++) {
				GHashTable *got;
				guint miss;

				memcpy(file, orig, len);
				damages[d].apply(file, b, n);
				store(HDR(b), 60, crc32_ieee(HDR(b), 60), 4);
				write_work(&fx, names[f], file, len);
				got = read_keys(fx.work, names[f], NULL);
				miss = missing(want, got, whole);
				if (miss > 0) {
					g_test_message("%s block %u, %s: %u events of other blocks lost", names[f], b,
					               damages[d].name, miss);
					failures++;
				}
				g_hash_table_unref(got);
			}
			g_hash_table_unref(want);
		}
		g_hash_table_unref(whole);
		g_ptr_array_unref(per_block);
		g_free(orig);
		g_free(file);
	}
	g_assert_cmpuint(failures, ==, 0);
	fx_done(&fx);
}

/* Two blocks exchanged in the file, at every distance: nothing is lost. */
static void test_swapped_blocks(void)
{
	Fx fx;
	gsize len;
	guint8 *orig, *file, tmp[BS];
	GHashTable *whole;
	guint n, failures = 0;

	fx_init(&fx);
	orig = read_file(fx.orig, "kernel_1", &len);
	file = g_malloc(len);
	whole = read_keys(fx.orig, "kernel_1", NULL);
	n = (guint) (len / BS);
	for (guint a = 0; a < n; a++)
		for (guint b = a + 1; b < n; b++) {
			GHashTable *got;
			guint miss;

			memcpy(file, orig, len);
			memcpy(tmp, HDR(a), BS);
			memcpy(HDR(a), HDR(b), BS);
			memcpy(HDR(b), tmp, BS);
			write_work(&fx, "kernel_1", file, len);
			got = read_keys(fx.work, "kernel_1", NULL);
			miss = missing(whole, got, whole);
			if (miss > 0) {
				g_test_message("blocks %u and %u swapped: %u events lost", a, b, miss);
				failures++;
			}
			g_hash_table_unref(got);
		}
	g_assert_cmpuint(failures, ==, 0);
	g_hash_table_unref(whole);
	g_free(orig);
	g_free(file);
	fx_done(&fx);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/ltt/block-order/each-block-each-damage", test_each_block_each_damage);
	g_test_add_func("/ltt/block-order/swapped-blocks", test_swapped_blocks);
	return g_test_run();
}
