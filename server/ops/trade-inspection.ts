// The operator's `trades inspect`: what the inspection found per item (answers, note, evidence photos),
// recorded on the trade, with the clarifications it opens mailed to the seller.

import { readFile } from 'node:fs/promises';
import type { CatalogueQuestion } from '../catalogue/model';
import { CatalogueStore } from '../catalogue/store';
import { sendClarificationMail } from '../clarifications/mail';
import { tradeAudit } from '../staff/audit';
import { recordInspection, type ItemInspection } from '../trades/inspection';
import { formatCents, showTrade, type TradeDetails } from '../trades/lifecycle';
import { checkPhoto, MAX_PHOTOS_PER_ITEM, type InspectionPhoto } from '../trades/photos';
import {
  announceTradeLinks,
  atOption,
  opsConfig,
  parse,
  print,
  table,
  tradeRef,
  UsageError,
  withDatabase,
  withTradeMails,
  type Command,
  type Tokens,
} from './command';

export const inspectCommand: Command = {
  usage:
    'trades inspect <TR-…> [--at <time>] --item <offerId|#> [--answer <question>=<answer>]… [--note <text>] [--photo <file>]… [--item …]',
  help: [
    'Records what the inspection found (from received), for EVERY item of the trade: --item names an',
    'item by its offer id (or a unique start of it) or by its number (#) in `trades show`; the --answer',
    'options after it give the found answers as ids (2=23) or codes (DISPLAY=CRACKED); questions not',
    'given are as offered. Items worse than offered and below their offer price get a clarification',
    'with a new offer; otherwise the trade is inspected and ready to pay. --note after an item is the',
    "inspector's note the seller reads with the clarification; --photo <file> after an item attaches an evidence",
    'photo the seller sees with it (JPEG, PNG or WebP, at most 5 MB, 6 per item; repeatable). Opening clarifications mails the seller',
    `the links (deadline: CLARIFICATION_DAYS, now ${opsConfig().CLARIFICATION_DAYS} days); without one the seller gets the inspection's mail.`,
    '--at: when the devices were inspected (ISO time, not in the future; default now): the payout promise counts from it.',
    'Example: trades inspect TR-2026-000003 --item 1 --item 2 --answer DISPLAY=CRACKED --answer POWER=YES',
  ].join('\n'),
  run: async (args) => {
    const { positionals, values, tokens } = parse(
      args,
      {
        item: { type: 'string', multiple: true },
        answer: { type: 'string', multiple: true },
        note: { type: 'string', multiple: true },
        photo: { type: 'string', multiple: true },
        at: { type: 'string' },
      },
      1,
    );
    const ref = tradeRef(positionals);
    const at = atOption(values.at);
    const groups = inspectionGroups(tokens);
    // The files are read and checked before the database is opened: a wrong file changes nothing.
    const photos = await Promise.all(groups.map((group) => Promise.all(group.photos.map(readPhoto))));
    const { store, inspected } = await withDatabase(async (db) => {
      const trade = await showTrade(db, ref);
      const catalogue = await CatalogueStore.load(db);
      const inspections = groups.map((group, i) => ({ ...resolveItem(trade, catalogue, group), photos: photos[i]! }));
      // One mail for the inspection: its own (written with it) or, when it opens clarifications, theirs.
      const inspected = await withTradeMails(db, async (mails, services) => {
        const inspected = await recordInspection(db, catalogue, ref, inspections, {
          now: at,
          deadlineDays: opsConfig().CLARIFICATION_DAYS,
          mails,
          audit: tradeAudit('cli'),
        });
        if (inspected.status === 'clarification') await sendClarificationMail(services, db, inspected.tradeId, 'opened');
        await announceTradeLinks(db, inspected.tradeId);
        return inspected;
      });
      return { store: catalogue, inspected };
    });
    print(`${inspected.tradeNumber} received → inspected${inspected.status === 'clarification' ? ' → clarification' : ''}`);
    print(
      table(
        ['#', 'DEVICE', '>OFFERED', 'FOUND', '>FOUND PRICE', '>AGREED'],
        inspected.items.map((item, i) => [
          String(i + 1),
          item.deviceName,
          formatCents(item.offeredPriceCents),
          `${item.foundKind === 'purchase' ? '' : `${item.foundKind}: `}${codesOf(store, item.foundAnswers)}`,
          formatCents(item.foundPriceCents),
          item.agreedPriceCents === null ? 'asks seller' : formatCents(item.agreedPriceCents),
        ]),
      ),
    );
    for (const item of inspected.items.filter((i) => i.clarification)) {
      const c = item.clarification!;
      print(`\nClarification ${c.id} (${c.kind}) for ${item.deviceName}: new offer ${formatCents(c.newPriceCents)}`);
      print(`  ${c.reason}`);
      print(`  link: ${c.linkPath}`);
    }
    const attached = photos.reduce((sum, list) => sum + list.length, 0);
    if (attached > 0) print(`\n${attached} evidence photo(s) attached; the seller sees them with the clarification.`);
    print(
      inspected.status === 'clarification'
        ? '\nThe seller was mailed the links (see `clarifications show`).'
        : "\nThe seller was mailed the inspection's result.",
    );
  },
};

