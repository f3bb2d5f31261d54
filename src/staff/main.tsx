// The back office's entry (decision 072): a client-rendered app on the staff host. It picks the
// language, makes the API client, the query cache and the tab's session actor (which asks the server
// who is signed in), ties the client's "session ended" to that actor, and renders the route tree.

import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { createStaffI18n, initialLocale, storedLocale } from './i18n/i18n';
import { staffSessionMachine } from './machines/session.actors';
import { createStaffRouter } from './routes/router';
import { createStaffClient } from './services/client';
import { newStaffQueryClient } from './services/queries';
import { StaffServicesContext } from './ui/staff-context';
import './ui/styles.css';

async function start() {
  const i18n = await createStaffI18n(initialLocale(storedLocale(), navigator.languages));
  const client = createStaffClient();
  const queryClient = newStaffQueryClient();
  const session = createActor(staffSessionMachine(client, queryClient)).start();
  client.onSignedOut(() => session.send({ type: 'session.expired' }));
  const router = createStaffRouter();
  createRoot(document.getElementById('root')!).render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <StaffServicesContext.Provider value={{ client, queryClient, session }}>
          <RouterProvider router={router} />
        </StaffServicesContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

void start();
