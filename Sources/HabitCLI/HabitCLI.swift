public import ArgumentParser

/// The command-line client: the same tracker as the web app, on a local replica that works with
/// no server and syncs when signed in.
public enum HabitCLI {
  /// Every client command, in the order `habit --help` lists them.
  public static let commands: [any ParsableCommand.Type] = [
    TodayCommand.self, ListCommand.self, AddCommand.self, EditCommand.self, RemoveCommand.self,
    DoneCommand.self, UndoCommand.self, CountCommand.self, LogCommand.self, SkipCommand.self,
    NoteCommand.self, ShowCommand.self, WeekCommand.self, MonthCommand.self, StatsCommand.self,
    CategoriesCommand.self, SearchCommand.self, PinCommand.self, ArchiveCommand.self,
    ImportCommand.self, ExportCommand.self, LoginCommand.self, LogoutCommand.self,
    SyncCommand.self,
  ]

  /// The root's help: what the client is, a few examples, and the exit statuses.
  public static let discussion = """
    Habits are named by the start of their title, their number in the last list, or their id. \
    Data lives in $XDG_DATA_HOME/habitflow (or --data-dir, or $HABITFLOW_CLI_DATA_DIR) and \
    works with no server; after `habit login`, changes sync in the background.

    Examples:
      habit add "Read" --category Self
      habit add "Water" --quantity 8 --unit glasses
      habit done read              (or: habit done 1)
      habit log water 3 --yesterday
      habit month
      habit login https://habits.example.org

    Exit statuses: 0 done; 1 a file could not be read or written; 2 a wrong command line; \
    3 a rule refused the input (nothing saved); 4 no such habit or category, or several match; \
    5 the server could not be reached; 6 not signed in or the sign-in was refused; \
    7 answered no to a question.

    Shell completions: habit --generate-completion-script bash (or zsh, fish).
    """
}

extension HabitCLI {
  /// What `habit` runs with no command in a terminal.
  public static let defaultCommand: any ParsableCommand.Type = TodayCommand.self
}
