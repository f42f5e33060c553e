CREATE TABLE "rate_limit_hit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rate_limit_hit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hit_bucket_key_idx" ON "rate_limit_hit" USING btree ("bucket","key","expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hit_expires_at_idx" ON "rate_limit_hit" USING btree ("expires_at");