-- Issue 15: protection. Linked accounts are linked through the provider's consent page (an
-- authorization code flow), keep only the provider's token (AES-256-GCM), and bring orders that the
-- watcher checks for lower prices, late deliveries and lost parcels; its findings are claims.

-- One provider account belongs to one member; a member may link several providers.
ALTER TABLE linked_accounts
  ADD COLUMN provider_account_id text,
  ADD COLUMN token_ciphertext text,
  ADD COLUMN last_synced_at timestamptz,
  ADD COLUMN sync_error_at timestamptz,
  ADD COLUMN sync_error text;
ALTER TABLE linked_accounts DROP CONSTRAINT linked_accounts_user_id_provider_key;
ALTER TABLE linked_accounts ADD CONSTRAINT linked_accounts_provider_account_key UNIQUE (provider, provider_account_id);
-- Rows linked by typing an e-mail carry no token: the member links them again.
UPDATE linked_accounts SET status = 'needs_attention' WHERE token_ciphertext IS NULL;
ALTER TABLE linked_accounts ADD CONSTRAINT linked_accounts_status_check CHECK (status IN ('connected', 'needs_attention'));
CREATE INDEX linked_accounts_user_idx ON linked_accounts (user_id);

-- A link in progress: the state sent to the provider and expected back once.
CREATE TABLE link_states (
  state text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);

CREATE TABLE protection_orders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  linked_account_id integer REFERENCES linked_accounts(id) ON DELETE SET NULL,
  provider text NOT NULL,
  external_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('purchase', 'hotel', 'carrental')),
  merchant text NOT NULL,
  title text NOT NULL,
  reference text NOT NULL,
  ordered_at timestamptz NOT NULL,
  paid_cents integer NOT NULL,
  current_cents integer,
  shipping_cents integer NOT NULL DEFAULT 0,
  promised_at timestamptz,
  delivered_at timestamptz,
  starts_at timestamptz,
  ends_at timestamptz,
  carrier text,
  tracking_number text,
  refundable boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, external_id)
);
CREATE INDEX protection_orders_user_idx ON protection_orders (user_id, kind);

CREATE TABLE parcel_events (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES protection_orders(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('label_created', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'lost')),
  at timestamptz NOT NULL,
  location text,
  UNIQUE (order_id, status, at)
);

-- Claims: found -> filed -> approved -> paid, or filed -> declined.
ALTER TABLE protection_claims
  ADD COLUMN order_id integer REFERENCES protection_orders(id) ON DELETE SET NULL,
  ADD COLUMN evidence jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN decline_reason text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE protection_claims SET status = CASE WHEN status = 'approved' THEN 'approved' ELSE 'filed' END;
ALTER TABLE protection_claims ALTER COLUMN status SET DEFAULT 'filed';
ALTER TABLE protection_claims ADD CONSTRAINT protection_claims_status_check
  CHECK (status IN ('found', 'filed', 'approved', 'paid', 'declined'));
-- A finding is filed once.
ALTER TABLE protection_claims ADD CONSTRAINT protection_claims_order_kind_key UNIQUE (order_id, kind);
CREATE INDEX protection_claims_user_idx ON protection_claims (user_id, kind, created_at DESC);

CREATE TABLE protection_claim_events (
  id serial PRIMARY KEY,
  claim_id integer NOT NULL REFERENCES protection_claims(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('found', 'filed', 'approved', 'paid', 'declined')),
  at timestamptz NOT NULL DEFAULT now(),
  note text
);
CREATE INDEX protection_claim_events_claim_idx ON protection_claim_events (claim_id, at, id);
-- Older claims get a timeline of their own.
INSERT INTO protection_claim_events (claim_id, status, at)
  SELECT id, 'filed', created_at FROM protection_claims;
INSERT INTO protection_claim_events (claim_id, status, at)
  SELECT id, 'approved', created_at FROM protection_claims WHERE status = 'approved';

-- The watcher's lease: one run per interval across every server on this database.
CREATE TABLE protection_watch (
  id integer PRIMARY KEY CHECK (id = 1),
  next_run_at timestamptz NOT NULL DEFAULT now(),
  run_id text
);
INSERT INTO protection_watch (id) VALUES (1);

-- Refunds of approved claims are cash credits.
ALTER TABLE ledger DROP CONSTRAINT ledger_kind_check;
ALTER TABLE ledger ADD CONSTRAINT ledger_kind_check CHECK (kind IN ('cashback', 'coin_survey', 'coin_offer',
  'coin_reversal', 'plus_rebate', 'referral_bonus', 'promo_credit', 'gift_card', 'withdrawal', 'adjustment',
  'protection_refund'));

-- The development provider's own data (server/dev-provider.ts): "another site", kept here so it needs
-- no database of its own. Empty and unused when it is off.
CREATE TABLE dev_provider_accounts (
  id text PRIMARY KEY,
  provider text NOT NULL,
  email text NOT NULL,
  orders jsonb NOT NULL DEFAULT '[]',
  outage boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, email)
);
CREATE TABLE dev_provider_codes (
  code_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES dev_provider_accounts(id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE TABLE dev_provider_tokens (
  token text PRIMARY KEY,
  account_id text NOT NULL REFERENCES dev_provider_accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
