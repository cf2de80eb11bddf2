// `switchboard` entry point: dispatches to subcommands. Each subcommand is loaded on demand so a
// broken or missing one only affects itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CliIo, Subcommand } from './io';

const USAGE = `usage: switchboard <command> [options]

commands:
  validate   check NADs, NNCPs and HostNetworkAttachments in YAML/JSON files
  resolve    resolve a policy's captures against a node's current state
`;

const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  validate: async () => (await import('./validate')).runValidate,
  resolve: async () => (await import('./resolve')).runResolve,
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
  const load = SUBCOMMANDS[command];
  if (!load) {
    io.err(`switchboard: unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  let run: Subcommand;
  try {
    run = await load();
  } catch (e) {
    io.err(`switchboard ${command}: unavailable (${e instanceof Error ? e.message : String(e)})\n`);
    return 2;
  }
  return run(rest, io);
}
