// `npm run model-tests` ends here: merges what the runners recorded (model-tests/report/raw), prints
// per production machine the states reached and transitions taken, and writes
// model-tests/report/coverage.json and coverage.md listing everything never reached, with reasons.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspectionMachine } from '../src/staff/machines/inspection';
import { productionMachines } from './atlas/atlas';
import { goalFailures, loadRawCoverage, REPORT_DIR, summarize, type BrowserFloor, type RawCoverage } from './support/coverage';
import { TRANSITION_GOAL } from './support/machine-runner';

const records = await loadRawCoverage();
if (records.length === 0) {
  console.error('No coverage recorded: run the model tests first (npm run model-tests).');
  process.exit(1);
}
const covered = new Set(records.flatMap((record) => Object.keys(record.machines)));
// The shop's machines (src/machines, as the flow atlas draws them) and the back office's inspection,
// which has model paths at both levels too.
const machines = [...(await productionMachines()), inspectionMachine].filter((machine) => covered.has(machine.id));
// The goal applies to what all runners reached together; each runner's own figures are shown too
// (the browser runs fewer paths by design: shortest paths, and only what the UI can produce).
const coverage = summarize(machines, records);
const runners = [...new Set(records.map((record) => record.runner))].sort();
const perRunner = new Map(
  runners.map((runner) => [
    runner,
    summarize(
      machines,
      records.filter((record) => record.runner === runner),
    ),
  ]),
);
const reasons: Record<string, string> = Object.assign({}, ...records.map((record) => record.uncovered ?? {}));
const skippedPaths = Object.entries(reasons).filter(([key]) => key.startsWith('path: '));
const percent = (a: number, b: number) => `${((100 * a) / b).toFixed(1)}%`;

// The browser runner saves one record per worker: one row per runner and flow, times added up.
const flowRows = new Map<string, { runner: string; flow: string; paths: RawCoverage['paths'] | null; durationMs: number | null }>();
for (const record of records) {
  const key = `${record.runner} ${record.flow}`;
  const row = flowRows.get(key);
  if (row) row.durationMs = (row.durationMs ?? 0) + (record.durationMs ?? 0);
  else flowRows.set(key, { runner: record.runner, flow: record.flow, paths: record.paths ?? null, durationMs: record.durationMs ?? null });
}
const flows = [...flowRows.values()];

console.log('\nModel-based tests: paths per flow');
for (const flow of flows) {
  const p = flow.paths;
  console.log(
    `  ${flow.runner.padEnd(8)} ${flow.flow.padEnd(14)} ${p ? `${p.total} paths (${p.shortest} shortest, ${p.transitionCover} transition, simple ${p.simple ?? (p.simpleTotal === null ? 'not used' : `over bound: ${p.simpleTotal} > ${p.bound}`)})` : ''}${flow.durationMs !== null ? `, ${flow.durationMs} ms` : ''}`,
  );
}
for (const [runner, figures] of perRunner) {
  console.log(`\nCoverage reached by the ${runner} runner`);
  for (const m of figures) {
    console.log(
      `  ${m.machine.padEnd(14)} states ${m.states.reached}/${m.states.total} (${percent(m.states.reached, m.states.total)})  transitions ${m.transitions.taken}/${m.transitions.total} (${percent(m.transitions.taken, m.transitions.total)})`,
    );
    if (runner === 'browser')
      for (const key of [...m.states.missing, ...m.transitions.missing])
        console.log(`      not in the browser: ${key}${reasons[key] ? ` — ${reasons[key]}` : ''}`);
  }
}
console.log(`\nCoverage of the production machines, ${runners.join(' + ')} together`);
for (const machine of coverage) {
  console.log(
    `  ${machine.machine.padEnd(14)} states ${machine.states.reached}/${machine.states.total} (${percent(machine.states.reached, machine.states.total)})  transitions ${machine.transitions.taken}/${machine.transitions.total} (${percent(machine.transitions.taken, machine.transitions.total)})`,
  );
  for (const key of [...machine.states.missing, ...machine.transitions.missing])
    console.log(`      never: ${key}${reasons[key] ? ` — ${reasons[key]}` : ' — NO REASON GIVEN'}`);
}

