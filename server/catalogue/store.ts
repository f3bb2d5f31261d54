// The catalogue held in memory for pricing and the search indexes; reloaded from the database after
// every import, so a running server answers from one consistent snapshot.

import type { Database } from '../db/client';
import type { Catalogue, CatalogueDevice, CatalogueQuestion } from './model';
import { loadCatalogue } from './repository';

export class CatalogueStore {
  private byId = new Map<number, CatalogueDevice>();
  private questionsByCategory = new Map<number, readonly CatalogueQuestion[]>();
  private listeners: ((catalogue: Catalogue) => void)[] = [];

  private constructor(private snapshot: Catalogue) {
    this.index();
  }

  static async load(db: Database): Promise<CatalogueStore> {
    return new CatalogueStore(await loadCatalogue(db));
  }

  static of(catalogue: Catalogue): CatalogueStore {
    return new CatalogueStore(catalogue);
  }

  get catalogue(): Catalogue {
    return this.snapshot;
  }

  device(id: number): CatalogueDevice | undefined {
    return this.byId.get(id);
  }

  questionsFor(device: CatalogueDevice): readonly CatalogueQuestion[] {
    return this.questionsByCategory.get(device.categoryId) ?? [];
  }

  /** Called with each new snapshot (the search indexes rebuild from it). */
  onChange(listener: (catalogue: Catalogue) => void): void {
    this.listeners.push(listener);
  }

  async reload(db: Database): Promise<void> {
    this.snapshot = await loadCatalogue(db);
    this.index();
    for (const listener of this.listeners) listener(this.snapshot);
  }

  private index() {
    this.byId = new Map(this.snapshot.devices.map((d) => [d.id, d]));
    const sets = new Map(this.snapshot.questionSets.map((s) => [s.key, s.questions]));
    this.questionsByCategory = new Map(this.snapshot.categories.map((c) => [c.id, sets.get(c.questionSet) ?? []]));
  }
}
