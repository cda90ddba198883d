#!/usr/bin/env bash
# Backup (docs/operations.md, "Backup and restore"); the restore drill in apps/api/test/cluster/
# restore.test.ts runs this very script.
#
#   scripts/backup.sh <folder>
#
# With the server's settings in the environment (DATABASE_URL; STORAGE=s3 and S3_* or DATA_DIR),
# writes into <folder>:
#   database.dump  the database (pg_dump, custom format), taken first;
#   files/         every file the database names, copied from the bucket (or DATA_DIR/files) after
#                  the dump, so it holds at least the dump's files. They stay encrypted.
# DATA_ENCRYPTION_KEY is neither needed nor written: keep the key in the secret store, apart from
# the backups. Instances may keep running.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?uso: scripts/backup.sh <carpeta>}"
: "${DATABASE_URL:?DATABASE_URL es obligatoria}"
mkdir -p "$dir"
pg_dump --format=custom --no-owner --no-privileges --file="$dir/database.dump" "$DATABASE_URL"
npm run --silent storage:backup -- --to "$dir/files"
echo "respaldo en $dir: database.dump y files/" >&2
