/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ust-app.c: draining one application's shared memory (ust-shm.h) into
 * LTT channels.  The other side may be running, dead, buggy or hostile:
 * header values are checked once and copied, every record is checked
 * against the sub-buffer before its bytes are used, and a record of an
 * overwritten sub-buffer is never written to the trace (the copy is
 * validated after it is taken). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ust-drain-private.h"
#include "ust-shm.h"
#include "ust-clock-private.h"
#include "ltt/event.h"
#include "ltt/ltt-error.h"
#include "ltt/map-guard.h"
#include "ltt/type.h"

/* TYPE_REJECTED: the trace refused the application's declaration; its
 * events are written as REJECTED_TYPE events, raw. */
enum { TYPE_UNKNOWN, TYPE_DECLARED, TYPE_REJECTED, TYPE_UNUSABLE };

#define REJECTED_TYPE "ust_rejected_type"
#define REJECTED_FIELDS "name: string; payload: u8[u32];"

typedef struct {
	LttWriterChannel *ch;
	guint64 last_time;       /* times written to a channel never decrease */
	guint64 lost_added;      /* lost_discarded already given to the writer */
	gboolean damage_reported;
} UstAppBuffer;

struct _UstApp {
	char *path;              /* for messages */
	char *name;              /* in the registry */
	int dir_fd;              /* the registry (the caller's) */
	char *channel;           /* "ust-NAME-PID" */
	int fd;
	guint8 *base;
	gsize size;
	LttMapGuard *guard;      /* the owner may cut the file */
	guint32 mode, clock;
	guint32 subbuf_size, subbuf_count, buffer_count;
	guint64 types_offset, types_size, buffers_offset, ctl_size, stride;
	guint32 types_seen;      /* bytes of the types area already declared */
	guint8 type_state[LTT_UST_EVENT_ID_MAX + 1];
	/* Declared types with strings or sequences, by id (NULL: fixed size,
	 * which the writer checks itself): their payloads are decoded before
	 * they are written. */
	const LttType **variable_types;
	GHashTable *rejected_names;  /* id -> the name of a TYPE_REJECTED type */
	GByteArray *wrapped;     /* the payload of one REJECTED_TYPE event */
	UstAppBuffer *buffers;
	guint8 *copy;            /* one sub-buffer */
};

static gboolean is_pow2(guint64 v)
{
	return v != 0 && (v & (v - 1)) == 0;
}

static gboolean check_name(const char *name)
{
	gsize n = strnlen(name, LTT_UST_NAME_MAX);

	if (n == 0 || n == LTT_UST_NAME_MAX)
		return FALSE;
	for (gsize i = 0; i < n; i++)
		if (!g_ascii_isalnum(name[i]) && name[i] != '.' && name[i] != '-')
			return FALSE;
	return TRUE;
}

