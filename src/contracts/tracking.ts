// The controlling API (product §7 Tracking; decision 028): POST /api/controlling/controlling stores one
// event of a client id; GET /api/client-id answers a new opaque client id. The url is the page's
// address without query or fragment (no search terms or tokens); touchpoints keep only the eleven
// parameters of product §9, each as the campaign code it is. No name, e-mail, address or IP is sent.

import { CLIENT_ID_PATTERN } from './client-id';
import { z } from './zod';
import { TOUCHPOINT_PARAMETERS } from '../config/constants';
import { coded } from './issues';

/** The opaque client id: 64 hex digits (GET /api/client-id). */
export { CLIENT_ID_PATTERN };
export const ClientIdSchema = z
  .string()
  .check(z.regex(CLIENT_ID_PATTERN, coded('invalid', 'clientId must be the id from GET /api/client-id.')));

export const ClientIdAnswerSchema = z.object({ clientId: ClientIdSchema });
export type ClientIdAnswer = z.infer<typeof ClientIdAnswerSchema>;

/** Product §7's four controlling events, and the two page events the funnel report counts (decision 028). */
export const CONTROLLING_EVENT_NAMES = [
  'marketing_touchpoint',
  'offer_generated',
  'offer_add_to_cart',
  'trade_created',
  'page_view',
  'view_item',
] as const;
export type ControllingEventName = (typeof CONTROLLING_EVENT_NAMES)[number];

const PageUrlSchema = z.string().check(
  z.maxLength(2000),
  z.url(coded('invalid', 'url must be an absolute URL.')),
  z.refine((url) => !url.includes('?') && !url.includes('#'), coded('invalid', 'url must not carry a query or fragment.')),
);

const Id = z.string().check(z.minLength(1), z.maxLength(64));
const Money = z.number().check(z.nonnegative(), z.lte(1_000_000));

export const TouchpointSchema = z
  .partialRecord(z.enum(TOUCHPOINT_PARAMETERS), z.string().check(z.minLength(1), z.maxLength(200)))
  .check(z.refine((touchpoint) => Object.keys(touchpoint).length > 0, coded('required', 'A touchpoint needs at least one parameter.')));
export type Touchpoint = z.infer<typeof TouchpointSchema>;

const base = {
  clientId: ClientIdSchema,
  applicationId: z.string().check(z.minLength(1), z.maxLength(40)),
  url: PageUrlSchema,
};

export const ControllingEventSchema = z.discriminatedUnion('eventName', [
  z.object({ ...base, eventName: z.literal('marketing_touchpoint'), touchpoint: TouchpointSchema }),
  z.object({
    ...base,
    eventName: z.literal('offer_generated'),
    offerId: Id,
    deviceId: z.number().check(z.int(), z.positive()),
    price: Money,
  }),
  z.object({
    ...base,
    eventName: z.literal('offer_add_to_cart'),
    offerId: Id,
    deviceId: z.number().check(z.int(), z.positive()),
    price: Money,
  }),
  z.object({
    ...base,
    eventName: z.literal('trade_created'),
    tradeId: Id,
    revenue: Money,
    items: z.number().check(z.int(), z.positive(), z.lte(100)),
  }),
  z.object({ ...base, eventName: z.literal('page_view'), pageType: z.string().check(z.minLength(1), z.maxLength(40)) }),
  z.object({ ...base, eventName: z.literal('view_item'), deviceId: z.number().check(z.int(), z.positive()) }),
]);
export type ControllingEvent = z.infer<typeof ControllingEventSchema>;

/** POST /api/controlling/consent: the consent log's entry of a client id (decision 028). */
export const ConsentLogRequestSchema = z.object({
  clientId: ClientIdSchema,
  decision: z.enum(['all', 'necessary']),
  bannerVersion: z.number().check(z.int(), z.positive(), z.lte(1000)),
});
