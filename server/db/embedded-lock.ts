// One process at a time on an embedded database directory. PGlite cannot share its files: a second
// process opening them dies with an opaque `RuntimeError: Aborted()` from the WASM build. Before
// opening, the process writes its pid and start time into `<dataDir>.lock` (created exclusively); a
// lock whose process no longer runs (a crash, kill -9) is taken over; one whose process runs is
// refused with what to do. Decision 039 says why this is not a lock-file package. A killed process
// stays in the process table as a zombie until its parent reaps it, and `kill(pid, 0)` still
// succeeds for it: so on Linux the process state is read from /proc (a zombie or dead process holds
// nothing), and the start time tells the lock's process from a later one that got the same pid — a
// supervisor restarting at once, or a container whose shop is always pid 1 (decision 080).

import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class EmbeddedDatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. Stop that process (the shop, or another ops command) ` +
        'or give this one its own DATA_DIR. If no such process runs, delete ' +
        `${dataDir}.lock.`,
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

interface Holder {
  readonly pid: number;
  /** The process's start time in clock ticks after boot (/proc/<pid>/stat field 22); null when unknown. */
  readonly start: string | null;
}

/** State and start time of a process from /proc (Linux); undefined where there is no /proc. */
function procStat(pid: number | 'self'): { state: string; start: string } | null | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: the fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return null;
  }
}

const ownStart = () => procStat('self')?.start ?? null;

function running({ pid, start }: Holder): boolean {
  const stat = procStat(pid);
  if (stat === null) return false;
  if (stat !== undefined) {
    // Z: a zombie (killed, not yet reaped), X: dead; another start time: the pid was reused.
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return start === null || stat.start === start;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir` for this process; the returned function releases it. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, [process.pid, ownStart()].filter((part) => part !== null).join(' '));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: a takeover after we were thought gone must not be undone.
        const holder = readHolder(file);
        if (holder?.pid === process.pid && holder.start === ownStart()) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== null && running(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder.pid);
      // Left behind by a process that is gone (or half written): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}; another process keeps taking it.`);
}

/** The lock's `<pid> <start>` (a lock of an older version holds the pid only). */
function readHolder(file: string): Holder | null {
  try {
    const [pidText, start] = readFileSync(file, 'utf8').trim().split(' ');
    const pid = Number(pidText);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, start: start ?? null } : null;
  } catch {
    return null;
  }
}
