/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestself: its own prerequisite, through lttvtestloop. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestloop", NULL };
TEST_MODULE("lttvtestself", prerequisites);
