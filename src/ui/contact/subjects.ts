// The ten contact subjects of the help widget (product §1) in the shop's language.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContactSubject } from '../../config/contact';

export const SUBJECT_LABELS: Record<ContactSubject, MessageDescriptor> = {
  dataChangeOrDocument: msg`Data change or document request`,
  returns: msg`Questions about returns`,
  payment: msg`Questions about payment`,
  purchaseProcess: msg`Questions about the purchase process`,
  orderCancellation: msg`Cancel an order`,
  topicNotListed: msg`My topic is not listed`,
  deviceNotListed: msg`My device is not listed`,
  newOffer: msg`Questions about a new offer`,
  orderStatus: msg`Order status`,
  customerAccount: msg`Customer account`,
};