static gboolean check_header(UstApp *a, const struct ltt_ust_shm_header *h, guint64 file_size, GError **error)
{
	struct ltt_ust_layout l;
	const char *why = NULL;
	char *expected;

	if (file_size < sizeof *h)
		why = "shorter than its header";
	else if (atomic_load_explicit((_Atomic guint32 *) &h->magic, memory_order_acquire) != LTT_UST_SHM_MAGIC)
		why = "bad magic";
	else if (h->version != LTT_UST_SHM_VERSION || h->header_size != sizeof *h)
		why = "unsupported version";
	else if (!check_name(h->name))
		why = "bad application name";
	else if (h->mode > LTT_UST_MODE_OVERWRITE || h->clock > LTT_UST_CLOCK_TSC
	         || h->buffer_kind > LTT_UST_BUFFERS_PER_THREAD)
		why = "bad mode, clock or buffer kind";
	else if (!is_pow2(h->subbuf_size) || h->subbuf_size < LTT_UST_SUBBUF_SIZE_MIN
	         || h->subbuf_size > LTT_UST_SUBBUF_SIZE_MAX
	         || !is_pow2(h->subbuf_count) || h->subbuf_count < LTT_UST_SUBBUF_COUNT_MIN
	         || h->subbuf_count > LTT_UST_SUBBUF_COUNT_MAX
	         || h->buffer_count == 0 || h->buffer_count > LTT_UST_BUFFER_COUNT_MAX
	         || h->types_size > LTT_UST_TYPES_SIZE_MAX)
		why = "buffer geometry out of bounds";
	if (!why) {
		ltt_ust_layout_compute(h->types_size, h->buffer_count, h->subbuf_size, h->subbuf_count, &l);
		if (l.types_offset != h->types_offset || l.buffers_offset != h->buffers_offset
		    || l.buffer_stride != h->buffer_stride || l.file_size != h->file_size || l.file_size != file_size)
			why = "layout does not match the file";
	}
	if (why) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: %s", a->path, why);
		return FALSE;
	}
	/* The channel is named after the header: another file must not speak
	 * for an application that has its own (the name proves nothing about
	 * its owner, but two files cannot have one name). */
	expected = g_strdup_printf("%s-%u%s", h->name, h->pid, LTT_UST_SHM_SUFFIX);
	if (strcmp(expected, a->name) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: its header says %s", a->path, expected);
		g_free(expected);
		return FALSE;
	}
	g_free(expected);
	a->mode = h->mode;
	a->clock = h->clock;
	a->subbuf_size = h->subbuf_size;
	a->subbuf_count = h->subbuf_count;
	a->buffer_count = h->buffer_count;
	a->types_offset = l.types_offset;
	a->types_size = h->types_size;
	a->buffers_offset = l.buffers_offset;
	a->ctl_size = l.ctl_size;
	a->stride = l.buffer_stride;
	a->channel = g_strdup_printf("ust-%s-%u", h->name, h->pid);
	return TRUE;
}

gboolean ust_trusted_owner(const struct stat *st)
{
	return (st->st_uid == geteuid() || st->st_uid == 0) && (st->st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

UstApp *ust_app_open(int dir_fd, const char *dir, const char *name, GError **error)
{
	UstApp *a = g_new0(UstApp, 1);
	const char *path;
	struct stat st;

	a->path = g_build_filename(dir, name, NULL);
	a->name = g_strdup(name);
	a->dir_fd = dir_fd;
	path = a->path;
	/* Never through a link: the registry may be writable by anyone. */
	a->fd = openat(dir_fd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (a->fd < 0 || fstat(a->fd, &st) != 0) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot open: %s", path,
		            errno == ELOOP ? "a symbolic link, not followed" : g_strerror(errno));
		ust_app_free(a);
		return NULL;
	}
	if (!S_ISREG(st.st_mode) || st.st_nlink != 1) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: %s", path,
		            S_ISREG(st.st_mode) ? "has other names (hard links): not used" : "not a regular file");
		ust_app_free(a);
		return NULL;
	}
	if (st.st_size < (off_t) sizeof(struct ltt_ust_shm_header)) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: shorter than its header", path);
		ust_app_free(a);
		return NULL;
	}
	a->size = (gsize) st.st_size;
	a->base = mmap(NULL, a->size, PROT_READ | PROT_WRITE, MAP_SHARED, a->fd, 0);
	if (a->base == MAP_FAILED) {
		a->base = NULL;
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot map: %s", path, g_strerror(errno));
		ust_app_free(a);
		return NULL;
	}
	/* Before the first read: the owner may cut the file at any time. */
	a->guard = ltt_map_guard_add(a->base, a->size, TRUE);
	if (!check_header(a, (const struct ltt_ust_shm_header *) a->base, (guint64) st.st_size, error)) {
		ust_app_free(a);
		return NULL;
	}
#ifndef LTT_UST_HAVE_TSC
	if (a->clock == LTT_UST_CLOCK_TSC) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_DAMAGED, "%s: TSC times on a machine without a TSC", path);
		ust_app_free(a);
		return NULL;
	}
#endif
	a->buffers = g_new0(UstAppBuffer, a->buffer_count);
	for (guint b = 0; b < a->buffer_count; b++) {
		const struct ltt_ust_buffer_ctl *ctl = (const void *) (a->base + a->buffers_offset + a->stride * b);
		a->buffers[b].lost_added = ctl->lost_reported;
	}
	a->copy = g_malloc(a->subbuf_size);
	a->variable_types = g_new0(const LttType *, LTT_UST_EVENT_ID_MAX + 1);
	a->rejected_names = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	a->wrapped = g_byte_array_new();
	return a;
}

