-- The live chat of /account/contact (SPEC 2.9): one member's conversations and their messages.
-- A member has at most one open conversation (the partial unique index); a message is capped in
-- length here as in the contract (config/constants.json chat.messageMaxLength is 2000; the column
-- allows up to 4000 so the config may grow a little without a migration). PostgreSQL 15 and PGlite.
CREATE TABLE chat_conversations (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX chat_conversations_one_open ON chat_conversations (user_id) WHERE status = 'open';

CREATE TABLE chat_messages (
  id serial PRIMARY KEY,
  conversation_id integer NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('member', 'agent', 'system')),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
