#!/usr/bin/env bash
# Restore (docs/operations.md, "Backup and restore"); the restore drill in apps/api/test/cluster/
# restore.test.ts runs this very script.
#
#   scripts/restore.sh <folder> [--sin-ancla]
#
# With the settings of the NEW deployment in the environment: DATABASE_URL naming an empty database
# (createdb it first), STORAGE=s3 with S3_* of an empty bucket (or DATA_DIR), and AUDIT_ANCHOR_FILE
# if the servers set it. Loads <folder>/database.dump with pg_restore (stopping at the first
# error), copies <folder>/files into the bucket (or DATA_DIR/files) with `npm run
# storage:migrate`, and puts the backup's audit anchor where the servers read it
# (AUDIT_ANCHOR_FILE or DATA_DIR/audit-anchor.json), so that the restored audit log is checked
# against the head it had when it was backed up. Then start the servers with the SAME
# DATA_ENCRYPTION_KEY as before (another key is refused at start) and run `npm run audit:verify`.
#
# Refused, before anything is written: a backup without audit-anchor.json (unless --sin-ancla, for
# a backup made before backups carried it: the restored log then starts a fresh anchor, with a
# warning), and an anchor already at the target (it names entries this backup may lack: move it
# aside and keep it).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:?uso: scripts/restore.sh <carpeta> [--sin-ancla]}"
without_anchor="${2:-}"
if [ -n "$without_anchor" ] && [ "$without_anchor" != "--sin-ancla" ]; then
  echo "opción desconocida: $without_anchor (uso: scripts/restore.sh <carpeta> [--sin-ancla])" >&2
  exit 2
fi
: "${DATABASE_URL:?DATABASE_URL es obligatoria}"
target="${AUDIT_ANCHOR_FILE:-${DATA_DIR:-./data}/audit-anchor.json}"
if [ -f "$dir/audit-anchor.json" ]; then
  if [ -e "$target" ]; then
    echo "restauración rechazada: ya hay un ancla del registro de auditoría en $target." \
      "Muévala aparte y guárdela (nombra entradas que este respaldo quizás no tiene); luego vuelva a intentar." >&2
    exit 1
  fi
elif [ "$without_anchor" = "--sin-ancla" ]; then
  echo "AVISO: el respaldo no trae el ancla del registro de auditoría (audit-anchor.json):" \
    "se restaura sin ella y el registro empezará un ancla nueva; no se podrá detectar que falten" \
    "sus últimas entradas." >&2
else
  echo "restauración rechazada: el respaldo $dir no trae el ancla del registro de auditoría" \
    "(audit-anchor.json); sin ella no se puede comprobar que el registro restaurado esté completo." \
    "Si el respaldo es anterior a que se incluyera, repita con --sin-ancla." >&2
  exit 1
fi
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$DATABASE_URL" "$dir/database.dump"
npm run --silent storage:migrate -- --from "$dir/files"
if [ -f "$dir/audit-anchor.json" ]; then
  (umask 077 && mkdir -p "$(dirname "$target")")
  install -m 600 "$dir/audit-anchor.json" "$target"
  echo "ancla del registro de auditoría restaurada en $target" >&2
fi
echo "restaurado desde $dir" >&2
