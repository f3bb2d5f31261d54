// Operator reports: the controlling funnel, the payout promise and the submitted searches.

import { isLocale } from '../../src/config/locales';
import { CLIENT_ID_PATTERN } from '../../src/contracts/tracking';
import { searchReportTable, suggestionsOf, topSearches, withSuggestions } from '../catalogue/search-log';
import { LocalSearch } from '../catalogue/search-service';
import { CatalogueStore } from '../catalogue/store';
import { funnel } from '../tracking/controlling';
import { funnelCsv, funnelTable, parseReportTime } from '../tracking/funnel-report';
import { payoutReport, payoutReportText } from '../trades/payout-report';
import { parse, print, UsageError, withDatabase, write, type Command } from './command';

export const reportCommands: Record<string, Command> = {
  'report funnel': {
    usage: 'report funnel --from <date> --to <date> [--country <shop>] [--client-id <id>] [--csv]',
    help: "Per shop: page views → device views → offers → add to cart → trades from the stored controlling\nevents, with each step's conversion. Dates are YYYY-MM-DD (--to includes that day) or ISO times.",
    run: async (args) => {
      const { values } = parse(
        args,
        {
          from: { type: 'string' },
          to: { type: 'string' },
          country: { type: 'string' },
          'client-id': { type: 'string' },
          csv: { type: 'boolean' },
        },
        0,
      );
      const from = values.from ? parseReportTime(values.from, false) : null;
      const to = values.to ? parseReportTime(values.to, true) : null;
      if (!from || !to) throw new UsageError('--from and --to take a date (2026-11-24) or an ISO time.');
      if (to <= from) throw new UsageError('--to must be after --from.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const clientId = values['client-id']?.toLowerCase();
      if (clientId !== undefined && !CLIENT_ID_PATTERN.test(clientId))
        throw new UsageError('--client-id takes the 64 hex digits of the client id cookie.');
      const rows = await withDatabase((db) => funnel(db, { from, to, ...(locale ? { locale } : {}), ...(clientId ? { clientId } : {}) }));
      if (values.csv) write(funnelCsv(rows));
      else print(funnelTable(rows, { from, to }));
    },
  },
  'report payouts': {
    usage: 'report payouts [--from <date>] [--to <date>] [--country <shop>]',
    help:
      'The payout promise (issue 18, decision 043): payouts per shop, how many were paid by their due day (on-time rate), ' +
      'the late-payout bonuses paid, and each late payout. Dates are YYYY-MM-DD (--to includes that day) or ISO times; default: everything.',
    run: async (args) => {
      const { values } = parse(args, { from: { type: 'string' }, to: { type: 'string' }, country: { type: 'string' } }, 0);
      const from = values.from ? parseReportTime(values.from, false) : null;
      const to = values.to ? parseReportTime(values.to, true) : null;
      if ((values.from && !from) || (values.to && !to)) throw new UsageError('--from and --to take a date (2026-11-24) or an ISO time.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const report = await withDatabase((db) => payoutReport(db, { from, to, ...(locale ? { locale } : {}) }));
      print(payoutReportText(report));
    },
  },
  'report searches': {
    usage: 'report searches [--zero-results] [--days <n>] [--country <shop>] [--limit <n>]',
    help: 'Per shop, the most frequent searches submitted on the results page in the last days (default 30),\nwith --zero-results only those that found nothing, most frequent first (default 20 per shop), each with\nwhat the results page suggests for it now (brand and category names near its words, or none).',
    run: async (args) => {
      const { values } = parse(
        args,
        { 'zero-results': { type: 'boolean' }, days: { type: 'string' }, country: { type: 'string' }, limit: { type: 'string' } },
        0,
      );
      const days = values.days === undefined ? 30 : Number(values.days);
      if (!Number.isInteger(days) || days < 1 || days > 3660) throw new UsageError('--days takes a whole number of days (1 or more).');
      const limit = values.limit === undefined ? 20 : Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit takes a whole number from 1 to 1000.');
      const locale = values.country?.toLowerCase();
      if (locale !== undefined && !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
      const zeroOnly = values['zero-results'] === true;
      const rows = await withDatabase(async (db) => {
        const top = await topSearches(db, { days, zeroOnly, limit, ...(locale ? { locale } : {}) });
        if (!zeroOnly || top.length === 0) return top;
        const search = new LocalSearch(await CatalogueStore.load(db));
        return withSuggestions(top, (shop, text) => suggestionsOf(search, shop, text));
      });
      print(searchReportTable(rows, { days, zeroOnly }));
    },
  },
};
