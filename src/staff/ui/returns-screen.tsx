// Returns (issue 29 item 5): the declined trades whose devices go back to the seller, the oldest
// decision first — what to pack, to whom, the return label to print — and, for the warehouse, marking
// the parcel as sent, which moves the trade to returned and mails the seller.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReturnEntry } from '../../contracts/staff';
import { hasRole } from '../machines/session';
import { readStaffFailure } from '../services/failure';
import { returnsQuery, staffKeys } from '../services/queries';
import { markReturned } from '../services/trades';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { tradePath } from './paths';
import { useMe, useStaffServices } from './staff-context';

function ReturnRow({ entry, canSend }: { entry: ReturnEntry; canSend: boolean }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const format = useFormat();
  const tradeNumber = entry.tradeNumber;
  const send = useMutation({
    mutationFn: () => markReturned(client, tradeNumber),
    onSuccess: (trade) => {
      queryClient.setQueryData(staffKeys.trade(trade.tradeNumber), trade);
      void queryClient.invalidateQueries({ queryKey: staffKeys.returns });
    },
  });
  return (
    <tr>
      <td>
        <Link className="nowrap" to={tradePath(tradeNumber)}>
          {tradeNumber}
        </Link>
        <br />
        <span className="hint">{format.date(entry.declinedAt)}</span>
      </td>
      <td>
        <ul className="plain">
          {entry.devices.map((device) => (
            <li key={device}>{device}</li>
          ))}
        </ul>
      </td>
      <td>
        {entry.seller}
        <br />
        <span className="hint">{entry.address}</span>
      </td>
      <td>
        {entry.returnLabelUrl ? (
          <a href={entry.returnLabelUrl} target="_blank" rel="noopener">
            {i18n._(msg`Return label (PDF)`)}
          </a>
        ) : (
          <span className="hint">{i18n._(msg`Nothing to ship: recycled at the seller’s wish`)}</span>
        )}
      </td>
      {canSend && (
        <td>
          {send.isError && <FailureNote failure={readStaffFailure(send.error)} />}
          <button type="button" disabled={send.isPending || send.isSuccess} onClick={() => send.mutate()}>
            {send.isPending
              ? i18n._(msg`Recording…`)
              : entry.returnLabelUrl
                ? i18n._(msg`Mark ${tradeNumber} as sent`)
                : i18n._(msg`Close ${tradeNumber}`)}
          </button>
        </td>
      )}
    </tr>
  );
}

export function ReturnsScreen() {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const me = useMe();
  const returns = useQuery(returnsQuery(client));
  useDocumentTitle(msg`Returns`);
  const canSend = hasRole(me, 'inspector');
  return (
    <div className="returns">
      <PageHeading>{i18n._(msg`Returns`)}</PageHeading>
      <p className="hint">{i18n._(msg`Declined devices go back to their sellers, the longest waiting first.`)}</p>
      {returns.isPending && <Loading />}
      {returns.isError && <FailureNote failure={readStaffFailure(returns.error)} onRetry={() => void returns.refetch()} />}
      {returns.isSuccess && returns.data.length === 0 && <p role="status">{i18n._(msg`No devices to send back.`)}</p>}
      {returns.isSuccess && returns.data.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{i18n._(msg`Declined trades to send back`)}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._(msg`Trade`)}</th>
                <th scope="col">{i18n._(msg`Devices`)}</th>
                <th scope="col">{i18n._(msg`Seller`)}</th>
                <th scope="col">{i18n._(msg`Label`)}</th>
                {canSend && <th scope="col">{i18n._(msg`Sent`)}</th>}
              </tr>
            </thead>
            <tbody>
              {returns.data.map((entry) => (
                <ReturnRow key={entry.tradeNumber} entry={entry} canSend={canSend} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
