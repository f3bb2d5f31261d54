// Operator commands for the catalogue: import data/catalogue, schedule base prices, count devices.

import { readFile } from 'node:fs/promises';
import { importCatalogue, loadCatalogue } from '../catalogue/repository';
import { loadSeedCatalogue } from '../catalogue/seed';
import { CatalogueStore } from '../catalogue/store';
import { importPriceSchedule, parsePriceCsv, pendingPrices, PriceImportError } from '../catalogue/price-schedule';
import { formatCents } from '../trades/lifecycle';
import { parse, print, table, UsageError, withDatabase, type Command } from './command';

export const catalogueCommands: Record<string, Command> = {
  'catalogue import': {
    usage: 'catalogue import [--force]',
    help: 'Loads data/catalogue into the database (skipped when unchanged unless --force). A running server picks it up on restart.',
    run: async (args) => {
      const result = await withDatabase((db) => importCatalogue(db, loadSeedCatalogue(), { force: args.includes('--force') }));
      print(
        result.imported
          ? `imported ${result.devices} devices (${result.checksum.slice(0, 12)})`
          : `catalogue unchanged (${result.devices} devices)`,
      );
    },
  },
  'catalogue prices import': {
    usage: 'catalogue prices import <file.csv> --effective <YYYY-MM-DD>',
    help:
      'Loads future base prices (CSV header device,locale,basePrice — device id or slug, shop, EUR) for a day after today. ' +
      "A running server switches them on that day in the shop's time zone (prices and search, no restart) and warns the sellers " +
      'who saved or shared an offer of a device whose price drops (or hold it in a cart with a known e-mail), PRICE_WARNING_DAYS days before. All rows or none.',
    run: async (args) => {
      const { positionals, values } = parse(args, { effective: { type: 'string' } }, 1);
      if (!values.effective) throw new UsageError('--effective <YYYY-MM-DD> is required.');
      const text = await readFile(positionals[0]!, 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${positionals[0]}.`);
      });
      const count = await withDatabase(async (db) => {
        const store = await CatalogueStore.load(db);
        try {
          return await importPriceSchedule(db, parsePriceCsv(text, store), values.effective!, new Date());
        } catch (error) {
          if (error instanceof PriceImportError) throw new UsageError(error.message);
          throw error;
        }
      });
      print(`scheduled ${count} base price(s) for ${values.effective}`);
    },
  },
  'catalogue prices list': {
    usage: 'catalogue prices list',
    help: 'Lists the scheduled base prices not switched yet (day, shop, device, new base price).',
    run: async () => {
      const rows = await withDatabase((db) => pendingPrices(db));
      if (rows.length === 0) return print('No scheduled prices.');
      print(
        table(
          ['DAY', 'SHOP', '>DEVICE', '>BASE PRICE'],
          rows.map((r) => [r.effectiveOn, r.locale, String(r.deviceId), formatCents(r.basePriceCents)]),
        ),
      );
    },
  },
  'catalogue stats': {
    usage: 'catalogue stats',
    help: 'Prints the number of active devices per category.',
    run: async () => {
      const catalogue = await withDatabase((db) => loadCatalogue(db));
      for (const category of catalogue.categories) {
        const count = catalogue.devices.filter((d) => d.categoryId === category.id).length;
        print(`${category.texts.default.name.padEnd(16)} ${String(count).padStart(6)}`);
      }
      print(`${'total'.padEnd(16)} ${String(catalogue.devices.length).padStart(6)}`);
    },
  },
};
