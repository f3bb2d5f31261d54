// One payout batch (issue 29 items 2–4): its control figures, its payouts, the file to download for the
// bank (pain.001.001.09) or PayPal (Payouts Web CSV), and — while open — recording the day it was
// executed (the payouts are booked and mailed, the trades paid) or cancelling it (the payouts are due
// again); once executed, a transfer the bank sent back is recorded on its row (its payout is due again
// and the seller is asked to check the account). A batch never changes otherwise: its file is the same
// at every download.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Batch, BatchEntry } from '../../contracts/payouts';
import { readStaffFailure } from '../services/failure';
import { batchFilePath, cancelBatch, executeBatch, recordBankReturn } from '../services/payouts';
import { batchQuery, staffKeys } from '../services/queries';
import { bankToday, useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';
import { batchStateText, bonusLine, entryStateText, methodText } from './texts';

function OpenActions({ batch }: { batch: Batch }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const id = useId();
  const [executedOn, setExecutedOn] = useState(bankToday);
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
            max={bankToday()}
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

/** A returned transfer: the bank's reason is asked for, then the return is recorded (with a confirmation step in the form). */
function BankReturnForm({ batch, entry, onClose }: { batch: Batch; entry: BatchEntry; onClose: () => void }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const format = useFormat();
  const id = useId();
  const [reason, setReason] = useState('');
  const record = useMutation({
    mutationFn: () => recordBankReturn(client, batch.id, { tradeNumber: entry.tradeNumber, reason }),
    onSuccess: (updated) => {
      queryClient.setQueryData(staffKeys.batch(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: staffKeys.payouts });
      onClose();
    },
  });
  const tradeNumber = entry.tradeNumber;
  const amount = format.money(entry.amountCents);
  return (
    <form
      className="bank-return"
      aria-label={i18n._(msg`Bank return of ${tradeNumber}`)}
      onSubmit={(event) => {
        event.preventDefault();
        record.mutate();
      }}
    >
      <p>
        {i18n._(
          msg`The transfer of ${amount} to ${tradeNumber} came back. Its payout becomes due again and the seller is asked by mail to check the account.`,
        )}
      </p>
      {record.error && <FailureNote failure={readStaffFailure(record.error)} />}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{i18n._(msg`Reason given by the bank or PayPal`)}</label>
        <input
          id={`${id}-reason`}
          required
          maxLength={200}
          autoFocus
          aria-describedby={`${id}-hint`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <p id={`${id}-hint`} className="hint">
          {i18n._(msg`As the return message says, e.g. “AC04 account closed”.`)}
        </p>
      </div>
      <button type="submit" className="danger" disabled={record.isPending || reason.trim() === ''}>
        {record.isPending ? i18n._(msg`Recording…`) : i18n._(msg`Record the return`)}
      </button>{' '}
      <button type="button" className="secondary" disabled={record.isPending} onClick={onClose}>
        {i18n._(msg`Keep it paid`)}
      </button>
    </form>
  );
}

export function BatchScreen({ id }: { id: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const format = useFormat();
  const batch = useQuery(batchQuery(client, id));
  const [returning, setReturning] = useState<string | null>(null);
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
              {b.state === 'executed' && <th scope="col">{i18n._(msg`Bank return`)}</th>}
            </tr>
          </thead>
          <tbody>
            {b.entries.map((entry) => {
              const shortfall = format.money(entry.shortfallCents);
              const tradeNumber = entry.tradeNumber;
              return (
                <tr key={entry.tradeNumber} data-trade-number={entry.tradeNumber}>
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
                    {entry.returnedAt && (
                      <>
                        <br />
                        <span className="hint">
                          {format.date(entry.returnedAt)}: {entry.returnReason}
                        </span>
                      </>
                    )}
                  </td>
                  {b.state === 'executed' && (
                    <td>
                      {entry.state !== 'executed' ? null : returning === entry.tradeNumber ? (
                        <BankReturnForm batch={b} entry={entry} onClose={() => setReturning(null)} />
                      ) : (
                        <button
                          type="button"
                          className="secondary"
                          aria-label={i18n._(msg`Record a bank return of ${tradeNumber}`)}
                          onClick={() => setReturning(entry.tradeNumber)}
                        >
                          {i18n._(msg`Came back…`)}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
