// Choosing a password (registration, reset, change): the new password with its strength hint and,
// where asked for, its repetition. Errors arrive as issue codes under 'password' and 'repeat'; the
// form kit's table (../form/issue-messages) says them in the shop's language.

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { PASSWORD_MIN } from '../../contracts/account';
import type { FieldErrors } from '../../machines/form';
import { passwordStrength } from '../../machines/password';
import { useErrorOf } from '../form/issue-messages';
import { PasswordField } from '../form/password-field';

/** The hint under a new password while it is typed; it never blocks (the only rule is the length). */
export function passwordHint(i18n: I18n, password: string): string {
  const length = [...password].length;
  if (length === 0)
    return i18n._(msg`At least ${PASSWORD_MIN} characters. Several unrelated words make a strong password that is easy to remember.`);
  if (length < PASSWORD_MIN) {
    const missing = PASSWORD_MIN - length;
    return i18n._(msg`Too short: ${missing} more characters needed.`);
  }
  switch (passwordStrength(password)) {
    case 'weak':
      return i18n._(msg`Strength: weak. A longer password is much harder to guess.`);
    case 'fair':
      return i18n._(msg`Strength: fair. A longer password would be stronger.`);
    case 'strong':
      return i18n._(msg`Strength: strong.`);
  }
}

export interface NewPasswordFieldsProps {
  readonly password: string;
  /** With the repetition field when given. */
  readonly repeat?: string;
  /** Under 'password' and 'repeat'. */
  readonly errors: FieldErrors;
  readonly onPassword: (value: string) => void;
  readonly onRepeat?: (value: string) => void;
  readonly label?: string;
}

export function NewPasswordFields({ password, repeat, errors, onPassword, onRepeat, label }: NewPasswordFieldsProps) {
  const { i18n } = useLingui();
  const error = useErrorOf(errors);
  return (
    <>
      <PasswordField
        name="password"
        autoComplete="new-password"
        label={label ?? i18n._(msg`Password`)}
        value={password}
        hint={passwordHint(i18n, password)}
        error={error('password')}
        onValue={onPassword}
      />
      {repeat !== undefined && onRepeat && (
        <PasswordField
          name="repeat"
          autoComplete="new-password"
          label={i18n._(msg`Repeat the new password`)}
          value={repeat}
          error={error('repeat')}
          onValue={onRepeat}
        />
      )}
    </>
  );
}
