/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtesta: needs lttvtestb. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestb", NULL };
TEST_MODULE("lttvtesta", prerequisites);
