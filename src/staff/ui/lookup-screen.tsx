// The support lookup (support role, issue 29 item 6): one search box for a trade number, an e-mail
// address or an IMEI/serial number; the trades found (to the trade's page), the customer accounts, the
// contact messages and the mails to those addresses. A sent mail whose text is still kept can be sent
// again, after a confirmation. The search text is the page's `q`, so a lookup can be linked.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { LookupMail } from '../../contracts/support';
import { readStaffFailure } from '../services/failure';
import { lookupQuery, staffKeys } from '../services/queries';
import { resendMail } from '../services/support';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { messagePath, PATHS, tradePath } from './paths';
import { useStaffServices } from './staff-context';
import { contactStateText, countryText, mailStatusText, statusText, subjectText } from './texts';

function MailRow({ mail }: { mail: LookupMail }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const resend = useMutation({
    mutationFn: () => resendMail(client, mail.id),
    onSettled: () => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: staffKeys.lookups });
    },
  });
  return (
    <tr>
      <td>{format.dateTime(mail.sentAt ?? mail.createdAt)}</td>
      <td>
        {mail.subject}
        <br />
        <span className="hint">{mail.recipient}</span>
      </td>
      <td>{mailStatusText(i18n, mail.status)}</td>
      <td>
        {resend.isError && <FailureNote failure={readStaffFailure(resend.error)} />}
        {resend.isSuccess && <p role="status">{i18n._(msg`Queued to be sent again.`)}</p>}
        {!mail.resendable ? (
          <span className="hint">{mail.status === 'sent' ? i18n._(msg`Text no longer kept`) : i18n._(msg`Not sent yet`)}</span>
        ) : confirming ? (
          <div role="group" aria-label={i18n._(msg`Send “${mail.subject}” to ${mail.recipient} again?`)} className="actions">
            <span>{i18n._(msg`Send it to ${mail.recipient} again?`)}</span>
            <button type="button" disabled={resend.isPending} onClick={() => resend.mutate()}>
              {resend.isPending ? i18n._(msg`Sending…`) : i18n._(msg`Yes, send again`)}
            </button>
            <button type="button" className="secondary" disabled={resend.isPending} onClick={() => setConfirming(false)}>
              {i18n._(msg`Cancel`)}
            </button>
          </div>
        ) : (
          <button type="button" aria-label={i18n._(msg`Resend “${mail.subject}”`)} onClick={() => setConfirming(true)}>
            {i18n._(msg`Resend`)}
          </button>
        )}
      </td>
    </tr>
  );
}

export function LookupScreen({ q }: { q: string }) {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const navigate = useNavigate();
  const format = useFormat();
  const inputId = useId();
  const found = useQuery(lookupQuery(client, q));
  useDocumentTitle(msg`Lookup`);
  const answer = found.data;
  const empty = answer !== undefined && answer.trades.length + answer.customers.length + answer.messages.length + answer.mails.length === 0;
  return (
    <div className="lookup">
      <PageHeading focus={q === ''}>{i18n._(msg`Lookup`)}</PageHeading>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
          void navigate({ to: PATHS.lookup, search: value ? { q: value } : {} });
        }}
      >
        <div className="field">
          <label htmlFor={inputId}>{i18n._(msg`Trade number, e-mail address, or IMEI or serial number`)}</label>
          <input id={inputId} key={q} name="q" type="search" defaultValue={q} autoFocus={q !== ''} spellCheck={false} autoComplete="off" />
        </div>
        <button type="submit">{i18n._(msg`Look up`)}</button>
      </form>
      {q !== '' && found.isPending && <Loading />}
      {found.isError && <FailureNote failure={readStaffFailure(found.error)} onRetry={() => void found.refetch()} />}
      {empty && <p role="status">{i18n._(msg`Nothing found for “${q}”.`)}</p>}
      {answer && !empty && (
        <>
          <section aria-labelledby="lookup-trades">
            <h2 id="lookup-trades">{i18n._(msg`Trades`)}</h2>
            {answer.trades.length === 0 ? (
              <p>{i18n._(msg`No trade.`)}</p>
            ) : (
              <div className="table-scroll">
                <table className="results lookup-trades">
                  <thead>
                    <tr>
                      <th scope="col">{i18n._(msg`Trade number`)}</th>
                      <th scope="col">{i18n._(msg`Status`)}</th>
                      <th scope="col">{i18n._(msg`Seller`)}</th>
                      <th scope="col">{i18n._(msg`Created`)}</th>
                      <th scope="col" className="number">
                        {i18n._(msg`Total`)}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.trades.map((trade) => (
                      <tr key={trade.tradeNumber}>
                        <th scope="row">
                          <Link to={tradePath(trade.tradeNumber)}>{trade.tradeNumber}</Link>
                        </th>
                        <td>{statusText(i18n, trade.status)}</td>
                        <td>
                          {trade.sellerName}
                          <br />
                          <span className="hint">{trade.sellerEmail ?? '—'}</span>
                        </td>
                        <td>{format.date(trade.createdAt)}</td>
                        <td className="number">{format.money(trade.totalCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <section aria-labelledby="lookup-customers">
            <h2 id="lookup-customers">{i18n._(msg`Customer accounts`)}</h2>
            {answer.customers.length === 0 ? (
              <p>{i18n._(msg`No customer account (guest trades only).`)}</p>
            ) : (
              <ul className="plain lookup-customers">
                {answer.customers.map((customer) => (
                  <li key={customer.id}>
                    {customer.name} &lt;{customer.email}&gt; · {customer.customerNumber ?? i18n._(msg`not activated`)} ·{' '}
                    {countryText(i18n, customer.locale)} · {i18n._(msg`since ${format.date(customer.createdAt)}`)}
                    {customer.deleted && <strong> · {i18n._(msg`data deleted`)}</strong>}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {answer.messages.length > 0 && (
            <section aria-labelledby="lookup-messages">
              <h2 id="lookup-messages">{i18n._(msg`Contact messages`)}</h2>
              <ul className="plain">
                {answer.messages.map((message) => (
                  <li key={message.reference}>
                    <Link to={messagePath(message.reference)}>{message.reference}</Link> · {subjectText(i18n, message.subject)} ·{' '}
                    {contactStateText(i18n, message.state)} · {format.date(message.createdAt)}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="lookup-mails">
            <h2 id="lookup-mails">{i18n._(msg`Mails`)}</h2>
            {answer.mails.length === 0 ? (
              <p>{i18n._(msg`No mail to these addresses.`)}</p>
            ) : (
              <div className="table-scroll">
                <table className="results lookup-mails">
                  <thead>
                    <tr>
                      <th scope="col">{i18n._(msg`Sent`)}</th>
                      <th scope="col">{i18n._(msg`Subject`)}</th>
                      <th scope="col">{i18n._(msg`Status`)}</th>
                      <th scope="col">{i18n._(msg`Send again`)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.mails.map((mail) => (
                      <MailRow key={mail.id} mail={mail} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
