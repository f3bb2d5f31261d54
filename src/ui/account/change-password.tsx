// Change password (product §7 changePassword: new password, user id, e-mail, current password). The
// server ends every session of the account on success, so the form reports the change and the
// management screen asks for a log-in with the new password.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { changePasswordMachine, type PasswordChangeValues } from '../../machines/account-forms';
import { changePasswordActors } from '../../machines/account-forms.actors';
import { useAccount } from './account-provider';
import { FormFailure, SAVE_FAILURE_TEXTS } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { useLatest } from '../form/latest';
import { useFocusFirstError } from '../form/focus';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from '../form/password-field';
import '../form/form.css';

export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { i18n } = useLingui();
  const account = useAccount();
  const latest = useLatest({ api: account.customerApi, customerId: account.customerId, email: account.email, onChanged });
  const machine = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: changePasswordActors({ latest: () => latest.current, changed: () => latest.current.onChanged() }),
      }),
    [latest],
  );
  const actor = useActorRef(machine, { input: { values: { current: '', password: '', repeat: '' } } });
  const state = useSelector(actor, (s) => s);
  const { values, errors, failure, refused } = state.context;
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, refused);
  const errorOf = useErrorOf(errors);
  const saving = state.matches('saving');
  const edit = (change: Partial<PasswordChangeValues>, cleared: readonly string[]) =>
    actor.send({ type: 'form.edit', values: { ...values, ...change }, cleared });

  return (
    <form
      ref={form}
      className="account-form"
      // Without JavaScript the page is shown again: e-mail and password never go into the address.
      method="post"
      noValidate
      aria-labelledby="change-password-heading"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <h2 id="change-password-heading">{i18n._(msg`Change password`)}</h2>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={account.email ?? ''} readOnly hidden />
      <PasswordField
        name="currentPassword"
        autoComplete="current-password"
        label={i18n._(msg`Current password`)}
        value={values.current}
        error={errorOf('currentPassword')}
        onValue={(value) => edit({ current: value }, ['currentPassword'])}
      />
      <NewPasswordFields
        label={i18n._(msg`New password`)}
        password={values.password}
        repeat={values.repeat}
        errors={errors}
        onPassword={(value) => edit({ password: value }, ['password', 'repeat'])}
        onRepeat={(value) => edit({ repeat: value }, ['repeat'])}
      />
      {failure?.kind !== 'fields' && <FormFailure failure={failure} texts={SAVE_FAILURE_TEXTS} />}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Change password`)}
        </button>
      </div>
    </form>
  );
}
