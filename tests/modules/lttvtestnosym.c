/* lttvtestnosym: a library that is not an lttv module. */
#include <glib.h>

int lttvtestnosym_answer(void);

int lttvtestnosym_answer(void)
{
	return 42;
}
