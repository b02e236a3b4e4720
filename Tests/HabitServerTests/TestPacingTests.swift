import Foundation
import HabitTestPacing
import Testing

/// The suite runs a few tests per core at a time (Tests/HabitTestPacing), so database tests are
/// not starved by CPU-bound ones on a two-core machine.
@Suite struct TestPacingTests {
  @Test func theRunnerIsToldHowManyTestsToRunAtOnce() {
    let width = ProcessInfo.processInfo.environment[
      "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"
    ].flatMap { Int($0) }
    // Set by the constructor before the runner started, unless the environment gave one.
    #expect(width != nil && width! >= 1)
    #expect(habit_test_parallel_width() >= 2)
  }
}
