// One device of a trade on the inspection page. Editing: per question the seller's answer beside the
// answer found (the same options; a difference is marked), the IMEI or serial number with its check
// as typed, photos (camera or files, uploaded at once, six at most, each with its refusal), a note,
// what the answers mean for the price (the quote), and the wipe for a device accepted as it is.
// Viewing: the device as inspected, its clarification and certificate, and the wipe confirmation of a
// device accepted after a clarification.

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { ERASURE_METHODS, identifierProblem, type ErasureMethod, type StaffTradeItem } from '../../contracts/staff';
import {
  acceptedAsIs,
  MAX_PHOTOS,
  type inspectionMachine,
  type ItemDraft,
  type QuoteState,
  type SaveProblem,
} from '../machines/inspection';
import { staffFailure } from '../services/failure';
import { photoUrl } from '../services/trades';
import { Field } from './field';
import { useFormat, type Format } from './format';
import { erasureText, failureText, identifierText } from './texts';

export type InspectionActor = ActorRefFrom<typeof inspectionMachine>;

type Question = StaffTradeItem['questions'][number];

const answerOf = (question: Question, answerId: number | undefined) => question.answers.find((a) => a.id === answerId)?.text ?? '—';

function DeviceHeading({ item, index, id }: { item: StaffTradeItem; index: number; id: string }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const number = index + 1;
  const offered = format.money(item.offeredCents);
  const quantity = item.quantity;
  return (
    <header className="device-header">
      <h2 id={id}>
        {number}. {item.deviceName}
        {quantity > 1 && ` × ${quantity}`}
      </h2>
      <p>
        {item.kind === 'recycling'
          ? i18n._(msg`Offered for recycling`)
          : quantity > 1
            ? i18n._(msg`Offered: ${offered} per unit`)
            : i18n._(msg`Offered: ${offered}`)}
      </p>
    </header>
  );
}

export function quoteText(i18n: I18n, format: Format, quote: QuoteState): string {
  if (quote.status === 'pending') return i18n._(msg`Working out the price…`);
  if (quote.status === 'failed') return i18n._(msg`The price could not be worked out.`);
  const pay = format.money(quote.quote.payCents);
  switch (quote.quote.outcome) {
    case 'asOffered':
      return i18n._(msg`As offered: pays ${pay}.`);
    case 'better':
      return i18n._(msg`Better than offered: pays ${pay} (the price only goes up).`);
    case 'worse':
      return i18n._(msg`Worse than offered: the seller gets a counter-offer of ${pay}.`);
    case 'blocked':
      return quote.quote.foundKind === 'recycling'
        ? i18n._(msg`Blocked: recycling only. The seller is asked.`)
        : i18n._(msg`Blocked (for example an activation lock): the seller is asked.`);
  }
}

function Quote({ actor, offerId, quote }: { actor: InspectionActor; offerId: string; quote: QuoteState }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const outcome = quote.status === 'answered' ? quote.quote.outcome : quote.status;
  return (
    <div className="quote" data-outcome={outcome}>
      <p aria-live="polite">{quoteText(i18n, format, quote)}</p>
      {quote.status === 'failed' && (
        <button type="button" className="secondary" onClick={() => actor.send({ type: 'inspection.retryQuote', offerId })}>
          {i18n._(msg`Work out the price again`)}
        </button>
      )}
    </div>
  );
}

