// `npm run model-tests`: the model-based tests at both levels and their coverage report. Machine
// level (vitest), then browser level (Playwright on the production build, which is built first),
// then model-tests/report.ts prints paths, run times and coverage and writes the report.

import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const run = (command, args) => {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  console.log(`${[command, ...args].join(' ')}: exit ${result.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status ?? 1;
};

rmSync(new URL('../model-tests/report/raw', import.meta.url), { recursive: true, force: true });
let failed = run('npx', ['vitest', 'run', 'model-tests']);
if (!process.argv.includes('--machine-only')) {
  failed ||= run('npm', ['run', 'build']);
  failed ||= run('npx', ['playwright', 'test', '--project=model']);
}
const report = run('npx', ['tsx', 'model-tests/report.ts']);
process.exit(failed || report);