gboolean ust_app_still_named(const UstApp *a)
{
	struct stat by_name, mapped;

	return fstatat(a->dir_fd, a->name, &by_name, AT_SYMLINK_NOFOLLOW) == 0 && fstat(a->fd, &mapped) == 0
	       && by_name.st_dev == mapped.st_dev && by_name.st_ino == mapped.st_ino;
}

gboolean ust_app_is_dead(UstApp *a)
{
	/* The application holds a shared lock for as long as it lives (the
	 * kernel drops it at exit, however it exits). */
	return flock(a->fd, LOCK_EX | LOCK_NB) == 0;
}

void ust_app_free(UstApp *a)
{
	if (!a)
		return;
	ltt_map_guard_remove(a->guard);
	if (a->base)
		munmap(a->base, a->size);
	if (a->fd >= 0)
		close(a->fd);
	g_free(a->buffers);
	g_free(a->copy);
	g_free(a->variable_types);
	if (a->rejected_names)
		g_hash_table_destroy(a->rejected_names);
	if (a->wrapped)
		g_byte_array_unref(a->wrapped);
	g_free(a->channel);
	g_free(a->path);
	g_free(a->name);
	g_free(a);
}

gboolean ust_app_records_tsc(const UstApp *a)
{
	return a->clock == LTT_UST_CLOCK_TSC;
}

const char *ust_app_name(const UstApp *a)
{
	return a->name;
}

gboolean ust_app_was_cut(const UstApp *a)
{
	return ltt_map_guard_faulted(a->guard);
}

/* The tag of a claim: an HMAC over what the claim says, keyed with the
 * drainer's key, which applications cannot read. */
static void claim_tag(const UstClaimKey *key, const char *channel, guint b, guint64 bytes, guint64 consumed,
                      guint8 tag[16])
{
	GHmac *h = g_hmac_new(G_CHECKSUM_SHA256, key->bytes, sizeof key->bytes);
	guint64 v[3] = { b, bytes, consumed };
	guint8 digest[32];
	gsize len = sizeof digest;

	g_hmac_update(h, (const guchar *) channel, strlen(channel) + 1);
	g_hmac_update(h, (const guchar *) v, sizeof v);
	g_hmac_get_digest(h, digest, &len);
	g_hmac_unref(h);
	memcpy(tag, digest, 16);
}

static void report_damage(UstApp *a, guint b, guint64 offset, const char *what)
{
	if (a->buffers[b].damage_reported)
		return;
	a->buffers[b].damage_reported = TRUE;
	g_message("%s: buffer %u, offset %" G_GUINT64_FORMAT ": %s; the rest of the sub-buffer is counted lost",
	          a->path, b, offset, what);
}

/* Declares the types published since the last call. */
static gboolean read_types(UstApp *a, LttWriter *w, GError **error)
{
	const struct ltt_ust_shm_header *h = (const struct ltt_ust_shm_header *) a->base;
	guint32 used = atomic_load_explicit((_Atomic guint32 *) &h->types_used, memory_order_acquire);
	const guint8 *area = a->base + a->types_offset;

	if (used > a->types_size)
		used = (guint32) a->types_size;
	while (a->types_seen + sizeof(struct ltt_ust_type_record) <= used) {
		const struct ltt_ust_type_record *r = (const void *) (area + a->types_seen);
		guint32 size = r->size, id = r->id;
		gsize text_len = size - sizeof *r;
		const char *name = r->text, *fields, *end;
		const LttEventType *et;
		GError *e = NULL;

		if (size < sizeof *r + 2U || size % 8U != 0 || size > used - a->types_seen) {
			g_message("%s: type area offset %u: bad record size %u; later types are ignored",
			          a->path, a->types_seen, size);
			a->types_seen = used;
			break;
		}
		a->types_seen += size;
		end = memchr(name, '\0', text_len);
		fields = end ? end + 1 : NULL;
		if (id > LTT_UST_EVENT_ID_MAX || a->type_state[id] != TYPE_UNKNOWN || !fields
		    || !memchr(fields, '\0', text_len - (gsize) (fields - name))) {
			g_message("%s: type record with id %u is malformed or repeated; ignored", a->path, id);
			continue;
		}
		if ((et = ltt_writer_declare_event(w, a->channel, id, name, fields, &e))) {
			const LttType *payload = ltt_event_type_payload(et);
			a->type_state[id] = TYPE_DECLARED;
			if (ltt_type_fixed_size(payload) == 0 && ltt_type_field_count(payload) != 0)
				a->variable_types[id] = payload;
			continue;
		}
		if (e->domain == LTT_ERROR && e->code == LTT_ERROR_IO) {
			g_propagate_error(error, e);
			return FALSE;
		}
		g_message("%s: event type %s (id %u) rejected by the trace, its events are written as %s "
		          "events with their raw payload: %s", a->path, name, id, REJECTED_TYPE, e->message);
		g_clear_error(&e);
		if (ltt_writer_declare_event(w, a->channel, id, REJECTED_TYPE, REJECTED_FIELDS, &e)) {
			a->type_state[id] = TYPE_REJECTED;
			g_hash_table_insert(a->rejected_names, GUINT_TO_POINTER(id), g_strdup(name));
			continue;
		}
		if (e->domain == LTT_ERROR && e->code == LTT_ERROR_IO) {
			g_propagate_error(error, e);
			return FALSE;
		}
		g_message("%s: id %u: %s; its events are counted lost", a->path, id, e->message);
		g_error_free(e);
		a->type_state[id] = TYPE_UNUSABLE;
	}
	return TRUE;
}

