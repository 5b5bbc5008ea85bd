/** The session subcommands' lines of `elbow --help`. */
export const sessionCommandsUsage = `       elbow sessions [--json] [--cwd <dir>]
                                    list the sessions saved for the folder, newest first
       elbow export <id> [--format markdown|json] [--output <file>] [--cwd <dir>]
                                    write one session out (default: markdown, to stdout)`;
