/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-metadata-check.c: babeltrace2 2.0 reads a packetized metadata file
 * whose last packet is cut short (or claims more bytes than the file has)
 * in an endless loop, and the import would never end: such a file is
 * refused first.  A metadata packet starts with a header of its own (CTF
 * 1.8 §7.1): magic 0x75D11D57 (in the trace's byte order), uuid[16],
 * checksum u32, content_size u32 and packet_size u32 (in bits, header
 * included), then five u8 (compression, encryption, checksum scheme,
 * major, minor): 37 bytes. */
#include "config.h"
#include <stdio.h>
#include <string.h>
#include "ltt/ltt-error.h"
#include "ctf-metadata-check.h"

#define METADATA_MAGIC 0x75D11D57u
#define HEADER_SIZE 37
#define CONTENT_SIZE_AT 24
#define PACKET_SIZE_AT 28

static guint32 load32(const guint8 *p, gboolean swap)
{
	guint32 v;

	memcpy(&v, p, 4);
	return swap ? GUINT32_SWAP_LE_BE(v) : v;
}

gboolean ltt_ctf_metadata_check(const char *dir, GError **error)
{
	char *path = g_build_filename(dir, "metadata", NULL);
	FILE *f = fopen(path, "rb");
	guint8 h[HEADER_SIZE];
	gboolean swap = FALSE, ok = TRUE;
	guint64 off = 0, size;

	if (f == NULL || fseeko(f, 0, SEEK_END) != 0 || ftello(f) < 0) {
		if (f != NULL)
			fclose(f);
		g_free(path);
		return TRUE;
	}
	size = (guint64) ftello(f);
	rewind(f);
	if (fread(h, 1, 4, f) != 4 || (load32(h, FALSE) != METADATA_MAGIC && load32(h, TRUE) != METADATA_MAGIC)) {
		fclose(f);
		g_free(path);
		return TRUE;    /* plain text */
	}
	swap = load32(h, FALSE) != METADATA_MAGIC;
	while (ok && off < size) {
		guint64 content, packet;
		const char *why = NULL;

		if (fseeko(f, (off_t) off, SEEK_SET) != 0 || fread(h, 1, HEADER_SIZE, f) != HEADER_SIZE)
			why = "its header is cut short";
		else if (load32(h, swap) != METADATA_MAGIC)
			why = "no metadata packet magic";
		if (why == NULL) {
			content = load32(h + CONTENT_SIZE_AT, swap);
			packet = load32(h + PACKET_SIZE_AT, swap);
			if (content % 8 != 0 || packet % 8 != 0 || content < HEADER_SIZE * 8 || packet < content)
				why = "its content and packet sizes are inconsistent";
			else if (packet / 8 > size - off)
				why = "it ends past the end of the file (cut short)";
			else
				off += packet / 8;
		}
		if (why != NULL) {
			g_set_error(error, LTT_ERROR, LTT_ERROR_METADATA, "%s: metadata packet at offset %" G_GUINT64_FORMAT
			            " is damaged: %s", path, off, why);
			ok = FALSE;
		}
	}
	fclose(f);
	g_free(path);
	return ok;
}
