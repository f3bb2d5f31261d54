// The client id of the controlling API (GET /api/client-id): 64 hex characters. Apart from the zod
// contract (./tracking.ts), so the browser can check its cookie without loading zod.

export const CLIENT_ID_PATTERN = /^[0-9a-f]{64}$/;
