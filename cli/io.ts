// What a subcommand may do to the outside world. Passing it in keeps subcommands testable
// without spawning processes or touching the real terminal.
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  readFile(path: string): string;
  /** Lists regular files under a directory, recursively; undefined when `path` is not a directory. */
  listDir(path: string): string[] | undefined;
}

/** A subcommand returns its process exit code. */
export type Subcommand = (argv: string[], io: CliIo) => Promise<number>;
