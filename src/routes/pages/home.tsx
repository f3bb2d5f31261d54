import { Trans } from '@lingui/react/macro';
import { ScreenPage } from '../screen-page';

export default function HomePage() {
  return (
    <ScreenPage screen="home">
      <ol className="steps">
        <li>
          <h2>
            <Trans>Get an offer</Trans>
          </h2>
          <p>
            <Trans>Choose your device, answer a few questions about its condition and get a binding price.</Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>Ship for free</Trans>
          </h2>
          <p>
            <Trans>Print the free shipping label, pack your devices and hand the parcel to the carrier.</Trans>
          </p>
        </li>
        <li>
          <h2>
            <Trans>Get paid</Trans>
          </h2>
          <p>
            <Trans>After our inspection we pay by bank transfer or PayPal, usually within a few days.</Trans>
          </p>
        </li>
      </ol>
    </ScreenPage>
  );
}
