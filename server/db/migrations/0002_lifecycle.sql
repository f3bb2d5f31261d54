CREATE TABLE "clarifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"item_offer_id" uuid NOT NULL,
	"new_offer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"answer_codes" jsonb NOT NULL,
	"link_path" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "clarifications_item_offer_id_unique" UNIQUE("item_offer_id")
);
--> statement-breakpoint
CREATE TABLE "trade_inspections" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"found_answers" jsonb NOT NULL,
	"found_kind" text NOT NULL,
	"found_price_cents" integer NOT NULL,
	"found_condition_id" smallint NOT NULL,
	"agreed_price_cents" integer,
	"inspected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_item_offer_id_trade_items_offer_id_fk" FOREIGN KEY ("item_offer_id") REFERENCES "public"."trade_items"("offer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clarifications" ADD CONSTRAINT "clarifications_new_offer_id_offers_id_fk" FOREIGN KEY ("new_offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_inspections" ADD CONSTRAINT "trade_inspections_offer_id_trade_items_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_items"("offer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_inspections" ADD CONSTRAINT "trade_inspections_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clarifications_trade_idx" ON "clarifications" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_inspections_trade_idx" ON "trade_inspections" USING btree ("trade_id");