/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* payload.c: LttPayload, a growable byte buffer that stores integers in the
 * trace's byte order so producers never think about swapping. */
#include <string.h>
#include "writer.h"
#include "byteorder-private.h"

void ltt_payload_init(LttPayload *p, int byte_order)
{
	p->data = p->inline_buf;
	p->len = 0;
	p->cap = sizeof p->inline_buf;
	p->swap = ltt_byte_order_swaps(byte_order ? byte_order : G_BYTE_ORDER);
}

void ltt_payload_reset(LttPayload *p)
{
	p->len = 0;
}

void ltt_payload_clear(LttPayload *p)
{
	if (p->data != p->inline_buf)
		g_free(p->data);
	p->data = p->inline_buf;
	p->cap = sizeof p->inline_buf;
	p->len = 0;
}

/* Returns room for n more bytes; the caller advances len. */
static guint8 *payload_reserve(LttPayload *p, gsize n)
{
	if (p->cap - p->len < n) {
		gsize cap = p->cap * 2;
		while (cap - p->len < n)
			cap *= 2;
		if (p->data == p->inline_buf) {
			p->data = g_malloc(cap);
			memcpy(p->data, p->inline_buf, p->len);
		} else {
			p->data = g_realloc(p->data, cap);
		}
		p->cap = cap;
	}
	return p->data + p->len;
}

void ltt_payload_put_u8(LttPayload *p, guint8 v)
{
	*payload_reserve(p, 1) = v;
	p->len++;
}

void ltt_payload_put_u16(LttPayload *p, guint16 v)
{
	ltt_store_u16(payload_reserve(p, 2), v, p->swap);
	p->len += 2;
}

void ltt_payload_put_u32(LttPayload *p, guint32 v)
{
	ltt_store_u32(payload_reserve(p, 4), v, p->swap);
	p->len += 4;
}

void ltt_payload_put_u64(LttPayload *p, guint64 v)
{
	ltt_store_u64(payload_reserve(p, 8), v, p->swap);
	p->len += 8;
}

void ltt_payload_put_bytes(LttPayload *p, const void *bytes, gsize n)
{
	if (n == 0)
		return;
	memcpy(payload_reserve(p, n), bytes, n);
	p->len += n;
}

void ltt_payload_put_string(LttPayload *p, const char *s)
{
	ltt_payload_put_bytes(p, s, strlen(s) + 1);
}
