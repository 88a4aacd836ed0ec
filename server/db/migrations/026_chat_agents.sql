-- Issue 28, the staff console: the live chat's agent side. A conversation is waiting while it is
-- open and no agent has taken it (agent_id IS NULL); taking it sets agent_id and taken_at once
-- (UPDATE ... WHERE agent_id IS NULL: exactly one owner). An agent's message records who wrote it
-- (chat_messages.staff_id). closed_by says who ended a conversation. PostgreSQL 15 and PGlite.
ALTER TABLE chat_conversations ADD COLUMN agent_id integer REFERENCES staff (id);
ALTER TABLE chat_conversations ADD COLUMN taken_at timestamptz;
ALTER TABLE chat_conversations ADD COLUMN closed_by text CHECK (closed_by IN ('member', 'agent'));
ALTER TABLE chat_conversations ADD CONSTRAINT chat_conversations_taken
  CHECK ((agent_id IS NULL) = (taken_at IS NULL));
CREATE INDEX chat_conversations_waiting ON chat_conversations (created_at, id)
  WHERE status = 'open' AND agent_id IS NULL;

ALTER TABLE chat_messages ADD COLUMN staff_id integer REFERENCES staff (id);
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_agent_staff
  CHECK (author <> 'agent' OR staff_id IS NOT NULL);
