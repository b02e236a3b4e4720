#pragma once

/// How many tests Swift Testing runs at once in this process (set before the runner starts).
int habit_test_parallel_width(void);
