// The newsletter sign-up of the footer and the home page, in shops with a newsletter (spec §1: not
// Austria). The form and its machine load after the page (decision 007: XState is not part of the
// initial JavaScript); until then the same form shows, and whatever was typed is kept.

import { lazy, Suspense, useState } from 'react';
import type { NewsletterSource } from '../../contracts/newsletter';
import { useShop } from '../shop-context';
import { SignUpFrame } from './sign-up-frame';

const SignUpForm = lazy(() => import('./sign-up-form'));

export function NewsletterSignUp({ source }: { source: NewsletterSource }) {
  const shop = useShop();
  const [draft, setDraft] = useState('');
  if (!shop.country.features.hasNewsletter) return null;
  return (
    <Suspense fallback={<SignUpFrame source={source} email={draft} onEmail={setDraft} sending={false} />}>
      <SignUpForm source={source} initialEmail={draft} />
    </Suspense>
  );
}
