/* lttvtestloop: needs lttvtestself, which needs it. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestself", NULL };
TEST_MODULE("lttvtestloop", prerequisites);
