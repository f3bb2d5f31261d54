// The receive flow lives as long as the signed-in frame, not as long as its screen: the list of this
// session's scans stays while the inspector opens a trade and comes back. A parcel received before
// opens its trade (the machine's `openTrade`).

import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { receiveMachine } from '../machines/receive';
import { receiveActors } from '../machines/receive.actors';
import { tradePath } from './paths';
import { useStaffServices } from './staff-context';

export type ReceiveActor = Actor<typeof receiveMachine>;

const ReceiveActorContext = createContext<ReceiveActor | null>(null);

export function ReceiveActorProvider({ children }: { children: ReactNode }) {
  const { client, queryClient } = useStaffServices();
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      receiveMachine.provide({
        actors: receiveActors(client, queryClient),
        actions: { openTrade: (_, trade) => void navigate({ to: tradePath(trade.tradeNumber), search: { again: true } }) },
      }),
    [client, queryClient, navigate],
  );
  const actor = useActorRef(machine);
  return <ReceiveActorContext.Provider value={actor}>{children}</ReceiveActorContext.Provider>;
}

export function useReceiveActor(): ReceiveActor {
  const actor = useContext(ReceiveActorContext);
  if (!actor) throw new Error('ReceiveActorProvider is missing');
  return actor;
}
