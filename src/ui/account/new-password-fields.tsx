// Choosing a password (registration, reset, change): the new password with its strength hint and,
// where asked for, its repetition. Errors arrive as the contract's messages (or a server's refusal)
// under 'password' and 'repeat'; this module says them in the shop's language.

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { PASSWORD_MAX, PASSWORD_MIN, PasswordSchema } from '../../contracts/account';
import type { FieldErrors } from '../../machines/checkout-form';
import { MISMATCH_MESSAGE, passwordStrength } from '../../machines/password';
import { PasswordField } from './password-field';

/** The contract's own messages for a too short and a too long password. */
const contractMessage = (value: string) => PasswordSchema.safeParse(value).error?.issues[0]?.message;
const TOO_SHORT = contractMessage('');
const TOO_LONG = contractMessage('x'.repeat(PASSWORD_MAX + 1));

/** A password error in words: too short, too long, not repeated the same, or refused by the server (too common). */
export function passwordMessage(i18n: I18n, message: string): string {
  if (message === TOO_SHORT) return i18n._(msg`Please choose a password with at least ${PASSWORD_MIN} characters.`);
  if (message === TOO_LONG) return i18n._(msg`Please choose a password with at most ${PASSWORD_MAX} characters.`);
  if (message === MISMATCH_MESSAGE) return i18n._(msg`The two passwords are not the same.`);
  return i18n._(msg`This password is too common or easy to guess. Please choose another one.`);
}

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
  const error = (path: string) => (errors[path] ? passwordMessage(i18n, errors[path]) : undefined);
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
