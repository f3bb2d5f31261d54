ALTER TABLE "trades" ADD COLUMN "shop_mode" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "landing_page" text;