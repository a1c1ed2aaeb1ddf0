/* lttvtestb: no prerequisite. */
#include "test-module.h"

TEST_MODULE("lttvtestb", NULL);