static LttWriterChannel *buffer_channel(UstApp *a, LttWriter *w, guint b, GError **error)
{
	if (!a->buffers[b].ch)
		a->buffers[b].ch = ltt_writer_channel(w, a->channel, b, error);
	return a->buffers[b].ch;
}

static gboolean write_event(UstApp *a, LttWriter *w, const UstTsc *tsc, guint b, guint64 time, guint32 id,
                            const guint8 *payload, guint32 size, GError **error)
{
	UstAppBuffer *ub = &a->buffers[b];
	LttWriterChannel *ch;

	if (a->clock == LTT_UST_CLOCK_TSC)
		time = ust_tsc_to_ns(tsc, time);
	/* Two threads' clock reads may cross by a few ns around a contended
	 * reservation; the format wants non-decreasing times. */
	if (time < ub->last_time)
		time = ub->last_time;
	ch = buffer_channel(a, w, b, error);
	if (!ch || !ltt_writer_channel_append(ch, time, id, payload, size, error))
		return FALSE;
	ub->last_time = time;
	return TRUE;
}

/* A payload of a type with strings or sequences must decode within its
 * bytes: the writer checks only fixed sizes and the library only the
 * smallest size, and a reader would find the event damaged in the trace,
 * with nothing to say that the application wrote it so. */
static gboolean check_variable_payload(UstApp *a, LttWriter *w, guint32 id, const guint8 *payload, guint32 size,
                                       GError **error)
{
	LttValue v = { a->variable_types[id], payload, size, ltt_writer_byte_order(w) != G_BYTE_ORDER };
	GError *e = NULL;
	gsize used;

	if (ltt_value_size(&v, &used, &e))
		return TRUE;
	g_set_error(error, LTT_ERROR, LTT_ERROR_INVALID, "%s: event id %u has a payload of %u bytes that is not of "
	            "its type (%s)", a->path, id, size, e->message);
	g_error_free(e);
	return FALSE;
}

/* Writes a record of a declared or rejected type. */
static gboolean write_record(UstApp *a, LttWriter *w, const UstTsc *tsc, guint b, guint64 time, guint32 id,
                             const guint8 *payload, guint32 size, GError **error)
{
	const char *name;
	guint32 n = size;

	if (a->type_state[id] == TYPE_DECLARED) {
		if (a->variable_types[id] && !check_variable_payload(a, w, id, payload, size, error))
			return FALSE;
		return write_event(a, w, tsc, b, time, id, payload, size, error);
	}
	name = g_hash_table_lookup(a->rejected_names, GUINT_TO_POINTER(id));
	g_byte_array_set_size(a->wrapped, 0);
	g_byte_array_append(a->wrapped, (const guint8 *) name, (guint) strlen(name) + 1);
	g_byte_array_append(a->wrapped, (const guint8 *) &n, sizeof n);
	g_byte_array_append(a->wrapped, payload, size);
	return write_event(a, w, tsc, b, time, id, a->wrapped->data, a->wrapped->len, error);
}

