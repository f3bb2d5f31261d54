// Operator command for the newsletter: export a shop's confirmed subscribers as CSV.

import { writeFile } from 'node:fs/promises';
import { countryConfig } from '../../src/config/countries';
import { isLocale } from '../../src/config/locales';
import { exportSubscribers } from '../newsletter/export';
import { parse, printError, UsageError, withDatabase, write, type Command } from './command';

export const newsletterCommands: Record<string, Command> = {
  'newsletter export': {
    usage: 'newsletter export --country <de|es|fr|it> [--out <file>]',
    help: 'Writes the confirmed newsletter subscribers of a shop as CSV (to the file, else to stdout).',
    run: async (args) => {
      const { values } = parse(args, { country: { type: 'string' }, out: { type: 'string' } }, 0);
      const locale = values.country?.toLowerCase();
      if (!locale || !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      if (!countryConfig(locale).features.hasNewsletter) throw new Error(`the ${locale} shop has no newsletter.`);
      const { csv, count } = await withDatabase((db) => exportSubscribers(db, locale));
      if (values.out) {
        await writeFile(values.out, csv, { mode: 0o600 });
        printError(`${count} confirmed subscribers of ${locale} written to ${values.out}`);
      } else {
        write(csv);
      }
    },
  },
};
