// The server's layer rules (.dependency-cruiser.cjs) run by `npm run lint`, on a fixture tree: a lower
// folder importing a higher one fails, the other way round passes, a folder with no place in the
// list fails. (The real server is checked by the lint itself.)

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };
const fixture = fileURLToPath(new URL('fixtures/server-layers', import.meta.url));

async function violations(baseDir: string, paths: string[]): Promise<IViolation[]> {
  const { output } = await cruise(paths, {
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  });
  return (output as ICruiseResult).summary.violations;
}

describe('the server layer rules', () => {
  it('refuse a lower folder importing a higher one, and a folder without a place', async () => {
    const found = await violations(fixture, ['server']);
    expect(found.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort()).toEqual([
      'server-layer-catalogue: server/catalogue/prices.ts → server/trades/payouts.ts',
      'server-layer-unknown: server/reports/weekly.ts → server/trades/quotes.ts',
    ]);
  });
});
