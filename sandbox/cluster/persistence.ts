// Durable storage: an append-only write-ahead log (one JSON record per line) plus a periodic
// snapshot written atomically. The rules that keep every acknowledged write:
// - A record is written in full (short writes are retried until every byte is in the file)
//   *before* the object becomes visible in memory; if the write fails (ENOSPC, EROFS, EIO) the
//   partial bytes are cut off again and the request fails with nothing stored.
// - HTTP answers wait for the fdatasync that covers their record (group commit).
// - After an I/O error the log refuses writes (a Kubernetes Status 500, the way the API server
//   reports an etcd failure such as `mvcc: database space exceeded`) until a probe can write
//   again; the server stays up and keeps serving reads.
// - Snapshots go to a temporary file that is fsync'd, checked (size and parse), renamed over the
//   old one and made durable with a directory fsync. A failed snapshot leaves the old snapshot
//   and the log as they were.
// - On start, a torn final record (no newline: the append never completed) is dropped; anything
//   wrong before the end stops the start with the file and byte offset, because silently
//   truncating there would drop records that were acknowledged.
// - A lock file (with the owner's PID) keeps two processes out of one data directory.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fstatSync,
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
import { ApiError } from './api';

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
  /** The I/O error that currently makes the log refuse writes, if any. */
  failure?: string;
}

/** Thrown by load(): the data directory cannot be used as it is. */
export class DataDirError extends Error {}

const SNAPSHOT = 'snapshot.jsonl';
const WAL = 'wal.jsonl';
const LOCK = 'lock';

/** The file-system calls persistence makes, replaceable so tests can inject faults. */
export interface FileOps {
  writeSync(fd: number, buf: Buffer, offset: number, length: number, position: number): number;
  fdatasyncSync(fd: number): void;
}

const realOps: FileOps = {
  writeSync: (fd, buf, offset, length, position) => writeSync(fd, buf, offset, length, position),
  fdatasyncSync: (fd) => fdatasyncSync(fd),
};

function encode(rec: WalRecord): string {
  // The object JSON is spliced in verbatim: it is the cached serialization, never re-encoded.
  if (rec.op === 'put') {
    return `{"rv":${rec.rv},"op":"put","t":${JSON.stringify(rec.t)},"k":${JSON.stringify(rec.k)},"o":${rec.json}}\n`;
  }
  return `{"rv":${rec.rv},"op":"del","t":${JSON.stringify(rec.t)},"k":${JSON.stringify(rec.k)}}\n`;
}

/** Writes every byte of `buf` at `position`, looping over short writes. */
function writeAll(ops: FileOps, fd: number, buf: Buffer, position: number): void {
  let done = 0;
  while (done < buf.length) {
    const n = ops.writeSync(fd, buf, done, buf.length - done, position + done);
    // A zero-byte write with bytes left would loop forever; the kernel reports ENOSPC this way
    // on some file systems.
    if (n <= 0)
      throw Object.assign(new Error('no space left on device (short write)'), { code: 'ENOSPC' });
    done += n;
  }
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

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface ParsedRecord {
  rv: number;
  op: 'put' | 'del';
  t: string;
  k: string;
  o?: unknown;
}

function parseRecord(text: string): ParsedRecord | undefined {
  let rec: unknown;
  try {
    rec = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof rec !== 'object' || rec === null) return undefined;
  const r = rec as Record<string, unknown>;
  if (typeof r['rv'] !== 'number' || typeof r['t'] !== 'string' || typeof r['k'] !== 'string')
    return undefined;
  if (r['op'] === 'put' && typeof r['o'] === 'object' && r['o'] !== null)
    return { rv: r['rv'], op: 'put', t: r['t'], k: r['k'], o: r['o'] };
  if (r['op'] === 'del') return { rv: r['rv'], op: 'del', t: r['t'], k: r['k'] };
  return undefined;
}

/** Checks a snapshot's text line by line; returns the offset of the first bad line, if any. */
function snapshotDefect(text: string): { offset: number; reason: string } | undefined {
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl < 0)
      return { offset: Buffer.byteLength(text.slice(0, start)), reason: 'missing final newline' };
    const row = text.slice(start, nl);
    if (line === 0) {
      let header: unknown;
      try {
        header = JSON.parse(row);
      } catch {
        header = undefined;
      }
      if (
        typeof header !== 'object' ||
        header === null ||
        typeof (header as { rv?: unknown }).rv !== 'number'
      )
        return { offset: 0, reason: 'invalid header' };
    } else {
      const a = row.indexOf('\t');
      const b = a < 0 ? -1 : row.indexOf('\t', a + 1);
      let ok = b > a && a > 0;
      if (ok) {
        try {
          const obj: unknown = JSON.parse(row.slice(b + 1));
          ok = typeof obj === 'object' && obj !== null;
        } catch {
          ok = false;
        }
      }
      if (!ok)
        return { offset: Buffer.byteLength(text.slice(0, start)), reason: 'invalid object line' };
    }
    start = nl + 1;
    line++;
  }
  if (line === 0) return { offset: 0, reason: 'empty file' };
  return undefined;
}

