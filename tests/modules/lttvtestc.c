/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestc: needs lttvtesta (so lttvtestb too) and lttvtestb directly. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtesta", "lttvtestb", NULL };
TEST_MODULE("lttvtestc", prerequisites);
