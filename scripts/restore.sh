#!/usr/bin/env bash
# Restore (docs/operations.md, "Backup and restore"); the restore drill in apps/api/test/cluster/
# restore.test.ts runs this very script.
#
#   scripts/restore.sh <folder>
#
# With the settings of the NEW deployment in the environment: DATABASE_URL naming an empty database
# (createdb it first), and STORAGE=s3 with S3_* of an empty bucket (or DATA_DIR). Loads
# <folder>/database.dump with pg_restore (stopping at the first error) and copies <folder>/files
# into the bucket (or DATA_DIR/files) with `npm run storage:migrate`. Then start the servers with
# the SAME DATA_ENCRYPTION_KEY as before: another key is refused at start.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?uso: scripts/restore.sh <carpeta>}"
: "${DATABASE_URL:?DATABASE_URL es obligatoria}"
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" "$dir/database.dump"
npm run --silent storage:migrate -- --from "$dir/files"
echo "restaurado desde $dir" >&2