/* What parse_subbuf found. */
typedef struct {
	guint64 stop;            /* offset where parsing stopped */
	guint32 records;         /* complete event records */
	guint32 unusable;        /* of which with no type the trace holds (undeclared ids) */
} ParseResult;

/*
 * Parses the records of sub-buffer g held in a->copy from byte off to end,
 * appending the events to the trace when write is set.  complete: the
 * commit count says every record is there; otherwise a record is taken only
 * when its stamp is right, and scan (dead application) looks past records a
 * thread reserved but never finished.
 */
static gboolean parse_subbuf(UstApp *a, LttWriter *w, const UstTsc *tsc, guint b, guint64 g, guint64 off,
                             guint64 end, gboolean complete, gboolean scan, gboolean write, ParseResult *res,
                             GError **error)
{
	guint64 base = g * a->subbuf_size, p = off;

	res->records = res->unusable = 0;
	res->stop = end;
	while (p + LTT_UST_RECORD_HEADER_SIZE <= end) {
		struct ltt_ust_record r;
		guint32 id, size, len;

		memcpy(&r, a->copy + p, sizeof r);
		id = r.info >> LTT_UST_INFO_SIZE_BITS;
		size = r.info & LTT_UST_PAYLOAD_MAX;
		len = ltt_ust_record_size(size);
		if (r.stamp != ltt_ust_stamp(base + p) || (id != LTT_UST_ID_PADDING && len > end - p)) {
			if (complete) {
				report_damage(a, b, base + p, "record with a wrong stamp or size");
				return TRUE;
			}
			if (!scan) {
				res->stop = p;
				return TRUE;
			}
			p += LTT_UST_RECORD_ALIGN;
			continue;
		}
		if (id == LTT_UST_ID_PADDING)
			return TRUE;
		if (a->type_state[id] == TYPE_UNKNOWN && !read_types(a, w, error))
			return FALSE;
		res->records++;
		if (a->type_state[id] != TYPE_DECLARED && a->type_state[id] != TYPE_REJECTED)
			res->unusable++;
		else if (write && !write_record(a, w, tsc, b, r.time, id, a->copy + p + LTT_UST_RECORD_HEADER_SIZE,
		                                size, error))
			return FALSE;
		p += len;
	}
	if (!complete && !scan)
		res->stop = p;
	return TRUE;
}

/* Reports count lost events before whatever this channel gets next: the
 * block in progress is ended so that the next one's header carries them. */
static gboolean add_lost(UstApp *a, LttWriter *w, guint b, guint64 count, GError **error)
{
	LttWriterChannel *ch = buffer_channel(a, w, b, error);

	if (!ch || !ltt_writer_channel_flush(ch, error))
		return FALSE;
	ltt_writer_channel_add_lost(ch, count);
	return TRUE;
}

/* For tests/test-ust.sh: LTT_UST_DRAIN_KILL_BEFORE_COMMIT=N kills this
 * drainer at its Nth pass that wrote events, between the trace write and
 * the store of consumed, the moment a restarted drainer must repair. */
static gboolean kill_before_commit_due(void)
{
	static gint64 left = -1;

	if (left < 0) {
		const char *v = g_getenv("LTT_UST_DRAIN_KILL_BEFORE_COMMIT");
		left = v ? g_ascii_strtoll(v, NULL, 10) : 0;
		if (left <= 0)
			left = 0;
	}
	return left > 0 && --left == 0;
}

