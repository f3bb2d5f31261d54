CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_items" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"device_id" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"condition_id" smallint NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_number" text NOT NULL,
	"transaction_id" integer GENERATED ALWAYS AS IDENTITY (sequence name "trades_transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"locale" text NOT NULL,
	"status" text NOT NULL,
	"guest_email" text,
	"address" jsonb NOT NULL,
	"payout" jsonb NOT NULL,
	"payment_type" integer NOT NULL,
	"b2b" boolean NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"voucher_code" text,
	"voucher_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_trade_number_unique" UNIQUE("trade_number"),
	CONSTRAINT "trades_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_key" text NOT NULL,
	"trade_id" uuid NOT NULL,
	"single_use" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"code" text PRIMARY KEY NOT NULL,
	"locale" text,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_total_cents" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"single_use_per_customer" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_transitions" ADD CONSTRAINT "trade_transitions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_voucher_code_vouchers_code_fk" FOREIGN KEY ("voucher_code") REFERENCES "public"."vouchers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_code_vouchers_code_fk" FOREIGN KEY ("code") REFERENCES "public"."vouchers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_items_trade_idx" ON "trade_items" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_transitions_trade_idx" ON "trade_transitions" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trades_guest_email_idx" ON "trades" USING btree ("guest_email");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_single_use_idx" ON "voucher_redemptions" USING btree ("code","customer_key") WHERE "voucher_redemptions"."single_use";--> statement-breakpoint
CREATE INDEX "voucher_redemptions_trade_idx" ON "voucher_redemptions" USING btree ("trade_id");