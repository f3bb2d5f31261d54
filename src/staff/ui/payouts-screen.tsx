// The payouts clerk's start page (issue 29 items 1–3): the due payouts of one method, most urgent first
// (late ones with the late-payout bonus included, those due by the next working day with the bonus a
// delay would add), a selection of them made into a batch (SEPA: optionally SEPA Instant, and the day
// the bank is to execute it), and the batches made so far. A new batch opens on its own page.

import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { DuePayout, PayoutMethod, PayoutUrgency } from '../../contracts/payouts';
import { readStaffFailure } from '../services/failure';
import { createBatch } from '../services/payouts';
import { batchesQuery, dueQuery, staffKeys } from '../services/queries';
import { bankToday, useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { batchPath, PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';
import { batchStateText, bonusLine, methodText } from './texts';

function UrgencyBadge({ payout }: { payout: DuePayout }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const text: Record<PayoutUrgency, string> = {
    late: payout.topUp ? i18n._(msg`Late: bonus top-up`) : i18n._(msg`Late: bonus included`),
    due_soon: i18n._(msg`Due soon`),
    on_time: i18n._(msg`On time`),
    no_promise: i18n._(msg`No promise`),
  };
  const bonus = format.money(payout.bonusPreviewCents);
  return (
    <>
      <span className={`badge urgency-${payout.urgency}`}>{text[payout.urgency]}</span>
      {payout.urgency === 'due_soon' && payout.bonusPreviewCents > 0 && <span className="hint"> {i18n._(msg`later adds ${bonus}`)}</span>}
    </>
  );
}

/** The trade's last transfer came back from the bank: pay again only once the seller corrected the account. */
function BankReturnNote({ bankReturn }: { bankReturn: NonNullable<DuePayout['bankReturn']> }) {
  const { i18n } = useLingui();
  const format = useFormat();
  const day = format.date(bankReturn.returnedAt);
  return (
    <>
      <br />
      <span className={`badge note ${bankReturn.corrected ? 'corrected' : 'urgency-late'}`}>
        {bankReturn.corrected
          ? i18n._(msg`Returned by the bank on ${day}; account corrected since`)
          : i18n._(msg`Returned by the bank on ${day}; account not corrected yet`)}
      </span>
    </>
  );
}

function DueTable({ method }: { method: PayoutMethod }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const navigate = useNavigate();
  const format = useFormat();
  const id = useId();
  const due = useQuery(dueQuery(client, method));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [instant, setInstant] = useState(false);
  const [requestedDate, setRequestedDate] = useState(bankToday);
  const create = useMutation({
    mutationFn: () => createBatch(client, { method, tradeNumbers: [...selected], instant: method === 'sepa' && instant, requestedDate }),
    onSuccess: (batch) => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.payouts });
      void navigate({ to: batchPath(batch.id) });
    },
    // A refused batch changes nothing; the list may be stale (another clerk batched a payout).
    onError: () => void queryClient.invalidateQueries({ queryKey: staffKeys.due(method) }),
  });
  if (due.isPending) return <Loading />;
  if (due.isError) return <FailureNote failure={readStaffFailure(due.error)} onRetry={() => void due.refetch()} />;
  const payouts = due.data.payouts;
  const chosen = payouts.filter((p) => selected.has(p.tradeNumber));
  const sum = format.money(chosen.reduce((total, p) => total + p.amountCents, 0));
  const count = chosen.length;
  const toggle = (tradeNumber: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(tradeNumber);
      else next.delete(tradeNumber);
      return next;
    });
  const allChosen = payouts.length > 0 && count === payouts.length;
  if (payouts.length === 0) {
    return <p role="status">{i18n._(msg`No payouts of this method are due. Inspected trades appear here.`)}</p>;
  }
  return (
    <form
      className="due-payouts"
      onSubmit={(event) => {
        event.preventDefault();
        if (count > 0) create.mutate();
      }}
    >
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">{i18n._(msg`Due payouts, most urgent first`)}</caption>
          <thead>
            <tr>
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label={i18n._(msg`Select all`)}
                  checked={allChosen}
                  onChange={(event) => setSelected(event.target.checked ? new Set(payouts.map((p) => p.tradeNumber)) : new Set())}
                />
              </th>
              <th scope="col">{i18n._(msg`Trade`)}</th>
              <th scope="col">{i18n._(msg`Paid to`)}</th>
              <th scope="col" className="number">
                {i18n._(msg`Amount`)}
              </th>
              <th scope="col">{i18n._(msg`Due by`)}</th>
              <th scope="col">{i18n._(msg`Payout promise`)}</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => {
              const tradeNumber = payout.tradeNumber;
              return (
                <tr key={tradeNumber} className={selected.has(tradeNumber) ? 'selected' : undefined}>
                  <td>
                    <input
                      type="checkbox"
                      id={`${id}-${tradeNumber}`}
                      aria-label={i18n._(msg`Select ${tradeNumber}`)}
                      checked={selected.has(tradeNumber)}
                      onChange={(event) => toggle(tradeNumber, event.target.checked)}
                    />
                  </td>
                  <td>
                    <Link className="nowrap" to={tradePath(tradeNumber)}>
                      {tradeNumber}
                    </Link>{' '}
                    <span className="hint">{payout.locale}</span>
                  </td>
                  <td>
                    {payout.holder}
                    <br />
                    <span className="hint">{payout.recipient}</span>
                    {payout.bankReturn && <BankReturnNote bankReturn={payout.bankReturn} />}
                  </td>
                  <td className="number">
                    {format.money(payout.amountCents)}
                    {payout.bonusCents > 0 && (
                      <>
                        <br />
                        <span className="hint">{bonusLine(i18n, format.money(payout.bonusCents))}</span>
                      </>
                    )}
                  </td>
                  <td>{payout.dueBy ? format.date(payout.dueBy) : '—'}</td>
                  <td>
                    <UrgencyBadge payout={payout} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {create.isError && <FailureNote failure={readStaffFailure(create.error)} />}
      <div className="batch-actions">
        <div className="field narrow-field">
          <label htmlFor={`${id}-day`}>{i18n._(msg`Execution day to ask for`)}</label>
          <input
            id={`${id}-day`}
            type="date"
            required
            min={bankToday()}
            aria-describedby={`${id}-day-hint`}
            value={requestedDate}
            onChange={(event) => setRequestedDate(event.target.value)}
          />
          <p id={`${id}-day-hint`} className="hint">
            {i18n._(msg`Late-payout bonuses in the file are reckoned to this day.`)}
          </p>
        </div>
        {method === 'sepa' && (
          <label className="checkbox">
            <input type="checkbox" checked={instant} onChange={(event) => setInstant(event.target.checked)} />{' '}
            {i18n._(msg`SEPA Instant (the money arrives within seconds)`)}
          </label>
        )}
        <p role="status">
          {count === 0
            ? i18n._(msg`Select the payouts to put into a batch.`)
            : i18n._(msg`${plural(count, { one: '# payout', other: '# payouts' })} selected, ${sum} in all.`)}
        </p>
        <button type="submit" disabled={count === 0 || requestedDate === '' || create.isPending}>
          {create.isPending ? i18n._(msg`Making the batch…`) : i18n._(msg`Make a batch of the selection`)}
        </button>
      </div>
    </form>
  );
}

function Batches() {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const format = useFormat();
  const batches = useQuery(batchesQuery(client));
  if (batches.isPending) return <Loading />;
  if (batches.isError) return <FailureNote failure={readStaffFailure(batches.error)} onRetry={() => void batches.refetch()} />;
  if (batches.data.length === 0) return <p role="status">{i18n._(msg`No batches yet.`)}</p>;
  return (
    <div className="table-scroll">
      <table className="batches">
        <caption className="visually-hidden">{i18n._(msg`Payout batches, newest first`)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._(msg`Batch`)}</th>
            <th scope="col">{i18n._(msg`Method`)}</th>
            <th scope="col">{i18n._(msg`State`)}</th>
            <th scope="col" className="number">
              {i18n._(msg`Payouts`)}
            </th>
            <th scope="col" className="number">
              {i18n._(msg`Control sum`)}
            </th>
            <th scope="col">{i18n._(msg`Made`)}</th>
          </tr>
        </thead>
        <tbody>
          {batches.data.map((batch) => (
            <tr key={batch.id}>
              <td>
                <Link to={batchPath(batch.id)}>{batch.reference}</Link>
              </td>
              <td>{methodText(i18n, batch.method, batch.instant)}</td>
              <td>
                <span className={`badge batch-${batch.state}`}>{batchStateText(i18n, batch.state)}</span>
              </td>
              <td className="number">{batch.count}</td>
              <td className="number">{format.money(batch.controlSumCents)}</td>
              <td>
                {format.dateTime(batch.createdAt)}
                <br />
                <span className="hint">{batch.createdBy}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PayoutsScreen({ method }: { method: PayoutMethod }) {
  const { i18n } = useLingui();
  useDocumentTitle(msg`Payouts`);
  return (
    <div className="payouts">
      <PageHeading>{i18n._(msg`Payouts`)}</PageHeading>
      <section aria-labelledby="due-heading">
        <h2 id="due-heading">{i18n._(msg`Due payouts`)}</h2>
        <nav aria-label={i18n._(msg`Payout method`)} className="tabs">
          {(['sepa', 'paypal'] as const).map((m) => (
            <Link key={m} to={PATHS.payouts} search={{ method: m }} aria-current={m === method ? 'page' : undefined}>
              {methodText(i18n, m, false)}
            </Link>
          ))}
        </nav>
        <DueTable key={method} method={method} />
      </section>
      <section aria-labelledby="batches-heading">
        <h2 id="batches-heading">{i18n._(msg`Batches`)}</h2>
        <Batches />
      </section>
    </div>
  );
}
