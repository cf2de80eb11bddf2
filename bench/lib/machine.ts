// Which machine a result came from: printed with every report so figures are never read alone.
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import type { MachineInfo } from './types';

export function getMachineInfo(root: string): MachineInfo {
  const cpus = os.cpus();
  let gitCommit: string | undefined;
  try {
    gitCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
      .toString()
      .trim();
  } catch {
    gitCommit = undefined;
  }
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    gitCommit,
  };
}
