// Shown when a catalogue screen's data cannot be loaded: a way to try again for people; crawlers see
// no error text (product §8), the server logs the failure.

import { Trans } from '@lingui/react/macro';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useHydratedMark } from './screen-page';

export function CatalogueError({ reset }: ErrorComponentProps) {
  useHydratedMark();
  const router = useRouter();
  if (router.options.context.isBot) return null;
  return (
    <section className="catalogue-error" role="alert">
      <h1>
        <Trans>The catalogue is not available right now</Trans>
      </h1>
      <p>
        <Trans>Your answers and your cart are safe. Please try again in a moment.</Trans>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
