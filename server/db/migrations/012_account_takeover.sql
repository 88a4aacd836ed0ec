-- Issue 25, items 8 to 10: email change, one-time sign-in codes, one verified phone per number.
-- Issue 25: an e-mail change waits for the link mailed to the new address (kind email_change, its
-- email is the new address); the old address gets an undo link (kind email_undo, its email is the
-- old address). users.pending_email is the address waiting for its link; until then the old one signs in.
ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_kind_check;
ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_kind_check CHECK (kind IN ('verify', 'reset', 'email_change', 'email_undo'));
ALTER TABLE users ADD COLUMN pending_email text;
-- Issue 25: the one-time sign-in codes of deep links (007) are the codes of every sign-in link now
-- (/token/callback/<code>, the upsell's ?xd=1&token=<code>): one table, server/lib/login-codes.ts.
ALTER TABLE mobile_codes RENAME TO login_codes;
-- Issue 25: a phone is verified only for the number its code was sent to. Before, a changed number kept
-- the verification: drop it where the member's number was never verified by a code, then keep one
-- account per verified number (the first to verify it), and let the database hold that.
UPDATE users u SET phone_verified_at = NULL WHERE phone_verified_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM phone_codes c WHERE c.user_id = u.id AND c.phone = u.phone AND c.used_at IS NOT NULL);
UPDATE users u SET phone_verified_at = NULL WHERE phone_verified_at IS NOT NULL AND EXISTS (SELECT 1 FROM users o WHERE o.phone = u.phone AND o.phone_verified_at IS NOT NULL AND (o.phone_verified_at, o.id) < (u.phone_verified_at, u.id));
CREATE UNIQUE INDEX users_verified_phone_key ON users (phone) WHERE phone_verified_at IS NOT NULL;
