-- Issue 26 (the member sees it): a notification can name its kind and parameters, so the client writes
-- it in the member's language (title and body stay in English for older clients and the mobile API).
ALTER TABLE notifications ADD COLUMN kind text;
ALTER TABLE notifications ADD COLUMN params jsonb;
