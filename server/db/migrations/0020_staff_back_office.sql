CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"trade_number" text,
	"customer_id" uuid,
	"subject" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff_photo_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trade_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_trade_holds" (
	"trade_id" uuid PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"renewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"roles" jsonb NOT NULL,
	"password_hash" text,
	"totp_secret" text,
	"totp_last_step" integer,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "erasure_certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"offer_id" uuid NOT NULL,
	"trade_id" uuid NOT NULL,
	"method" text NOT NULL,
	"identifier" text NOT NULL,
	"inspector" text NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	CONSTRAINT "erasure_certificates_offer_id_unique" UNIQUE("offer_id")
);
--> statement-breakpoint
ALTER TABLE "trade_inspections" ADD COLUMN "identifier" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_photo_uploads" ADD CONSTRAINT "staff_photo_uploads_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_photo_uploads" ADD CONSTRAINT "staff_photo_uploads_offer_id_trade_items_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_items"("offer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_photo_uploads" ADD CONSTRAINT "staff_photo_uploads_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_trade_holds" ADD CONSTRAINT "staff_trade_holds_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_trade_holds" ADD CONSTRAINT "staff_trade_holds_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_certificates" ADD CONSTRAINT "erasure_certificates_offer_id_trade_items_offer_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."trade_items"("offer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_certificates" ADD CONSTRAINT "erasure_certificates_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_trade_idx" ON "audit_log" USING btree ("trade_number");--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_photo_uploads_offer_idx" ON "staff_photo_uploads" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
-- The audit log is append-only: not even the application may rewrite or delete what it recorded.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