/* Drains buffer b; returns FALSE only on trace write errors. */
static gboolean drain_buffer(UstApp *a, LttWriter *w, const UstTsc *tsc, const UstClaimKey *key, guint b,
                             gboolean partial, gboolean dead, GError **error)
{
	struct ltt_ust_buffer_ctl *ctl = (void *) (a->base + a->buffers_offset + a->stride * b);
	const guint8 *data = (const guint8 *) ctl + a->ctl_size;
	UstAppBuffer *ub = &a->buffers[b];
	guint64 S = a->subbuf_size, n = a->subbuf_count;
	guint32 acct[LTT_UST_SUBBUF_COUNT_MAX];
	guint64 pos = atomic_load_explicit(&ctl->consumed, memory_order_relaxed), appended = 0, discarded;
	/* A writer overwriting faster than this loop copies, or a corrupt
	 * reserve, must not keep the drainer here: the rest waits for the next
	 * pass (no more than subbuf_count sub-buffers can be waiting). */
	guint64 budget = 4 * n + 4;
	guint64 claim = (ub->ch ? ltt_writer_channel_bytes_written(ub->ch) : 0) + 1;

	for (guint64 i = 0; i < n; i++)
		acct[i] = ctl->subbuf[i].acct_events;
	/* Before anything of this pass reaches the trace: where to truncate
	 * back to, should this drainer die before storing consumed. */
	ctl->claim_consumed = pos;
	claim_tag(key, a->channel, b, claim, pos, ctl->claim_tag);
	atomic_store_explicit(&ctl->claim_bytes, claim, memory_order_release);
	discarded = atomic_load_explicit(&ctl->lost_discarded, memory_order_relaxed);
	if (discarded > ub->lost_added) {
		if (!add_lost(a, w, b, discarded - ub->lost_added, error))
			return FALSE;
		ub->lost_added = discarded;
	}
	for (;;) {
		guint64 r = atomic_load_explicit(&ctl->reserve, memory_order_acquire);
		guint64 g = pos / S, off = pos % S, slot = g % n, lap_base = g * S;
		guint64 c, committed, end;
		guint32 events, lost;
		ParseResult res;
		gboolean complete;

		if (pos >= r || budget-- == 0)
			break;
		if (a->mode == LTT_UST_MODE_OVERWRITE && r > (g + n) * S) {
			/* Overwritten: resume at the oldest sub-buffer still intact;
			 * the slot accounting below counts what was lost. */
			pos = ((r - 1) / S - n + 1) * S;
			continue;
		}
		c = atomic_load_explicit(&ctl->subbuf[slot].commit, memory_order_acquire);
		committed = (guint32) ((guint32) c - (guint32) ((g / n) * S));
		if (committed > S) {
			/* Writers of the next lap got in since reserve was read. */
			if (a->mode == LTT_UST_MODE_OVERWRITE
			    && atomic_load_explicit(&ctl->reserve, memory_order_acquire) > (g + n) * S)
				continue;
			report_damage(a, b, lap_base, "commit count beyond the sub-buffer");
			break;
		}
		complete = committed == S;
		if (!complete && !partial)
			break;
		end = complete ? S : MIN(S, r - lap_base);
		memcpy(a->copy + off, data + slot * S + off, end - off);
		atomic_thread_fence(memory_order_seq_cst);
		if (a->mode == LTT_UST_MODE_OVERWRITE
		    && atomic_load_explicit(&ctl->reserve, memory_order_relaxed) > (g + n) * S)
			continue;
		if (!parse_subbuf(a, w, tsc, b, g, off, end, complete, dead, FALSE, &res, error))
			return FALSE;
		/* Events the slot committed (high half of commit, cumulative)
		 * minus those read or counted before: overwritten or damaged. */
		events = (guint32) ((c - ((g / n) * S + committed)) >> 32);
		lost = events - acct[slot] - res.records;
		if ((gint32) lost <= 0)
			lost = 0;
		acct[slot] = lost ? events : acct[slot] + res.records;
		if ((lost || res.unusable) && !add_lost(a, w, b, (guint64) lost + res.unusable, error))
			return FALSE;
		if (!parse_subbuf(a, w, tsc, b, g, off, end, complete, dead, TRUE, &res, error))
			return FALSE;
		appended += res.records - res.unusable;
		if (complete || (dead && lap_base + S < r)) {
			pos = lap_base + S;
			continue;
		}
		pos = lap_base + res.stop;
		break;
	}
	if (ub->ch && !ltt_writer_channel_flush(ub->ch, error))
		return FALSE;
	if (G_UNLIKELY(appended && kill_before_commit_due()))
		raise(SIGKILL);
	/* The trace holds the events now: only then may the application reuse
	 * the space, and a restarted drainer skip them.  Losses are in a
	 * written header once an event followed them. */
	for (guint64 i = 0; i < n; i++)
		ctl->subbuf[i].acct_events = acct[i];
	if (appended)
		ctl->lost_reported = ub->lost_added;
	atomic_store_explicit(&ctl->consumed, pos, memory_order_release);
	atomic_store_explicit(&ctl->claim_bytes, 0, memory_order_release);
	return TRUE;
}

