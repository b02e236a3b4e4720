public import HabitCore

/// Every string the web app shows, in one table so it can be translated. The English copy
/// follows the original designs ("Name your habit", "Coffee, tea, jogging, etc.", …).
public enum Strings {
  public static var appName: String { "HabitFlow" }
  // Onboarding
  public static let onboardingTitles = [
    "Build habits that last", "Mark it done in one tap", "Your data, everywhere",
  ]
  public static let onboardingTexts = [
    "Pick what you want to do more of, or quit, and choose how often.",
    "Streaks, progress and statistics grow as you go, even offline.",
    "Works without an account. Sign in to sync your phone and computer.",
  ]
  public static var next: String { "Next" }
  public static var back: String { "Back" }
  public static var getStarted: String { "Get started" }
  public static var skip: String { "Skip" }
  // Main screen
  public static var habits: String { "Habits" }
  public static var statistics: String { "Statistics" }
  public static var account: String { "Account" }
  public static var search: String { "Search habits" }
  public static var previousWeek: String { "Previous week" }
  public static var nextWeek: String { "Next week" }
  public static var today: String { "Today" }
  public static var filterAll: String { "All" }
  public static var filterToday: String { "Today" }
  public static var filterDone: String { "Completed" }
  public static var filterNotDone: String { "Not completed" }
  public static var slipped: String { "I slipped" }
  public static var undoSlip: String { "Undo the slip" }
  public static var allCategories: String { "All categories" }
  public static var anyTime: String { "Any time of day" }
  public static var pinned: String { "Pinned" }
  public static var noHabitsTitle: String { "No habits yet" }
  public static var noHabitsText: String { "What would you like to do every day?" }
  public static var addHabit: String { "Add a habit" }
  public static var nothingFound: String { "Nothing found" }
  public static var nothingFoundText: String { "Try another search or filter." }
  public static var nothingDue: String { "Nothing planned for this day" }
  public static var markDone: String { "Mark done" }
  public static var markNotDone: String { "Mark not done" }
  public static var log: String { "Log" }
  public static var amount: String { "Amount" }
  public static var totalCount: String { "Total count" }
  public static var offline: String {
    "Offline — your changes are saved on this device and will sync when you're back online"
  }
  // Editor
  public static var newHabit: String { "New habit" }
  public static var editHabit: String { "Edit habit" }
  public static var kindHabit: String { "Habit" }
  public static var kindEvent: String { "Irregular event" }
  public static var titleLabel: String { "Name your habit" }
  public static var titlePlaceholder: String { "Coffee, tea, jogging, etc." }
  public static var clearTitle: String { "Clear the name" }
  public static var descriptionLabel: String { "Add a note" }
  public static var descriptionPlaceholder: String {
    "I want to set this goal with 10 counts etc.."
  }
  public static var category: String { "Category" }
  public static var chooseCategory: String { "Choose a category" }
  public static var newCategory: String { "New category" }
  public static var addCategory: String { "Add category" }
  public static var renameCategory: String { "Rename" }
  public static var deleteCategory: String { "Delete category" }
  public static var schedule: String { "Schedule" }
  public static var everyDay: String { "Every day" }
  public static var onWeekdays: String { "On chosen days" }
  public static var everyNDays: String { "Every few days" }
  public static var timesPerWeek: String { "Times a week" }
  public static var timesPerMonth: String { "Times a month" }
  public static var timesInDays: String { "Times in a number of days" }
  public static var howManyTimes: String { "How many times" }
  public static var inDays: String { "In how many days" }
  public static var days: String { "days" }
  public static var times: String { "times" }
  public static var measure: String { "Track" }
  public static var measureDone: String { "Done / not done" }
  public static var measureCount: String { "A count" }
  public static var measureQuantity: String { "An amount" }
  public static var step: String { "Default count" }
  public static var target: String { "Daily target" }
  public static var unit: String { "Unit" }
  public static var unitPlaceholder: String { "glasses, minutes, pages…" }
  public static var direction: String { "Goal type" }
  public static var build: String { "Build a habit" }
  public static var quit: String { "Quit a bad habit" }
  public static var startDate: String { "Start date" }
  public static var goal: String { "Goal" }
  public static var forever: String { "Forever" }
  public static var goalDays: String { "Days" }
  public static var goalWeeks: String { "Weeks" }
  public static var goalMonths: String { "Months" }
  public static var emoji: String { "Emoji" }
  public static var color: String { "Color" }
  public static var timeOfDay: String { "Time of day" }
  public static var save: String { "Save" }
  public static var saveChanges: String { "Save changes" }
  public static var cancel: String { "Cancel" }
  public static var ok: String { "OK" }
  public static var missingFields: String { "Please fill in what is missing:" }
  // Detail
  public static var edit: String { "Edit" }
  public static var pin: String { "Pin" }
  public static var unpin: String { "Unpin" }
  public static var archive: String { "Archive" }
  public static var unarchive: String { "Unarchive" }
  public static var delete: String { "Delete" }
  public static var close: String { "Close" }
  public static var currentStreak: String { "Current streak" }
  public static var longestStreak: String { "Longest streak" }
  public static var progress: String { "Progress to goal" }
  public static var strength: String { "Strength" }
  public static var completionRate: String { "Completion rate" }
  public static var trackedDays: String { "Tracked days" }
  // Statistics
  public static var bestStreak: String { "Best streak" }
  public static var perfectDays: String { "Perfect days" }
  public static var completed: String { "Habits completed" }
  public static var averagePerDay: String { "Average per day" }
  public static var noStatistics: String { "Statistics appear once you mark your first habit." }
  // Account
  public static var signIn: String { "Sign in" }
  public static var signUp: String { "Create account" }
  public static var signOut: String { "Sign out" }
  public static var email: String { "Email" }
  public static var password: String { "Password" }
  public static var signedInAs: String { "Signed in as" }
  public static var localOnly: String {
    "You are not signed in. Everything stays in this browser; sign in to sync and back up."
  }
  public static var syncNow: String { "Sync now" }
  public static var lastSynced: String { "Last synced" }
  public static var never: String { "never" }
  public static var pendingChanges: String { "Changes waiting to sync" }
  public static var theme: String { "Theme" }
  public static var themeSystem: String { "Same as system" }
  public static var themeLight: String { "Light" }
  public static var themeDark: String { "Dark" }
  public static var weekStartsOn: String { "Week starts on" }
  public static var unsyncedTitle: String { "Some changes are not synced yet" }
  public static var signOutDiscarding: String { "Sign out and lose them" }
  public static func unsyncedBody(_ count: Int) -> String {
    (count == 1
      ? "1 change made on this device has" : String(count) + " changes made on this device have")
      + " not reached your account yet. Sync now to keep your work, or sign out and lose it."
  }
  // Saving on this device
  public static var notSavedYet: String {
    "Your latest changes are not saved on this device yet. HabitFlow keeps trying; please keep this page open."
  }
  public static var tryAgain: String { "Try again" }
  // Fixing mistakes: undo, totals, skips, pauses, notes
  /// The count buttons' names: each tap adds or takes back the habit's step.
  public static func addSteps(_ step: Int) -> String { "Add " + String(step) }
  public static func takeBackSteps(_ step: Int) -> String { "Take " + String(step) + " back" }
  /// Why a day holding a check-in cannot be skipped (a skip keeps no value).
  public static var cannotSkip: String { "Take the check-in back to skip this day" }
  public static var skipDay: String { "Skip this day" }
  public static var undoSkip: String { "Undo the skip" }
  public static var skippedDay: String { "Skipped" }
  /// A calendar day's state after its date ("Monday, 2 November, done").
  public static var doneDay: String { "done" }
  public static var dayTotal: String { "Total" }
  public static var setTotal: String { "Set total" }
  public static var note: String { "Note" }
  public static var saveNote: String { "Save note" }
  public static var pauseTitle: String { "Pause (vacation, sick days)" }
  public static var pauseHelp: String {
    "Every day due in the range without a check-in is skipped: it neither breaks nor extends a streak. Resume takes back every skip in these dates."
  }
  public static var pauseFrom: String { "From" }
  public static var pauseThrough: String { "Through" }
  public static var pauseHabit: String { "Pause" }
  public static var pauseAll: String { "Pause every habit" }
  public static var resume: String { "Resume" }
  public static var resumeAll: String { "Resume every habit" }
  public static var pauseDatesMissing: String { "Choose the first and the last day of the pause." }
  public static func pausedDays(_ count: Int) -> String {
    "Paused: " + plural(count, "day") + " skipped."
  }
  public static func resumedDays(_ count: Int) -> String {
    "Resumed: " + plural(count, "skip") + " taken back."
  }
  // Account: password, deletion, what waits to sync
  public static var changePassword: String { "Change password" }
  public static var currentPassword: String { "Current password" }
  public static var newPassword: String { "New password" }
  public static var passwordChanged: String {
    "Your password is changed. Other devices must sign in again."
  }
  public static var calendarLinkReplaced: String {
    "Your calendar link changed too: subscribe again with this one."
  }
  public static var enterCurrentPassword: String { "Enter your current password." }
  public static var enterNewPassword: String { "Enter a new password." }
  /// Account's forms in the first-load module, before the whole app was ever fetched (each needs
  /// the server anyway).
  static var signInElsewhere: String {
    "Signing in and signing up open once this device is online."
  }
  static var accountElsewhere: String {
    "Changing the password and deleting the account open once this device is online."
  }
  public static var deleteAccount: String { "Delete account" }
  /// The button that asks to delete the account (its section's heading says "Delete account").
  public static var deleteEverything: String { "Delete everything…" }
  public static var deleteAccountHelp: String {
    "Removes your account, its habits and their history from the server and this device."
  }
  public static var deleteAccountBody: String {
    "Are you sure you want to delete your account? Every habit and its history is removed from the server and this device. This cannot be undone."
  }
  public static var enterPasswordToDelete: String { "Enter your password to delete the account." }
  public static var waitingToSync: String { "Waiting to sync" }
  public static var nothingWaiting: String { "Everything is synced." }
  /// What waits to sync, one record a line ("Checked in Read on 21 Nov").
  public static var aCheckIn: String { "A check-in" }
  public static var aDeletedHabit: String { "a deleted habit" }
  public static func skippedOn(_ title: String, _ day: Day) -> String {
    "Skipped " + title + " on " + shortDate(day)
  }
  public static func checkedInOn(_ title: String, _ day: Day) -> String {
    "Checked in " + title + " on " + shortDate(day)
  }
  public static func notedOn(_ title: String, _ day: Day) -> String {
    "Wrote a note on " + title + " on " + shortDate(day)
  }
  public static func clearedOn(_ title: String, _ day: Day) -> String {
    "Cleared " + title + " on " + shortDate(day)
  }
  public static func savedHabit(_ title: String) -> String { "Saved " + title }
  public static var deletedHabit: String { "Deleted a habit" }
  public static func savedCategory(_ name: String) -> String { "Saved the category " + name }
  public static var deletedCategory: String { "Deleted a category" }
  public static var savedPlace: String { "Saved a place" }
  public static var changedSetting: String { "Changed a setting" }
  public static func moreWaiting(_ count: Int) -> String { String(count) + " more" }
  public static var justNow: String { "just now" }
  public static func ago(_ count: Int, _ unit: String) -> String { plural(count, unit) + " ago" }

