public import HabitCore

/// Every string the web app shows, in one table so it can be translated. The English copy
/// follows the original designs ("Name your habit", "Coffee, tea, jogging, etc.", …).
public enum Strings {
  public static let appName = "HabitFlow"
  // Onboarding
  public static let onboardingTitles = [
    "Build habits that last", "Mark it done in one tap", "Your data, everywhere",
  ]
  public static let onboardingTexts = [
    "Pick what you want to do more of, or quit, and choose how often.",
    "Streaks, progress and statistics grow as you go, even offline.",
    "Works without an account. Sign in to sync your phone and computer.",
  ]
  public static let next = "Next"
  public static let back = "Back"
  public static let getStarted = "Get started"
  public static let skip = "Skip"
  // Main screen
  public static let habits = "Habits"
  public static let statistics = "Statistics"
  public static let account = "Account"
  public static let search = "Search habits"
  public static let previousWeek = "Previous week"
  public static let nextWeek = "Next week"
  public static let today = "Today"
  public static let filterAll = "All"
  public static let filterToday = "Today"
  public static let filterDone = "Completed"
  public static let filterNotDone = "Not completed"
  public static let slipped = "I slipped"
  public static let undoSlip = "Undo the slip"
  public static let allCategories = "All categories"
  public static let anyTime = "Any time of day"
  public static let pinned = "Pinned"
  public static let noHabitsTitle = "No habits yet"
  public static let noHabitsText = "What would you like to do every day?"
  public static let addHabit = "Add a habit"
  public static let nothingFound = "Nothing found"
  public static let nothingFoundText = "Try another search or filter."
  public static let nothingDue = "Nothing planned for this day"
  public static let markDone = "Mark done"
  public static let markNotDone = "Mark not done"
  public static let log = "Log"
  public static let amount = "Amount"
  public static let totalCount = "Total count"
  public static let offline =
    "Offline — your changes are saved on this device and will sync when you're back online"
  // Editor
  public static let newHabit = "New habit"
  public static let editHabit = "Edit habit"
  public static let kindHabit = "Habit"
  public static let kindEvent = "Irregular event"
  public static let titleLabel = "Name your habit"
  public static let titlePlaceholder = "Coffee, tea, jogging, etc."
  public static let clearTitle = "Clear the name"
  public static let descriptionLabel = "Add a note"
  public static let descriptionPlaceholder = "I want to set this goal with 10 counts etc.."
  public static let category = "Category"
  public static let chooseCategory = "Choose a category"
  public static let newCategory = "New category"
  public static let addCategory = "Add category"
  public static let renameCategory = "Rename"
  public static let deleteCategory = "Delete category"
  public static let schedule = "Schedule"
  public static let everyDay = "Every day"
  public static let onWeekdays = "On chosen days"
  public static let everyNDays = "Every few days"
  public static let timesPerWeek = "Times a week"
  public static let timesPerMonth = "Times a month"
  public static let days = "days"
  public static let times = "times"
  public static let measure = "Track"
  public static let measureDone = "Done / not done"
  public static let measureCount = "A count"
  public static let measureQuantity = "An amount"
  public static let step = "Default count"
  public static let target = "Daily target"
  public static let unit = "Unit"
  public static let unitPlaceholder = "glasses, minutes, pages…"
  public static let direction = "Goal type"
  public static let build = "Build a habit"
  public static let quit = "Quit a bad habit"
  public static let startDate = "Start date"
  public static let goal = "Goal"
  public static let forever = "Forever"
  public static let goalDays = "Days"
  public static let goalWeeks = "Weeks"
  public static let goalMonths = "Months"
  public static let emoji = "Emoji"
  public static let color = "Color"
  public static let timeOfDay = "Time of day"
  public static let save = "Save"
  public static let saveChanges = "Save changes"
  public static let cancel = "Cancel"
  public static let ok = "OK"
  public static let missingFields = "Please fill in what is missing:"
  // Detail
  public static let edit = "Edit"
  public static let pin = "Pin"
  public static let unpin = "Unpin"
  public static let archive = "Archive"
  public static let unarchive = "Unarchive"
  public static let delete = "Delete"
  public static let close = "Close"
  public static let currentStreak = "Current streak"
  public static let longestStreak = "Longest streak"
  public static let progress = "Progress to goal"
  public static let strength = "Strength"
  public static let completionRate = "Completion rate"
  public static let trackedDays = "Tracked days"
  // Statistics
  public static let bestStreak = "Best streak"
  public static let perfectDays = "Perfect days"
  public static let completed = "Habits completed"
  public static let averagePerDay = "Average per day"
  public static let noStatistics = "Statistics appear once you mark your first habit."
  // Account
  public static let signIn = "Sign in"
  public static let signUp = "Create account"
  public static let signOut = "Sign out"
  public static let email = "Email"
  public static let password = "Password"
  public static let signedInAs = "Signed in as"
  public static let localOnly =
    "You are not signed in. Everything stays in this browser; sign in to sync and back up."
  public static let syncNow = "Sync now"
  public static let lastSynced = "Last synced"
  public static let never = "never"
  public static let pendingChanges = "Changes waiting to sync"
  public static let theme = "Theme"
  public static let themeSystem = "Same as system"
  public static let themeLight = "Light"
  public static let themeDark = "Dark"
  public static let weekStartsOn = "Week starts on"
  public static let unsyncedTitle = "Some changes are not synced yet"
  public static let signOutDiscarding = "Sign out and lose them"
  public static func unsyncedBody(_ count: Int) -> String {
    (count == 1
      ? "1 change made on this device has" : String(count) + " changes made on this device have")
      + " not reached your account yet. Sync now to keep your work, or sign out and lose it."
  }
  // Saving on this device
  public static let notSavedYet =
    "Your latest changes are not saved on this device yet. HabitFlow keeps trying; please keep this page open."
  public static let tryAgain = "Try again"
  // Fixing mistakes: undo, totals, skips, pauses, notes
  /// The count buttons' names: each tap adds or takes back the habit's step.
  public static func addSteps(_ step: Int) -> String { "Add " + String(step) }
  public static func takeBackSteps(_ step: Int) -> String { "Take " + String(step) + " back" }
  /// Why a day holding a check-in cannot be skipped (a skip keeps no value).
  public static let cannotSkip = "Take the check-in back to skip this day"
  public static let skipDay = "Skip this day"
  public static let undoSkip = "Undo the skip"
  public static let skippedDay = "Skipped"
  /// A calendar day's state after its date ("Monday, 2 November, done").
  public static let doneDay = "done"
  public static let dayTotal = "Total"
  public static let setTotal = "Set total"
  public static let note = "Note"
  public static let saveNote = "Save note"
  public static let pauseTitle = "Pause (vacation, sick days)"
  public static let pauseHelp =
    "Every day due in the range without a check-in is skipped: it neither breaks nor extends a streak. Resume takes back every skip in these dates."
  public static let pauseFrom = "From"
  public static let pauseThrough = "Through"
  public static let pauseHabit = "Pause"
  public static let pauseAll = "Pause every habit"
  public static let resume = "Resume"
  public static let resumeAll = "Resume every habit"
  public static let pauseDatesMissing = "Choose the first and the last day of the pause."
  public static func pausedDays(_ count: Int) -> String {
    "Paused: " + plural(count, "day") + " skipped."
  }
  public static func resumedDays(_ count: Int) -> String {
    "Resumed: " + plural(count, "skip") + " taken back."
  }
  // Account: password, deletion, what waits to sync
  public static let changePassword = "Change password"
  public static let currentPassword = "Current password"
  public static let newPassword = "New password"
  public static let passwordChanged = "Your password is changed. Other devices must sign in again."
  public static let enterCurrentPassword = "Enter your current password."
  public static let enterNewPassword = "Enter a new password."
  public static let deleteAccount = "Delete account"
  /// The button that asks to delete the account (its section's heading says "Delete account").
  public static let deleteEverything = "Delete everything…"
  public static let deleteAccountHelp =
    "Removes your account, its habits and their history from the server and this device."
  public static let deleteAccountBody =
    "Are you sure you want to delete your account? Every habit and its history is removed from the server and this device. This cannot be undone."
  public static let enterPasswordToDelete = "Enter your password to delete the account."
  public static let waitingToSync = "Waiting to sync"
  public static let nothingWaiting = "Everything is synced."
  /// What waits to sync, one record a line ("Checked in Read on 21 Nov").
  public static let aCheckIn = "A check-in"
  public static let aDeletedHabit = "a deleted habit"
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
  public static let deletedHabit = "Deleted a habit"
  public static func savedCategory(_ name: String) -> String { "Saved the category " + name }
  public static let deletedCategory = "Deleted a category"
  public static let savedPlace = "Saved a place"
  public static let changedSetting = "Changed a setting"
  public static func moreWaiting(_ count: Int) -> String { String(count) + " more" }
  public static let justNow = "just now"
  public static func ago(_ count: Int, _ unit: String) -> String { plural(count, unit) + " ago" }

  // Habits screen: its two lists, the date picker, the sort
  public static let listChoice = "Habits to show"
  public static let dayList = "Day"
  public static let allHabits = "All habits"
  public static let seeAllHabits = "See all habits"
  public static let archivedHabits = "Archived"
  public static let moveUp = "Move up"
  public static let moveDown = "Move down"
  public static let dragToReorder = "Drag to reorder"
  public static let reorderHelp =
    "Drag a habit by its handle, or use Move up and Move down, to change the order."
  public static let chooseDate = "Choose a date"
  public static let goToToday = "Go to today"
  public static let previousMonth = "Previous month"
  public static let nextMonth = "Next month"
  public static let sort = "Sort"
  public static let sortCustom = "My order"
  public static let finished = "finished"
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
      ? "Moving the start date later removes 1 marked day before it."
      : "Moving the start date later removes " + String(count) + " marked days before it."
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
    }
  }
}
