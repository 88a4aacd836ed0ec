-- Issue 28 (the staff console): staff accounts apart from members, their sessions, and the audit log.
--
-- staff: made by `npm run staff -- add EMAIL --role R` or by an admin in the console. A new account has a
-- temporary password (must_change_password) and no second factor yet: the first sign-in sets a password
-- of its own and a TOTP secret (RFC 6238), confirmed by a first code (totp_confirmed_at). totp_last_step
-- is the time step of the last code accepted, so one code signs in once.
CREATE TABLE staff (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  role text NOT NULL CHECK (role IN ('support', 'finance', 'admin')),
  password_hash text NOT NULL,
  must_change_password boolean NOT NULL DEFAULT true,
  totp_secret text,
  totp_confirmed_at timestamptz,
  totp_last_step bigint NOT NULL DEFAULT 0,
  disabled_at timestamptz,
  created_by integer REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_key ON staff (lower(email));

-- A staff session: the sha-256 of its token (the token itself lives only in the staff member's
-- HttpOnly cookie). stage 'password' has passed the password only and may do nothing but set up or
-- give the second factor; 'full' may work. At most constants.staff.sessionHours long (expires_at).
CREATE TABLE staff_sessions (
  id text PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('password', 'full')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- Every staff action: who (staff_id, and the e-mail as it was; null staff_id: the command line), what
-- (action, and the target as '<kind>:<id>'), when, and the before and after. Append-only: the triggers
-- refuse UPDATE, DELETE and TRUNCATE, so nothing in the app can change or delete a row.
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  staff_id integer REFERENCES staff (id),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_at_idx ON staff_audit (at DESC, id DESC);
CREATE INDEX staff_audit_staff_idx ON staff_audit (staff_id, id DESC);
CREATE INDEX staff_audit_target_idx ON staff_audit (target, id DESC);

CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP;
END
$$;
CREATE TRIGGER staff_audit_no_update_delete BEFORE UPDATE OR DELETE ON staff_audit
  FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
  FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();

-- A member account staff locked (member lookup): a locked member cannot sign in, and their tokens stop.
ALTER TABLE users ADD COLUMN locked_at timestamptz;
ALTER TABLE users ADD COLUMN locked_reason text;
