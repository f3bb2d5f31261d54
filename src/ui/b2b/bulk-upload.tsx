// The bulk upload (business trade-in, decision 038): paste or choose a CSV list, see one answer per
// line, correct the unmatched lines, take the chosen matched lines into the cart with their
// quantities. Driven by the bulk upload machine (src/machines/bulk-upload.ts); the cart is the shop's.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, useRef } from 'react';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import { BULK_GRADES, BULK_MAX_LINES, type BulkGrade, type BulkLineResult, type BulkRowProblem } from '../../contracts/bulk-offers';
import { bulkUploadMachine, editOf, selectedLines, type BulkFailure } from '../../machines/bulk-upload';
import { bulkUploadActors } from '../../machines/bulk-upload.actors';
import { cartLineFromOffer, lineTotal } from '../../machines/cart';
import { formatPrice } from '../../i18n/format';
import { useApiClient } from '../api-context';
import { useCart } from '../cart/cart-provider';
import { FormFailure, type FailureTexts } from '../form/form-status';
import { useShop } from '../shop-context';
import { Select } from '../form/select';
import './b2b.css';

export const GRADE_LABELS = {
  A: msg`A – like new`,
  B: msg`B – good`,
  C: msg`C – visible wear`,
  D: msg`D – defective`,
} as const satisfies Record<BulkGrade, unknown>;

const PROBLEM_LABELS = {
  modelMissing: msg`The model is missing.`,
  quantity: msg`The quantity must be a whole number from 1 to 99.`,
  grade: msg`The grade must be A, B, C or D.`,
} as const satisfies Record<BulkRowProblem, unknown>;

const FAILURE_TEXTS = {
  tooLarge: msg`The list is too large: at most ${BULK_MAX_LINES} lines and 256 KB. Please split it.`,
  rateLimited: msg`Too many lists in a short time. Please wait a few minutes and try again.`,
  unreadable: msg`We could not read this list. Please check that it is a CSV file with model, quantity and grade.`,
  network: msg`We could not check the list right now. Please try again.`,
} as const satisfies FailureTexts<BulkFailure>;

