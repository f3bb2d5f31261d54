// The bulk upload of the business landing page (issue 14, decision 038): a company pastes or chooses
// a CSV list, the server matches it line by line (POST /api/offers/bulk), the company corrects the
// unmatched lines (new text, a suggestion) one at a time and takes the chosen matched lines into the
// cart with their quantities. A screen actor (decision 020): the HTTP call is a placeholder actor
// (./bulk-upload.actors.ts provides the real one, tests fakes). 'bulk.take' ends the flow; the
// screen's same click sends selectedLines() to the shop's cart (business mode on, 'cart.addMany').
//
//   editing ─submit─▶ matching ─▶ results ─edit/pick─▶ rematching ─▶ results ─take─▶ taken
//                        └──▶ failed ─retry─▶ matching

import { assign, fromPromise, setup } from 'xstate';
import {
  BULK_MAX_BYTES,
  BULK_MAX_QUANTITY,
  type BulkGrade,
  type BulkLineResult,
  type BulkOfferAnswer,
  type BulkOfferRequest,
} from '../contracts/bulk-offers';
import { readApiFailure } from '../services/api-failure';

/** Why the list got no answer: no connection or server trouble (retry), too many lists (wait), over 1,000 lines / 256 KB, or unreadable. */
export type BulkFailure = 'network' | 'rateLimited' | 'tooLarge' | 'unreadable';

export type MatchedLine = Extract<BulkLineResult, { status: 'matched' }>;

/** A line being corrected: what the company typed. */
export interface LineEdit {
  readonly text: string;
  readonly quantity: number;
  readonly grade: BulkGrade;
}

export interface BulkUploadContext {
  /** The pasted list. */
  readonly text: string;
  /** A chosen file (its name and bytes as base64); it is sent instead of the text. */
  readonly file: { readonly name: string; readonly base64: string } | null;
  readonly lines: readonly BulkLineResult[];
  /** Offer ids of the matched lines to take into the cart (all matched lines at first). */
  readonly selected: readonly string[];
  /** Corrections of unmatched and invalid lines, by line number. */
  readonly edits: Readonly<Record<number, LineEdit>>;
  /** The line being matched again. */
  readonly rematching: number | null;
  readonly failure: BulkFailure | null;
  /** How many lines went into the cart last. */
  readonly taken: number;
}

export type BulkUploadEvent =
  | { readonly type: 'bulk.changeText'; readonly value: string }
  | { readonly type: 'bulk.chooseFile'; readonly name: string; readonly base64: string; readonly bytes: number }
  | { readonly type: 'bulk.clearFile' }
  | { readonly type: 'bulk.submit' }
  | { readonly type: 'bulk.retry' }
  | { readonly type: 'bulk.toggle'; readonly offerId: string }
  | { readonly type: 'bulk.editLine'; readonly line: number; readonly edit: Partial<LineEdit> }
  | { readonly type: 'bulk.rerunLine'; readonly line: number }
  | { readonly type: 'bulk.pickSuggestion'; readonly line: number; readonly deviceId: number }
  | { readonly type: 'bulk.take' }
  | { readonly type: 'bulk.restart' };

export const initialBulkUpload: BulkUploadContext = {
  text: '',
  file: null,
  lines: [],
  selected: [],
  edits: {},
  rematching: null,
  failure: null,
  taken: 0,
};

const failureOf = (error: unknown): BulkFailure => {
  const failure = readApiFailure(error);
  if (failure.kind === 'rateLimited') return 'rateLimited';
  if (failure.kind === 'refused' && failure.status === 413) return 'tooLarge';
  if (failure.kind === 'validation' || failure.kind === 'refused') return 'unreadable';
  return 'network';
};

/** What a correction starts from: the line as read (an invalid line's text is the raw row). */
export function editOf(context: Pick<BulkUploadContext, 'edits'>, line: BulkLineResult): LineEdit {
  return (
    context.edits[line.line] ??
    (line.status === 'invalid'
      ? { text: line.text.split(' · ')[0] ?? '', quantity: 1, grade: 'B' }
      : { text: line.text, quantity: line.quantity, grade: line.grade })
  );
}

const isValidEdit = (edit: LineEdit) =>
  edit.text.trim() !== '' &&
  edit.text.length <= 200 &&
  Number.isInteger(edit.quantity) &&
  edit.quantity >= 1 &&
  edit.quantity <= BULK_MAX_QUANTITY;

export const matchedLines = (lines: readonly BulkLineResult[]): MatchedLine[] =>
  lines.filter((l): l is MatchedLine => l.status === 'matched');

/** The chosen matched lines (what 'bulk.take' puts into the cart). */
export const selectedLines = (context: Pick<BulkUploadContext, 'lines' | 'selected'>): MatchedLine[] =>
  matchedLines(context.lines).filter((line) => context.selected.includes(line.offer.offerId));

const notProvided = (name: string) => () => Promise.reject(new Error(`bulkUpload machine: provide the '${name}' actor`));

type Rerun = { readonly line: number; readonly deviceId?: number };

