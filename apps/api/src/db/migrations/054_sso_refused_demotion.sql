-- Decision 0077: the provider's claims never demote the last active administrator; the refusal is
-- audited (`usuario.degradacion_rechazada`) once per session and request, not at every re-check
-- of the session (every `OIDC_RECHECK_MINUTES`), which repeated the same entry all day. This is
-- the request the session last refused and audited: its canonical JSON (`{"organizaciones":…,
-- "rol":…}`), NULL when its last sign-in or re-check refused nothing. Kept with the session (any
-- instance re-checks it) and gone with it.
ALTER TABLE staff_sessions ADD COLUMN oidc_refused_demotion text;
