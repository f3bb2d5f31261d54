// What the back office's screens read from React context: the API client (for queries and the flows'
// actors) and the tab's session actor (who is signed in, sign-out).

import type { QueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { Actor } from 'xstate';
import type { StaffMe } from '../../contracts/staff';
import type { sessionMachine } from '../machines/session';
import type { StaffClient } from '../services/client';

export type SessionActor = Actor<typeof sessionMachine>;

export interface StaffServices {
  readonly client: StaffClient;
  readonly queryClient: QueryClient;
  readonly session: SessionActor;
}

export const StaffServicesContext = createContext<StaffServices | null>(null);

export function useStaffServices(): StaffServices {
  const services = useContext(StaffServicesContext);
  if (!services) throw new Error('StaffServicesContext is missing');
  return services;
}

/** The signed-in user (null while signed out or checking). */
export function useMe(): StaffMe | null {
  return useSelector(useStaffServices().session, (snapshot) => snapshot.context.me);
}
