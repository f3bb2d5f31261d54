// Part of `npm run lint`: the repository explains itself. No file cites a document outside it (an
// old design brief or specification), and every `product §N` / `product §N.M` citation names a
// section that docs/product.md has (decision 065, consequences). Prints each bad citation and exits 1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const OUTSIDE = /\bspec §|SPEC\.md|DESIGN\.md|design brief|\.\.\/shared\//i;
const CITATION = /product §(\d+(?:\.\d+)?)/gi;
const SELF = new Set(['scripts/citations-check.mjs']);

const product = readFileSync('docs/product.md', 'utf8');
const sections = new Set([...product.matchAll(/^## §(\d+) |^\*\*(\d+\.\d+) /gm)].map((m) => m[1] ?? m[2]));

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && !SELF.has(file) && /\.(tsx?|mjs|cjs|js|md|json|css|html|po|txt|sh)$|^\.ci\//.test(file));
const problems = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // deleted in the work tree
  }
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    if (OUTSIDE.test(line)) problems.push(`${where}: cites a document outside the repository: ${line.trim().slice(0, 120)}`);
    for (const [, section] of line.matchAll(CITATION)) {
      if (!sections.has(section)) problems.push(`${where}: product §${section} is not a section of docs/product.md`);
    }
  });
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} citation problem(s).`);
  process.exit(1);
}
console.log(`citations: ${files.length} files, every product § citation found in docs/product.md`);
