import HabitCore

/// Everything one of a habit's charts is drawn from: equal inputs draw the same chart, so a page
/// reuses the last one's. (Comparing a log that did not change is one pointer check: arrays
/// that share storage are equal at once.)
struct ChartInputs: Equatable {
  let habit: Habit
  let log: EntryLog
  let today: Day
  let firstWeekday: Weekday
  var bucket: Bucket
}
