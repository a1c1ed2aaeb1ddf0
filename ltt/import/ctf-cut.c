/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-cut.c: CTF stream files whose last packet is cut short.  A tracer
 * stopped while writing (a crash, a full disk, a copy made while it ran)
 * leaves a stream file ending inside a packet, and babeltrace2 2.0 then
 * refuses the whole trace while it indexes it, before any event is read.
 * The whole packets before the cut are good: a view of the trace where
 * that file ends at the cut lets babeltrace2 read them.
 *
 * Packets are found without the metadata: each starts with the CTF magic
 * (0xC1FC1FC1, in the trace's byte order), and its context holds
 * content_size then packet_size (u64, in bits) at an offset fixed for the
 * stream, which depends on the tracer's packet header (24 bytes for
 * LTTng 2.1 and earlier, 32 after).  An offset is taken when the chain of
 * packet sizes it gives lands on the magic at every packet start. */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include "ltt/ltt.h"
#include "ctf-cut.h"

#define CTF_MAGIC 0xC1FC1FC1u
#define FIRST_SIZE_OFFSET 24   /* packet_size: after header and two u64 at least */
#define LAST_SIZE_OFFSET 96

static gboolean read_at(int fd, guint64 offset, void *buf, gsize n)
{
	return pread(fd, buf, n, (off_t) offset) == (gssize) n;
}

static guint32 load32(const guint8 *p, gboolean swap)
{
	guint32 v;
	memcpy(&v, p, 4);
	return swap ? GUINT32_SWAP_LE_BE(v) : v;
}

static guint64 load64(const guint8 *p, gboolean swap)
{
	guint64 v;
	memcpy(&v, p, 8);
	return swap ? GUINT64_SWAP_LE_BE(v) : v;
}

/* Follows the packets of fd (size bytes) with packet_size at off: the
 * offset of a last packet cut short (G_MAXUINT64: none, the file ends at a
 * packet's end), or FALSE when off is not where the sizes are. */
static gboolean follow_packets(int fd, guint64 size, guint off, gboolean swap, guint64 *cut, guint *packets)
{
	guint64 o = 0;

	*packets = 0;
	while (o < size) {
		guint8 magic[4], sizes[16];
		guint64 content, packet;

		if (!read_at(fd, o, magic, 4) || load32(magic, swap) != CTF_MAGIC)
			return FALSE;
		if (!read_at(fd, o + off - 8, sizes, 16)) {
			*cut = o;    /* not even the context is whole */
			return *packets > 0;
		}
		content = load64(sizes, swap);
		packet = load64(sizes + 8, swap);
		if (packet % 8 != 0 || content > packet || packet / 8 < off + 8 || content / 8 < off + 8)
			return FALSE;
		if (packet / 8 > size - o) {
			*cut = o;
			return *packets > 0;
		}
		o += packet / 8;
		(*packets)++;
	}
	*cut = G_MAXUINT64;
	return TRUE;
}

/* Where the last packet of the stream file path starts when it is cut
 * short (*total: the file's size); G_MAXUINT64 when it is not, or when its
 * packets cannot be told apart. */
static guint64 cut_offset(const char *path, guint64 *total)
{
	int fd = g_open(path, O_RDONLY | O_CLOEXEC, 0);
	guint8 magic[4];
	struct stat st;
	guint64 cut = G_MAXUINT64;
	gboolean swap;

	if (fd < 0)
		return G_MAXUINT64;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && read_at(fd, 0, magic, 4)
	    && (load32(magic, FALSE) == CTF_MAGIC || load32(magic, TRUE) == CTF_MAGIC)) {
		swap = load32(magic, FALSE) != CTF_MAGIC;
		*total = (guint64) st.st_size;
		for (guint off = FIRST_SIZE_OFFSET; off <= LAST_SIZE_OFFSET; off += 8) {
			guint64 at;
			guint packets;

			/* A file of whole packets is not cut, whatever the offset. */
			if (follow_packets(fd, *total, off, swap, &at, &packets)) {
				cut = at;
				break;
			}
		}
	}
	close(fd);
	return cut;
}

/* dst: src's first n bytes. */
static gboolean copy_head(const char *src, const char *dst, guint64 n, GError **error)
{
	int in = g_open(src, O_RDONLY | O_CLOEXEC, 0), out = -1;
	guint64 done = 0;
	gboolean ok = FALSE;

	if (in >= 0)
		out = g_open(dst, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	while (in >= 0 && out >= 0 && done < n) {
		char buf[1 << 16];
		gssize r = read(in, buf, MIN(sizeof(buf), n - done));

		if (r <= 0 || write(out, buf, (gsize) r) != r)
			break;
		done += (guint64) r;
	}
	ok = in >= 0 && out >= 0 && done == n;
	if (!ok)
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: cannot copy its whole packets to %s: %s", src, dst,
		            g_strerror(errno));
	if (out >= 0 && close(out) != 0 && ok) {
		g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", dst, g_strerror(errno));
		ok = FALSE;
	}
	if (in >= 0)
		close(in);
	return ok;
}

char *ltt_ctf_uncut_view(const char *dir, GString *what, GError **error)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
	GArray *cuts = g_array_new(FALSE, FALSE, sizeof(guint64));
	char *view = NULL, *abs_dir = NULL;
	const char *name;
	gboolean any = FALSE, ok = TRUE;

	if (d == NULL)
		goto out;
	while ((name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(dir, name, NULL);
		guint64 total = 0, cut = strcmp(name, "metadata") == 0 ? G_MAXUINT64 : cut_offset(path, &total);

		g_ptr_array_add(names, g_strdup(name));
		g_array_append_val(cuts, cut);
		if (cut != G_MAXUINT64) {
			any = TRUE;
			g_string_append_printf(what, "%s%s: its last packet, from offset %" G_GUINT64_FORMAT
			                       ", is cut short (%" G_GUINT64_FORMAT " bytes): its events are lost, the "
			                       "whole packets before it are read", what->len ? "; " : "", path, cut,
			                       total - cut);
		}
		g_free(path);
	}
	g_dir_close(d);
	if (!any)
		goto out;
	abs_dir = g_canonicalize_filename(dir, NULL);
	view = g_dir_make_tmp("lttv-ctf-XXXXXX", error);
	for (guint i = 0; view != NULL && ok && i < names->len; i++) {
		const char *n = g_ptr_array_index(names, i);
		/* Links name their target from anywhere. */
		char *from = g_canonicalize_filename(n, abs_dir), *to = g_build_filename(view, n, NULL);
		guint64 cut = g_array_index(cuts, guint64, i);

		if (cut != G_MAXUINT64) {
			ok = copy_head(from, to, cut, error);
		} else if (symlink(from, to) != 0) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_IO, "%s: %s", to, g_strerror(errno));
			ok = FALSE;
		}
		g_free(from);
		g_free(to);
	}
	if (view != NULL && !ok)
		g_clear_pointer(&view, ltt_ctf_view_remove);
out:
	g_free(abs_dir);
	g_ptr_array_unref(names);
	g_array_free(cuts, TRUE);
	return view;
}

void ltt_ctf_view_remove(char *view)
{
	GDir *d = g_dir_open(view, 0, NULL);
	const char *name;

	while (d != NULL && (name = g_dir_read_name(d)) != NULL) {
		char *path = g_build_filename(view, name, NULL);
		g_unlink(path);
		g_free(path);
	}
	if (d != NULL)
		g_dir_close(d);
	g_rmdir(view);
	g_free(view);
}
