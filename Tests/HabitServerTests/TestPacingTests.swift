import Foundation
import HabitTestPacing
import Testing

/// The suite runs a few tests per core at a time (Tests/HabitTestPacing), so database tests are
/// not starved by CPU-bound ones on a two-core machine.
@Suite struct TestPacingTests {
  @Test func theRunnerIsToldHowManyTestsToRunAtOnce() {
    let width = ProcessInfo.processInfo.environment[
      "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"]
    #expect(width.flatMap(Int.init).map { $0 >= 1 } == true)
    #expect(habit_test_parallel_width() == 2 * max(1, ProcessInfo.processInfo.activeProcessorCount))
  }
}