  // Habits screen: its two lists, the date picker, the sort
  public static var listChoice: String { "Habits to show" }
  public static var dayList: String { "Day" }
  public static var allHabits: String { "All habits" }
  public static var seeAllHabits: String { "See all habits" }
  public static var archivedHabits: String { "Archived" }
  public static var moveUp: String { "Move up" }
  public static var moveDown: String { "Move down" }
  public static var dragToReorder: String { "Drag to reorder" }
  public static var reorderHelp: String {
    "Drag a habit by its handle, or use Move up and Move down, to change the order."
  }
  public static var chooseDate: String { "Choose a date" }
  public static var goToToday: String { "Go to today" }
  public static var previousMonth: String { "Previous month" }
  public static var nextMonth: String { "Next month" }
  public static var sort: String { "Sort" }
  public static var sortCustom: String { "My order" }
  public static var finished: String { "finished" }
  /// "26 Nov": a day in a list of recent ones.
  public static func shortDate(_ day: Day) -> String {
    String(day.dayOfMonth) + " " + String(monthNames[day.month - 1].prefix(3))
  }
  public static func starts(_ day: Day) -> String {
    "starts " + weekday(day.weekday) + " " + shortDate(day)
  }
  public static func savedNotListed(_ nextDue: Day?) -> String {
    (nextDue.map { "Saved. Next due " + longDate($0) } ?? "Saved. Not due on any day ahead")
      + " — find it under All habits."
  }
  public static let weekdayShort = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  public static let weekdayLong = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  public static let timeOfDayNames = ["Any time", "Morning", "Afternoon", "Evening"]

