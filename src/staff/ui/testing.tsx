// What the screens' tests share (happy-dom): the screen inside the back office's providers and a
// router on a memory history, a fake API client that answers by method and path, a signed-in
// session, and typing and pressing Enter the way a browser (and a USB scanner) does.

import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StaffMe } from '../../contracts/staff';
import { sessionMachine } from '../machines/session';
import type { CallOptions, StaffClient } from '../services/client';
import { StaffCallError, staffFailure } from '../services/failure';
import { StaffServicesContext } from './staff-context';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const INSPECTOR: StaffMe = {
  id: '55555555-5555-4555-8555-555555555555',
  email: 'ina@staff.example',
  name: 'Ina Inspector',
  roles: ['inspector'],
  csrfToken: 'csrf',
  idleMinutes: 30,
};

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: unknown;
  readonly query?: unknown;
}

/** A client whose answers come from `answer` (return a value, or throw a StaffCallError). */
export function fakeClient(answer: (call: Call) => unknown | Promise<unknown>) {
  const calls: Call[] = [];
  const run = async (path: string, options: CallOptions = {}) => {
    const call = {
      method: options.method ?? 'GET',
      path,
      body: options.body,
      ...(options.query !== undefined && { query: options.query }),
    };
    calls.push(call);
    return answer(call);
  };
  const client: StaffClient = {
    json: async (path, schema, options) => schema.parse(await run(path, options)),
    send: async (path, options) => void (await run(path, options)),
    setCsrfToken: () => {},
    onSignedOut: () => () => {},
  };
  return { client, calls };
}

/**
 * Lets answers and re-renders through: 10 ms, then timer turns until the chains of zero-delay timers
 * the fake answers start (the data cache's batching, React's scheduler) have run out. The turns, not
 * the clock, decide on a busy machine.
 */
export const settle = () =>
  act(async () => {
    await new Promise<void>((resolve) => setTimeout(resolve, 10));
    for (let turn = 0; turn < 10; turn++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
  });

/** `me` null: nobody is signed in (GET /me answers signed_out). */
export async function renderScreen(screen: () => ReactNode, client: StaffClient, me: StaffMe | null = INSPECTOR, path = '/') {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = createActor(
    sessionMachine.provide({
      actors: {
        me: fromPromise(async () => {
          if (me === null) throw new StaffCallError(staffFailure('signed_out', { status: 401 }));
          return me;
        }),
        signOut: fromPromise(async () => {}),
      },
    }),
  ).start();
  await waitFor(session, (snapshot) => snapshot.matches(me === null ? 'signedOut' : 'signedIn'));
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  const rootRoute = createRootRoute({ component: () => <>{screen()}</> });
  const routeTree = rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => null })]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaffServicesContext.Provider value={{ client, queryClient, session }}>
            <RouterProvider router={router} />
          </StaffServicesContext.Provider>
        </QueryClientProvider>
      </I18nProvider>,
    );
  });
  await settle();
  return {
    host,
    router,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
      session.stop();
    },
  };
}

/** Types into a React input as a user (or a scanner) does. */
export function type(input: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Enter in a field: the browser submits the field's form unless a key handler prevented it (implicit submission). */
export function pressEnter(input: HTMLInputElement) {
  act(() => {
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    if (!event.defaultPrevented) input.form?.requestSubmit();
  });
}

export function click(element: HTMLElement) {
  act(() => element.click());
}

/** The input a label names. */
export function field(host: HTMLElement, label: string | RegExp, index = 0): HTMLInputElement {
  const labels = [...host.querySelectorAll('label')].filter((l) =>
    typeof label === 'string' ? l.textContent?.trim() === label : label.test(l.textContent ?? ''),
  );
  const found = labels[index];
  const input = found?.htmlFor ? host.ownerDocument.getElementById(found.htmlFor) : found?.querySelector('input');
  if (!input) throw new Error(`no field labelled ${String(label)}`);
  return input as HTMLInputElement;
}
