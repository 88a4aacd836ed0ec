-- Issue 31 · social sign-in through OpenID Connect (server/lib/oidc.ts).
-- A provider account (provider, sub) belongs to one member; the next sign-in matches it first.
-- private_relay: the address is Apple's hidden relay (stored as the member's email, never matched by domain).
CREATE TABLE social_identities (
  provider text NOT NULL,
  sub text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  private_relay boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, sub)
);
CREATE INDEX social_identities_user ON social_identities (user_id);

-- One authorization in flight: the PKCE verifier and nonce, found by the hash of its state and used once;
-- browser_hash binds it to the browser that started it (an HttpOnly cookie holds the other half).
CREATE TABLE oidc_flows (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  verifier text NOT NULL,
  nonce text NOT NULL,
  browser_hash text NOT NULL,
  redirect text,
  expires_at timestamptz NOT NULL
);

-- A provider account whose address belongs to an existing member: linked once that member's password is given (SPEC 4).
CREATE TABLE social_link_pending (
  token_hash text PRIMARY KEY,
  provider text NOT NULL,
  sub text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  private_relay boolean NOT NULL DEFAULT false,
  redirect text,
  expires_at timestamptz NOT NULL
);
