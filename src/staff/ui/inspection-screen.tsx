// The trade page (/trades/$tradeNumber, product §11.6, §11.10): a received trade opens for the
// inspection (an inspector takes its hold; another inspector's hold is named, with a take-over), every
// device with its form, what is still missing, then a summary and the save; a trade someone changed
// meanwhile is named with who and when, nothing saved, and reloads keeping what was typed. Any other
// trade shows as it is, with the wipe of a device accepted after a clarification. The inspection
// machine owns the flow; this screen selects and sends.

import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { pageCoverageInspector } from '../../contracts/actor-coverage';
import type { StaffTrade } from '../../contracts/staff';
import { acceptedAsIs, canSave, inspectionMachine, needsWipe, saveProblems, type Drafts, type SaveProblem } from '../machines/inspection';
import { inspectionActors } from '../machines/inspection.actors';
import { hasRole } from '../machines/session';
import { staffFailure } from '../services/failure';
import { DeviceForm, DeviceView, quoteText, type InspectionActor } from './device-card';
import { shallowEqual } from './field';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS } from './paths';
import { useMe, useStaffServices } from './staff-context';
import { erasureText, failureText, statusText } from './texts';

type Step =
  | 'loading'
  | 'failed'
  | 'notFound'
  | 'holding'
  | 'heldByOther'
  | 'editing'
  | 'reviewing'
  | 'saving'
  | 'saveFailed'
  | 'stale'
  | 'saved'
  | 'viewing'
  | 'erasing';

const stepOf = (snapshot: ReturnType<InspectionActor['getSnapshot']>): Step => {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : value.held) as Step;
};

function TradeFacts({ trade }: { trade: StaffTrade }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const received = trade.transitions.findLast((t) => t.to === 'received');
  return (
    <dl className="facts trade-facts">
      <dt>{i18n._(msg`Status`)}</dt>
      <dd data-status={trade.status}>{statusText(i18n, trade.status)}</dd>
      <dt>{i18n._(msg`Seller`)}</dt>
      <dd>
        {trade.sellerName}
        {trade.sellerEmail && ` (${trade.sellerEmail})`}
        {trade.b2b && ` · ${i18n._(msg`business trade-in`)}`}
      </dd>
      <dt>{i18n._(msg`Created`)}</dt>
      <dd>{format.dateTime(trade.createdAt)}</dd>
      {received && (
        <>
          <dt>{i18n._(msg`Received`)}</dt>
          <dd>{format.dateTime(received.at)}</dd>
        </>
      )}
      <dt>{i18n._(msg`Total offered`)}</dt>
      <dd>{format.money(trade.totalCents)}</dd>
    </dl>
  );
}

