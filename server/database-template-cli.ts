// `node dist/server/db-template.js`, a step of `npm run build`: writes dist/db-template (decision 094).

import { DATABASE_TEMPLATE_DIR } from './platform/paths';
import { writeDatabaseTemplate } from './database-template';

const started = performance.now();
const { devices } = await writeDatabaseTemplate(DATABASE_TEMPLATE_DIR);
console.log(`database template: ${devices} devices, ${Math.round(performance.now() - started)} ms`);
