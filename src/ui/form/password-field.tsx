// A password input with a show/hide button (the typed text stays; only its visibility changes).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';
import './form.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'> & {
  /** 'current-password' for log-in and confirmation, 'new-password' where a password is chosen. */
  readonly autoComplete: 'current-password' | 'new-password';
};

export function PasswordField(props: PasswordFieldProps) {
  const { i18n } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      // Only a text input takes autocapitalize (a password input never capitalizes).
      autoCapitalize={visible ? 'none' : undefined}
      addon={(inputId) => (
        <button
          type="button"
          className="password-toggle"
          aria-controls={inputId}
          aria-label={visible ? i18n._(msg`Hide password`) : i18n._(msg`Show password`)}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? i18n._(msg`Hide`) : i18n._(msg`Show`)}
        </button>
      )}
    />
  );
}
