/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ctf-metadata-check.h: the packets of a CTF metadata file checked before
 * babeltrace2 reads them (ctf-metadata-check.c). */
#ifndef LTT_IMPORT_CTF_METADATA_CHECK_H
#define LTT_IMPORT_CTF_METADATA_CHECK_H

#include <glib.h>

/* FALSE, with an error naming the file and the packet's offset, when the
 * metadata file of the CTF trace in dir is packetized (as LTTng writes it)
 * and a packet's header is cut short or its sizes do not fit the file.
 * Plain-text metadata, and a file that cannot be read, pass: babeltrace2
 * says what is wrong with those. */
gboolean ltt_ctf_metadata_check(const char *dir, GError **error);

#endif
