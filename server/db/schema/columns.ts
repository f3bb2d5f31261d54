// Column types the schema files share.

import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes (contact attachments, inspection photos). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
