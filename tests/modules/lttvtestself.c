/* lttvtestself: its own prerequisite, through lttvtestloop. */
#include "test-module.h"

static const char *const prerequisites[] = { "lttvtestloop", NULL };
TEST_MODULE("lttvtestself", prerequisites);