export const bulkUploadMachine = setup({
  types: {
    context: {} as BulkUploadContext,
    events: {} as BulkUploadEvent,
  },
  actors: {
    matchList: fromPromise<BulkOfferAnswer, BulkOfferRequest>(notProvided('matchList')),
  },
  guards: {
    hasList: ({ context }) => context.file !== null || context.text.trim() !== '',
    fileFits: ({ event }) => event.type === 'bulk.chooseFile' && event.bytes <= BULK_MAX_BYTES,
    canRerun: ({ context, event }) => {
      if (event.type !== 'bulk.rerunLine' && event.type !== 'bulk.pickSuggestion') return false;
      const line = context.lines.find((l) => l.line === event.line);
      return (
        line !== undefined && line.status !== 'matched' && (event.type === 'bulk.pickSuggestion' || isValidEdit(editOf(context, line)))
      );
    },
    isMatchedLine: ({ context, event }) =>
      event.type === 'bulk.toggle' && matchedLines(context.lines).some((line) => line.offer.offerId === event.offerId),
    hasSelection: ({ context }) => selectedLines(context).length > 0,
  },
  actions: {
    changeText: assign(({ event }) => (event.type === 'bulk.changeText' ? { text: event.value, failure: null } : {})),
    chooseFile: assign(({ event }) =>
      event.type === 'bulk.chooseFile' ? { file: { name: event.name, base64: event.base64 }, failure: null } : {},
    ),
    refuseFile: assign({ file: null, failure: 'tooLarge' as const }),
    /** The list changes back to the pasted text: the failure of the file is no longer the list's. */
    clearFile: assign({ file: null, failure: null }),
    startMatching: assign({ failure: null, lines: [], selected: [], edits: {}, rematching: null }),
    storeAnswer: assign((_, answer: BulkOfferAnswer) => ({
      lines: answer.lines,
      selected: matchedLines(answer.lines).map((line) => line.offer.offerId),
    })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureOf(error) })),
    toggle: assign(({ context, event }) =>
      event.type === 'bulk.toggle'
        ? {
            selected: context.selected.includes(event.offerId)
              ? context.selected.filter((id) => id !== event.offerId)
              : [...context.selected, event.offerId],
          }
        : {},
    ),
    editLine: assign(({ context, event }) => {
      if (event.type !== 'bulk.editLine') return {};
      const line = context.lines.find((l) => l.line === event.line);
      if (!line || line.status === 'matched') return {};
      return { edits: { ...context.edits, [event.line]: { ...editOf(context, line), ...event.edit } } };
    }),
    startRerun: assign((_, { line }: Rerun) => ({ rematching: line, failure: null })),
    /** The line's new answer takes its place; a match is chosen for the cart at once. */
    storeRerun: assign(({ context }, answer: BulkOfferAnswer) => {
      const [result] = answer.lines;
      if (!result) return { rematching: null };
      const { [result.line]: _, ...edits } = context.edits;
      return {
        lines: context.lines.map((line) => (line.line === result.line ? result : line)),
        selected: result.status === 'matched' ? [...context.selected, result.offer.offerId] : context.selected,
        edits: result.status === 'matched' ? edits : context.edits,
        rematching: null,
      };
    }),
    storeRerunFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureOf(error), rematching: null })),
    countTaken: assign(({ context }) => ({ taken: selectedLines(context).length })),
    restart: assign(({ context }) => ({ ...initialBulkUpload, text: context.text })),
  },
}).createMachine({
  id: 'bulkUpload',
  context: initialBulkUpload,
  initial: 'editing',
  states: {
    editing: {
      on: {
        'bulk.changeText': { actions: 'changeText' },
        'bulk.chooseFile': [{ guard: 'fileFits', actions: 'chooseFile' }, { actions: 'refuseFile' }],
        'bulk.clearFile': { actions: 'clearFile' },
        'bulk.submit': { guard: 'hasList', target: 'matching' },
      },
    },
    matching: {
      entry: 'startMatching',
      invoke: {
        src: 'matchList',
        input: ({ context }): BulkOfferRequest =>
          context.file ? { kind: 'file', base64: context.file.base64 } : { kind: 'text', text: context.text },
        onDone: { target: 'results', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'bulk.retry': 'matching',
        'bulk.changeText': { target: 'editing', actions: 'changeText' },
        'bulk.chooseFile': [
          { guard: 'fileFits', target: 'editing', actions: 'chooseFile' },
          { target: 'editing', actions: 'refuseFile' },
        ],
        'bulk.clearFile': { target: 'editing', actions: 'clearFile' },
      },
    },
    results: {
      on: {
        'bulk.toggle': { guard: 'isMatchedLine', actions: 'toggle' },
        'bulk.editLine': { actions: 'editLine' },
        'bulk.rerunLine': { guard: 'canRerun', target: 'rematching' },
        'bulk.pickSuggestion': { guard: 'canRerun', target: 'rematching' },
        'bulk.take': {
          guard: 'hasSelection',
          target: 'taken',
          actions: 'countTaken',
        },
        'bulk.restart': { target: 'editing', actions: 'restart' },
      },
    },
    rematching: {
      entry: {
        type: 'startRerun',
        params: ({ event }) => ({
          line: event.type === 'bulk.rerunLine' || event.type === 'bulk.pickSuggestion' ? event.line : 0,
          ...(event.type === 'bulk.pickSuggestion' && { deviceId: event.deviceId }),
        }),
      },
      invoke: {
        src: 'matchList',
        input: ({ context, event }): BulkOfferRequest => {
          const line = context.lines.find((l) => l.line === context.rematching)!;
          const edit = editOf(context, line);
          return {
            kind: 'lines',
            lines: [
              {
                line: line.line,
                text: edit.text.trim(),
                quantity: edit.quantity,
                grade: edit.grade,
                ...(event.type === 'bulk.pickSuggestion' && { deviceId: event.deviceId }),
              },
            ],
          };
        },
        onDone: { target: 'results', actions: { type: 'storeRerun', params: ({ event }) => event.output } },
        onError: { target: 'results', actions: { type: 'storeRerunFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** "N devices are in your cart": the company goes to the cart, or uploads another list. */
    taken: {
      on: { 'bulk.restart': { target: 'editing', actions: 'restart' } },
    },
  },
});
