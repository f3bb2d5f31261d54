// One process at a time on an embedded database directory. PGlite cannot share its files: a second
// process opening them dies with an opaque `RuntimeError: Aborted()` from the WASM build. Before
// opening, the process writes its pid into `<dataDir>.lock` (created exclusively); a lock whose
// process no longer runs (a crash, kill -9) is taken over; one whose process runs is refused with
// what to do. Decision 039 says why this is not a lock-file package.

import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

function running(pid: number): boolean {
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
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // Only our own lock: a takeover after we were thought gone must not be undone.
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== null && holder !== process.pid && running(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
      if (holder === process.pid) throw new EmbeddedDatabaseInUseError(dataDir, holder);
      // Left behind by a process that is gone (or half written): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}; another process keeps taking it.`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
