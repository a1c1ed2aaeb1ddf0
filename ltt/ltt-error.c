/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt-error.c: the GError domain of libltt. */
#include "ltt-error.h"

G_DEFINE_QUARK(ltt-error-quark, ltt_error)
