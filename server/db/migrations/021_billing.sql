-- Issue 27 (membership billing): card numbers never reach this server. A payment method is the provider's
-- token (processor_ref) with its brand, last four digits and expiry; the zip code is not kept.
ALTER TABLE payment_methods DROP COLUMN zip;
-- Subscriptions renew on the job runner: the method they charge, the periods billed, and past-due retries.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('trialing', 'active', 'past_due', 'cancelled'));
ALTER TABLE subscriptions ADD COLUMN payment_method_id integer REFERENCES payment_methods(id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN periods_billed integer NOT NULL DEFAULT 0;
ALTER TABLE subscriptions ADD COLUMN past_due_since timestamptz;
ALTER TABLE subscriptions ADD COLUMN retries integer NOT NULL DEFAULT 0;
CREATE INDEX subscriptions_due ON subscriptions (next_billing_at) WHERE status IN ('trialing', 'active', 'past_due');
-- A payment belongs to a subscription and carries the attempt's idempotency key
-- (sub:<id>:p<period>:a<attempt>): one attempt per billing period and retry, whichever runner makes it.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'succeeded', 'declined'));
ALTER TABLE payments ADD COLUMN subscription_id integer REFERENCES subscriptions(id) ON DELETE SET NULL;
ALTER TABLE payments ADD COLUMN idempotency_key text UNIQUE;
ALTER TABLE payments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The sandbox provider's own records (what a real provider keeps on its side): per token the brand, last
-- four digits, expiry and how the test card behaves, never the number; its charges by idempotency key.
CREATE TABLE sandbox_payment_methods (token text PRIMARY KEY, brand text NOT NULL, last4 text NOT NULL, exp_month integer NOT NULL, exp_year integer NOT NULL, behaviour text NOT NULL CHECK (behaviour IN ('succeed', 'decline', 'decline_charges')), created_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE sandbox_charges (idempotency_key text PRIMARY KEY, token text NOT NULL, amount_cents integer NOT NULL, ok boolean NOT NULL, ref text NOT NULL, code text, created_at timestamptz NOT NULL DEFAULT now());
CREATE UNIQUE INDEX payments_one_pending ON payments (subscription_id) WHERE status = 'pending';
