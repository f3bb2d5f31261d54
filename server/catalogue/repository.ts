// The catalogue in the database: import (upsert in one transaction, idempotent, never deleting rows
// that offers may refer to) and load (the whole catalogue, to build the search indexes and price offers).

import { createHash } from 'node:crypto';
import { desc, getTableColumns, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { answers, catalogueImports, categories, devices, manufacturers, questions, series } from '../db/schema/catalogue';
import type { Catalogue, CatalogueQuestion, QuestionSet } from './model';

const CHUNK = 400;

/** `SET col = excluded.col` for every column but the key, for an upsert. */
function excludedSet(table: PgTable): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => key !== 'id')
      .map(([key, column]) => [key, sql.raw(`excluded."${column.name}"`)]),
  );
}

async function upsert<T extends PgTable>(tx: Database, table: T, rows: T['$inferInsert'][]) {
  const set = excludedSet(table);
  const idColumn = getTableColumns(table).id as never;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({ target: idColumn, set });
  }
}

export function catalogueChecksum(catalogue: Catalogue): string {
  return createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');
}

export interface ImportResult {
  readonly imported: boolean;
  readonly devices: number;
  readonly checksum: string;
}

export async function latestImport(db: Database): Promise<{ checksum: string; devices: number } | undefined> {
  const [latest] = await db.select().from(catalogueImports).orderBy(desc(catalogueImports.id)).limit(1);
  return latest;
}

/**
 * Imports the catalogue unless the same one is already loaded (or `force`). One transaction.
 * `checksum` names the source version (default: a hash of the catalogue itself).
 */
export async function importCatalogue(
  db: Database,
  catalogue: Catalogue,
  options: { force?: boolean; checksum?: string } = {},
): Promise<ImportResult> {
  const checksum = options.checksum ?? catalogueChecksum(catalogue);
  const latest = await latestImport(db);
  if (!options.force && latest?.checksum === checksum) return { imported: false, devices: latest.devices, checksum };

  await db.transaction(async (tx) => {
    await upsert(
      tx as unknown as Database,
      categories,
      catalogue.categories.map((c) => ({ ...c })),
    );
    await upsert(
      tx as unknown as Database,
      manufacturers,
      catalogue.manufacturers.map((m) => ({ ...m })),
    );
    await upsert(
      tx as unknown as Database,
      series,
      catalogue.series.map((s) => ({ ...s })),
    );
    await upsert(
      tx as unknown as Database,
      devices,
      catalogue.devices.map((d) => ({ ...d, searchTerms: [...d.searchTerms], images: [...d.images], active: true })),
    );
    const deviceIds = catalogue.devices.map((d) => d.id);
    if (deviceIds.length > 0) await tx.update(devices).set({ active: false }).where(notInArray(devices.id, deviceIds));
    const questionRows = catalogue.questionSets.flatMap((set) =>
      set.questions.map((q) => ({
        id: q.id,
        questionSet: set.key,
        code: q.code,
        sort: q.sort,
        question: q.question,
        description: q.description,
        platformTexts: q.platforms,
      })),
    );
    await upsert(tx as unknown as Database, questions, questionRows);
    const answerRows = catalogue.questionSets.flatMap((set) =>
      set.questions.flatMap((q) => q.answers.map((a, sort) => ({ ...a, questionId: q.id, sort }))),
    );
    await upsert(tx as unknown as Database, answers, answerRows);
    await tx.insert(catalogueImports).values({ checksum, devices: catalogue.devices.length });
  });
  return { imported: true, devices: catalogue.devices.length, checksum };
}

/** The active catalogue as stored. */
type DeviceRow = typeof devices.$inferSelect;

/**
 * The active devices as one JSON value built by the database: thousands of rows read one field at a
 * time cost the embedded database's wire-protocol reader about 300 ms at start-up, one JSON text about
 * 50 (issue 34). The keys are the table's property names, so a row is what `select()` gives.
 */
async function activeDevices(db: Database): Promise<DeviceRow[]> {
  const fields = Object.entries(getTableColumns(devices)).map(([key, column]) => sql`${key}::text, ${column}`);
  const [row] = await db
    .select({ json: sql<string | null>`json_agg(json_build_object(${sql.join(fields, sql`, `)}) order by ${devices.id})::text` })
    .from(devices)
    .where(sql`${devices.active}`);
  return row?.json ? (JSON.parse(row.json) as DeviceRow[]) : [];
}

export async function loadCatalogue(db: Database): Promise<Catalogue> {
  const [categoryRows, manufacturerRows, seriesRows, deviceRows, questionRows, answerRows] = await Promise.all([
    db.select().from(categories).orderBy(categories.sort),
    db.select().from(manufacturers).orderBy(manufacturers.id),
    db.select().from(series).orderBy(series.id),
    activeDevices(db),
    db.select().from(questions).orderBy(questions.sort, questions.id),
    db.select().from(answers).orderBy(answers.sort, answers.id),
  ]);
  const answersByQuestion = new Map<number, typeof answerRows>();
  for (const a of answerRows) answersByQuestion.set(a.questionId, [...(answersByQuestion.get(a.questionId) ?? []), a]);
  const sets = new Map<string, CatalogueQuestion[]>();
  for (const q of questionRows) {
    const question: CatalogueQuestion = {
      id: q.id,
      code: q.code,
      sort: q.sort,
      question: q.question,
      description: q.description,
      platforms: q.platformTexts,
      answers: (answersByQuestion.get(q.id) ?? []).map((a) => ({
        id: a.id,
        code: a.code,
        text: a.text,
        multiplier: a.multiplier,
        grade: a.grade as 0 | 1 | 2 | 3,
        blocks: a.blocks,
        recycling: a.recycling,
      })),
    };
    sets.set(q.questionSet, [...(sets.get(q.questionSet) ?? []), question]);
  }
  const questionSets: QuestionSet[] = [...sets].map(([key, qs]) => ({ key, questions: qs }));
  return {
    categories: categoryRows,
    manufacturers: manufacturerRows,
    series: seriesRows,
    devices: deviceRows.map(({ active: _active, ...d }) => d),
    questionSets,
  };
}
