/* lttvtestc: needs lttvtesta (so lttvtestb too) and lttvtestb directly. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtesta", "lttvtestb", NULL };
TEST_MODULE("lttvtestc", prerequisites);
