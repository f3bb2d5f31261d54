// `npm run model-tests` ends here: merges what the runners recorded (model-tests/report/raw), prints
// per production machine the states reached and transitions taken, and writes
// model-tests/report/coverage.json and coverage.md listing everything never reached, with reasons.

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspectionMachine } from '../src/staff/machines/inspection';
import { productionMachines } from './atlas/atlas';
import { loadRawCoverage, REPORT_DIR, summarize, type RawCoverage } from './support/coverage';
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
  }
}
console.log(`\nCoverage of the production machines, ${runners.join(' + ')} together`);
let belowGoal = false;
for (const machine of coverage) {
  const ratio = machine.transitions.taken / machine.transitions.total;
  if (machine.states.missing.length > 0 || ratio < TRANSITION_GOAL) belowGoal = true;
  console.log(
    `  ${machine.machine.padEnd(14)} states ${machine.states.reached}/${machine.states.total} (${percent(machine.states.reached, machine.states.total)})  transitions ${machine.transitions.taken}/${machine.transitions.total} (${percent(machine.transitions.taken, machine.transitions.total)})`,
  );
  for (const key of [...machine.states.missing, ...machine.transitions.missing])
    console.log(`      never: ${key}${reasons[key] ? ` — ${reasons[key]}` : ' — NO REASON GIVEN'}`);
}

const markdown = [
  '# Model-based test coverage',
  '',
  'Written by `npm run model-tests`. Goal: every state and at least 95% of the transitions of each covered production machine.',
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
