// Change password (spec §7 changePassword: new password, user id, e-mail, current password). The
// server ends every session of the account on success, so the form reports the change and the
// management screen asks for a log-in with the new password.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useRef, useState } from 'react';
import type { IssueCode } from '../../contracts/issues';
import { withoutError, type FieldErrors } from '../../machines/form';
import { resetErrors } from '../../machines/password';
import { useAccount } from './account-provider';
import { formFailure, type FormFailure } from '../form/form-failure';
import { FailureNote } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { useFocusFirstError } from '../form/focus';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from '../form/password-field';

/** The server's fields this form shows (a refused new password, a wrong current one). */
const FORM_FIELDS = new Set(['password', 'currentPassword']);

export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { i18n } = useLingui();
  const account = useAccount();
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  useFocusFirstError(form, attempt);
  const errorOf = useErrorOf(errors);

  const refuse = (refused: FieldErrors) => {
    setErrors(refused);
    setAttempt((n) => n + 1);
  };

  const submit = async () => {
    // The contract's password rule and the repetition, as the reset form checks them.
    const found: Record<string, IssueCode> = { ...resetErrors({ password, repeat }) };
    if (current === '') found.currentPassword = 'required';
    if (Object.keys(found).length > 0) return refuse(found);
    if (!account.customerId || !account.email) return;
    setSaving(true);
    setFailure(null);
    try {
      await account.customerApi.changePassword({ password, userId: account.customerId, email: account.email, currentPassword: current });
      onChanged();
    } catch (error) {
      const read = formFailure(error);
      if (read.kind === 'fields') {
        const mapped = Object.entries(read.errors).filter(([path]) => FORM_FIELDS.has(path));
        if (mapped.length > 0) refuse(Object.fromEntries(mapped));
      }
      setFailure(read);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      className="account-form"
      noValidate
      aria-labelledby="change-password-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="change-password-heading">{i18n._(msg`Change password`)}</h2>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={account.email ?? ''} readOnly hidden />
      <PasswordField
        name="currentPassword"
        autoComplete="current-password"
        label={i18n._(msg`Current password`)}
        value={current}
        error={errorOf('currentPassword')}
        onValue={(value) => {
          setCurrent(value);
          setErrors((e: FieldErrors) => withoutError(e, 'currentPassword'));
        }}
      />
      <NewPasswordFields
        label={i18n._(msg`New password`)}
        password={password}
        repeat={repeat}
        errors={errors}
        onPassword={(value) => {
          setPassword(value);
          setErrors((e: FieldErrors) => withoutError(withoutError(e, 'password'), 'repeat'));
        }}
        onRepeat={(value) => {
          setRepeat(value);
          setErrors((e: FieldErrors) => withoutError(e, 'repeat'));
        }}
      />
      {failure?.kind !== 'fields' && <FailureNote failure={failure} />}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Change password`)}
        </button>
      </div>
    </form>
  );
}
