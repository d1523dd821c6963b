# Image for the API (with the dashboard), worker, migrations and postage-admin in docker-compose.yml.
FROM node:20-bookworm-slim AS dashboard
WORKDIR /app
COPY package.json package-lock.json ./
COPY cli/package.json cli/
COPY dashboard/package.json dashboard/
RUN npm ci
COPY dashboard dashboard
RUN npm run build --workspace dashboard

FROM node:20-bookworm-slim
WORKDIR /app
# Manifests first (the CLI and the dashboard are npm workspaces), so dependency layers are cached.
COPY package.json package-lock.json ./
COPY cli/package.json cli/
COPY dashboard/package.json dashboard/
RUN npm ci --omit=dev
COPY . .
COPY --from=dashboard /app/dashboard/dist dashboard/dist
