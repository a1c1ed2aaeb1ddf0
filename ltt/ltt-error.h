/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-error.h: the GError domain of libltt. */
#ifndef LTT_ERROR_H
#define LTT_ERROR_H

#include <glib.h>

G_BEGIN_DECLS

#define LTT_ERROR (ltt_error_quark())
GQuark ltt_error_quark(void);

/* Every message names the file and, where it applies, the block, the byte
 * offset in the file, or the line and column of the metadata. */
typedef enum {
	LTT_ERROR_IO,           /* open, stat, mmap, write failed (errno text in message) */
	LTT_ERROR_NOT_A_TRACE,  /* directory without metadata, or no channel files */
	LTT_ERROR_METADATA,     /* metadata syntax or semantic error */
	LTT_ERROR_VERSION,      /* unsupported format major version */
	LTT_ERROR_DAMAGED,      /* a block or event is inconsistent; the reader skips it */
	LTT_ERROR_UNKNOWN_EVENT,/* event id not declared in the metadata */
	LTT_ERROR_FIELD,        /* field access that does not fit the field's type */
	LTT_ERROR_PARSE,        /* text given by a user (time, declaration) does not parse */
	LTT_ERROR_INVALID,      /* API misuse detected at the boundary (wrong order, bad argument) */
	LTT_ERROR_POSITION      /* a saved position does not designate an event of this tracefile */
} LttError;

G_END_DECLS

#endif
