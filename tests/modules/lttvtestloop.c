/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestloop: needs lttvtestself, which needs it. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestself", NULL };
TEST_MODULE("lttvtestloop", prerequisites);
