/* lttvtesta: needs lttvtestb. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestb", NULL };
TEST_MODULE("lttvtesta", prerequisites);