/* Cuts the channel file name in the trace directory trace_fd back to len
 * bytes: only a regular file of a trusted owner, reached without a link,
 * and never made longer. */
static gboolean truncate_channel(int trace_fd, const char *trace, const char *name, guint64 len, GError **error)
{
	int fd = openat(trace_fd, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	const char *why = NULL;
	struct stat st;

	if (fd < 0 && errno == ENOENT)
		return TRUE;
	if (fd < 0 || fstat(fd, &st) != 0)
		why = errno == ELOOP ? "a symbolic link, not followed" : g_strerror(errno);
	else if (!S_ISREG(st.st_mode) || st.st_nlink != 1 || !ust_trusted_owner(&st))
		why = "not a regular file of this drainer's user, or has other names";
	else if ((guint64) st.st_size > len && ftruncate(fd, (off_t) len) != 0)
		why = g_strerror(errno);
	if (fd >= 0)
		close(fd);
	if (why)
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s/%s: cannot truncate to %" G_GUINT64_FORMAT
		            " bytes (undoing the last pass of a drainer that was stopped): %s; the events of "
		            "that pass may be written twice", trace, name, len, why);
	return why == NULL;
}

gboolean ust_app_undo_unfinished_pass(UstApp *a, int trace_fd, const char *trace, const UstClaimKey *key,
                                      GError **error)
{
	gboolean ok = TRUE;

	for (guint b = 0; b < a->buffer_count; b++) {
		struct ltt_ust_buffer_ctl *ctl = (void *) (a->base + a->buffers_offset + a->stride * b);
		guint64 claim = atomic_load_explicit(&ctl->claim_bytes, memory_order_acquire);
		guint64 consumed = ctl->claim_consumed;
		guint8 tag[16];
		GError *e = NULL;
		char *name;

		if (claim == 0)
			continue;
		/* consumed stored: the pass ended, only the claim's reset is missing. */
		if (atomic_load_explicit(&ctl->consumed, memory_order_relaxed) != consumed) {
			atomic_store_explicit(&ctl->claim_bytes, 0, memory_order_release);
			continue;
		}
		name = g_strdup_printf("%s_%u", a->channel, b);
		if (key)
			claim_tag(key, a->channel, b, claim, consumed, tag);
		if (trace_fd < 0 || !key)
			g_set_error(&e, LTT_ERROR, LTT_ERROR_IO,
			            "%s: buffer %u: a drainer stopped in the middle of a pass and its "
			            "trace is unknown: the events of that pass may be written twice", a->path, b);
		else if (memcmp(tag, ctl->claim_tag, sizeof tag) != 0 || (claim - 1) % LTT_UST_PAGE != 0)
			/* Not a drainer's: only the application can have written it.
			 * Blocks are at least a page: a real claim is a multiple. */
			g_set_error(&e, LTT_ERROR, LTT_ERROR_DAMAGED,
			            "%s: buffer %u: a claim to truncate %s/%s that no drainer made; ignored",
			            a->path, b, trace, name);
		else
			truncate_channel(trace_fd, trace, name, claim - 1, &e);
		/* The first problem is returned: one message per application. */
		if (e && ok)
			g_propagate_error(error, e);
		else
			g_clear_error(&e);
		ok = ok && e == NULL;
		g_free(name);
		atomic_store_explicit(&ctl->claim_bytes, 0, memory_order_release);
	}
	return ok;
}

gboolean ust_app_drain(UstApp *a, LttWriter *w, const UstTsc *tsc, const UstClaimKey *key, gboolean partial,
                       gboolean dead, GError **error)
{
	if (!read_types(a, w, error))
		return FALSE;
	for (guint b = 0; b < a->buffer_count; b++)
		if (!drain_buffer(a, w, tsc, key, b, partial, dead, error))
			return FALSE;
	return TRUE;
}
