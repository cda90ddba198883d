#!/usr/bin/env bash
# Backup (docs/operations.md, "Backup and restore"); the restore drill in apps/api/test/cluster/
# restore.test.ts runs this very script.
#
#   scripts/backup.sh <folder>
#
# With the server's settings in the environment (DATABASE_URL; STORAGE=s3 and S3_* or DATA_DIR;
# AUDIT_ANCHOR_FILE if set), writes into <folder>, readable by its owner only (folders 0700,
# files 0600: the dump holds every complaint, sealed or not, and its metadata):
#   audit-anchor.json  the audit log's anchor (AUDIT_ANCHOR_FILE or DATA_DIR/audit-anchor.json),
#                      copied before the dump, so the entry it names is in the dump;
#   database.dump      the database (pg_dump, custom format);
#   files/             every file the database names, copied from the bucket (or DATA_DIR/files)
#                      after the dump, so it holds at least the dump's files. They stay encrypted.
# DATA_ENCRYPTION_KEY is neither needed nor written: keep the key in the secret store, apart from
# the backups. Instances may keep running.
set -euo pipefail
# Everything written from here on (the dump, the anchor, the copied files) is the owner's alone.
umask 077
cd "$(dirname "$0")/.."
dir="${1:?uso: scripts/backup.sh <carpeta>}"
: "${DATABASE_URL:?DATABASE_URL es obligatoria}"
anchor="${AUDIT_ANCHOR_FILE:-${DATA_DIR:-./data}/audit-anchor.json}"
mkdir -p "$dir"
chmod 700 "$dir"
if [ -f "$anchor" ]; then
  cp "$anchor" "$dir/audit-anchor.json"
  chmod 600 "$dir/audit-anchor.json"
else
  echo "AVISO: no hay ancla del registro de auditoría en $anchor; el respaldo no la incluye" \
    "(corra este script donde esté el ancla del servidor, o indique AUDIT_ANCHOR_FILE)" >&2
fi
pg_dump --format=custom --no-owner --no-privileges --file="$dir/database.dump" "$DATABASE_URL"
# A dump written over an older one keeps that file's mode: make sure of it.
chmod 600 "$dir/database.dump"
npm run --silent storage:backup -- --to "$dir/files"
chmod -R go= "$dir"
echo "respaldo en $dir (solo legible por su dueño)" >&2
