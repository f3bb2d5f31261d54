// The device picture generator: every seed model gets a picture that fits its family, pictures differ
// where the devices differ, names carry the content hash, each stays within 4 KB compressed, and the
// server answers them with a year-long immutable cache.

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { PictureSet, PICTURE_PREFIX, renderPicture, seedPictures, type PictureRule } from './pictures';
import { loadSeedCatalogue } from './seed';

const catalogue = loadSeedCatalogue();
const pathOf = (model: string) => catalogue.devices.find((d) => d.model === model)!.images[0]!.path;

describe('device pictures', () => {
  it('gives every device of the seed catalogue a generated picture under a hashed name', () => {
    for (const d of catalogue.devices) {
      expect(d.images[0]?.path).toMatch(/^\/pictures\/[a-z0-9-]+\.[0-9a-f]{10}\.svg$/);
      expect(seedPictures().file(d.images[0]!.path.slice(PICTURE_PREFIX.length))).toBeDefined();
    }
  });

  it('tells devices apart by family and generation, and matches models to their own rule', () => {
    expect(pathOf('iPhone 15 Pro Max')).not.toBe(pathOf('Pixel 9a'));
    expect(pathOf('iPhone 15 Pro')).not.toBe(pathOf('iPhone 15 Pro Max'));
    expect(pathOf('iPhone 14 Pro')).not.toBe(pathOf('iPhone 13 Pro'));
    expect(pathOf('iPhone 15 Pro')).toContain('/iphone-15-pro.');
    expect(pathOf('Galaxy S24 Ultra')).toContain('/galaxy-s24-ultra.');
    expect(pathOf('Galaxy Z Flip5')).toContain('/galaxy-z-flip.');
    expect(pathOf('PlayStation 5 Slim')).toContain('/playstation-5.');
    expect(pathOf('AirPods Pro (2nd generation)')).toContain('/airpods.');
    expect(pathOf('WH-1000XM5')).toContain('/over-ear-headphones.');
  });

  it('draws the front cut-out and the camera layout the description names', () => {
    const island = renderPicture({
      kind: 'phone',
      front: 'island',
      camera: 'triple-square',
      size: 'regular',
      form: 'bar',
      color: '#bab4a9',
    });
    const homeButton = renderPicture({
      kind: 'phone',
      front: 'home-button',
      camera: 'single',
      size: 'regular',
      form: 'bar',
      color: '#bab4a9',
    });
    expect(island).not.toBe(homeButton);
    expect(island).toContain('fill="#bab4a9"');
    // Three lenses (each a glass circle with a highlight) on the back of a triple-camera phone.
    expect(island.match(/<circle [^>]*fill="#263238" stroke/g)).toHaveLength(3);
    expect(homeButton.match(/<circle [^>]*fill="#263238" stroke/g)).toHaveLength(1);
  });

  it('keeps every picture well-formed and within 4 KB compressed', () => {
    for (const p of seedPictures().all()) {
      expect(p.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 96 96"[^>]*>.*<\/svg>$/s);
      expect(p.svg).not.toMatch(/NaN|undefined/);
      expect(gzipSync(p.svg).length).toBeLessThanOrEqual(4096);
    }
  });

  it('changes the file name when the drawing changes, and refuses one name for two drawings', () => {
    const rule = (color: string): PictureRule => ({
      name: 'test-watch',
      categories: ['smartwatches'],
      match: '.',
      picture: { kind: 'watch', face: 'round', color },
    });
    const a = new PictureSet([rule('#111111')]).all()[0]!;
    const b = new PictureSet([rule('#222222')]).all()[0]!;
    expect(a.file).not.toBe(b.file);
    expect(new PictureSet([rule('#111111')]).all()[0]!.file).toBe(a.file);
    expect(() => new PictureSet([rule('#111111'), rule('#222222')])).toThrow(/different pictures/);
  });

  it('serves a picture with a year-long immutable cache and 404 for unknown names', async () => {
    const app = await buildApp({
      logLevel: 'silent',
      render: () => Promise.reject(new Error('no pages in this test')),
      resolveAssets: () => ({ entry: '/assets/entry.js', css: [], preloads: [] }),
    });
    try {
      const path = pathOf('iPhone 16 Pro');
      const ok = await app.inject({ url: path });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('image/svg+xml');
      expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(ok.body).toBe(seedPictures().file(path.slice(PICTURE_PREFIX.length))!.svg);
      expect((await app.inject({ url: '/pictures/iphone-16-pro.0000000000.svg' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
