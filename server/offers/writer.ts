// Group commit for offers: inserts that arrive while one is being written go to the database together
// in one multi-row statement, so a burst of offers costs one round trip instead of one each (the
// embedded database runs one statement at a time).

import type { Database } from '../db/client';
import { offers } from '../db/schema/offers';

type OfferRow = typeof offers.$inferInsert;
type StoredOffer = typeof offers.$inferSelect;

interface Pending {
  readonly row: OfferRow;
  resolve(stored: StoredOffer): void;
  reject(error: unknown): void;
}

/** Largest batch per statement (well under PostgreSQL's 65,535 parameters). */
const MAX_BATCH = 500;

export class OfferWriter {
  private queue: Pending[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  insert(row: OfferRow): Promise<StoredOffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // Let the requests of this tick join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const stored = await this.db
          .insert(offers)
          .values(batch.map((p) => p.row))
          .returning();
        const byId = new Map(stored.map((s) => [s.id, s]));
        for (const pending of batch) {
          const row = byId.get(pending.row.id);
          if (row) pending.resolve(row);
          else pending.reject(new Error(`offer ${pending.row.id} was not stored`));
        }
      } catch (error) {
        // One bad row must not fail the others: write the batch again row by row.
        if (batch.length === 1) batch[0]!.reject(error);
        else await Promise.all(batch.map((pending) => this.insertOne(pending)));
      }
    }
    this.writing = false;
  }

  private async insertOne(pending: Pending): Promise<void> {
    try {
      const [stored] = await this.db.insert(offers).values(pending.row).returning();
      pending.resolve(stored!);
    } catch (error) {
      pending.reject(error);
    }
  }
}
