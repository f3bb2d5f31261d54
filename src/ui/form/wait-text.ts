// How long a locked log-in or a rate-limited form waits, in words.

import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** "45 seconds" / "3 minutes": how long a locked log-in waits, rounded up to whole minutes from a minute on. */
export function waitText(i18n: I18n, wait: number): string {
  if (wait < 60) {
    const seconds = Math.max(1, Math.ceil(wait));
    return i18n._(msg`${plural(seconds, { one: '# second', other: '# seconds' })}`);
  }
  const minutes = Math.ceil(wait / 60);
  return i18n._(msg`${plural(minutes, { one: '# minute', other: '# minutes' })}`);
}
