-- Issue 31 (SMS): a real SMS provider (SMS_PROVIDER, server/adapters/sms.ts) answers each verification
-- text with its reference (Twilio's message sid) and a first status; its signed delivery-status callbacks
-- (POST /api/sms/status/<provider>) then move sms_status on (queued, sent, delivered, undelivered,
-- failed, ...). Both stay NULL for the outbox, which sends nothing.
ALTER TABLE phone_codes ADD COLUMN sms_ref text;
ALTER TABLE phone_codes ADD COLUMN sms_status text;
ALTER TABLE phone_codes ADD COLUMN sms_status_at timestamptz;
CREATE INDEX phone_codes_sms_ref_idx ON phone_codes (sms_ref) WHERE sms_ref IS NOT NULL;
