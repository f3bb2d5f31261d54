CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"stars" smallint NOT NULL,
	"text" text NOT NULL,
	"author_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "reviews_trade_id_unique" UNIQUE("trade_id")
);
--> statement-breakpoint
ALTER TABLE "manufacturers" ADD COLUMN "platform" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "platform_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");