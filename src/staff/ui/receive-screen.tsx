// Receiving parcels (product §11.10): one field that keeps the focus. A USB scanner types the label's
// trade number and Enter; the result shows large at once — received, with the seller and the devices
// and a way to inspect; received before (its trade opens); or refused, in an alert — and the field is
// empty and focused for the next parcel. Below, this session's scans. Where the browser reads
// barcodes, the camera can scan too. The receive machine (kept by the signed-in frame) owns the flow.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { Scan } from '../machines/receive';
import { CameraScan } from './camera-scan';
import { Field, shallowEqual } from './field';
import { useFormat } from './format';
import { PageHeading, useDocumentTitle } from './page';
import { tradePath } from './paths';
import { useReceiveActor } from './receive-actor';
import { failureText, issueText, statusText } from './texts';

type Answered = Extract<Scan, { result: 'received' | 'again' }>;
type Refused = Extract<Scan, { result: 'refused' }>;

function Devices({ scan }: { scan: Answered }) {
  return (
    <ul className="devices">
      {scan.trade.items.map((item) => (
        <li key={item.offerId}>
          {item.deviceName}
          {item.quantity > 1 && ` × ${item.quantity}`}
        </li>
      ))}
    </ul>
  );
}

function Received({ scan }: { scan: Answered }) {
  const { i18n } = useLingui();
  const tradeNumber = scan.trade.tradeNumber;
  const seller = scan.trade.sellerName;
  return (
    <div className={`scan-result ${scan.result}`} data-scan={scan.id}>
      <p className="big">
        {scan.result === 'received' ? i18n._(msg`Received ${tradeNumber}`) : i18n._(msg`Already received: ${tradeNumber}`)}
      </p>
      <p>{i18n._(msg`Seller: ${seller}`)}</p>
      <Devices scan={scan} />
      <p>
        <Link to={tradePath(tradeNumber)} className="button">
          {i18n._(msg`Inspect ${tradeNumber}`)}
        </Link>
      </p>
    </div>
  );
}

function refusalText(i18n: ReturnType<typeof useLingui>['i18n'], scan: Refused): string {
  const code = scan.code;
  if (scan.failure.code === 'trade_not_found') return i18n._(msg`Unknown trade number: ${code}. Check the label or type the number.`);
  if (scan.failure.code === 'wrong_status' && scan.failure.tradeStatus) {
    const status = statusText(i18n, scan.failure.tradeStatus);
    return i18n._(msg`${code} cannot be received: its status is ${status}. Put the parcel aside.`);
  }
  return failureText(i18n, scan.failure);
}

function ScanList({ scans }: { scans: readonly Scan[] }) {
  const { i18n } = useLingui();
  const format = useFormat();
  if (scans.length === 0) return null;
  return (
    <section aria-labelledby="scans-heading" className="scan-list">
      <h2 id="scans-heading">{i18n._(msg`This session’s scans`)}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{i18n._(msg`Time`)}</th>
            <th scope="col">{i18n._(msg`Trade number`)}</th>
            <th scope="col">{i18n._(msg`Result`)}</th>
          </tr>
        </thead>
        <tbody>
          {scans.map((scan) => (
            <tr key={scan.id} className={scan.result}>
              <td>{format.dateTime(scan.at)}</td>
              <td>
                {scan.result === 'refused' ? scan.code : <Link to={tradePath(scan.trade.tradeNumber)}>{scan.trade.tradeNumber}</Link>}
              </td>
              <td>
                {scan.result === 'refused'
                  ? refusalText(i18n, scan)
                  : scan.result === 'received'
                    ? i18n._(msg`Received`)
                    : i18n._(msg`Received before`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ReceiveScreen() {
  const { i18n } = useLingui();
  const actor = useReceiveActor();
  const input = useRef<HTMLInputElement>(null);
  const { code, issue, sending, scans } = useSelector(
    actor,
    (snapshot) => ({
      code: snapshot.context.code,
      issue: snapshot.context.issue,
      sending: snapshot.context.sending,
      scans: snapshot.context.scans,
    }),
    shallowEqual,
  );
  useDocumentTitle(msg`Receive parcels`);
  // The field keeps the focus: after every result it is ready for the next parcel.
  useEffect(() => {
    input.current?.focus();
  }, [scans.length]);
  const last = scans[0];
  return (
    <div className="receive">
      <PageHeading focus={false}>{i18n._(msg`Receive parcels`)}</PageHeading>
      <form
        className="scan-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'receive.submit' });
          input.current?.focus();
        }}
      >
        <Field
          ref={input}
          label={i18n._(msg`Trade number`)}
          hint={i18n._(msg`Scan the label’s barcode, or type the trade number and press Enter.`)}
          value={code}
          onValue={(value) => actor.send({ type: 'receive.type', code: value })}
          problem={issue ? issueText(i18n, issue) : null}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          autoFocus
          className="scan-field"
        />
        <div className="actions">
          <button type="submit">{i18n._(msg`Receive`)}</button>
          <CameraScan onCode={(scanned) => actor.send({ type: 'receive.scanned', code: scanned })} />
        </div>
      </form>
      <div role="status" className="scan-status">
        {sending !== null ? (
          <p>{i18n._(msg`Receiving ${sending}…`)}</p>
        ) : (
          last && last.result !== 'refused' && <Received key={last.id} scan={last} />
        )}
      </div>
      <div role="alert" className="scan-alert">
        {sending === null && last?.result === 'refused' && (
          <div className="scan-result refused" data-scan={last.id}>
            <p className="big">{i18n._(msg`Not received`)}</p>
            <p>{refusalText(i18n, last)}</p>
          </div>
        )}
      </div>
      <ScanList scans={scans} />
    </div>
  );
}