// The browser level may only grow: model-tests/browser-floor.json holds what main reaches. A run
// without the browser paths (npm run model-tests -- --machine-only) is not held to it.
const floorFile = new URL('./browser-floor.json', import.meta.url);
const floor = JSON.parse(await readFile(floorFile, 'utf8')) as BrowserFloor;
const browser = perRunner.get('browser');
const failures = goalFailures(coverage, browser ?? [], browser ? floor : {}, TRANSITION_GOAL);
const raised = (browser ?? []).filter(
  (m) => m.states.reached > (floor[m.machine]?.states ?? 0) || m.transitions.taken > (floor[m.machine]?.transitions ?? 0),
);
if (raised.length > 0)
  console.log(
    `\nThe browser reached more than its floor for ${raised.map((m) => m.machine).join(', ')}: raise model-tests/browser-floor.json to ${JSON.stringify(Object.fromEntries(raised.map((m) => [m.machine, { states: m.states.reached, transitions: m.transitions.taken }])))}`,
  );
for (const failure of failures) console.log(`BELOW THE GOAL: ${failure}`);
const belowGoal = failures.length > 0;

const markdown = [
  '# Model-based test coverage',
  '',
  'Written by `npm test` after the browser paths, and by `npm run model-tests`. Goal: every state and at least 95% of the transitions of each covered production machine (all runners together), and at the browser level no machine below its floor (`model-tests/browser-floor.json`, which only grows).',
  '',
  ...(failures.length > 0 ? ['**Below the goal:**', '', ...failures.map((f) => `- ${f}`), ''] : []),
  '',
  `| Machine | States (${runners.join(' + ')}) | Transitions (${runners.join(' + ')}) | ${runners.map((r) => `States (${r}) | Transitions (${r})`).join(' | ')} |`,
  `|---|---|---|${runners.map(() => '---|---|').join('')}`,
  ...coverage.map((m) => {
    const own = runners.map((runner) => perRunner.get(runner)!.find((x) => x.machine === m.machine)!);
    const cell = (x: typeof m) => `${x.states.reached}/${x.states.total} | ${x.transitions.taken}/${x.transitions.total}`;
    return `| ${m.machine} | ${m.states.reached}/${m.states.total} (${percent(m.states.reached, m.states.total)}) | ${m.transitions.taken}/${m.transitions.total} (${percent(m.transitions.taken, m.transitions.total)}) | ${own.map(cell).join(' | ')} |`;
  }),
  '',
  '## Flows',
  '',
  '| Runner | Flow | Paths | Shortest | Transition | Simple (bound) | Time |',
  '|---|---|---|---|---|---|---|',
  ...flows.map(
    (f) =>
      `| ${f.runner} | ${f.flow} | ${f.paths?.total ?? ''} | ${f.paths?.shortest ?? ''} | ${f.paths?.transitionCover ?? ''} | ${f.paths ? `${f.paths.simple ?? (f.paths.simpleTotal === null ? 'not used' : `over bound (${f.paths.simpleTotal})`)} (${f.paths.bound})` : ''} | ${f.durationMs ?? ''} ms |`,
  ),
  '',
  '## Browser paths not run',
  '',
  ...(skippedPaths.length > 0 ? skippedPaths.map(([key, reason]) => `- ${key.slice(6)} — ${reason}`) : ['None.']),
  '',
  '## Not reached in the browser',
  '',
  'What the model paths in the browser never reached, with the reason where a flow gives one (a production transition no path through the UI and the network can take).',
  '',
  ...(perRunner.get('browser') ?? []).flatMap((m) =>
    [...m.states.missing, ...m.transitions.missing].map((key) => `- \`${key}\`${reasons[key] ? ` — ${reasons[key]}` : ''}`),
  ),
  '',
  '## Never reached',
  '',
  ...coverage.flatMap((m) =>
    [...m.states.missing, ...m.transitions.missing].map((key) => `- \`${key}\` — ${reasons[key] ?? 'no reason given'}`),
  ),
  ...(coverage.every((m) => m.states.missing.length + m.transitions.missing.length === 0)
    ? ['Nothing: every state and transition was reached.']
    : []),
  '',
].join('\n');
await writeFile(
  join(REPORT_DIR, 'coverage.json'),
  `${JSON.stringify({ coverage, perRunner: Object.fromEntries(perRunner), flows, reasons }, null, 2)}\n`,
);
await writeFile(join(REPORT_DIR, 'coverage.md'), markdown);
console.log(`\nReport: model-tests/report/coverage.md and coverage.json${belowGoal ? ' (BELOW THE GOAL)' : ''}`);
if (belowGoal) process.exitCode = 1;
