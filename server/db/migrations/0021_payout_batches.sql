CREATE TABLE "payout_batch_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"trade_id" uuid NOT NULL,
	"state" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"items_cents" integer NOT NULL,
	"voucher_cents" integer NOT NULL,
	"bonus_cents" integer NOT NULL,
	"top_up_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_by" date,
	"top_up_of" uuid,
	"shortfall_cents" integer DEFAULT 0 NOT NULL,
	"payout_id" uuid
);
--> statement-breakpoint
CREATE TABLE "payout_batch_items" (
	"entry_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"live" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"method" text NOT NULL,
	"instant" boolean DEFAULT false NOT NULL,
	"requested_date" date NOT NULL,
	"debtor" jsonb,
	"state" text NOT NULL,
	"count" integer NOT NULL,
	"control_sum_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"executed_at" timestamp with time zone,
	"executed_by" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payout_batches_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "payout_batch_entries" ADD CONSTRAINT "payout_batch_entries_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_entries" ADD CONSTRAINT "payout_batch_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_entries" ADD CONSTRAINT "payout_batch_entries_payout_id_trade_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."trade_payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_entry_id_payout_batch_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."payout_batch_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_items" ADD CONSTRAINT "payout_batch_items_offer_id_trade_items_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_items"("offer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batch_entries_batch_idx" ON "payout_batch_entries" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_batch_entries_trade_idx" ON "payout_batch_entries" USING btree ("trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_entries_one_open_idx" ON "payout_batch_entries" USING btree ("trade_id") WHERE "payout_batch_entries"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_entries_top_up_idx" ON "payout_batch_entries" USING btree ("top_up_of") WHERE "payout_batch_entries"."top_up_of" is not null and "payout_batch_entries"."state" in ('open', 'executed');--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_items_live_idx" ON "payout_batch_items" USING btree ("offer_id") WHERE "payout_batch_items"."live";--> statement-breakpoint
CREATE INDEX "payout_batch_items_entry_idx" ON "payout_batch_items" USING btree ("entry_id");--> statement-breakpoint
-- A batch is immutable once made (issue 29): who is paid how much, to which account, from which account,
-- and the file's control figures never change; only the state and the execution columns move. Nothing is deleted.
CREATE FUNCTION payout_batch_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payout batches are never deleted';
  END IF;
  IF (NEW.id, NEW.number, NEW.method, NEW.instant, NEW.requested_date, NEW.debtor, NEW.count, NEW.control_sum_cents, NEW.created_at, NEW.created_by)
     IS DISTINCT FROM
     (OLD.id, OLD.number, OLD.method, OLD.instant, OLD.requested_date, OLD.debtor, OLD.count, OLD.control_sum_cents, OLD.created_at, OLD.created_by) THEN
    RAISE EXCEPTION 'payout batch % is frozen: only its state and execution may change', OLD.number;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION payout_batch_entry_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payout batch entries are never deleted';
  END IF;
  IF (NEW.id, NEW.batch_id, NEW.position, NEW.trade_id, NEW.recipient, NEW.items_cents, NEW.voucher_cents, NEW.bonus_cents,
      NEW.top_up_cents, NEW.amount_cents, NEW.due_by, NEW.top_up_of)
     IS DISTINCT FROM
     (OLD.id, OLD.batch_id, OLD.position, OLD.trade_id, OLD.recipient, OLD.items_cents, OLD.voucher_cents, OLD.bonus_cents,
      OLD.top_up_cents, OLD.amount_cents, OLD.due_by, OLD.top_up_of) THEN
    RAISE EXCEPTION 'payout batch entry % is frozen: only its state and execution may change', OLD.id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER payout_batches_frozen BEFORE UPDATE OR DELETE ON "payout_batches" FOR EACH ROW EXECUTE FUNCTION payout_batch_frozen();--> statement-breakpoint
CREATE TRIGGER payout_batch_entries_frozen BEFORE UPDATE OR DELETE ON "payout_batch_entries" FOR EACH ROW EXECUTE FUNCTION payout_batch_entry_frozen();
