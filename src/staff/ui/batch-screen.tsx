// One payout batch (issue 29 items 2–4): its control figures, its payouts, the file to download for the
// bank (pain.001.001.09) or PayPal (Payouts Web CSV), and — while open — recording the day it was
// executed (the payouts are booked and mailed, the trades paid) or cancelling it (the payouts are due
// again). A batch never changes otherwise: its file is the same at every download.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Batch } from '../../contracts/payouts';
import { readStaffFailure } from '../services/failure';
import { batchFilePath, cancelBatch, executeBatch } from '../services/payouts';
import { batchQuery, staffKeys } from '../services/queries';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';
import { batchStateText, bonusLine, entryStateText, methodText } from './texts';

/** Today in the clerk's time zone, as YYYY-MM-DD (the date field's value). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

function OpenActions({ batch }: { batch: Batch }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const id = useId();
  const [executedOn, setExecutedOn] = useState(today);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const settle = (updated: Batch) => {
    queryClient.setQueryData(staffKeys.batch(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: staffKeys.payouts });
  };
  const execute = useMutation({ mutationFn: () => executeBatch(client, batch.id, executedOn), onSuccess: settle });
  const cancel = useMutation({ mutationFn: () => cancelBatch(client, batch.id), onSuccess: settle });
  const failure = execute.error ?? cancel.error;
  const busy = execute.isPending || cancel.isPending;
  return (
    <section aria-labelledby={`${id}-heading`} className="batch-after">
      <h2 id={`${id}-heading`}>{i18n._(msg`After the upload`)}</h2>
      {failure && <FailureNote failure={readStaffFailure(failure)} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          execute.mutate();
        }}
      >
        <div className="field narrow-field">
          <label htmlFor={`${id}-day`}>{i18n._(msg`Executed by the bank or PayPal on`)}</label>
          <input
            id={`${id}-day`}
            type="date"
            required
            max={today()}
            value={executedOn}
            onChange={(event) => setExecutedOn(event.target.value)}
          />
        </div>
        <button type="submit" disabled={busy || executedOn === ''}>
          {execute.isPending ? i18n._(msg`Recording…`) : i18n._(msg`Record as executed`)}
        </button>
        <p className="hint">{i18n._(msg`Every payout of the batch is booked and mailed to its seller; fully paid trades become paid.`)}</p>
      </form>
      {confirmCancel ? (
        <div className="confirm" role="group" aria-label={i18n._(msg`Cancel the batch?`)}>
          <p>{i18n._(msg`Cancel the batch? Do so only if its file was not executed. Its payouts become due again.`)}</p>
          <button type="button" className="danger" disabled={busy} onClick={() => cancel.mutate()}>
            {cancel.isPending ? i18n._(msg`Cancelling…`) : i18n._(msg`Yes, cancel the batch`)}
          </button>{' '}
          <button type="button" className="secondary" disabled={busy} onClick={() => setConfirmCancel(false)}>
            {i18n._(msg`Keep it`)}
          </button>
        </div>
      ) : (
        <button type="button" className="secondary" disabled={busy} onClick={() => setConfirmCancel(true)}>
          {i18n._(msg`Cancel the batch…`)}
        </button>
      )}
    </section>
  );
}

export function BatchScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const format = useFormat();
  const batch = useQuery(batchQuery(client, id));
  useDocumentTitle(msg`Payout batch`);
  if (batch.isPending) return <Loading />;
  if (batch.isError) return <FailureNote failure={readStaffFailure(batch.error)} onRetry={() => void batch.refetch()} />;
  const b = batch.data;
  const reference = b.reference;
  return (
    <div className="batch">
      <p>
        <Link to={PATHS.payouts} search={{ method: b.method }}>
          {i18n._(msg`All payouts`)}
        </Link>
      </p>
      <PageHeading>{i18n._(msg`Payout batch ${reference}`)}</PageHeading>
      <dl className="facts">
        <dt>{i18n._(msg`State`)}</dt>
        <dd>
          <span className={`badge batch-${b.state}`}>{batchStateText(i18n, b.state)}</span>
        </dd>
        <dt>{i18n._(msg`Method`)}</dt>
        <dd>{methodText(i18n, b.method, b.instant)}</dd>
        <dt>{i18n._(msg`Payouts`)}</dt>
        <dd>{b.count}</dd>
        <dt>{i18n._(msg`Control sum`)}</dt>
        <dd>{format.money(b.controlSumCents)}</dd>
        <dt>{i18n._(msg`Execution day asked for`)}</dt>
        <dd>{format.date(b.requestedDate)}</dd>
        <dt>{i18n._(msg`Made`)}</dt>
        <dd>
          {format.dateTime(b.createdAt)} · {b.createdBy}
        </dd>
        {b.executedAt && (
          <>
            <dt>{i18n._(msg`Executed`)}</dt>
            <dd>{format.date(b.executedAt)}</dd>
          </>
        )}
      </dl>
      {b.state !== 'cancelled' && (
        <p>
          <a className="button" href={batchFilePath(b.id)} download={b.fileName}>
            {b.method === 'sepa' ? i18n._(msg`Download the bank file (pain.001)`) : i18n._(msg`Download the PayPal file (CSV)`)}
          </a>{' '}
          <span className="hint">{b.fileName}</span>
        </p>
      )}
      {b.state === 'open' && <OpenActions batch={b} />}
      <div className="table-scroll">
        <table className="batch-entries">
          <caption>{i18n._(msg`Payouts of the batch`)}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n._(msg`Trade`)}</th>
              <th scope="col">{i18n._(msg`Paid to`)}</th>
              <th scope="col" className="number">
                {i18n._(msg`Amount`)}
              </th>
              <th scope="col">{i18n._(msg`State`)}</th>
            </tr>
          </thead>
          <tbody>
            {b.entries.map((entry) => {
              const shortfall = format.money(entry.shortfallCents);
              return (
                <tr key={entry.tradeNumber}>
                  <td>
                    <Link to={tradePath(entry.tradeNumber)}>{entry.tradeNumber}</Link>
                    {entry.topUp && <span className="hint"> {i18n._(msg`bonus top-up`)}</span>}
                  </td>
                  <td>
                    {entry.holder}
                    <br />
                    <span className="hint">{entry.recipient}</span>
                  </td>
                  <td className="number">
                    {format.money(entry.amountCents)}
                    {entry.bonusCents > 0 && (
                      <>
                        <br />
                        <span className="hint">{bonusLine(i18n, format.money(entry.bonusCents))}</span>
                      </>
                    )}
                  </td>
                  <td>
                    {entryStateText(i18n, entry.state)}
                    {entry.shortfallCents > 0 && (
                      <>
                        <br />
                        <span className="hint">{i18n._(msg`paid late: a bonus top-up of ${shortfall} is due`)}</span>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
