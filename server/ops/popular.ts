// Operator commands for the home page's popular devices (issue 30, decision 082): pin devices per
// shop ahead of the counted and curated ones, unpin them, list the pins. Servers pick a change up
// within the few minutes they keep the list.

import { isLocale, type Locale } from '../../src/config/locales';
import { pinnedDeviceIds, pinPopular, POPULAR_MIN_OFFERS, POPULAR_MIN_VOLUME, unpinPopular } from '../catalogue/popular';
import { CatalogueStore } from '../catalogue/store';
import { parse, print, UsageError, withDatabase, type Command } from './command';

function shopOf(value: string | undefined): Locale {
  const locale = value?.toLowerCase();
  if (locale === undefined || !isLocale(locale)) throw new UsageError('--country takes a shop: default, de, at, es, fr or it.');
  return locale;
}

function deviceIdOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new UsageError('--device takes a device id (a whole number, e.g. 1300).');
  return id;
}

const RULE =
  `Order: pins, then (once the shop had ${POPULAR_MIN_VOLUME} offers in 30 days) devices with at least ` +
  `${POPULAR_MIN_OFFERS} offers by count, then the curated list (data/catalogue/popular.json).`;

export const popularCommands: Record<string, Command> = {
  'popular pin': {
    usage: 'popular pin --country <shop> --device <id> [--position <n>]',
    help: `Pins a device to the shop's popular devices on the home page (position 1 = first; default: after the other pins). ${RULE}`,
    run: async (args) => {
      const { values } = parse(args, { country: { type: 'string' }, device: { type: 'string' }, position: { type: 'string' } }, 0);
      const locale = shopOf(values.country);
      const deviceId = deviceIdOf(values.device);
      const position = values.position === undefined ? undefined : Number(values.position);
      if (position !== undefined && (!Number.isInteger(position) || position < 1))
        throw new UsageError('--position takes a whole number from 1.');
      await withDatabase(async (db) => {
        const device = (await CatalogueStore.load(db)).device(deviceId);
        if (!device) throw new Error(`no device ${deviceId} in the catalogue`);
        await pinPopular(db, locale, deviceId, position);
        print(`[${locale}] pinned ${deviceId} ${device.name}; pins now: ${(await pinnedDeviceIds(db, locale)).join(', ')}`);
      });
    },
  },
  'popular unpin': {
    usage: 'popular unpin --country <shop> --device <id>',
    help: "Removes a device's pin from the shop's popular devices.",
    run: async (args) => {
      const { values } = parse(args, { country: { type: 'string' }, device: { type: 'string' } }, 0);
      const locale = shopOf(values.country);
      const deviceId = deviceIdOf(values.device);
      const removed = await withDatabase((db) => unpinPopular(db, locale, deviceId));
      print(removed ? `[${locale}] unpinned ${deviceId}` : `[${locale}] ${deviceId} was not pinned`);
    },
  },
  'popular pins': {
    usage: 'popular pins --country <shop>',
    help: `Lists the devices pinned to the shop's popular devices, in order. ${RULE}`,
    run: async (args) => {
      const { values } = parse(args, { country: { type: 'string' } }, 0);
      const locale = shopOf(values.country);
      const ids = await withDatabase((db) => pinnedDeviceIds(db, locale));
      print(ids.length === 0 ? `[${locale}] no pins` : `[${locale}] ${ids.join(', ')}`);
    },
  },
};
