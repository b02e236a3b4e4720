import HabitCore
import PropertyBased
import Testing

@Suite struct BucketTests {
  @Test func eachBucketStartsWhereLoopsChartsStartIt() {
    let thursday = day("2026-11-19")
    #expect(Bucket.day.start(of: thursday, firstWeekday: .monday) == thursday)
    #expect(Bucket.week.start(of: thursday, firstWeekday: .monday) == day("2026-11-16"))
    #expect(Bucket.week.start(of: thursday, firstWeekday: .sunday) == day("2026-11-15"))
    #expect(Bucket.month.start(of: thursday, firstWeekday: .monday) == day("2026-11-01"))
    #expect(Bucket.quarter.start(of: thursday, firstWeekday: .monday) == day("2026-10-01"))
    #expect(Bucket.quarter.start(of: day("2026-03-31"), firstWeekday: .monday) == day("2026-01-01"))
    #expect(Bucket.year.start(of: thursday, firstWeekday: .monday) == day("2026-01-01"))
    // A Sunday begins its own week when weeks start on Sunday, and ends one otherwise.
    let sunday = day("2026-11-22")
    #expect(Bucket.week.start(of: sunday, firstWeekday: .sunday) == sunday)
    #expect(Bucket.week.start(of: sunday, firstWeekday: .monday) == day("2026-11-16"))
  }

  @Test func spansAreClippedToTheRangeAtBothEnds() {
    let spans = Bucket.month.spans(
      covering: day("2026-01-15")...day("2026-03-10"), firstWeekday: .monday)
    #expect(
      spans == [
        day("2026-01-15")...day("2026-01-31"), day("2026-02-01")...day("2026-02-28"),
        day("2026-03-01")...day("2026-03-10"),
      ])
    #expect(
      Bucket.year.spans(covering: day("2026-05-05")...day("2026-05-05"), firstWeekday: .sunday)
        == [day("2026-05-05")...day("2026-05-05")])
  }

  @Test func spansPartitionAnyRangeIntoWholeBuckets() async {
    await propertyCheck(
      count: 400, input: Gen.int(in: 10_950...20_800), Gen.int(in: 0...1_500),
      Gen.int(in: 0...4), Gen.int(in: 1...7)
    ) { lower, length, bucketIndex, weekdayNumber in
      let bucket = Bucket.allCases[bucketIndex]
      let firstWeekday = Weekday(isoNumber: weekdayNumber)!
      let range = Day(daysSince1970: lower)...Day(daysSince1970: lower + length)
      let spans = bucket.spans(covering: range, firstWeekday: firstWeekday)
      // Contiguous from the range's first day to its last: no gap, no overlap.
      #expect(spans.first?.lowerBound == range.lowerBound)
      #expect(spans.last?.upperBound == range.upperBound)
      for (earlier, later) in zip(spans, spans.dropFirst()) {
        #expect(earlier.upperBound.advanced(by: 1) == later.lowerBound)
      }
      #expect(spans.reduce(0) { $0 + $1.count } == range.count)
      for span in spans {
        #expect(span.lowerBound <= span.upperBound)
        // Each span lies inside one bucket, and is the whole bucket unless the range clips it.
        let start = bucket.start(of: span.lowerBound, firstWeekday: firstWeekday)
        let end = bucket.next(after: start).advanced(by: -1)
        #expect(bucket.start(of: span.upperBound, firstWeekday: firstWeekday) == start)
        #expect(span.lowerBound == max(start, range.lowerBound))
        #expect(span.upperBound == min(end, range.upperBound))
        if bucket == .week { #expect(start.weekday == firstWeekday) }
      }
    }
  }
}
