-- Issue 13: one ledger. Every credit and debit of a member is a row; every balance is a sum over rows.
-- Cash amounts are cents, coin amounts whole coins; debits (withdrawals, reversals) are negative.
CREATE TABLE ledger (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cashback', 'coin_survey', 'coin_offer', 'coin_reversal', 'plus_rebate',
    'referral_bonus', 'promo_credit', 'gift_card', 'withdrawal', 'adjustment')),
  currency text NOT NULL CHECK (currency IN ('cash', 'coin')),
  amount integer NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'payable', 'paid', 'declined', 'reversed')),
  reason text NOT NULL,
  store_id integer REFERENCES stores(id) ON DELETE SET NULL,
  offer text,
  benefit_type text,
  order_amount_cents integer,
  expected_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- the event this row books ('rebate:12', 'withdrawal:7', 'referral:42', ...): never booked twice
  source_ref text NOT NULL UNIQUE,
  CHECK (kind IN ('withdrawal', 'adjustment')
    OR (currency = 'coin') = (kind IN ('coin_survey', 'coin_offer', 'coin_reversal')))
);
-- The history page: one member's rows, newest first (keyset and OFFSET pages, the CSV batches).
CREATE INDEX ledger_history_idx ON ledger (user_id, created_at DESC, id DESC);
-- Balances and totals: the sums read only the index.
CREATE INDEX ledger_sums_idx ON ledger (user_id, currency, status, kind, amount);

ALTER TABLE withdrawals ADD COLUMN release_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN value_cents integer;
-- what the payout is worth in cents (earlier coin withdrawals were at 100 coins per dollar)
UPDATE withdrawals SET value_cents = amount;
CREATE INDEX withdrawals_details_idx ON withdrawals (user_id, method, destination);

-- The first answer of a request made with an idempotency key (withdrawals), per member.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

-- Move the money that was kept elsewhere into the ledger.
INSERT INTO ledger (user_id, kind, currency, amount, status, reason, store_id, benefit_type, order_amount_cents,
  expected_at, created_at, source_ref)
SELECT user_id, CASE WHEN benefit_type = 'cashback' THEN 'cashback' ELSE 'plus_rebate' END, 'cash', amount_cents,
  status, reason, store_id, benefit_type, order_amount_cents, expected_at, created_at, 'rebate:' || id
FROM rebates;

-- Coin withdrawals were written twice (withdrawals and a 'Coin withdrawal' transaction): booked once below.
INSERT INTO ledger (user_id, kind, currency, amount, status, reason, offer, created_at, source_ref)
SELECT user_id,
  CASE WHEN amount < 0 THEN 'coin_reversal' WHEN reason LIKE 'Survey%' THEN 'coin_survey' ELSE 'coin_offer' END,
  'coin', amount, 'payable', reason,
  CASE WHEN reason LIKE 'Offer completed: %' THEN substr(reason, 18) END,
  created_at, 'coin:' || id
FROM coin_transactions WHERE NOT (amount < 0 AND reason = 'Coin withdrawal');

INSERT INTO ledger (user_id, kind, currency, amount, status, reason, created_at, source_ref)
SELECT user_id, 'withdrawal', kind, -amount,
  CASE WHEN status IN ('paid', 'declined') THEN status ELSE 'pending' END,
  CASE WHEN kind = 'cash' THEN 'Withdrawal to ' ELSE 'Coin withdrawal to ' END || method, created_at,
  'withdrawal:' || id
FROM withdrawals;

INSERT INTO ledger (user_id, kind, currency, amount, status, reason, created_at, source_ref)
SELECT user_id, 'promo_credit', 'cash', amount_cents, 'payable', 'Sign-up promo credit', created_at,
  'promo:' || user_id || ':' || flow
FROM promo_credits;

INSERT INTO ledger (user_id, kind, currency, amount, status, reason, created_at, source_ref)
SELECT user_id, 'gift_card', 'cash', amount_cents, 'payable', 'Gift card redeemed: ' || brand,
  COALESCE(redeemed_at, created_at), 'gift_card:' || id
FROM gift_cards WHERE status = 'redeemed' AND user_id IS NOT NULL;

-- Whatever the stored balances held beyond those rows is carried over as one adjustment row each,
-- so no member's balance changes with the move.
INSERT INTO ledger (user_id, kind, currency, amount, status, reason, source_ref)
SELECT u.id, 'adjustment', c.currency, c.stored - COALESCE(s.total, 0), 'payable',
  'Balance carried over to the ledger', 'migration:' || c.currency || ':' || u.id
FROM users u
CROSS JOIN LATERAL (VALUES ('cash', u.cash_balance_cents), ('coin', u.coin_balance)) c (currency, stored)
LEFT JOIN (
  SELECT user_id, currency, sum(amount)::int AS total FROM ledger
  WHERE (amount > 0 AND status IN ('payable', 'paid')) OR (amount < 0 AND status NOT IN ('declined', 'reversed'))
  GROUP BY user_id, currency
) s ON s.user_id = u.id AND s.currency = c.currency
WHERE c.stored <> COALESCE(s.total, 0);

-- The ledger is the one source of truth now.
ALTER TABLE users DROP COLUMN cash_balance_cents;
ALTER TABLE users DROP COLUMN coin_balance;
DROP TABLE rebates;
DROP TABLE coin_transactions;
DROP TABLE promo_credits;
