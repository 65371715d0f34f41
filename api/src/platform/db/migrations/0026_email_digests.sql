-- E-mail digests of notifications (docs/decisions/057-email-digest.md): one row per digest, from
-- the moment it is due until the relay accepted it. A digest covers the reader's unread
-- notifications of the kinds they turned on for e-mail that changed in (period_start,
-- period_end]; the next one starts where the last one sent (or found nothing) ended. Its id is
-- the Message-ID of every try, so a relay or a mailbox that already has it can drop a repeat.
create table email_digests (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  period_start timestamptz not null,
  period_end timestamptz not null,
  -- pending: to send (again); sent: the relay accepted it; empty: nothing left to tell when its
  -- turn came (read meanwhile, or e-mail turned off); given_up: refused too many times (its items
  -- go into the next digest, which starts where the last sent one ended).
  state text not null default 'pending' check (state in ('pending', 'sent', 'empty', 'given_up')),
  run_after timestamptz not null default now(),
  attempts integer not null default 0,
  lease_owner text,
  lease_expires_at timestamptz,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

-- At most one digest waiting per reader, whoever schedules it.
create unique index email_digests_one_pending on email_digests (user_id) where state = 'pending';
-- The due ones, and a reader's last finished one.
create index email_digests_due on email_digests (run_after) where state = 'pending';
create index email_digests_last on email_digests (user_id, period_end desc)
  where state in ('sent', 'empty');
