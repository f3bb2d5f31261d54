// What the account forms say next to a field the contract or the server refused (the registration's
// own fields; address and payout fields use the checkout's messages, passwords ./new-password-fields).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { FIELD_MESSAGES } from '../checkout/field-messages';

export const ACCOUNT_FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  firstName: FIELD_MESSAGES['address.firstName']!,
  lastName: FIELD_MESSAGES['address.lastName']!,
  email: FIELD_MESSAGES['identity.email']!,
  privacyAccepted: msg`Please accept the privacy policy to create an account.`,
};