export class Persistence {
  private fd: number | undefined;
  /** Bytes of the log that hold complete records; the next record is written here. */
  private size = 0;
  private unsynced = false;
  private waiters: { ok: () => void; fail: (err: unknown) => void }[] = [];
  private scheduled = false;
  private recordsSinceSnapshot = 0;
  private bytesSinceSnapshot = 0;
  private failure: Error | undefined;
  private lockHeld = false;
  private compactFailure: string | undefined;
  readonly stats: PersistenceStats = { flushes: 0, records: 0, lastFlushMs: 0 };

  constructor(
    private readonly dir: string,
    private readonly snapshotSource: () => { rv: number; lines: Iterable<string> },
    private readonly compactEvery = { records: 20_000, bytes: 64 * 1024 * 1024 },
    private readonly ops: FileOps = realOps,
  ) {}

  /**
   * Reads the snapshot and the log; `reset` discards both first. Throws DataDirError when another
   * process holds the directory or a file is corrupt. A directory that cannot be written (a
   * read-only mount) loads read-only: reads are served, writes refused until it can write.
   */
  load(reset: boolean): LoadedState {
    try {
      mkdirSync(this.dir, { recursive: true });
    } catch (err) {
      if (!existsSync(this.dir))
        throw new DataDirError(`cannot create data directory ${this.dir}: ${describe(err)}`);
    }
    this.tryLock();
    try {
      return this.loadFiles(reset);
    } catch (err) {
      this.releaseLock();
      throw err;
    }
  }

  private loadFiles(reset: boolean): LoadedState {
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
      const text = readFileSync(snapPath, 'utf8');
      const defect = snapshotDefect(text);
      if (defect) {
        throw new DataDirError(
          `corrupt snapshot ${snapPath} at byte offset ${defect.offset} (${defect.reason}); ` +
            'the sandbox will not start on it. Move the data directory aside (or start with --reset) to begin afresh.',
        );
      }
      const lines = text.split('\n');
      rv = (JSON.parse(lines[0] ?? '{}') as { rv: number }).rv;
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
    let lastRv = 0;
    if (existsSync(walPath)) {
      const buf = readFileSync(walPath);
      let start = 0;
      for (;;) {
        const nl = buf.indexOf(10, start);
        // No newline after `start`: a torn final record (the append never completed). Dropped.
        if (nl < 0) break;
        const rec = parseRecord(buf.subarray(start, nl).toString('utf8'));
        if (!rec || rec.rv <= lastRv) {
          throw new DataDirError(
            `corrupt write-ahead log ${walPath} at byte offset ${start} ` +
              `(${rec ? `resourceVersion ${rec.rv} out of order` : 'unreadable record'}, ` +
              `${buf.length - start} bytes from the end); the sandbox will not start, because ` +
              'dropping the records after it would lose acknowledged writes. Move the data ' +
              'directory aside (or start with --reset) to begin afresh.',
          );
        }
        lastRv = rec.rv;
        start = nl + 1;
        validBytes = start;
        if (rec.rv <= snapshotRv) continue;
        rv = Math.max(rv, rec.rv);
        if (rec.op === 'put') table(rec.t).set(rec.k, JSON.stringify(rec.o));
        else table(rec.t).delete(rec.k);
      }
    }
    this.size = validBytes;
    this.openLog();
    return { rv, objects, fresh };
  }

