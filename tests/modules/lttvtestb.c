/* SPDX-License-Identifier: GPL-2.0-or-later */
/* SPDX-FileCopyrightText: 2026 The LTTV authors */
/* lttvtestb: no prerequisite. */
#include "test-module.h"

TEST_MODULE("lttvtestb", NULL);
