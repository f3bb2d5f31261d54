// Operator command line (`npm run ops -- <command>`): catalogue import and statistics, search reindex,
// popular-device pins, and the trade life cycle (product §11: list, show, receive, inspect, clarification answers, pay,
// cancel, return, clarifications), the newsletter export, the contact messages (list, show), the mail
// outbox (list, retry), the back office's users (add, list, link) and the audit log (list). It uses the
// same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR). Failures print
// one line and exit 1; wrong arguments exit 2 with the usage. The commands live per domain in the
// modules beside this one; this entry merges them and runs one.

import { runOps } from './run';

process.exit(await runOps(process.argv.slice(2)));
