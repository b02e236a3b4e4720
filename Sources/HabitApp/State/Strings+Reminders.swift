extension Strings {
  // The editor's reminders
  static var reminders: String { "Reminders" }
  static func reminderTime(_ number: Int) -> String { "Reminder time " + String(number) }
  static var remove: String { "Remove" }
  static var addTime: String { "Add a reminder time" }
  public static var badTime: String { "Enter a time such as 21:30, or remove this reminder." }
  static var reminderDays: String { "Remind on" }
  static var reminderPlace: String { "Place reminder" }
  static var reminderTrigger: String { "When" }
  static var noPlace: String { "No place reminder" }
  static var whenArriving: String { "When I arrive" }
  static var whenLeaving: String { "When I leave" }
  static var reminderHelp: String {
    "Reminders skip days the habit is done, skipped or not due. Place reminders work while HabitFlow is open; add places in Account → Places."
  }
  // Places
  static var places: String { "Places" }
  static var placesHelp: String {
    "Home, Work, the gym: a habit can remind you when you arrive or leave. This works while HabitFlow is open; the calendar feed below covers the rest."
  }
  static var placeName: String { "Name" }
  static var placeNameHint: String { "Home, Work, Gym…" }
  static var address: String { "Address" }
  static var latitude: String { "Latitude" }
  static var longitude: String { "Longitude" }
  static var useLocation: String { "Use my current location" }
  static var addPlace: String { "Add place" }
  static var savePlace: String { "Save place" }
  public static var badCoordinates: String {
    "Enter the latitude and longitude as decimal degrees, such as 52.5200 and 13.4050, or use your current location."
  }
  static var noLocation: String {
    "This browser cannot tell where you are: type the coordinates instead."
  }
  static func deletePlaceBody(_ name: String, habits: [String]) -> String {
    guard !habits.isEmpty else { return "Delete " + name + "?" }
    var list = ""
    for (index, title) in habits.enumerated() { list += (index > 0 ? ", " : "") + title }
    return "These habits remind you at " + name + ": " + list
      + ". Deleting the place removes those place reminders."
  }
  // Notifications
  static var notifications: String { "Notifications" }
  static var pushOn: String { "Turn on for this device" }
  static var pushTest: String { "Send a test notification" }
  static var pushDevices: String { "Devices that get reminders" }
  static var thisDevice: String { "this device" }
  public static var pushSignedOut: String {
    "Push notifications need an account: sign in above. Reminders still show here while HabitFlow is open."
  }
  public static var pushOffline: String {
    "You're offline: turning notifications on needs the server."
  }
  static var pushUnsupported: String {
    "This browser cannot receive push notifications. On an iPhone or iPad, add HabitFlow to the Home Screen first (Share → Add to Home Screen). Reminders still show here while HabitFlow is open."
  }
  public static var pushDenied: String {
    "Notifications are blocked for this site. Allow them in the browser's site settings, then turn them on again."
  }
  static var calendarFeed: String { "Calendar feed" }
  static var calendarHelp: String {
    "Your phone's calendar can remind you even when no browser is open: subscribe to this private link."
  }
  static var calendarMake: String { "Make a calendar link" }
  static var calendarReplace: String { "Replace the link" }
  static var calendarOff: String { "Turn the link off" }
  static var calendarOn: String {
    "A calendar link is on. Replace it to see a link again (the old one stops working)."
  }
  static var calendarLink: String { "Calendar link" }
  static var copy: String { "Copy" }
  static var openInCalendar: String { "Open in my calendar app" }
  static func reminderDue(_ title: String, _ time: String) -> String {
    "Reminder: " + title + " (" + time + ")"
  }
}
