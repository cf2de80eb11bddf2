// `switchboard` entry point: dispatches to subcommands. They are imported statically: the CLI runs
// as CommonJS through tsx's require hook alone (bin/switchboard.mjs), because a dynamic import()
// would need tsx's ESM loader, whose worker thread costs about 0.2 s of every run's start.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo, Subcommand } from './io';
import { runResolve } from './resolve';
import { runValidate } from './validate';

const USAGE = `usage: switchboard <command> [options]

commands:
  validate   check NADs, NNCPs and HostNetworkAttachments in YAML/JSON files
  resolve    resolve a policy's captures against a node's current state
`;

const SUBCOMMANDS: Record<string, Subcommand> = {
  validate: runValidate,
  resolve: runResolve,
};

export const nodeIo: CliIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  readFile: (path) => readFileSync(path, 'utf8'),
  listDir(path) {
    if (!existsSync(path) || !statSync(path).isDirectory()) return undefined;
    const out: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir).sort()) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else out.push(full);
      }
    };
    walk(path);
    return out;
  },
};

export async function main(argv: string[], io: CliIo = nodeIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    if (command === undefined) io.err(USAGE);
    else io.out(USAGE);
    return command === undefined ? 2 : 0;
  }
  const run = Object.hasOwn(SUBCOMMANDS, command) ? SUBCOMMANDS[command] : undefined;
  if (!run) {
    io.err(`switchboard: unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  return run(rest, io);
}
