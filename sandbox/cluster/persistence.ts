// Durable storage: an append-only write-ahead log (one JSON record per line, fdatasync'd before
// any HTTP client hears "2xx") plus a periodic snapshot written atomically (temp file, fsync,
// rename, directory fsync). Start-up loads the snapshot and replays the log, ignoring records
// the snapshot already contains and a torn last line left by a crash mid-append.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export type WalRecord =
  | { rv: number; op: 'put'; t: string; k: string; json: string }
  | { rv: number; op: 'del'; t: string; k: string };

export interface LoadedState {
  rv: number;
  /** typeKey → object key → JSON text of the stored object. */
  objects: Map<string, Map<string, string>>;
  fresh: boolean;
}

export interface PersistenceStats {
  flushes: number;
  records: number;
  lastFlushMs: number;
}

const SNAPSHOT = 'snapshot.jsonl';
const WAL = 'wal.jsonl';

function encode(rec: WalRecord): string {
  // The object JSON is spliced in verbatim: it is the cached serialization, never re-encoded.
  if (rec.op === 'put') {
    return `{"rv":${rec.rv},"op":"put","t":${JSON.stringify(rec.t)},"k":${JSON.stringify(rec.k)},"o":${rec.json}}\n`;
  }
  return `{"rv":${rec.rv},"op":"del","t":${JSON.stringify(rec.t)},"k":${JSON.stringify(rec.k)}}\n`;
}

function fsyncDir(dir: string): void {
  // Directory fsync makes the rename itself durable; some filesystems refuse it, which is harmless.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* not supported on this filesystem */
  }
}

export class Persistence {
  private fd: number | undefined;
  private pending: string[] = [];
  private waiters: (() => void)[] = [];
  private scheduled = false;
  private recordsSinceSnapshot = 0;
  private bytesSinceSnapshot = 0;
  readonly stats: PersistenceStats = { flushes: 0, records: 0, lastFlushMs: 0 };

  constructor(
    private readonly dir: string,
    private readonly snapshotSource: () => { rv: number; lines: Iterable<string> },
    private readonly compactEvery = { records: 20_000, bytes: 64 * 1024 * 1024 },
  ) {}

  /** Reads the snapshot and the log; `reset` discards both first. */
  load(reset: boolean): LoadedState {
    mkdirSync(this.dir, { recursive: true });
    if (reset) {
      rmSync(join(this.dir, SNAPSHOT), { force: true });
      rmSync(join(this.dir, WAL), { force: true });
    }
    const objects = new Map<string, Map<string, string>>();
    const table = (t: string): Map<string, string> => {
      let m = objects.get(t);
      if (!m) {
        m = new Map();
        objects.set(t, m);
      }
      return m;
    };
    let rv = 0;
    const snapPath = join(this.dir, SNAPSHOT);
    const walPath = join(this.dir, WAL);
    const fresh = !existsSync(snapPath) && !existsSync(walPath);
    if (existsSync(snapPath)) {
      const lines = readFileSync(snapPath, 'utf8').split('\n');
      const header = JSON.parse(lines[0] ?? '{}') as { rv?: number };
      rv = header.rv ?? 0;
      for (const line of lines.slice(1)) {
        if (line === '') continue;
        // Snapshot lines are `<typeKey>\t<objectKey>\t<json>`: no parse needed until use.
        const a = line.indexOf('\t');
        const b = line.indexOf('\t', a + 1);
        table(line.slice(0, a)).set(line.slice(a + 1, b), line.slice(b + 1));
      }
    }
    const snapshotRv = rv;
    let validBytes = 0;
    if (existsSync(walPath)) {
      const buf = readFileSync(walPath);
      let start = 0;
      while (start < buf.length) {
        const nl = buf.indexOf(10, start);
        if (nl < 0) break; // torn last line: no newline means the append never completed
        const text = buf.subarray(start, nl).toString('utf8');
        let rec: { rv: number; op: string; t: string; k: string; o?: unknown };
        try {
          rec = JSON.parse(text) as typeof rec;
        } catch {
          break;
        }
        start = nl + 1;
        validBytes = start;
        if (rec.rv <= snapshotRv) continue;
        rv = Math.max(rv, rec.rv);
        if (rec.op === 'put') table(rec.t).set(rec.k, JSON.stringify(rec.o));
        else table(rec.t).delete(rec.k);
      }
    }
    this.fd = openSync(walPath, 'a+');
    // Cut off any torn tail so the next append starts on a clean line.
    ftruncateSync(this.fd, validBytes);
    fdatasyncSync(this.fd);
    fsyncDir(this.dir);
    return { rv, objects, fresh };
  }

  append(rec: WalRecord): void {
    const line = encode(rec);
    this.pending.push(line);
    this.bytesSinceSnapshot += line.length;
    this.recordsSinceSnapshot++;
    if (!this.scheduled) {
      this.scheduled = true;
      // Group commit: every write issued in this turn of the event loop shares one fdatasync.
      setImmediate(() => this.flush());
    }
  }

  /** Resolves once everything appended so far is on disk. */
  whenDurable(): Promise<void> {
    if (this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  flush(): void {
    this.scheduled = false;
    if (this.fd === undefined) return;
    if (this.pending.length > 0) {
      const started = performance.now();
      const data = this.pending.join('');
      this.stats.records += this.pending.length;
      this.pending = [];
      writeSync(this.fd, data);
      fdatasyncSync(this.fd);
      this.stats.flushes++;
      this.stats.lastFlushMs = performance.now() - started;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
    if (
      this.recordsSinceSnapshot >= this.compactEvery.records ||
      this.bytesSinceSnapshot >= this.compactEvery.bytes
    ) {
      this.compact();
    }
  }

  /** Writes a snapshot of the current state and starts a new, empty log. */
  compact(): void {
    if (this.fd === undefined) return;
    if (this.pending.length > 0) this.flush();
    const { rv, lines } = this.snapshotSource();
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const fd = openSync(tmp, 'w');
    try {
      writeSync(fd, `${JSON.stringify({ rv })}\n`);
      let chunk: string[] = [];
      let size = 0;
      for (const line of lines) {
        chunk.push(line, '\n');
        size += line.length;
        if (size > 4 * 1024 * 1024) {
          writeSync(fd, chunk.join(''));
          chunk = [];
          size = 0;
        }
      }
      writeSync(fd, chunk.join(''));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT));
    fsyncDir(this.dir);
    // Only now is the log redundant; a crash before this truncation replays records the
    // snapshot already holds, which load() skips by resourceVersion.
    ftruncateSync(this.fd, 0);
    fdatasyncSync(this.fd);
    this.recordsSinceSnapshot = 0;
    this.bytesSinceSnapshot = 0;
  }

  close(): void {
    if (this.fd === undefined) return;
    this.flush();
    this.compact();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
