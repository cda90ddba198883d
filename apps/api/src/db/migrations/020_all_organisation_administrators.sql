-- Administrators created by `npm run admin:create` before issue 22 were given the head office only,
-- a value no person chose: the back office told everyone they saw every organisation, yet alerts
-- and digests of the other twelve reached nobody. An administrator who names no organisation now
-- works on all of them (decision 0033), so those administrators lose the head office and keep
-- seeing what they saw, now with every organisation's alerts. Only those whose organisations
-- nobody changed since: the command line's invitation is the audit row 'usuario.invitado' without
-- an actor (reinvitations have one), and a change of organisations is a 'usuario.modificado' row
-- naming them. Administrators whose organisations a person chose keep them.
WITH user_rows AS (
  -- Only rows of these two actions are read as JSON (CASE keeps the cast to them).
  SELECT a.action, a.actor_id,
         CASE WHEN a.action IN ('usuario.invitado', 'usuario.modificado') THEN a.detail::jsonb END AS d
    FROM audit_log a
   WHERE a.action IN ('usuario.invitado', 'usuario.modificado')
),
created_by_cli AS (
  SELECT (d ->> 'usuario_id')::bigint AS user_id FROM user_rows
   WHERE action = 'usuario.invitado' AND actor_id IS NULL
),
organisations_changed AS (
  SELECT (d ->> 'usuario_id')::bigint AS user_id FROM user_rows
   WHERE action = 'usuario.modificado' AND d ? 'organizaciones'
)
DELETE FROM staff_organizations s
 USING staff_users u
 WHERE u.id = s.user_id
   AND u.role = 'administrador'
   AND s.organization_id = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae'
   AND (SELECT count(*) FROM staff_organizations o WHERE o.user_id = u.id) = 1
   AND u.id IN (SELECT user_id FROM created_by_cli)
   AND u.id NOT IN (SELECT user_id FROM organisations_changed WHERE user_id IS NOT NULL);
