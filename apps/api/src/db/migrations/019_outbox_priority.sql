-- Staff alerts before complainants' mails (issue 25): a backlog of 1,000 confirmations once held a
-- Law 21.643 alert ("las medidas de resguardo vencen hoy") for 17 minutes. A drain claims the
-- highest priority due first, then the oldest; the index holds exactly that order.
ALTER TABLE outbox ADD COLUMN priority smallint NOT NULL DEFAULT 0;
CREATE INDEX outbox_claim ON outbox (priority DESC, id) WHERE status IN ('pending', 'sending');
