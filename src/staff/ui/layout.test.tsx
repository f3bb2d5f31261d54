// @vitest-environment happy-dom
// The signed-in frame: the navigation shows what the user's roles allow, with the user's name and
// roles; signed out, it goes once to the sign-in page, keeping the page the user was on.

import { afterEach, describe, expect, it } from 'vitest';
import { SignedInLayout } from './layout';
import { fakeClient, INSPECTOR, renderScreen } from './testing';

let unmount = () => {};
afterEach(() => unmount());

const frame = () => (
  <SignedInLayout>
    <p>screen</p>
  </SignedInLayout>
);

describe('signed-in frame', () => {
  it('shows the navigation the roles allow, the user and the sign-out', async () => {
    const rendered = await renderScreen(frame, fakeClient(() => undefined).client, {
      ...INSPECTOR,
      name: 'Sam Support',
      roles: ['support'],
    });
    unmount = rendered.unmount;
    const nav = rendered.host.querySelector('nav')!;
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Trades', 'Returns', 'Inbox', 'Lookup']);
    expect(rendered.host.querySelector('.who')?.textContent).toContain('Sam Support (Support)');
    expect(rendered.host.querySelector('main')?.textContent).toBe('screen');
  });

  it('a user of every role sees every screen', async () => {
    const rendered = await renderScreen(frame, fakeClient(() => undefined).client, {
      ...INSPECTOR,
      roles: ['inspector', 'admin', 'payouts', 'support'],
    });
    unmount = rendered.unmount;
    const links = [...rendered.host.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Receive', '/'],
      ['Trades', '/trades'],
      ['Returns', '/returns'],
      ['Inbox', '/inbox'],
      ['Lookup', '/lookup'],
      ['Payouts', '/payouts'],
      ['Staff users', '/users'],
      ['Audit log', '/audit'],
    ]);
  });

  it('a payouts clerk sees the trades and the payouts only', async () => {
    const rendered = await renderScreen(frame, fakeClient(() => undefined).client, { ...INSPECTOR, roles: ['payouts'] });
    unmount = rendered.unmount;
    expect([...rendered.host.querySelectorAll('nav a')].map((a) => a.textContent)).toEqual(['Trades', 'Payouts']);
  });

  it('signed out, goes to the sign-in once with the page it was on', async () => {
    const rendered = await renderScreen(frame, fakeClient(() => undefined).client, null, '/trades/TR-2026-000042?again=true');
    unmount = rendered.unmount;
    expect(rendered.router.state.location.pathname).toBe('/sign-in');
    expect(rendered.router.state.location.search).toEqual({ redirect: '/trades/TR-2026-000042?again=true' });
    expect(rendered.router.history.length).toBe(1);
  });
});
