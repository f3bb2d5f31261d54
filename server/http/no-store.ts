// Route option for answers that depend on the caller and on time: never cached, errors included.

import type { onSendHookHandler } from 'fastify';

const setNoStore: onSendHookHandler = async (_request, reply, payload) => {
  reply.header('Cache-Control', 'no-store');
  return payload;
};

export const NO_STORE = { onSend: setNoStore };
