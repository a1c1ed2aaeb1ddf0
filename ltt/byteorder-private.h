/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* byteorder-private.h: unaligned loads in either byte order.  Events are
 * packed, so every load goes through memcpy (one instruction on x86). */
#ifndef LTT_BYTEORDER_PRIVATE_H
#define LTT_BYTEORDER_PRIVATE_H

#include <string.h>
#include <glib.h>

static inline guint16 ltt_load_u16(const void *p, gboolean swap)
{
	guint16 v;
	memcpy(&v, p, sizeof v);
	return swap ? GUINT16_SWAP_LE_BE(v) : v;
}

static inline guint32 ltt_load_u32(const void *p, gboolean swap)
{
	guint32 v;
	memcpy(&v, p, sizeof v);
	return swap ? GUINT32_SWAP_LE_BE(v) : v;
}

static inline guint64 ltt_load_u64(const void *p, gboolean swap)
{
	guint64 v;
	memcpy(&v, p, sizeof v);
	return swap ? GUINT64_SWAP_LE_BE(v) : v;
}

static inline void ltt_store_u16(void *p, guint16 v, gboolean swap)
{
	if (swap)
		v = GUINT16_SWAP_LE_BE(v);
	memcpy(p, &v, sizeof v);
}

static inline void ltt_store_u32(void *p, guint32 v, gboolean swap)
{
	if (swap)
		v = GUINT32_SWAP_LE_BE(v);
	memcpy(p, &v, sizeof v);
}

static inline void ltt_store_u64(void *p, guint64 v, gboolean swap)
{
	if (swap)
		v = GUINT64_SWAP_LE_BE(v);
	memcpy(p, &v, sizeof v);
}

/* TRUE when a trace written in byte_order (G_LITTLE_ENDIAN/G_BIG_ENDIAN)
 * must be swapped on this host. */
static inline gboolean ltt_byte_order_swaps(int byte_order)
{
	return byte_order != G_BYTE_ORDER;
}

#endif
