ALTER TABLE "auth_events" ADD COLUMN "ip" text;--> statement-breakpoint
CREATE INDEX "auth_events_kind_subject_ip_idx" ON "auth_events" USING btree ("kind","subject","ip","created_at");