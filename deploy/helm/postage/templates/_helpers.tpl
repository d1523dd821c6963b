{{/* Names and labels. */}}
{{- define "postage.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "postage.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "postage.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "postage.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Selector labels of one process: (dict "root" $ "process" "api"). */}}
{{- define "postage.selectorLabels" -}}
app.kubernetes.io/name: {{ include "postage.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .process }}
{{- end }}

{{- define "postage.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "postage.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "postage.image" -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}

{{/*
The processes that read each secret setting (the settings table's `processes`, "migrate" being
the migration Job): a process is given only the secrets it reads.
*/}}
{{- define "postage.secretReaders" -}}
POSTAGE_SECRET_KEY: [api, worker, smtp]
DATABASE_URL: [api, worker, smtp, mx, migrate]
REDIS_URL: [api, worker, smtp, mx]
METRICS_TOKEN: [api]
SES_ACCESS_KEY_ID: [api, worker]
SES_SECRET_ACCESS_KEY: [api, worker]
STS_ACCESS_KEY_ID: [api, worker]
STS_SECRET_ACCESS_KEY: [api, worker]
INBOUND_S3_ACCESS_KEY_ID: [api]
INBOUND_S3_SECRET_ACCESS_KEY: [api]
OTEL_EXPORTER_OTLP_HEADERS: [api, worker, smtp, mx]
OTEL_EXPORTER_OTLP_TRACES_HEADERS: [api, worker, smtp, mx]
{{- end }}

{{/*
The plain settings a process refuses to start without in production (the settings table's
`inProduction.required`), by the processes that read them: the chart stops at render time instead
of leaving the pods in a crash loop.
*/}}
{{- define "postage.requiredInProduction" -}}
RELAY_AWS_ACCOUNT_ID:
  processes: [api]
  why: the 12-digit AWS account that BYOC trust policies name as principal (the account of the STS credentials)
  # AWS's documentation example, the development default.
  placeholder: "123456789012"
{{- end }}

{{/* Seconds Kubernetes waits after SIGTERM: the preStop pause, the process's own
SHUTDOWN_TIMEOUT_MS (its settings over the shared ones, as in its environment), and a margin for
the relay's and MX listener's 2 s past it and the exit itself: (dict "root" $ "process" "worker"). */}}
{{- define "postage.terminationGracePeriod" -}}
{{- $values := .root.Values }}
{{- $shutdownMs := toString (get (index $values .process).settings "SHUTDOWN_TIMEOUT_MS") }}
{{- if not $shutdownMs }}
{{- $shutdownMs = toString (get $values.settings "SHUTDOWN_TIMEOUT_MS") }}
{{- end }}
{{- $shutdownMs = int (default "25000" $shutdownMs) }}
{{- add (int $values.preStopSleepSeconds) (div (add $shutdownMs 999) 1000) 5 }}
{{- end }}

{{/* The environment of one process: (dict "root" $ "process" "api" "fixed" (dict ...)), the fixed
settings being the ones the chart decides (ports, listen addresses, file paths). */}}
{{- define "postage.env" -}}
{{- $root := .root }}
{{- $process := .process }}
{{- $values := $root.Values }}
{{- $env := dict }}
{{- $readers := include "postage.secretReaders" $root | fromYaml }}
{{- /* The OTEL_ pattern of values.schema.json lets the SDK's secret headers through: refused here. */}}
{{- $own := dict }}
{{- if ne $process "migrate" }}
{{- $own = (index $values $process).settings | default dict }}
{{- end }}
{{- range $name := concat (keys $values.settings) (keys $own) }}
{{- if regexMatch "^OTEL_EXPORTER_OTLP_(TRACES_)?HEADERS$" $name }}
{{- fail (printf "settings.%s: secret (it carries a tracing vendor's API key); give it by reference in secrets.keys" $name) }}
{{- end }}
{{- end }}
{{- range $name, $value := $values.settings }}
{{- $_ := set $env $name (toString $value) }}
{{- end }}
{{- if ne $process "migrate" }}
{{- range $name, $value := (index $values $process).settings }}
{{- $_ := set $env $name (toString $value) }}
{{- end }}
{{- $_ := set $env "TEMPORAL_ADDRESS" $values.temporal.address }}
{{- $_ := set $env "TEMPORAL_NAMESPACE" $values.temporal.namespace }}
{{- if $values.temporal.tls }}
{{- $_ := set $env "TEMPORAL_TLS" "true" }}
{{- end }}
{{- if $values.temporal.mtls.existingSecret }}
{{- $_ := set $env "TEMPORAL_TLS_CERT" (printf "/etc/postage/temporal-mtls/%s" $values.temporal.mtls.certKey) }}
{{- $_ := set $env "TEMPORAL_TLS_KEY" (printf "/etc/postage/temporal-mtls/%s" $values.temporal.mtls.keyKey) }}
{{- end }}
{{- if $values.temporal.ca.existingSecret }}
{{- $_ := set $env "TEMPORAL_TLS_CA" (printf "/etc/postage/temporal-ca/%s" $values.temporal.ca.key) }}
{{- end }}
{{- if $values.temporal.serverName }}
{{- $_ := set $env "TEMPORAL_TLS_SERVER_NAME" $values.temporal.serverName }}
{{- end }}
{{- end }}
{{- range $name, $value := .fixed }}
{{- $_ := set $env $name (toString $value) }}
{{- end }}
{{- if not (has (get $env "NODE_ENV") (list "development" "test")) }}
{{- range $name, $rule := include "postage.requiredInProduction" $root | fromYaml }}
{{- if has $process $rule.processes }}
{{- $_ := required (printf "settings.%s (or %s.settings.%s): the %s process refuses to start without it in production (NODE_ENV other than development or test); set it to %s" $name $process $name $process $rule.why) (get $env $name) }}
{{- if and $rule.placeholder (eq (get $env $name) $rule.placeholder) }}
{{- fail (printf "settings.%s: %s is a placeholder the %s process refuses in production; set it to %s" $name $rule.placeholder $process $rule.why) }}
{{- end }}
{{- end }}
{{- end }}
{{- end }}
{{- range $name := keys $env | sortAlpha }}
- name: {{ $name }}
  value: {{ index $env $name | quote }}
{{- end }}
{{- range $name := keys $values.secrets.keys | sortAlpha }}
{{- $key := index $values.secrets.keys $name }}
{{- if not (hasKey $readers $name) }}
{{- fail (printf "secrets.keys.%s: not a secret setting (one of %s); plain settings go in settings" $name (keys $readers | sortAlpha | join ", ")) }}
{{- end }}
{{- if and $key (has $process (index $readers $name)) }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ required "secrets.existingSecret: the Secret holding POSTAGE_SECRET_KEY, DATABASE_URL and the other secret settings" $values.secrets.existingSecret }}
      key: {{ $key }}
      {{- if has $name $values.secrets.optional }}
      optional: true
      {{- end }}
{{- end }}
{{- end }}
{{- if and (ne $process "migrate") $values.temporal.apiKey.existingSecret }}
- name: TEMPORAL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $values.temporal.apiKey.existingSecret }}
      key: {{ $values.temporal.apiKey.key }}
{{- end }}
{{- end }}

{{/* Volumes every long-running process mounts: a writable /tmp and Temporal's TLS files. */}}
{{- define "postage.temporalVolumes" -}}
- name: tmp
  emptyDir: {}
{{- if .Values.temporal.mtls.existingSecret }}
- name: temporal-mtls
  secret:
    secretName: {{ .Values.temporal.mtls.existingSecret }}
{{- end }}
{{- if .Values.temporal.ca.existingSecret }}
- name: temporal-ca
  secret:
    secretName: {{ .Values.temporal.ca.existingSecret }}
{{- end }}
{{- end }}

{{- define "postage.temporalMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if .Values.temporal.mtls.existingSecret }}
- name: temporal-mtls
  mountPath: /etc/postage/temporal-mtls
  readOnly: true
{{- end }}
{{- if .Values.temporal.ca.existingSecret }}
- name: temporal-ca
  mountPath: /etc/postage/temporal-ca
  readOnly: true
{{- end }}
{{- end }}
