import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DeviceDocSchema } from '../../src/contracts/search';
import { generateSyntheticDevices } from './synthetic-catalogue';

describe('generateSyntheticDevices', () => {
  const devices = generateSyntheticDevices(5000);

  it('is deterministic per seed', () => {
    expect(generateSyntheticDevices(5000)).toEqual(devices);
    expect(generateSyntheticDevices(5000, 2)).not.toEqual(devices);
    expect(generateSyntheticDevices(0)).toEqual([]);
  });

  it('makes valid devices with unique ids, names and urls', () => {
    z.array(DeviceDocSchema).parse(devices);
    expect(devices.map((d) => d.id)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    expect(new Set(devices.map((d) => d.name)).size).toBe(5000);
    expect(new Set(devices.map((d) => d.url)).size).toBe(5000);
  });

  it('draws real brands, series and model numbers released 2012–2025', () => {
    const series = new Set(devices.map((d) => `${d.manufacturer} ${d.series}`));
    for (const s of [
      'Apple iPhone',
      'Samsung Galaxy S',
      'Google Pixel',
      'Apple iPad',
      'Apple MacBook Pro',
      'Lenovo ThinkPad',
      'Sony PlayStation',
      'Canon EOS',
      'Apple Apple Watch',
    ]) {
      expect(series, s).toContain(s);
    }
    expect(Math.min(...devices.map((d) => d.releaseYear))).toBeGreaterThanOrEqual(2012);
    expect(Math.max(...devices.map((d) => d.releaseYear))).toBeLessThanOrEqual(2025);
    const iphone = devices.find((d) => d.model === 'iPhone 13')!;
    expect(iphone.searchTerms).toEqual([expect.stringMatching(/^A\d{4}$/), 'iphone13']);
    expect(iphone.name).toMatch(/^Apple iPhone 13 \d+ GB \w+ \(A\d{4}\)$/);
    expect(iphone).toMatchObject({ category: 'Smartphones', categoryUrl: 'smartphones', imagePath: '/images/devices/phone.svg' });
  });

  it('refuses more devices than it has distinct variants', () => {
    expect(() => generateSyntheticDevices(1_000_000)).toThrow(RangeError);
  });
});
