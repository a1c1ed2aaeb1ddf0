/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestmissing: needs a module that does not exist. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestb", "lttvtestnothere", NULL };
TEST_MODULE("lttvtestmissing", prerequisites);
