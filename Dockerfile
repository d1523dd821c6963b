# Image for the API (with the dashboard), worker, migrations and postage-admin in docker-compose.yml,
# and for the SMTP relay and the MX listener:
# compiled JavaScript on Node 24, with no TypeScript, tsx or other dev dependency at run time.
#   API         node dist/api/server.js   (the default command)
#   worker      node dist/worker/main.js
#   SMTP relay  node dist/smtp/main.js   (needs SMTP_TLS_CERT_FILE and SMTP_TLS_KEY_FILE)
#   MX listener node dist/mx/main.js     (receiving email; STARTTLS with MX_TLS_CERT_FILE and MX_TLS_KEY_FILE)
#   migrations  node dist/tools/migrate.js
#   CLI         npx postage-admin ...
# BASE_IMAGE: any Debian image with Node 24 and npm and a `node` user; the official one by default,
# a locally built one where no registry is reachable (tools/ensure-image-base.sh).
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
# Manifests first (the CLI and the dashboard are npm workspaces), so dependency layers are cached.
COPY package.json package-lock.json ./
COPY cli/package.json cli/
# postage-admin's launcher before npm ci: npm links node_modules/.bin/postage-admin only to a file
# that exists.
COPY cli/bin cli/bin
COPY dashboard/package.json dashboard/
# Applied by npm ci's postinstall (patches/README.md).
COPY patches patches
RUN npm ci
COPY . .
# The dashboard (Vite, into dashboard/dist) and the processes (tsc, into dist/); then production
# dependencies only, for the runtime stage to copy (no second install): the image's own Node 24 runs
# everything (the pinned `node` package that brings Node 24 to development machines is a dev
# dependency).
RUN npm run build && npm prune --omit=dev

FROM ${BASE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production
# Stack traces name the TypeScript files and lines (tsc writes source maps beside the build).
ENV NODE_OPTIONS=--enable-source-maps
COPY package.json package-lock.json ./
COPY cli/package.json cli/
# postage-admin's launcher (it runs dist/cli/main.js where tsx is not installed); the workspace
# links in node_modules point at cli/ and dashboard/.
COPY cli/bin cli/bin
COPY dashboard/package.json dashboard/
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/dashboard/dist dashboard/dist
# The guides the API reference links to (/docs/guides/), served as their Markdown.
COPY docs docs
USER node
EXPOSE 3000
CMD ["node", "dist/api/server.js"]
