-- Issue 27 (rebate claims): a Plus member claims a benefit's rebate with an order number, its date, the
-- amount and a receipt (stored through the UploadStore under receipt_key, never in the database). A claim
-- stays in_review until staff approve it (booked in the ledger as 'rebate_claim:<id>') or reject it (with
-- the reason the member sees). The monthly caps count the claims in review and approved of a calendar month.
CREATE TABLE rebate_claims (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  benefit_type text NOT NULL,
  order_number text NOT NULL,
  order_date date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  status text NOT NULL DEFAULT 'in_review' CHECK (status IN ('in_review', 'approved', 'rejected')),
  approved_cents integer CHECK (approved_cents IS NULL OR approved_cents > 0),
  reason text,
  decided_by text,
  decided_at timestamptz,
  ledger_id integer REFERENCES ledger(id) ON DELETE SET NULL,
  receipt_key text NOT NULL UNIQUE,
  receipt_type text NOT NULL,
  receipt_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rebate_claims_user_idx ON rebate_claims (user_id, created_at DESC, id DESC);
-- one live claim per order and benefit: a rejected claim may be filed again
CREATE UNIQUE INDEX rebate_claims_order_idx ON rebate_claims (user_id, benefit_type, order_number) WHERE status <> 'rejected';
