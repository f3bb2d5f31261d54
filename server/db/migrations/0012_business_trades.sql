CREATE TABLE "business_trade_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_companies" (
	"trade_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"vat_id" text
);
--> statement-breakpoint
ALTER TABLE "trade_companies" ADD CONSTRAINT "trade_companies_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;