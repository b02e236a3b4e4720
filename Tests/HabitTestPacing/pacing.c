// Swift Testing starts every test at once by default. On a two-core machine the CPU-bound tests
// of the pure modules then fill Swift's cooperative pool (two threads) for half a minute, and the
// store and server tests, whose database calls have 30-second deadlines, wait behind them until
// those deadlines pass: the suite failed on fresh machines that way. Running a few tests per core
// at a time keeps every test's continuation near the front of the queue. This runs before the
// test runner reads its configuration, and a width given in the environment wins.
#include "HabitTestPacing.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char *const widthVariable = "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH";

int habit_test_parallel_width(void) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (cores < 1) cores = 1;
  return (int)(cores * 2);
}

__attribute__((constructor)) static void habit_test_pace(void) {
  char width[16];
  snprintf(width, sizeof width, "%d", habit_test_parallel_width());
  setenv(widthVariable, width, 0);
}