  /** The lock: `<dir>/lock` holds the owner's PID; a dead owner's lock is taken over. */
  private tryLock(): void {
    if (this.lockHeld) return;
    const path = join(this.dir, LOCK);
    for (let attempt = 0; attempt < 3; attempt++) {
      let fd: number;
      try {
        fd = openSync(path, 'wx');
      } catch (err) {
        // EEXIST: someone holds it (or held it). Anything else (read-only mount, no space, no
        // permission) means nobody can write here now; openLog() notices and the log refuses
        // writes until a later attempt succeeds.
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return;
        fd = -1;
      }
      if (fd >= 0) {
        try {
          writeSync(fd, `${process.pid}\n`);
          fsyncSync(fd);
          this.lockHeld = true;
        } catch {
          try {
            rmSync(path, { force: true });
          } catch {
            /* an empty lock file is taken over as stale */
          }
        } finally {
          closeSync(fd);
        }
        return;
      }
      let owner = NaN;
      try {
        owner = Number(readFileSync(path, 'utf8').trim());
      } catch {
        /* removed meanwhile: try again */
      }
      if (Number.isInteger(owner) && owner > 0 && pidAlive(owner)) {
        throw new DataDirError(
          `data directory ${this.dir} is in use by process ${owner} (lock file ${path}); ` +
            'two sandboxes must never share one data directory. Stop that process or use --data-dir.',
        );
      }
      // The owner is gone (kill -9, crash): its lock is stale. Renaming it away is atomic, so of
      // two processes taking it over at once only one removes it.
      try {
        renameSync(path, `${path}.stale-${process.pid}`);
        rmSync(`${path}.stale-${process.pid}`, { force: true });
      } catch {
        /* someone else took it over first; the next attempt sees their lock */
      }
    }
    throw new DataDirError(`cannot lock data directory ${this.dir}: lock file keeps changing`);
  }

  private releaseLock(): void {
    if (!this.lockHeld) return;
    this.lockHeld = false;
    rmSync(join(this.dir, LOCK), { force: true });
  }

