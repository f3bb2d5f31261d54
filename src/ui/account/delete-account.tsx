// Delete the account (product §7: DELETE customers, then DELETE deleteUser), behind an explicit second
// step: a checkbox that states what happens and a second, differently worded button.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useAccount } from './account-provider';
import { formFailure, type SaveFailure } from '../../machines/form';
import { useFocusOnMount } from '../form/focus';
import { FormFailure } from '../form/form-status';
import '../form/form.css';
import './account.css';

export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { i18n } = useLingui();
  const account = useAccount();
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);

  const remove = async () => {
    if (!account.customerId || !account.customerNumber) return;
    setDeleting(true);
    setFailure(null);
    try {
      await account.customerApi.deleteAccount({ customerId: account.customerId, customerIdentifier: account.customerNumber });
      onDeleted();
    } catch (error) {
      // An AccountDeletionError wraps the call that failed.
      setFailure(formFailure(error instanceof Error && error.cause !== undefined ? error.cause : error));
      setDeleting(false);
    }
  };

  return (
    <section className="account-section danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">{i18n._(msg`Delete account`)}</h2>
      <p>
        <Trans>
          Your login, your saved addresses and payout accounts are deleted. Your trades are kept as long as the law requires us to keep
          accounting records, but no longer linked to an account.
        </Trans>
      </p>
      {!confirming ? (
        <button type="button" className="button danger-outline" onClick={() => setConfirming(true)}>
          {i18n._(msg`Delete my account…`)}
        </button>
      ) : (
        <DeleteConfirmation
          understood={understood}
          onUnderstood={setUnderstood}
          deleting={deleting}
          failure={failure}
          onDelete={() => void remove()}
          onCancel={() => {
            setConfirming(false);
            setUnderstood(false);
            setFailure(null);
          }}
        />
      )}
    </section>
  );
}

function DeleteConfirmation(props: {
  understood: boolean;
  onUnderstood: (value: boolean) => void;
  deleting: boolean;
  failure: SaveFailure | null;
  onDelete: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const focus = useFocusOnMount<HTMLHeadingElement>();
  const hintId = useId();
  const [tried, setTried] = useState(false);
  return (
    <div className="delete-confirmation" role="group" aria-labelledby={`${hintId}-heading`}>
      <h3 id={`${hintId}-heading`} tabIndex={-1} ref={focus}>
        {i18n._(msg`Are you sure?`)}
      </h3>
      <div className={tried && !props.understood ? 'field invalid' : 'field'}>
        <label className="checkbox">
          <input
            type="checkbox"
            name="confirmDelete"
            checked={props.understood}
            aria-invalid={tried && !props.understood ? true : undefined}
            aria-describedby={tried && !props.understood ? hintId : undefined}
            onChange={(event) => props.onUnderstood(event.target.checked)}
          />
          <span>{i18n._(msg`I understand that my account is deleted for good and cannot be restored.`)}</span>
        </label>
        {tried && !props.understood && (
          <p id={hintId} className="field-error" role="alert" data-field="confirmDelete">
            {i18n._(msg`Please confirm that you want to delete your account.`)}
          </p>
        )}
      </div>
      <FormFailure
        failure={props.failure}
        texts={{ unavailable: msg`We could not delete your account right now. Please try again.` }}
        otherwise={msg`Your account could not be deleted. Please contact us.`}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button danger"
          disabled={props.deleting}
          aria-busy={props.deleting || undefined}
          onClick={() => {
            setTried(true);
            if (props.understood) props.onDelete();
          }}
        >
          {props.deleting ? i18n._(msg`Deleting…`) : i18n._(msg`Delete account permanently`)}
        </button>
        <button type="button" className="button secondary" disabled={props.deleting} onClick={props.onCancel}>
          {i18n._(msg`Keep my account`)}
        </button>
      </div>
    </div>
  );
}
