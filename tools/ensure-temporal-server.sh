#!/usr/bin/env bash
# Bench only (not part of npm test or npm run dev): the Temporal server itself, as a production
# deployment runs it, built with go install from the release the pinned CLI embeds, with its SQL
# schema tool. Prints three lines for bench/infra.ts, each NAME=path:
#   POSTAGE_TEMPORAL_SERVER      the server (.tools/bin/temporal-server)
#   POSTAGE_TEMPORAL_SQL_TOOL    its schema tool (.tools/bin/temporal-sql-tool)
#   POSTAGE_TEMPORAL_PG_SCHEMA   the module's schema/postgresql/v12 folder (temporal/, visibility/)
# Built once, then cached; minutes on a machine whose Go caches are empty.
source "$(dirname "$0")/lib.sh"

# The server release inside the Temporal CLI that tools/ensure-temporal-cli.sh pins (its go.mod).
TEMPORAL_SERVER_VERSION="v1.29.1"
module="go.temporal.io/server@$TEMPORAL_SERVER_VERSION"

server="$(ensure_go_tool temporal-server "$TEMPORAL_SERVER_VERSION" "Temporal server $TEMPORAL_SERVER_VERSION" \
  "go.temporal.io/server/cmd/server@$TEMPORAL_SERVER_VERSION")"
sql_tool="$(ensure_go_tool temporal-sql-tool "$TEMPORAL_SERVER_VERSION" "Temporal SQL tool $TEMPORAL_SERVER_VERSION" \
  "go.temporal.io/server/cmd/tools/sql@$TEMPORAL_SERVER_VERSION")"
# The schema files ship in the module only: its folder in the Go module cache (go install above
# brought it there; go mod download finds it again, or fetches it when the cache was cleaned).
module_dir="$(cd "$TOOLS_DIR" && go mod download -json "$module" |
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).Dir))')"
schema="$module_dir/schema/postgresql/v12"
[ -f "$schema/temporal/schema.sql" ] || { log "no PostgreSQL schema in $module_dir"; exit 1; }

echo "POSTAGE_TEMPORAL_SERVER=$server"
echo "POSTAGE_TEMPORAL_SQL_TOOL=$sql_tool"
echo "POSTAGE_TEMPORAL_PG_SCHEMA=$schema"