const EXAMPLE = 'Modell;Anzahl;Zustand\nApple iPhone 13 128 GB;5;A\nSamsung Galaxy S22 128GB;3;B\nMacBook Air M1 8GB 256GB;2;C';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function BulkUpload() {
  const { i18n } = useLingui();
  const shop = useShop();
  const api = useApiClient();
  const cart = useCart();
  const id = useId();
  const machine = useMemo(() => bulkUploadMachine.provide({ actors: bulkUploadActors({ api }) }), [api]);
  const actor = useActorRef(machine, { inspect: pageCoverageInspector() });
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const busy = state.matches('matching');
  // The chooser shows a file only while the list holds one: removed or refused, it shows none (and
  // the same file chosen again is a change, which the chooser reports).
  const fileInput = useRef<HTMLInputElement>(null);

  if (state.matches('taken')) {
    return (
      <div className="bulk-taken" role="status">
        <p>{i18n._(msg`${plural(context.taken, { one: '# line is', other: '# lines are' })} in your cart now.`)}</p>
        <Link to={shop.path('checkout')} className="button primary">
          <Trans>Go to the cart</Trans>
        </Link>{' '}
        <button type="button" className="button secondary" onClick={() => actor.send({ type: 'bulk.restart' })}>
          <Trans>Upload another list</Trans>
        </button>
      </div>
    );
  }

  if (state.matches('results') || state.matches('rematching')) {
    const matched = context.lines.filter((l) => l.status === 'matched').length;
    return (
      <div className="bulk-results">
        <p role="status">
          {context.lines.length === 0
            ? i18n._(msg`The list has no lines we could read. Please check it and try again.`)
            : i18n._(msg`${matched} of ${context.lines.length} lines matched.`)}
        </p>
        <FormFailure failure={context.failure} texts={FAILURE_TEXTS} />
        <ul className="bulk-lines">
          {context.lines.map((line) => (
            <BulkLine key={line.line} line={line} context={context} busy={context.rematching === line.line} send={actor.send} />
          ))}
        </ul>
        <div className="bulk-actions">
          <button
            type="button"
            className="button primary"
            disabled={context.selected.length === 0}
            onClick={() => {
              // The chosen lines go into the shop's cart in business mode; the flow then says so.
              const lines = selectedLines(context).map((line) => ({
                ...cartLineFromOffer(line.offer, line.device),
                quantity: line.quantity,
              }));
              cart.send({ type: 'cart.businessMode', enabled: true });
              cart.send({ type: 'cart.addMany', lines });
              actor.send({ type: 'bulk.take' });
            }}
          >
            {i18n._(msg`Take ${plural(context.selected.length, { one: '# line', other: '# lines' })} into the cart`)}
          </button>{' '}
          <button type="button" className="button secondary" onClick={() => actor.send({ type: 'bulk.restart' })}>
            <Trans>Start again</Trans>
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="bulk-form"
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'bulk.submit' });
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-text`}>
          <Trans>Paste your list (model; quantity; grade)</Trans>
        </label>
        <textarea
          id={`${id}-text`}
          name="list"
          rows={8}
          value={context.text}
          placeholder={EXAMPLE}
          disabled={busy || context.file !== null}
          aria-describedby={`${id}-hint`}
          onChange={(event) => actor.send({ type: 'bulk.changeText', value: event.target.value })}
        />
        <p id={`${id}-hint`} className="hint">
          <Trans>
            One device per line: model or search text, quantity (1 to 99, empty = 1) and grade A, B, C or D (empty = B), separated by ; or ,
            — a header row is fine. Up to 1,000 lines.
          </Trans>
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>
          <Trans>Or choose a CSV file (UTF-8 or Excel/Windows)</Trans>
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          disabled={busy}
          onChange={async (event) => {
            const input = event.target;
            const file = input.files?.[0];
            if (!file) return actor.send({ type: 'bulk.clearFile' });
            const bytes = new Uint8Array(await file.arrayBuffer());
            actor.send({ type: 'bulk.chooseFile', name: file.name, base64: toBase64(bytes), bytes: bytes.length });
            if (actor.getSnapshot().context.file === null) input.value = '';
          }}
        />
        {context.file && (
          <p>
            {i18n._(msg`Chosen: ${context.file.name}`)}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                if (fileInput.current) fileInput.current.value = '';
                actor.send({ type: 'bulk.clearFile' });
              }}
            >
              <Trans>Remove file</Trans>
            </button>
          </p>
        )}
      </div>
      <ul className="bulk-grades">
        {BULK_GRADES.map((grade) => (
          <li key={grade}>{i18n._(GRADE_LABELS[grade])}</li>
        ))}
      </ul>
      <FormFailure
        failure={context.failure}
        texts={FAILURE_TEXTS}
        // A list too large fails again as it is; the others may work on a second try.
        onRetry={state.matches('failed') && context.failure !== 'tooLarge' ? () => actor.send({ type: 'bulk.retry' }) : undefined}
      />
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? i18n._(msg`Checking your list…`) : i18n._(msg`Get offers for the list`)}
      </button>
      {busy && (
        <p role="status" className="bulk-progress">
          <Trans>Matching each line with our catalogue and making the offers. This takes a few seconds for long lists.</Trans>
        </p>
      )}
    </form>
  );
}

function BulkLine({
  line,
  context,
  busy,
  send,
}: {
  line: BulkLineResult;
  context: Parameters<typeof editOf>[0] & { readonly selected: readonly string[] };
  busy: boolean;
  send: (event: Parameters<ReturnType<typeof useActorRef<typeof bulkUploadMachine>>['send']>[0]) => void;
}) {
  const { i18n } = useLingui();
  const shop = useShop();
  const id = useId();
  if (line.status === 'matched') {
    return (
      <li className="bulk-line matched" data-line={line.line}>
        <label>
          <input
            type="checkbox"
            checked={context.selected.includes(line.offer.offerId)}
            onChange={() => send({ type: 'bulk.toggle', offerId: line.offer.offerId })}
          />{' '}
          <span className="bulk-line-no">{i18n._(msg`Line ${line.line}`)}</span> <strong>{line.offer.deviceName}</strong>
        </label>
        <span>
          {i18n._(GRADE_LABELS[line.grade])} · {line.quantity} ×{' '}
          {line.offer.kind === 'recycling' ? i18n._(msg`Free recycling`) : formatPrice(shop.locale, line.offer.price)}
        </span>
        <span className="bulk-line-total">{formatPrice(shop.locale, lineTotal({ price: line.offer.price, quantity: line.quantity }))}</span>
        <span className="bulk-line-text">{i18n._(msg`Your text: ${line.text}`)}</span>
      </li>
    );
  }
  const edit = editOf(context, line);
  return (
    <li className="bulk-line unmatched" data-line={line.line}>
      <p>
        <span className="bulk-line-no">{i18n._(msg`Line ${line.line}`)}</span>{' '}
        {line.status === 'invalid'
          ? line.problems.map((problem) => i18n._(PROBLEM_LABELS[problem])).join(' ')
          : line.reason === 'ambiguous'
            ? i18n._(msg`Several devices fit "${line.text}". Please pick one or be more precise (e.g. the storage).`)
            : i18n._(msg`We found no device for "${line.text}". Please correct the text.`)}
      </p>
      {line.status === 'unmatched' && line.suggestions.length > 0 && (
        <div className="bulk-suggestions">
          <span>
            <Trans>Did you mean:</Trans>
          </span>
          {line.suggestions.map((suggestion) => (
            <button
              key={suggestion.deviceId}
              type="button"
              className="button secondary small"
              disabled={busy}
              onClick={() => send({ type: 'bulk.pickSuggestion', line: line.line, deviceId: suggestion.deviceId })}
            >
              {suggestion.name}
            </button>
          ))}
        </div>
      )}
      <form
        className="bulk-edit"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'bulk.rerunLine', line: line.line });
        }}
      >
        <label htmlFor={`${id}-text`}>{i18n._(msg`Model of line ${line.line}`)}</label>
        <input
          id={`${id}-text`}
          value={edit.text}
          maxLength={200}
          onChange={(event) => send({ type: 'bulk.editLine', line: line.line, edit: { text: event.target.value } })}
        />
        <label htmlFor={`${id}-quantity`}>{i18n._(msg`Quantity`)}</label>
        <input
          id={`${id}-quantity`}
          type="number"
          min={1}
          max={99}
          value={edit.quantity}
          onChange={(event) => send({ type: 'bulk.editLine', line: line.line, edit: { quantity: event.target.valueAsNumber } })}
        />
        <label htmlFor={`${id}-grade`}>{i18n._(msg`Grade`)}</label>
        <Select
          id={`${id}-grade`}
          value={edit.grade}
          onChange={(event) => send({ type: 'bulk.editLine', line: line.line, edit: { grade: event.target.value as BulkGrade } })}
        >
          {BULK_GRADES.map((grade) => (
            <option key={grade} value={grade}>
              {i18n._(GRADE_LABELS[grade])}
            </option>
          ))}
        </Select>
        <button type="submit" className="button secondary small" disabled={busy}>
          {busy ? i18n._(msg`Checking…`) : i18n._(msg`Check again`)}
        </button>
      </form>
    </li>
  );
}
