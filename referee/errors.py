"""The one exception family the command line turns into a one-line message instead of a traceback."""


class UserError(Exception):
    """Something the user can fix: a bad argument, a missing file or package, a malformed deck."""
