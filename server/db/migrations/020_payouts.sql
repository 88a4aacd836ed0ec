-- Issue 27, payouts: a withdrawal is sent through the payout provider (server/adapters/payout.ts) and learns
-- its result from a signed webhook or by polling. Statuses: held (new details, until release_at), review
-- (worth more than constants.payouts.reviewAboveCents: waits for staff), sending (due: scheduled work
-- sends it), sent (the provider has it), paid, failed (the money went back to the balance: the ledger
-- row is reversed), rejected (staff refused it: the money went back too), declined (older rows).
ALTER TABLE withdrawals ADD COLUMN provider text;
ALTER TABLE withdrawals ADD COLUMN provider_ref text;
ALTER TABLE withdrawals ADD COLUMN sent_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN settled_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN failure_reason text;
ALTER TABLE withdrawals ADD COLUMN staff_note text;
-- paid by the development payout provider (a stand-in): test money, never sent to a real provider
ALTER TABLE withdrawals ADD COLUMN test boolean NOT NULL DEFAULT false;
-- a gift-card withdrawal: the card the gift-card provider issued
ALTER TABLE withdrawals ADD COLUMN gift_card_id integer;
-- a webhook names the provider's reference
CREATE UNIQUE INDEX withdrawals_provider_ref_idx ON withdrawals (provider, provider_ref) WHERE provider_ref IS NOT NULL;
-- scheduled work reads the payouts due to be sent and those waiting for a polled result
CREATE INDEX withdrawals_open_idx ON withdrawals (status) WHERE status IN ('sending', 'sent', 'review');
-- a gift card issued for a withdrawal is a store's card: never redeemed into the cash balance here
ALTER TABLE gift_cards ADD COLUMN withdrawal_id integer REFERENCES withdrawals(id) ON DELETE SET NULL;
ALTER TABLE gift_cards ADD COLUMN provider text;
-- The development payout provider's own books (a stand-in running on this server, /dev-payout/).
CREATE TABLE dev_payouts (ref text PRIMARY KEY, idempotency_key text NOT NULL UNIQUE, payout_id integer NOT NULL, amount_cents integer NOT NULL, method text NOT NULL, destination text NOT NULL, status text NOT NULL CHECK (status IN ('sent', 'paid', 'failed')), reason text, created_at timestamptz NOT NULL DEFAULT now());