function History({ trade }: { trade: StaffTrade }) {
  const { i18n } = useLingui();
  const format = useFormat();
  return (
    <details className="history">
      <summary>{i18n._(msg`Status history`)}</summary>
      <ol>
        {trade.transitions.map((transition, index) => (
          <li key={index}>
            {format.dateTime(transition.at)}: {statusText(i18n, transition.to)}
            {transition.note && ` — ${transition.note}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

function problemText(i18n: I18n, problem: SaveProblem): string {
  switch (problem) {
    case 'identifier':
      return i18n._(msg`a valid IMEI or serial number`);
    case 'quote':
      return i18n._(msg`the price (being worked out, or failed)`);
    case 'wipe':
      return i18n._(msg`the wipe confirmation`);
    case 'photos':
      return i18n._(msg`photos still uploading`);
  }
}

/** What keeps the save closed, per device, in a live region. */
function Missing({ trade, problems }: { trade: StaffTrade; problems: Readonly<Record<string, readonly SaveProblem[]>> }) {
  const { i18n } = useLingui();
  const rows = trade.items.flatMap((item, index) => {
    const own = problems[item.offerId];
    if (!own) return [];
    const number = index + 1;
    const name = item.deviceName;
    const missing = own.map((problem) => problemText(i18n, problem)).join(', ');
    return [<li key={item.offerId}>{i18n._(msg`Device ${number} (${name}): ${missing}`)}</li>];
  });
  return (
    <div className="missing" aria-live="polite">
      {rows.length > 0 && (
        <>
          <p>{i18n._(msg`Still missing before saving:`)}</p>
          <ul>{rows}</ul>
        </>
      )}
    </div>
  );
}

/** The summary before saving: each device's outcome and wipe, what is paid and what the seller is asked. */
function Summary({ trade, drafts }: { trade: StaffTrade; drafts: Drafts }) {
  const { i18n } = useLingui();
  const format = useFormat();
  let paid = 0;
  let asked = 0;
  for (const item of trade.items) {
    const draft = drafts[item.offerId]!;
    if (acceptedAsIs(draft) && draft.quote.status === 'answered') paid += draft.quote.quote.payCents * item.quantity;
    else asked += 1;
  }
  const total = format.money(paid);
  return (
    <section aria-labelledby="summary-heading" className="summary">
      <h2 id="summary-heading" tabIndex={-1} ref={(element) => element?.focus()}>
        {i18n._(msg`Check before saving`)}
      </h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{i18n._(msg`Device`)}</th>
            <th scope="col">{i18n._(msg`IMEI or serial number`)}</th>
            <th scope="col">{i18n._(msg`Outcome`)}</th>
            <th scope="col">{i18n._(msg`Wipe`)}</th>
          </tr>
        </thead>
        <tbody>
          {trade.items.map((item) => {
            const draft = drafts[item.offerId]!;
            return (
              <tr key={item.offerId}>
                <th scope="row">
                  {item.deviceName}
                  {item.quantity > 1 && ` × ${item.quantity}`}
                </th>
                <td>{draft.identifier.trim()}</td>
                <td>{quoteText(i18n, format, draft.quote)}</td>
                <td>{acceptedAsIs(draft) && draft.erasure ? erasureText(i18n, draft.erasure) : i18n._(msg`after the seller’s answer`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        {asked === 0
          ? i18n._(msg`After saving, the trade is inspected and ${total} is paid.`)
          : i18n._(
              msg`After saving, the seller is asked about ${plural(asked, { one: '# device', other: '# devices' })}; ${total} is paid for the others.`,
            )}
      </p>
    </section>
  );
}

function Stale({
  actor,
  failure,
}: {
  actor: InspectionActor;
  failure: NonNullable<ReturnType<InspectionActor['getSnapshot']>['context']['failure']>;
}) {
  const { i18n } = useLingui();
  const format = useFormat();
  const name = failure.changedBy ?? i18n._(msg`Someone`);
  const time = failure.changedAt ? format.dateTime(failure.changedAt) : '';
  const status = failure.tradeStatus ? statusText(i18n, failure.tradeStatus) : '';
  return (
    <div role="alert" className="failure stale">
      <p>
        {failure.code === 'wrong_status' && status
          ? i18n._(msg`The trade’s status is now ${status}; nothing was saved.`)
          : time
            ? i18n._(msg`${name} changed this trade at ${time}; nothing was saved.`)
            : i18n._(msg`${name} changed this trade meanwhile; nothing was saved.`)}
      </p>
      <p>{i18n._(msg`Reload it: what you entered is kept where it still fits.`)}</p>
      <button type="button" onClick={() => actor.send({ type: 'inspection.reload' })}>
        {i18n._(msg`Reload the trade`)}
      </button>
    </div>
  );
}

export function InspectionScreen({ tradeNumber, scannedAgain = false }: { tradeNumber: string; scannedAgain?: boolean }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const me = useMe();
  const canInspect = hasRole(me, 'inspector');
  const machine = useMemo(() => inspectionMachine.provide(inspectionActors(client, queryClient)), [client, queryClient]);
  const actor = useActorRef(machine, { input: { tradeNumber, canInspect }, inspect: pageCoverageInspector() });
  const { step, trade, drafts, failure, erasing } = useSelector(
    actor,
    (snapshot) => ({
      step: stepOf(snapshot),
      trade: snapshot.context.trade,
      drafts: snapshot.context.drafts,
      failure: snapshot.context.failure,
      erasing: snapshot.context.erasing,
    }),
    shallowEqual,
  );
  const format = useFormat();
  useDocumentTitle(i18n._(msg`Trade ${tradeNumber}`));

  const heading = <PageHeading>{i18n._(msg`Trade ${tradeNumber}`)}</PageHeading>;
  if (step === 'loading' || (step === 'holding' && !trade))
    return (
      <>
        {heading}
        <Loading />
      </>
    );
  if (step === 'notFound') {
    return (
      <>
        {heading}
        <div role="alert" className="failure">
          <p>{failureText(i18n, staffFailure('trade_not_found'))}</p>
        </div>
        <p>
          <Link to={PATHS.trades}>{i18n._(msg`Search the trades`)}</Link>
        </p>
      </>
    );
  }
  if (step === 'failed' || !trade) {
    return (
      <>
        {heading}
        {failure && <FailureNote failure={failure} onRetry={() => actor.send({ type: 'inspection.retry' })} />}
      </>
    );
  }

  const problems = saveProblems({ trade, drafts });
  const refusedIdentifiers = new Set(
    (failure?.fields ?? []).flatMap((field) => {
      const match = /^items\.(\d+)\.identifier$/.exec(field.path);
      return match ? [Number(match[1])] : [];
    }),
  );
  const received = trade.transitions.findLast((t) => t.to === 'received');
  const receivedAt = received ? format.dateTime(received.at) : '';
  return (
    <div className="inspection" data-step={step}>
      {heading}
      {scannedAgain && received && (
        <p role="status" className="notice">
          {i18n._(msg`Scanned again: this parcel was received on ${receivedAt}.`)}
        </p>
      )}
      <TradeFacts trade={trade} />
      <History trade={trade} />

      {step === 'holding' && <Loading>{i18n._(msg`Opening the trade for the inspection…`)}</Loading>}
      {step === 'heldByOther' && trade.heldBy && (
        <HeldByOther actor={actor} holder={trade.heldBy.name} since={format.dateTime(trade.heldBy.since)} />
      )}
      {step === 'stale' && failure && <Stale actor={actor} failure={failure} />}

      {step === 'saved' && (
        <div role="status" className="saved">
          <p className="big">
            {trade.status === 'clarification'
              ? i18n._(msg`Saved. The seller is asked about the devices found worse.`)
              : i18n._(msg`Saved. The trade is inspected.`)}
          </p>
          <p>
            <Link to={PATHS.receive}>{i18n._(msg`Receive the next parcel`)}</Link>{' '}
            <button type="button" className="secondary" onClick={() => actor.send({ type: 'inspection.reload' })}>
              {i18n._(msg`Show the saved trade`)}
            </button>
          </p>
        </div>
      )}

      {(step === 'editing' || step === 'saveFailed') && (
        <form
          className="inspection-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'inspection.review' });
          }}
        >
          {failure && step === 'editing' && <FailureNote failure={failure} />}
          {trade.items.map((item, index) => {
            const draft = drafts[item.offerId];
            return draft ? (
              <DeviceForm
                key={item.offerId}
                actor={actor}
                item={item}
                index={index}
                draft={draft}
                problems={problems[item.offerId] ?? []}
                identifierRefused={refusedIdentifiers.has(index)}
                tradeNumber={tradeNumber}
              />
            ) : null;
          })}
          <div className="save-bar">
            <Missing trade={trade} problems={problems} />
            {step === 'saveFailed' && failure ? (
              <>
                <FailureNote failure={failure} onRetry={() => actor.send({ type: 'inspection.retry' })} />
                <button type="button" className="secondary" onClick={() => actor.send({ type: 'inspection.back' })}>
                  {i18n._(msg`Back to the form`)}
                </button>
              </>
            ) : (
              <button type="submit" disabled={!canSave({ trade, drafts })}>
                {i18n._(msg`Review and save`)}
              </button>
            )}
          </div>
        </form>
      )}

      {(step === 'reviewing' || step === 'saving') && (
        <>
          <Summary trade={trade} drafts={drafts} />
          <div className="save-bar">
            <button type="button" onClick={() => actor.send({ type: 'inspection.save' })} disabled={step === 'saving'}>
              {step === 'saving' ? i18n._(msg`Saving…`) : i18n._(msg`Save the inspection`)}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => actor.send({ type: 'inspection.back' })}
              disabled={step === 'saving'}
            >
              {i18n._(msg`Back to the form`)}
            </button>
            <p role="status">{step === 'saving' ? i18n._(msg`Saving…`) : ''}</p>
          </div>
        </>
      )}

      {(step === 'viewing' || step === 'erasing' || step === 'heldByOther' || step === 'saved' || step === 'stale') && (
        <>
          {failure && step === 'viewing' && <FailureNote failure={failure} />}
          {trade.items.map((item, index) => (
            <DeviceView
              key={item.offerId}
              actor={actor}
              item={item}
              index={index}
              tradeNumber={tradeNumber}
              wipe={
                canInspect && (step === 'viewing' || step === 'erasing') && needsWipe(item)
                  ? { method: drafts[item.offerId]?.erasure ?? null, busy: erasing === item.offerId }
                  : null
              }
            />
          ))}
        </>
      )}
    </div>
  );
}

function HeldByOther({ actor, holder, since }: { actor: InspectionActor; holder: string; since: string }) {
  const { i18n } = useLingui();
  return (
    <div role="status" className="notice held">
      <p>{i18n._(msg`Held by ${holder} since ${since}: they are inspecting this trade.`)}</p>
      <button type="button" onClick={() => actor.send({ type: 'inspection.takeOver' })}>
        {i18n._(msg`Take over the inspection`)}
      </button>
    </div>
  );
}
