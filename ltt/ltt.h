/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* ltt.h: everything libltt offers, in one include. */
#ifndef LTT_LTT_H
#define LTT_LTT_H

#include "ltt-format.h"
#include "ltt-error.h"
#include "ltt-time.h"
#include "type.h"
#include "trace.h"
#include "tracefile.h"
#include "event.h"
#include "writer.h"

#endif
