// Change password (spec §7 changePassword: new password, user id, e-mail, current password). The
// server ends every session of the account on success, so the form reports the change and the
// management screen asks for a log-in with the new password.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { saveFormMachine } from '../../machines/form';
import { resetErrors } from '../../machines/password';
import { useAccount } from './account-provider';
import { FailureNote } from '../form/form-status';
import { useErrorOf } from '../form/issue-messages';
import { useLatest } from '../form/latest';
import { useFocusFirstError } from '../form/focus';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from '../form/password-field';

interface PasswordChange {
  readonly current: string;
  readonly password: string;
  readonly repeat: string;
}

/** The contract's password rule and the repetition (as the reset form checks them), and the current password. */
const passwordForm = saveFormMachine<PasswordChange>({
  id: 'changePassword',
  validate: ({ current, password, repeat }) => ({
    ...resetErrors({ password, repeat }),
    ...(current === '' ? { currentPassword: 'required' as const } : {}),
  }),
  // The server's fields this form shows: a refused new password, a wrong current one.
  rename: (path) => (path === 'password' || path === 'currentPassword' ? path : null),
});

export function ChangePassword({ onChanged }: { onChanged: () => void }) {
  const { i18n } = useLingui();
  const account = useAccount();
  const latest = useLatest({ account, onChanged });
  const machine = useMemo(
    () =>
      passwordForm.provide({
        actors: {
          save: fromPromise(async ({ input }: { input: { values: PasswordChange } }) => {
            const { account, onChanged } = latest.current;
            if (!account.customerId || !account.email) throw new Error('change password: no customer logged in');
            const { current, password } = input.values;
            await account.customerApi.changePassword({
              password,
              userId: account.customerId,
              email: account.email,
              currentPassword: current,
            });
            onChanged();
          }),
        },
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
  const edit = (change: Partial<PasswordChange>, cleared: readonly string[]) =>
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
      {failure?.kind !== 'fields' && <FailureNote failure={failure} />}
      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving} aria-busy={saving || undefined}>
          {saving ? i18n._(msg`Saving…`) : i18n._(msg`Change password`)}
        </button>
      </div>
    </form>
  );
}
