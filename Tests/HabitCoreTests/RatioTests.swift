import HabitCore
import Testing

/// One percentage rule for every face (the Habits ring, the Progress summary, statistics, CLI,
/// REST): rounded down, so 100% means all done and 0% means nothing done (issue 26 loss 7).
@Suite struct RatioTests {
  @Test func aPercentReadsOneHundredOnlyWhenAllIsDoneAndZeroOnlyWhenNothingIs() {
    for total in 1...200 {
      var previous = 0
      for done in 0...total {
        let percent = Ratio(done, of: total).percent
        #expect((percent == 100) == (done == total), "\(done) of \(total) reads \(percent)%")
        #expect((percent == 0) == (done == 0), "\(done) of \(total) reads \(percent)%")
        #expect(percent * total <= done * 100 || done * 100 < total, "\(done) of \(total)")
        #expect(percent >= previous, "\(done) of \(total) reads less than one fewer")
        previous = percent
      }
    }
    #expect(Ratio(199, of: 200).percent == 99)
    #expect(Ratio(3, of: 0).percent == 0)
  }
}
