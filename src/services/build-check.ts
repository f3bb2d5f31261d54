// The build check (product §7 framework-level calls; issue 12): asks builds/latest.json with a
// timestamp query every interval while the tab is visible (paused in background tabs, asked again
// when it comes back after the interval) and reports a build id other than the page's own.

export interface BuildCheckOptions {
  readonly currentBuildId: string;
  readonly intervalMs: number;
  /** When the first check is due (default: one interval from now); 0 asks at once (a watch started late). */
  readonly firstCheckInMs?: number;
  readonly onNewBuild: (buildId: string) => void;
  readonly fetch?: typeof globalThis.fetch;
}

export function watchBuilds(options: BuildCheckOptions): () => void {
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastCheck = Date.now() - options.intervalMs + (options.firstCheckInMs ?? options.intervalMs);
  let stopped = false;

  const check = async () => {
    lastCheck = Date.now();
    try {
      const response = await fetchFn(`/builds/latest.json?t=${lastCheck}`, { cache: 'no-store' });
      if (!response.ok) return;
      const { buildId } = (await response.json()) as { buildId?: unknown };
      if (!stopped && typeof buildId === 'string' && buildId !== options.currentBuildId) {
        stopped = true;
        options.onNewBuild(buildId);
      }
    } catch {
      // Offline or a deployment in progress: ask again next time.
    }
  };
  const schedule = () => {
    if (stopped || document.hidden) return;
    timer = setTimeout(() => void check().then(schedule), Math.max(0, options.intervalMs - (Date.now() - lastCheck)));
  };
  const onVisibility = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    schedule();
  };
  document.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