  /** Opens the log for writing at `size`, cutting off a torn tail; records a failure instead of throwing. */
  private openLog(): void {
    try {
      this.tryLock();
      if (!this.lockHeld) throw new Error(`data directory ${this.dir} is read-only`);
      this.fd ??= openSync(join(this.dir, WAL), existsSync(join(this.dir, WAL)) ? 'r+' : 'w+');
      ftruncateSync(this.fd, this.size);
      this.ops.fdatasyncSync(this.fd);
      fsyncDir(this.dir);
      this.failure = undefined;
      delete this.stats.failure;
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    this.failure = err instanceof Error ? err : new Error(String(err));
    this.stats.failure = this.failure.message;
    console.error(`sandbox cluster: storage failure, refusing writes: ${this.failure.message}`);
  }

  private writable(): boolean {
    return this.failure === undefined;
  }

  private storageError(): ApiError {
    return new ApiError(
      500,
      'InternalError',
      `Internal error occurred: the sandbox cannot write its data directory ${this.dir} ` +
        `(${this.failure?.message ?? 'unknown error'}); writes are refused until it can write again`,
    );
  }

  /** After a failure, tries to write again: the torn tail is cut and the log synced. */
  private recover(): boolean {
    if (!this.failure) return true;
    if (this.fd === undefined) {
      this.openLog();
      return !this.failure;
    }
    try {
      ftruncateSync(this.fd, this.size);
      this.ops.fdatasyncSync(this.fd);
      this.failure = undefined;
      delete this.stats.failure;
      console.error('sandbox cluster: storage writable again');
      return true;
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error(String(err));
      this.stats.failure = this.failure.message;
      return false;
    }
  }

  /** Throws the storage Status while the log cannot be written (checked before a commit). */
  assertWritable(): void {
    if (!this.recover()) throw this.storageError();
  }

  /**
   * Writes the record to the log before the caller commits it in memory; throws a Status 500
   * (nothing stored) when it cannot. Durability follows with the next group fdatasync.
   */
  append(rec: WalRecord): void {
    this.assertWritable();
    const fd = this.fd;
    if (fd === undefined) throw this.storageError();
    const data = Buffer.from(encode(rec), 'utf8');
    try {
      writeAll(this.ops, fd, data, this.size);
    } catch (err) {
      // Cut the partial record off so the next one starts on a clean line; if even that fails
      // the log stays in the failed state and recover() retries the cut.
      try {
        ftruncateSync(fd, this.size);
      } catch {
        /* recover() will retry */
      }
      this.fail(err);
      throw this.storageError();
    }
    this.size += data.length;
    this.unsynced = true;
    this.stats.records++;
    this.bytesSinceSnapshot += data.length;
    this.recordsSinceSnapshot++;
    if (!this.scheduled) {
      this.scheduled = true;
      // Group commit: every write issued in this turn of the event loop shares one fdatasync.
      setImmediate(() => this.flush());
    }
  }

  /** Resolves once everything appended so far is on disk; rejects with a Status if that failed. */
  whenDurable(): Promise<void> {
    if (!this.unsynced) return Promise.resolve();
    return new Promise((ok, fail) => this.waiters.push({ ok, fail }));
  }

  flush(): void {
    this.scheduled = false;
    const waiters = this.waiters;
    this.waiters = [];
    if (this.unsynced && this.fd !== undefined) {
      const started = performance.now();
      try {
        this.ops.fdatasyncSync(this.fd);
        this.unsynced = false;
        this.stats.flushes++;
        this.stats.lastFlushMs = performance.now() - started;
      } catch (err) {
        // Whether those records reached the disk is unknown; their clients hear an error, and
        // the log refuses writes until a sync succeeds again.
        this.fail(err);
        const status = this.storageError();
        for (const w of waiters) w.fail(status);
        return;
      }
    }
    for (const w of waiters) w.ok();
    if (
      this.recordsSinceSnapshot >= this.compactEvery.records ||
      this.bytesSinceSnapshot >= this.compactEvery.bytes
    ) {
      this.compact();
    }
  }

  /**
   * Writes a snapshot of the current state and starts a new, empty log. Returns false (and keeps
   * the old snapshot and the log, which together still hold everything) when it cannot.
   */
  compact(): boolean {
    if (this.fd === undefined || this.failure) return false;
    if (this.unsynced) {
      this.flush();
      if (!this.writable()) return false;
    }
    const { rv, lines } = this.snapshotSource();
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    try {
      let fd: number | undefined = openSync(tmp, 'w');
      let written = 0;
      try {
        const put = (text: string): void => {
          const buf = Buffer.from(text, 'utf8');
          writeAll(this.ops, fd ?? -1, buf, written);
          written += buf.length;
        };
        put(`${JSON.stringify({ rv })}\n`);
        let chunk: string[] = [];
        let size = 0;
        for (const line of lines) {
          chunk.push(line, '\n');
          size += line.length;
          if (size > 4 * 1024 * 1024) {
            put(chunk.join(''));
            chunk = [];
            size = 0;
          }
        }
        put(chunk.join(''));
        fsyncSync(fd);
        const actual = fstatSync(fd).size;
        if (actual !== written)
          throw new Error(`snapshot check failed: ${actual} bytes on disk, ${written} written`);
      } finally {
        closeSync(fd);
        fd = undefined;
      }
      const defect = snapshotDefect(readFileSync(tmp, 'utf8'));
      if (defect)
        throw new Error(`snapshot check failed at byte offset ${defect.offset}: ${defect.reason}`);
      renameSync(tmp, join(this.dir, SNAPSHOT));
      fsyncDir(this.dir);
    } catch (err) {
      try {
        rmSync(tmp, { force: true });
      } catch {
        /* the temporary file is overwritten by the next attempt */
      }
      const message = describe(err);
      if (this.compactFailure !== message)
        console.error(`sandbox cluster: snapshot not written, keeping the log: ${message}`);
      this.compactFailure = message;
      // Do not retry on every flush: the thresholds start counting again.
      this.recordsSinceSnapshot = 0;
      this.bytesSinceSnapshot = 0;
      return false;
    }
    this.compactFailure = undefined;
    // Only now is the log redundant; a crash before this truncation replays records the
    // snapshot already holds, which load() skips by resourceVersion.
    try {
      ftruncateSync(this.fd, 0);
      this.ops.fdatasyncSync(this.fd);
      this.size = 0;
    } catch (err) {
      this.fail(err);
    }
    this.recordsSinceSnapshot = 0;
    this.bytesSinceSnapshot = 0;
    return true;
  }

  close(): void {
    if (this.fd !== undefined) {
      this.flush();
      this.compact();
      try {
        closeSync(this.fd);
      } catch {
        /* closing is best effort; the data is synced */
      }
      this.fd = undefined;
    }
    this.releaseLock();
  }
}
