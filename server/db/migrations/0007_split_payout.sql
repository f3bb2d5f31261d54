CREATE TABLE "trade_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"voucher_cents" integer NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_items" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "trade_payouts" ADD CONSTRAINT "trade_payouts_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_payouts_trade_idx" ON "trade_payouts" USING btree ("trade_id");--> statement-breakpoint
ALTER TABLE "trade_items" ADD CONSTRAINT "trade_items_payout_id_trade_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."trade_payouts"("id") ON DELETE no action ON UPDATE no action;