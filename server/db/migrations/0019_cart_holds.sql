CREATE TABLE "cart_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_holds" ADD CONSTRAINT "cart_holds_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_holds_email_offer_idx" ON "cart_holds" USING btree ("email","offer_id");--> statement-breakpoint
CREATE INDEX "cart_holds_offer_idx" ON "cart_holds" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "cart_holds_expires_idx" ON "cart_holds" USING btree ("expires_at");