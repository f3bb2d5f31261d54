ALTER TABLE "clarifications" ADD COLUMN "decline_mode" text;--> statement-breakpoint
ALTER TABLE "clarifications" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clarifications" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trade_inspections" ADD COLUMN "note" text;