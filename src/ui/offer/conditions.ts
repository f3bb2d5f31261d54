// Names of the condition grades an offer carries (conditionId 1–4).

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CONDITION_LABELS: Record<1 | 2 | 3 | 4, MessageDescriptor> = {
  1: msg`Like new`,
  2: msg`Good`,
  3: msg`Fair`,
  4: msg`Defective`,
};
