import HabitCore
import PropertyBased
import Testing

@Suite struct CalendarTests {
  @Test func dayRoundTripsThroughYearMonthDayFor1900To2200() async {
    let first = Day(year: 1900, month: 1, day: 1)!.daysSince1970
    let last = Day(year: 2200, month: 12, day: 31)!.daysSince1970
    await propertyCheck(count: 2000, input: Gen.int(in: first...last)) { raw in
      let value = Day(daysSince1970: raw)
      let civil = value.civil
      #expect(Day(year: civil.year, month: civil.month, day: civil.day) == value)
      #expect(Day(iso: value.iso) == value)
    }
  }

  @Test func isoDatesAreTenCharactersWithZerosInFront() {
    #expect(Day(year: 2026, month: 11, day: 23)!.iso == "2026-11-23")
    #expect(Day(year: 987, month: 3, day: 5)!.iso == "0987-03-05")
    #expect(Day(year: 1970, month: 1, day: 1)!.iso == "1970-01-01")
    #expect(Day(year: 9999, month: 12, day: 31)!.iso == "9999-12-31")
  }

  @Test func everyDayFrom1900To2200RoundTripsAndFollowsTheWeekdayAnchor() {
    // 2026-11-22 is a Sunday; weekdays cycle with period 7 from that anchor.
    let anchor = Day(year: 2026, month: 11, day: 22)!
    #expect(anchor.weekday == .sunday)
    var value = Day(year: 1900, month: 1, day: 1)!
    #expect(value.weekday == .monday)
    let end = Day(year: 2200, month: 12, day: 31)!
    var previous = value.civil
    while value < end {
      let next = value.advanced(by: 1)
      let civil = next.civil
      let expected = ((anchor.distance(to: next) % 7) + 7 + 6) % 7 + 1
      #expect(next.weekday.isoNumber == expected)
      let continues =
        (civil.year == previous.year && civil.month == previous.month
          && civil.day == previous.day + 1)
        || (civil.day == 1
          && (civil.month == previous.month + 1 || (civil.month == 1 && previous.month == 12)))
      #expect(continues)
      previous = civil
      value = next
    }
  }

  @Test func weekdayPropertyMatchesModularArithmetic() async {
    await propertyCheck(input: Gen.int(in: -50_000...100_000), Gen.int(in: -400...400)) {
      raw, shift in
      let base = Day(daysSince1970: raw)
      #expect(base.advanced(by: shift * 7).weekday == base.weekday)
      #expect(base.advanced(by: 1).weekday == base.weekday.advanced(by: 1))
    }
  }

  @Test func knownDatesHaveTheirWeekdays() {
    #expect(Day(daysSince1970: 0).iso == "1970-01-01")
    #expect(Day(daysSince1970: 0).weekday == .thursday)
    #expect(day("2000-02-29").weekday == .tuesday)
    #expect(day("1969-12-31").weekday == .wednesday)
    #expect(day("2200-12-31").weekday == .wednesday)
  }

  @Test func isoTextRejectsMalformedAndImpossibleDates() {
    for bad in [
      "2023-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026/01/01", "",
      "abcd-ef-gh", "2026-04-31",
    ] {
      #expect(Day(iso: bad) == nil, "\(bad) should be refused")
    }
    #expect(Day(iso: "2024-02-29") != nil)
  }

  @Test func leapYearsFollowTheGregorianRule() {
    #expect(YearMonth.isLeap(year: 2024))
    #expect(!YearMonth.isLeap(year: 2026))
    #expect(!YearMonth.isLeap(year: 1900))
    #expect(YearMonth.isLeap(year: 2000))
    #expect(YearMonth(year: 2024, month: 2)!.length == 29)
    #expect(YearMonth(year: 1900, month: 2)!.length == 28)
    #expect(YearMonth(year: 2026, month: 4)!.length == 30)
    #expect(YearMonth(year: 2026, month: 12)!.length == 31)
  }

  @Test func addingMonthsClampsToTheMonthsEnd() {
    #expect(day("2026-01-31").adding(months: 1) == day("2026-02-28"))
    #expect(day("2024-01-31").adding(months: 1) == day("2024-02-29"))
    #expect(day("2026-11-15").adding(months: 2) == day("2027-01-15"))
    #expect(day("2026-01-15").adding(months: -1) == day("2025-12-15"))
    #expect(YearMonth(year: 2026, month: 1)!.previous == YearMonth(year: 2025, month: 12))
  }