interface ItemGroup {
  readonly item: string;
  readonly answers: { question: string; answer: string }[];
  note?: string;
  readonly photos: string[];
}

/** An evidence photo file, checked (type from its bytes, size) before anything is written. */
async function readPhoto(file: string): Promise<InspectionPhoto> {
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch (error) {
    throw new Error(`Cannot read the photo ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}.`, { cause: error });
  }
  return checkPhoto(`The photo ${file}`, new Uint8Array(content));
}

/** --item opens a group; the --answer options after it belong to that item. */
function inspectionGroups(tokens: Tokens): ItemGroup[] {
  const groups: ItemGroup[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'item') groups.push({ item: token.value ?? '', answers: [], photos: [] });
    else if (token.name === 'photo') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--photo belongs to the --item before it; start with --item.');
      if (group.photos.length >= MAX_PHOTOS_PER_ITEM)
        throw new UsageError(`Item ${group.item} has more than ${MAX_PHOTOS_PER_ITEM} photos.`);
      group.photos.push(token.value ?? '');
    } else if (token.name === 'answer') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--answer belongs to the --item before it; start with --item.');
      const match = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(token.value ?? '');
      if (!match) throw new UsageError(`--answer takes <question>=<answer>, e.g. 2=23 or DISPLAY=CRACKED, not "${token.value}".`);
      group.answers.push({ question: match[1]!, answer: match[2]! });
    } else if (token.name === 'note') {
      const group = groups.at(-1);
      if (!group) throw new UsageError('--note belongs to the --item before it; start with --item.');
      if (group.note !== undefined) throw new UsageError(`Item ${group.item} has two --note options.`);
      const note = (token.value ?? '').trim();
      if (note === '' || note.length > 1000) throw new UsageError('--note takes a text of 1 to 1000 characters.');
      group.note = note;
    }
  }
  if (groups.length === 0) throw new UsageError('Name every item of the trade with --item.');
  return groups;
}

/** Finds the item (offer id, its start, or # in `trades show`) and turns answer codes into ids. */
function resolveItem(trade: TradeDetails, store: CatalogueStore, group: ItemGroup): ItemInspection {
  const ref = group.item.trim().toLowerCase();
  const matches = /^\d+$/.test(ref)
    ? trade.items.filter((i) => i.position + 1 === Number(ref))
    : trade.items.filter((i) => i.offerId.startsWith(ref));
  if (matches.length !== 1) {
    const known = trade.items.map((i) => `${i.position + 1} = ${i.offerId}`).join(', ');
    throw new Error(
      `${matches.length ? 'Several items start with' : 'There is no item'} "${group.item}" in ${trade.trade.tradeNumber} (items: ${known}).`,
    );
  }
  const item = matches[0]!;
  const device = store.device(item.deviceId);
  const questions = device ? store.questionsFor(device) : [];
  const answers: Record<string, number> = {};
  for (const { question, answer } of group.answers) {
    const q = questions.find((c) => String(c.id) === question || c.code.toLowerCase() === question.toLowerCase());
    if (!q) {
      if (/^\d+$/.test(question) && /^\d+$/.test(answer))
        answers[question] = Number(answer); // recordInspection reports it
      else throw new Error(`${item.deviceName} has no question "${question}" (questions: ${questions.map((c) => c.code).join(', ')}).`);
      continue;
    }
    const a = q.answers.find((c) => String(c.id) === answer || c.code.toLowerCase() === answer.toLowerCase());
    if (!a)
      throw new Error(`Question ${q.code} has no answer "${answer}" (answers: ${q.answers.map((c) => `${c.id}=${c.code}`).join(', ')}).`);
    if (String(q.id) in answers) throw new Error(`Question ${q.code} is answered twice for item ${item.position + 1}.`);
    answers[String(q.id)] = a.id;
  }
  return { offerId: item.offerId, answers, ...(group.note ? { note: group.note } : {}) };
}

/** The answers as QUESTION=ANSWER codes. */
function codesOf(store: CatalogueStore, answers: Record<string, number>): string {
  const questions: CatalogueQuestion[] = store.catalogue.questionSets.flatMap((s) => s.questions);
  return questions
    .filter((q) => String(q.id) in answers)
    .map((q) => `${q.code}=${q.answers.find((a) => a.id === answers[String(q.id)])?.code ?? answers[String(q.id)]}`)
    .join(' ');
}
