ALTER TABLE "payout_batch_entries" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batch_entries" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "payout_batch_entries" ADD COLUMN "returned_by" text;--> statement-breakpoint
ALTER TABLE "trade_payouts" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "payout_corrected_at" timestamp with time zone;