  public static func deleteTitle(_ title: String) -> String { "Delete " + title }
  public static func deleteBody(_ title: String) -> String {
    "Are you sure you want to delete " + title + "? Its whole history goes too."
  }
  public static func characters(_ count: Int, of limit: Int) -> String {
    String(count) + "/" + String(limit)
  }
  public static func startMoveWarning(_ count: Int) -> String {
    count == 1
      ? "Moving the start date later removes 1 day of history (check-ins, notes, skips) before it."
      : "Moving the start date later removes " + String(count)
        + " days of history (check-ins, notes, skips) before it."
  }
  public static func deleteCategoryBody(_ name: String, habits: Int) -> String {
    "Are you sure you want to delete " + name + "?"
      + (habits == 0 ? "" : " Its " + plural(habits, "habit") + " and all their history go too.")
  }
  public static func plural(_ count: Int, _ noun: String) -> String {
    String(count) + " " + noun + (count == 1 ? "" : "s")
  }
  public static func streak(_ streak: Streak) -> String {
    switch streak.unit {
    case .days: return plural(streak.length, "day")
    case .weeks: return plural(streak.length, "week")
    case .months: return plural(streak.length, "month")
    }
  }
  public static func weekday(_ weekday: Weekday) -> String { weekdayShort[weekday.rawValue - 1] }
  public static func longDate(_ day: Day) -> String {
    weekdayLong[day.weekday.rawValue - 1] + ", " + String(day.dayOfMonth) + " "
      + monthNames[day.month - 1]
  }
  public static func monthTitle(_ month: YearMonth) -> String {
    monthNames[month.month - 1] + " " + String(month.year)
  }
  public static func scheduleSummary(_ schedule: Schedule) -> String {
    switch schedule {
    case .everyDay: return everyDay
    case .weekdays(let set):
      if set == .everyDay { return everyDay }
      var text = ""
      for (index, day) in set.weekdays.enumerated() {
        text += (index > 0 ? ", " : "") + weekday(day)
      }
      return text
    case .everyNDays(let n): return n == 2 ? "Every other day" : "Every " + String(n) + " days"
    case .timesPerWeek(let n): return plural(n, "time") + " a week"
    case .timesPerMonth(let n): return plural(n, "time") + " a month"
    case .timesInDays(let n, let days): return plural(n, "time") + " in " + String(days) + " days"
    }
  }
}
