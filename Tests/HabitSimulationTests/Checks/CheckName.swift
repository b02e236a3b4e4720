/// Every rule the simulation checks, one name each, so a found loss is marked known by its
/// check alone and the rest of the run still has to pass.
enum CheckName: String, CaseIterable, Sendable {
  /// Issue 26, loss 1: amounts two devices log on one day both count.
  case amountsAddUp = "amounts logged on several devices add up"
  /// Taps on a count from several devices both count.
  case countsAddUp = "counts tapped on several devices add up"
  /// A done mark made anywhere shows everywhere.
  case checkInsKept = "check-ins are kept on every face"
  /// Skips show everywhere.
  case skipsKept = "skips are kept on every face"
  /// Notes show everywhere.
  case notesKept = "notes are kept on every face"
  /// Issue 26, loss 2: every field of a place reaches every device and the server's backup.
  case placesSyncEveryField = "every field of a place syncs"
  /// A refusal is never shown as "Everything is synced".
  case refusalsAreShown = "a refused change is shown where it was made"
  /// Issue 26, loss 3: the warning before a later start counts every day it drops.
  case startMoveWarnsOfEveryDay = "moving a start later warns of every day it drops"
  /// Issue 26, loss 4: "Replace everything" says which days it takes away.
  case replaceSaysWhatGoes = "replacing everything says which days it takes away"
  /// Issue 26, loss 5: a background sync that fails is told at the next command.
  case backgroundSyncTells = "a failed background sync is told"
  /// Issue 26, loss 6: a device the server signs out says why.
  case signOutSaysWhy = "a device signed out by the server says why"
  /// Issue 26, loss 6: after the account is deleted, other devices stop and say so.
  case deletedAccountStops = "a deleted account stops on every device"
  /// Found by the simulator (not in issue 26's list): a skip made where the day looked empty and a
  /// check-in made elsewhere merge into a day that is both skipped and done.
  case neverSkippedAndDone = "a day is never both skipped and checked in"
  /// Issue 26, loss 7: no face's skip wipes a check-in.
  case skipKeepsCheckIn = "a skip never wipes a check-in"
  /// Issue 26, loss 7: every face shows the same streaks, strength, statistics and today's count.
  case figuresAgree = "every face shows the same numbers"
  /// A habit's title, description, emoji, colour and order: the latest edit of each field shows
  /// on every face, and an edit of one field never undoes another device's edit of another.
  case habitFieldsKept = "every edit of a habit's fields is kept on every face"
  /// A pause (or resuming) changes only skips: never a check-in, a count, an amount or a note.
  case pauseKeepsValues = "a pause changes only skips"
  /// A habit deleted with its category stays deleted on every face, whatever a device that had
  /// not heard of the delete did to it.
  case deletesStay = "a deleted habit never comes back"
  /// Issue 26, loss 7: a face's ring and its statistics count a day by the same rule.
  case dayCountedAlike = "the ring and the statistics count a day alike"
}

/// One broken rule: which, at which step, and what was seen.
struct Violation: Sendable, CustomStringConvertible {
  let check: CheckName
  let step: Int
  let detail: String

  var description: String { "[\(check.rawValue)] at step \(step): \(detail)" }
}
