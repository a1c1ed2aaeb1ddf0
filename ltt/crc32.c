/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* crc32.c: table-driven CRC-32 (IEEE, reflected, as zlib computes it); only
 * block headers are checksummed, so a byte-at-a-time table is enough. */
#include "crc32-private.h"

static guint32 crc_table[256];

static gpointer build_table(gpointer unused)
{
	for (guint32 i = 0; i < 256; i++) {
		guint32 c = i;
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320U ^ (c >> 1) : c >> 1;
		crc_table[i] = c;
	}
	return NULL;
}

guint32 ltt_crc32(const void *data, gsize len)
{
	static GOnce once = G_ONCE_INIT;
	const guint8 *p = data;
	guint32 c = 0xFFFFFFFFU;

	g_once(&once, build_table, NULL);
	while (len--)
		c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFU;
}
