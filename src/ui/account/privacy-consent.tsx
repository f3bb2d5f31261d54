// The privacy consent of a new account (the registration form, the account offered after a guest
// sale): a checkbox with the link to the privacy policy and its error, read out with the box.

import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useShop } from '../shop-context';
import '../form/form.css';

export function PrivacyConsent({
  checked,
  error,
  onChange,
}: {
  checked: boolean;
  error: string | undefined;
  onChange: (value: boolean) => void;
}) {
  const shop = useShop();
  const errorId = useId();
  return (
    <div className={error ? 'field invalid' : 'field'}>
      <label className="checkbox">
        <input
          type="checkbox"
          name="privacyAccepted"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>
          <Trans>
            I have read the <Link to={shop.contentPath('privacy')}>privacy policy</Link> and agree that my data is stored to run my account.
          </Trans>
        </span>
      </label>
      {error && (
        <p id={errorId} className="field-error" role="alert" data-field="privacyAccepted">
          {error}
        </p>
      )}
    </div>
  );
}
