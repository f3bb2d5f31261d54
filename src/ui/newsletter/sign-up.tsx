// The newsletter sign-up of the footer and the home page, in shops with a newsletter (spec §1: not
// Austria). The form and its machine load after hydration (decision 007: XState is not part of the
// initial JavaScript); the server and the first render show the same form without them, and what
// was typed there (and its focus) comes along.

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { NewsletterSource } from '../../contracts/newsletter';
import { useShop } from '../shop-context';
import { SignUpFrame } from './sign-up-frame';

const SignUpForm = lazy(() => import('./sign-up-form'));

export function NewsletterSignUp({ source }: { source: NewsletterSource }) {
  const shop = useShop();
  const [draft, setDraft] = useState('');
  const focused = useRef(false);
  // Rendered on the client only: a lazy component in server rendering would make React give up the boundary.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!shop.country.features.hasNewsletter) return null;
  const standIn = (
    <SignUpFrame
      source={source}
      email={draft}
      onEmail={setDraft}
      onFocusChange={(hasFocus) => (focused.current = hasFocus)}
      autoFocus={focused.current}
      sending={false}
    />
  );
  if (!hydrated) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SignUpForm source={source} initialEmail={draft} autoFocus={focused.current} />
    </Suspense>
  );
}
