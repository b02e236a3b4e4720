import HabitCore
import PropertyBased
import Testing

/// A start date is checked against whatever `today` a client sends: any pair of days gives an
/// answer (a problem with a message, or none), never a trap.
@Suite struct DayRangeTests {
  @Test func anyTodayAndStartGiveAnAnswerAndNeverATrap() async {
    await propertyCheck(
      count: 2_000,
      input: Gen.bool, Gen.int(in: Int.min...Int.max), Gen.int(in: -400_000...3_000_000),
      Gen.int(in: -4_000_000...4_000_000)
    ) { anyInteger, wide, near, startDays in
      // Half of the todays are any integer, half days of the years 900 to 10,100.
      let todayDays = anyInteger ? wide : near
      let (today, start) = (Day(daysSince1970: todayDays), Day(daysSince1970: startDays))
      let problem = DayRange.startProblem(start, today: today)
      let latest = DayRange.latestStart(today: today)
      #expect(latest >= DayRange.earliest && latest <= DayRange.last)
      // Allowed: from `earliest` to a year after today (counted without overflowing), and never
      // after the last day a date can name.
      let ahead = Int64(todayDays).addingReportingOverflow(Int64(DayRange.maximumStartAhead))
      let allowed =
        startDays >= DayRange.earliest.daysSince1970 && start <= DayRange.last
        && (ahead.overflow || Int64(startDays) <= ahead.partialValue)
      #expect((problem == nil) == allowed, "today \(todayDays), start \(startDays)")
      if let problem { #expect(!problem.message.isEmpty) }
    }
  }

  @Test func aTodayMoreThanAYearBeforeTheEarliestStartAllowsNoStart() throws {
    let today = try #require(Day(iso: "1990-06-01"))
    for start in ["1989-12-31", "1990-06-01", "2000-01-01", "2026-11-27"] {
      let problem = DayRange.startProblem(try #require(Day(iso: start)), today: today)
      #expect(problem == .startOutOfRange(latest: DayRange.earliest), "\(start)")
    }
    let yearBefore = try #require(Day(iso: "1999-01-01"))
    #expect(DayRange.startProblem(DayRange.earliest, today: yearBefore) == nil)
  }

  @Test func theExtremeTodaysAnswerWithoutTrapping() throws {
    let start = try #require(Day(iso: "2026-11-27"))
    #expect(DayRange.startProblem(start, today: Day(daysSince1970: .max)) == nil)
    #expect(DayRange.latestStart(today: Day(daysSince1970: .max)) == DayRange.last)
    #expect(DayRange.startProblem(start, today: Day(daysSince1970: .min)) != nil)
    #expect(DayRange.latestStart(today: Day(daysSince1970: .min)) == DayRange.earliest)
  }
}