/** The table of the seller's answers beside what was found (one row per question). */
function AnswersTable({ caption, children }: { caption: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <table className="answers">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{i18n._(msg`Question`)}</th>
          <th scope="col">{i18n._(msg`Seller’s answer`)}</th>
          <th scope="col">{i18n._(msg`Found`)}</th>
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function AnswerRow({
  actor,
  item,
  question,
  found,
}: {
  actor: InspectionActor;
  item: StaffTradeItem;
  question: Question;
  found: number | undefined;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const offered = item.offeredAnswers[String(question.id)];
  const differs = found !== offered;
  const text = question.text;
  return (
    <tr className={differs ? 'differs' : undefined} data-differs={differs || undefined}>
      <th scope="row">{question.text}</th>
      <td data-label={i18n._(msg`Seller’s answer`)}>{answerOf(question, offered)}</td>
      <td data-label={i18n._(msg`Found`)}>
        <label htmlFor={id} className="visually-hidden">
          {i18n._(msg`Found: ${text}`)}
        </label>
        <select
          id={id}
          value={found ?? ''}
          aria-describedby={differs ? `${id}-differs` : undefined}
          onChange={(event) =>
            actor.send({ type: 'inspection.answer', offerId: item.offerId, questionId: question.id, answerId: Number(event.target.value) })
          }
        >
          {question.answers.map((answer) => (
            <option key={answer.id} value={answer.id}>
              {answer.text}
            </option>
          ))}
        </select>
        {differs && (
          <span id={`${id}-differs`} className="differs-mark">
            {i18n._(msg`differs from the seller’s answer`)}
          </span>
        )}
      </td>
    </tr>
  );
}

function Photos({
  actor,
  item,
  draft,
  tradeNumber,
}: {
  actor: InspectionActor;
  item: StaffTradeItem;
  draft: ItemDraft;
  tradeNumber: string;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const kept = draft.photos.filter((photo) => photo.status !== 'refused').length;
  const full = kept >= MAX_PHOTOS;
  const device = item.deviceName;
  const add = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) actor.send({ type: 'inspection.addPhotos', offerId: item.offerId, files });
  };
  return (
    <fieldset className="photos">
      <legend>{i18n._(msg`Photos (up to ${MAX_PHOTOS})`)}</legend>
      <div className="photo-inputs">
        <div className="field">
          <label htmlFor={`${id}-camera`}>{i18n._(msg`Take photos`)}</label>
          <input
            id={`${id}-camera`}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={full}
            onChange={(event) => add(event.currentTarget)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-files`}>{i18n._(msg`Choose photo files`)}</label>
          <input id={`${id}-files`} type="file" accept="image/*" multiple disabled={full} onChange={(event) => add(event.currentTarget)} />
        </div>
      </div>
      {draft.photos.length > 0 && (
        <ul className="photo-list" aria-live="polite">
          {draft.photos.map((photo, index) => {
            const number = index + 1;
            const name = photo.name || i18n._(msg`Photo ${number}`);
            return (
              <li key={photo.key} data-photo={photo.status}>
                {photo.status === 'uploaded' && photo.photoId && (
                  <img src={photoUrl(tradeNumber, photo.photoId)} alt={i18n._(msg`Photo ${number} of ${device}`)} loading="lazy" />
                )}
                {photo.status === 'uploading' && <span>{i18n._(msg`Uploading ${name}…`)}</span>}
                {photo.status === 'refused' && (
                  <span className="problem">
                    {name}:{' '}
                    {photo.failure === 'too_many'
                      ? i18n._(msg`not added: a device has at most ${MAX_PHOTOS} photos.`)
                      : failureText(i18n, staffFailure(photo.failure ?? 'refused'))}
                  </span>
                )}
                <button
                  type="button"
                  className="secondary"
                  onClick={() => actor.send({ type: 'inspection.removePhoto', offerId: item.offerId, key: photo.key })}
                >
                  {photo.status === 'refused' ? i18n._(msg`Dismiss`) : i18n._(msg`Remove ${name}`)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/** The wipe methods as radios; choosing one confirms the wipe. */
export function WipeChoice({
  name,
  value,
  onChoose,
  legend,
}: {
  name: string;
  value: ErasureMethod | null;
  onChoose: (method: ErasureMethod) => void;
  legend: string;
}) {
  const { i18n } = useLingui();
  const hint = useId();
  return (
    <fieldset className="wipe" aria-describedby={hint}>
      <legend>{legend}</legend>
      <p id={hint} className="hint">
        {i18n._(msg`Both are a purge under NIST SP 800-88. Choose the method you used: choosing it confirms the device is wiped.`)}
      </p>
      {ERASURE_METHODS.map((method) => (
        <label key={method} className="radio">
          <input type="radio" name={name} value={method} checked={value === method} onChange={() => onChoose(method)} />{' '}
          {method === 'factory_reset_encrypted'
            ? i18n._(msg`Factory reset of the encrypted device (NIST SP 800-88 purge)`)
            : i18n._(msg`Cryptographic erase (NIST SP 800-88 purge)`)}
        </label>
      ))}
    </fieldset>
  );
}

export function DeviceForm({
  actor,
  item,
  index,
  draft,
  problems,
  identifierRefused,
  tradeNumber,
}: {
  actor: InspectionActor;
  item: StaffTradeItem;
  index: number;
  draft: ItemDraft;
  problems: readonly SaveProblem[];
  identifierRefused: boolean;
  tradeNumber: string;
}) {
  const { i18n } = useLingui();
  const headingId = useId();
  const noteId = useId();
  const typed = draft.identifier.trim();
  const problem = typed === '' ? null : identifierText(i18n, identifierProblem(typed));
  const refused = identifierRefused && problem === null ? i18n._(msg`The server refused this IMEI or serial number.`) : null;
  return (
    <section className="device" aria-labelledby={headingId} data-offer={item.offerId} data-problems={problems.join(' ') || undefined}>
      <DeviceHeading item={item} index={index} id={headingId} />
      <div className="device-columns">
        <AnswersTable caption={i18n._(msg`The seller’s answers and what you found`)}>
          {item.questions.map((question) => (
            <AnswerRow key={question.id} actor={actor} item={item} question={question} found={draft.answers[String(question.id)]} />
          ))}
        </AnswersTable>
        <div className="device-details">
          <Field
            label={i18n._(msg`IMEI or serial number`)}
            hint={i18n._(msg`15 digits of the IMEI, or the serial number.`)}
            value={draft.identifier}
            onValue={(value) => actor.send({ type: 'inspection.identifier', offerId: item.offerId, value })}
            problem={problem ?? refused}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            required
          />
          <p className="identifier-check" aria-live="polite">
            {typed !== '' && problem === null && refused === null ? i18n._(msg`Checked: the number is valid.`) : ''}
          </p>
          <Photos actor={actor} item={item} draft={draft} tradeNumber={tradeNumber} />
          <div className="field">
            <label htmlFor={noteId}>{i18n._(msg`Note (optional; the seller sees it with a counter-offer)`)}</label>
            <textarea
              id={noteId}
              rows={3}
              maxLength={1000}
              value={draft.note}
              onChange={(event) => actor.send({ type: 'inspection.note', offerId: item.offerId, value: event.target.value })}
            />
          </div>
          <Quote actor={actor} offerId={item.offerId} quote={draft.quote} />
          {acceptedAsIs(draft) ? (
            <WipeChoice
              name={`wipe-${item.offerId}`}
              value={draft.erasure}
              legend={i18n._(msg`Data wipe (required: the device is accepted as it is)`)}
              onChoose={(method) => actor.send({ type: 'inspection.chooseWipe', offerId: item.offerId, method })}
            />
          ) : (
            draft.quote.status === 'answered' && (
              <p className="hint">{i18n._(msg`No wipe yet: the device waits for the seller’s answer.`)}</p>
            )
          )}
        </div>
      </div>
    </section>
  );
}

/** A device as it is: the answers as found, identifier, note, photos, the clarification and the certificate; the wipe of an accepted one. */
export function DeviceView({
  actor,
  item,
  index,
  tradeNumber,
  wipe,
}: {
  actor: InspectionActor;
  item: StaffTradeItem;
  index: number;
  tradeNumber: string;
  /** The wipe confirmation, for an inspector and a device accepted without its certificate. */
  wipe: { readonly method: ErasureMethod | null; readonly busy: boolean } | null;
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  const headingId = useId();
  const device = item.deviceName;
  const inspection = item.inspection;
  return (
    <section className="device" aria-labelledby={headingId} data-offer={item.offerId}>
      <DeviceHeading item={item} index={index} id={headingId} />
      <div className="device-columns">
        <AnswersTable caption={i18n._(msg`The seller’s answers and what was found`)}>
          {item.questions.map((question) => {
            const offered = item.offeredAnswers[String(question.id)];
            const found = inspection ? (inspection.foundAnswers[String(question.id)] ?? offered) : undefined;
            const differs = inspection !== null && found !== offered;
            return (
              <tr key={question.id} className={differs ? 'differs' : undefined}>
                <th scope="row">{question.text}</th>
                <td data-label={i18n._(msg`Seller’s answer`)}>{answerOf(question, offered)}</td>
                <td data-label={i18n._(msg`Found`)}>
                  {inspection ? answerOf(question, found) : i18n._(msg`not inspected yet`)}
                  {differs && <span className="differs-mark"> {i18n._(msg`differs from the seller’s answer`)}</span>}
                </td>
              </tr>
            );
          })}
        </AnswersTable>
        <dl className="device-details facts">
          {inspection && (
            <>
              <dt>{i18n._(msg`IMEI or serial number`)}</dt>
              <dd>{inspection.identifier ?? '—'}</dd>
              <dt>{i18n._(msg`Inspected`)}</dt>
              <dd>{format.dateTime(inspection.inspectedAt)}</dd>
              <dt>{i18n._(msg`Price found`)}</dt>
              <dd>{format.money(inspection.foundPriceCents)}</dd>
              {inspection.agreedPriceCents !== null && (
                <>
                  <dt>{i18n._(msg`Agreed price`)}</dt>
                  <dd>{format.money(inspection.agreedPriceCents)}</dd>
                </>
              )}
              {inspection.note && (
                <>
                  <dt>{i18n._(msg`Note`)}</dt>
                  <dd>{inspection.note}</dd>
                </>
              )}
            </>
          )}
          {item.clarification && (
            <>
              <dt>{i18n._(msg`Counter-offer`)}</dt>
              <dd>
                {format.money(item.clarification.newPriceCents)}:{' '}
                {item.clarification.status === 'open'
                  ? i18n._(msg`waiting for the seller`)
                  : item.clarification.status === 'accepted'
                    ? i18n._(msg`accepted by the seller`)
                    : i18n._(msg`declined by the seller`)}
              </dd>
            </>
          )}
          {item.certificate && (
            <>
              <dt>{i18n._(msg`Data erasure`)}</dt>
              <dd>
                {erasureText(i18n, item.certificate.method)}, {format.dateTime(item.certificate.erasedAt)} ·{' '}
                <a href={item.certificate.pdfPath}>{i18n._(msg`Certificate (PDF)`)}</a>
              </dd>
            </>
          )}
        </dl>
        {inspection && inspection.photoIds.length > 0 && (
          <ul className="photo-list">
            {inspection.photoIds.map((photoId, i) => {
              const number = i + 1;
              return (
                <li key={photoId}>
                  <img src={photoUrl(tradeNumber, photoId)} alt={i18n._(msg`Photo ${number} of ${device}`)} loading="lazy" />
                </li>
              );
            })}
          </ul>
        )}
        {wipe && (
          <form
            className="confirm-wipe"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'inspection.confirmWipe', offerId: item.offerId });
            }}
          >
            <WipeChoice
              name={`wipe-${item.offerId}`}
              value={wipe.method}
              legend={i18n._(msg`Data wipe of the accepted device`)}
              onChoose={(method) => actor.send({ type: 'inspection.chooseWipe', offerId: item.offerId, method })}
            />
            <button type="submit" disabled={wipe.method === null || wipe.busy}>
              {wipe.busy ? i18n._(msg`Confirming…`) : i18n._(msg`Confirm wipe`)}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