  @Test func isoWeeksFollowTheFirstThursdayRule() {
    #expect(day("2020-12-31").isoWeek == ISOWeek(containing: day("2021-01-03")))
    let last2020 = day("2021-01-03").isoWeek
    #expect(last2020.year == 2020 && last2020.week == 53)
    let first2021 = day("2021-01-04").isoWeek
    #expect(first2021.year == 2021 && first2021.week == 1)
    let earlyJanuary = day("2026-01-01").isoWeek
    #expect(earlyJanuary.year == 2026 && earlyJanuary.week == 1)
    #expect(day("2019-12-30").isoWeek.year == 2020)
    #expect(ISOWeek.weeks(inYear: 2020) == 53)
    #expect(ISOWeek.weeks(inYear: 2026) == 53)
    #expect(ISOWeek.weeks(inYear: 2025) == 52)
    #expect(day("2026-11-22").isoWeek.monday == day("2026-11-16"))
  }

  @Test func isoWeekMondayIsAMondayInTheSameWeekForAnyDay() async {
    await propertyCheck(input: Gen.int(in: -25_000...85_000)) { raw in
      let value = Day(daysSince1970: raw)
      let week = value.isoWeek
      #expect(week.monday.weekday == .monday)
      #expect(week.days.contains(value))
      #expect((1...53).contains(week.week))
    }
  }

  @Test func weekStripStartsOnTheChosenFirstWeekday() {
    let sunday = day("2026-11-22")
    let mondayFirst = WeekStrip(around: sunday)
    #expect(mondayFirst.first == day("2026-11-16"))
    #expect(mondayFirst.last == sunday)
    let sundayFirst = WeekStrip(around: sunday, firstWeekday: .sunday)
    #expect(sundayFirst.first == sunday)
    #expect(sundayFirst.days.map(\.weekday) == Weekday.week(startingOn: .sunday))
    #expect(mondayFirst.next.first == day("2026-11-23"))
    #expect(mondayFirst.previous.contains(day("2026-11-10")))
  }

  @Test func monthGridCoversTheMonthInWholeWeeks() {
    let february = MonthGrid(month: YearMonth(year: 2021, month: 2)!)
    #expect(february.weeks.count == 4)
    #expect(february.weeks[0][0] == day("2021-02-01"))
    #expect(MonthGrid(month: YearMonth(year: 2026, month: 2)!).weeks[0][0] == day("2026-01-26"))
    let march = MonthGrid(month: YearMonth(year: 2026, month: 3)!, firstWeekday: .sunday)
    #expect(march.weeks.first?.first == day("2026-03-01"))
    #expect(march.weekdays.first == .sunday)
    let august = MonthGrid(month: YearMonth(year: 2026, month: 8)!)
    #expect(august.weeks.count == 6)
    #expect(august.isInMonth(day("2026-08-31")))
    #expect(!august.isInMonth(day("2026-07-27")))
  }

  @Test func monthGridRowsAreWeeksStartingOnTheFirstWeekday() async {
    await propertyCheck(input: Gen.int(in: 1900...2200), Gen.int(in: 1...12), Gen.int(in: 1...7)) {
      year, month, first in
      let start = Weekday(isoNumber: first)!
      let grid = MonthGrid(month: YearMonth(year: year, month: month)!, firstWeekday: start)
      #expect((4...6).contains(grid.weeks.count))
      let all = grid.weeks.flatMap { $0 }
      #expect(all.filter(grid.isInMonth).count == grid.month.length)
      #expect(grid.weeks.allSatisfy { $0.first?.weekday == start && $0.count == 7 })
      #expect(zip(all, all.dropFirst()).allSatisfy { $0.distance(to: $1) == 1 })
    }
  }

  @Test func weekdaySetShowsEveryDayWhenAllAreChosen() {
    var set = WeekdaySet()
    for weekday in Weekday.allCases { set.insert(weekday) }
    #expect(set == .everyDay)
    set.toggle(.sunday)
    #expect(set.count == 6)
    #expect(!set.contains(.sunday))
    #expect(WeekdaySet.workdays.weekdays.first == .monday)
  }

  @Test func daysFormatForPeople() {
    #expect(DayFormat.long(day("2026-12-01")) == "1 December 2026")
  }
}
