import { Trans } from '@lingui/react/macro';
import { ScreenPage } from '../screen-page';

export default function B2bLandingPage() {
  return (
    <ScreenPage screen="b2bLanding">
      <p>
        <Trans>
          Sell your company's smartphones, tablets and notebooks in one go: one binding offer, free pick-up, data erasure certificate and
          payment by invoice, up to 5,000 € per trade online.
        </Trans>
      </p>
    </ScreenPage>
  );
}
