/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* crc32-private.h: CRC-32 (IEEE 802.3) of block headers. */
#ifndef LTT_CRC32_PRIVATE_H
#define LTT_CRC32_PRIVATE_H

#include <glib.h>

G_GNUC_INTERNAL guint32 ltt_crc32(const void *data, gsize len);

#endif
