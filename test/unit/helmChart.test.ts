// The Helm chart (deploy/helm/postage, docs/deployment.md section 10) as Kubernetes would get it:
// `helm lint --strict`, then `helm template` validated by kubeconform against the strict
// Kubernetes schemas of the oldest and newest versions the chart supports, for the default values,
// Temporal Cloud's and one with every optional part on. Prometheus Operator's ServiceMonitor has
// no schema among Kubernetes' own: kubeconform skips it and the assertions below check it against
// the Services it selects. Then what an operator relies on: probes on each process's health port,
// the migrations as a hook, no secret value in the chart, every variable a real setting (or one of
// the OpenTelemetry SDK's OTEL_ variables) that the process reads, and a render-time refusal of
// what a process would refuse at start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { flattenSettings, type ProcessName } from '../../core/platform/settings/setting';
import { SETTINGS } from '../../core/platform/settings/table';
import { toolPath } from '../../tools/stack/processes';

const ROOT = path.resolve(__dirname, '..', '..');
const CHART = path.join(ROOT, 'deploy', 'helm', 'postage');
/** The defaults plus the one setting the chart cannot default (RELAY_AWS_ACCOUNT_ID). */
const DEFAULTS = path.join(CHART, 'ci', 'default-values.yaml');
const VALUE_FILES = {
  default: [DEFAULTS],
  'Temporal Cloud': [path.join(CHART, 'ci', 'temporal-cloud-values.yaml')],
  'every optional part': [path.join(CHART, 'ci', 'everything-values.yaml')],
} satisfies Record<string, string[]>;
type Case = keyof typeof VALUE_FILES;
const CASES = Object.keys(VALUE_FILES) as Case[];
/** The oldest Kubernetes the chart supports (Chart.yaml's kubeVersion) and the newest schemas. */
const KUBERNETES_VERSIONS = ['1.29.0', '1.37.0'];
const PROCESSES = ['api', 'worker', 'smtp', 'mx'] as const;
/** The settings the chart sets itself: ports, listen addresses, certificate paths, Temporal's. */
const CHART_SETS = [
  'API_PORT',
  'WORKER_HEALTH_HOST',
  'WORKER_HEALTH_PORT',
  'WORKER_SDK_METRICS_ADDRESS',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTPS_PORT',
  'SMTP_TLS_CERT_FILE',
  'SMTP_TLS_KEY_FILE',
  'SMTP_HEALTH_HOST',
  'SMTP_HEALTH_PORT',
  'MX_HOST',
  'MX_PORT',
  'MX_TLS_CERT_FILE',
  'MX_TLS_KEY_FILE',
  'MX_HEALTH_HOST',
  'MX_HEALTH_PORT',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'TEMPORAL_TLS',
  'TEMPORAL_TLS_CA',
  'TEMPORAL_TLS_CERT',
  'TEMPORAL_TLS_KEY',
  'TEMPORAL_TLS_SERVER_NAME',
  'TEMPORAL_API_KEY',
];
/** The parts of values.schema.json the assertions read. */
const schema = JSON.parse(fs.readFileSync(path.join(CHART, 'values.schema.json'), 'utf8')) as {
  definitions: { settings: { propertyNames: { anyOf: [{ enum: string[] }, { pattern: string }] } } };
  properties: { secrets: { properties: { keys: { propertyNames: { enum: string[] } } } } };
};

/** The path of a tool tools/ensure-tools.sh installed, or a failure that says how to get it. */
function tool(what: string, variable: string, script: string): string {
  const found = toolPath(variable);
  if (!found || !fs.existsSync(found))
    throw new Error(
      `${what} is missing (${variable} is ${found ?? 'unset'}): run tools/ensure-tools.sh --for-tests, which installs it with tools/${script}`,
    );
  return found;
}

function run(
  command: string,
  args: string[],
  input?: string,
): { status: number | null; stdout: string; stderr: string } {
  // A deadline: helm and kubeconform answer in well under a second each.
  const result = spawnSync(command, args, { input, encoding: 'utf8', timeout: 60_000, maxBuffer: 32 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Loose shapes of the manifests: only the fields the assertions read.
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Probe {
  httpGet?: { path: string; port: number | string };
}
interface Container {
  name: string;
  image: string;
  command: string[];
  env?: EnvVar[];
  envFrom?: unknown[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: { cpu?: string; memory?: string } };
  securityContext?: { allowPrivilegeEscalation?: boolean; readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  volumes?: { name: string; secret?: { secretName: string } }[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
}
interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec };
    ports?: { name: string; port: number; targetPort: string | number }[];
    type?: string;
    endpoints?: { port: string; path: string; bearerTokenSecret?: { name: string; key: string } }[];
    maxUnavailable?: number;
    minAvailable?: number;
  };
  data?: unknown;
  stringData?: unknown;
}

/** Every setting: its processes and whether it is secret, by variable name. */
const settings = new Map(flattenSettings(SETTINGS).map(({ spec }) => [spec.env, spec]));
/**
 * A variable's setting, or for the OpenTelemetry SDK's own OTEL_ variables (not in the table) the
 * processes that run the SDK (the OTLP endpoint's), secret when it carries the vendor's headers.
 */
function settingOf(name: string): { processes: readonly ProcessName[]; secret?: boolean } | undefined {
  const spec = settings.get(name);
  if (spec || !name.startsWith('OTEL_')) return spec;
  return { processes: settings.get('OTEL_EXPORTER_OTLP_ENDPOINT')!.processes, secret: /_HEADERS$/.test(name) };
}

/** The chart's processes, as the settings table names them (the Job is `migrate`). */
function processOf(manifest: Manifest): ProcessName {
  const component = manifest.metadata.labels?.['app.kubernetes.io/component'];
  return component === 'migrations' ? 'migrate' : (component as ProcessName);
}

function template(valueFiles: string[], extra: string[] = []): ReturnType<typeof run> {
  const args = ['template', 'postage', CHART, '--namespace', 'mail'];
  for (const file of valueFiles) args.push('--values', file);
  return run(tool('Helm', 'POSTAGE_HELM', 'ensure-helm.sh'), [...args, ...extra]);
}

function render(valueFiles: string[], extra: string[] = []): Manifest[] {
  const result = template(valueFiles, extra);
  if (result.status !== 0) throw new Error(`helm template failed:\n${result.stderr}`);
  return YAML.parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

/** The command the Dockerfile's header gives a process (`#   API         node dist/api/server.js`). */
function dockerCommand(dockerfile: string, process: ProcessName): string | undefined {
  const label = { api: 'API', worker: 'worker', smtp: 'SMTP relay', mx: 'MX listener', migrate: 'migrations' }[
    process as string
  ];
  return new RegExp(`^#\\s+${label}\\s+(node \\S+)`, 'm').exec(dockerfile)?.[1];
}

const rendered = new Map<Case, { text: string; manifests: Manifest[] }>();
beforeAll(() => {
  for (const name of CASES) {
    const result = template(VALUE_FILES[name]);
    if (result.status !== 0) throw new Error(`helm template (${name} values) failed:\n${result.stderr}`);
    rendered.set(name, { text: result.stdout, manifests: render(VALUE_FILES[name]) });
  }
});
const manifestsOf = (name: Case): Manifest[] => rendered.get(name)!.manifests;
const deployments = (name: Case): Manifest[] => manifestsOf(name).filter((m) => m.kind === 'Deployment');
const podsOf = (name: Case): Manifest[] => manifestsOf(name).filter((m) => m.spec?.template !== undefined);

describe.each(CASES)('the chart with the %s values', (name) => {
  test('passes helm lint --strict', () => {
    const args = ['lint', CHART, '--strict', '--namespace', 'mail'];
    for (const file of VALUE_FILES[name]) args.push('--values', file);
    const result = run(tool('Helm', 'POSTAGE_HELM', 'ensure-helm.sh'), args);
    expect({ status: result.status, output: result.stdout + result.stderr }).toMatchObject({ status: 0 });
    expect(result.stdout).toContain('0 chart(s) failed');
  });

  test("each Deployment runs the Dockerfile's command and probes /readyz and /healthz on its health port", () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    for (const deployment of deployments(name)) {
      const process = processOf(deployment);
      const [container] = deployment.spec!.template!.spec.containers;
      const env = Object.fromEntries((container!.env ?? []).map((e) => [e.name, e.value]));
      expect(container!.command.join(' ')).toBe(dockerCommand(dockerfile, process));
      // The port the process itself listens on for /healthz and /readyz, bound where the kubelet reaches it.
      const portSetting = {
        api: 'API_PORT',
        worker: 'WORKER_HEALTH_PORT',
        smtp: 'SMTP_HEALTH_PORT',
        mx: 'MX_HEALTH_PORT',
      }[process as (typeof PROCESSES)[number]];
      const port = Number(env[portSetting]);
      expect(port).toBeGreaterThan(0);
      if (process !== 'api') expect(env[`${portSetting.replace('_PORT', '_HOST')}`]).toBe('0.0.0.0');
      expect(container!.readinessProbe?.httpGet).toEqual({ path: '/readyz', port });
      expect(container!.livenessProbe?.httpGet).toEqual({ path: '/healthz', port });
      expect(container!.ports?.map((p) => p.containerPort)).toContain(port);
    }
  });

  test('the migrations run as a pre-install and pre-upgrade hook that is cleaned up', () => {
    const jobs = manifestsOf(name).filter((m) => m.kind === 'Job');
    expect(jobs).toHaveLength(1);
    const annotations = jobs[0]!.metadata.annotations ?? {};
    expect(annotations['helm.sh/hook']?.split(',').sort()).toEqual(['pre-install', 'pre-upgrade']);
    expect(annotations['helm.sh/hook-delete-policy']).toMatch(/before-hook-creation/);
    const [container] = jobs[0]!.spec!.template!.spec.containers;
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(container!.command.join(' ')).toBe(dockerCommand(dockerfile, 'migrate'));
    expect(container!.env?.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toBeDefined();
  });

  test('no secret value is in the chart: Secrets are only referred to', () => {
    expect(
      manifestsOf(name).filter((m) => m.kind === 'Secret' || m.data !== undefined || m.stringData !== undefined),
    ).toEqual([]);
    for (const pod of podsOf(name)) {
      const spec = pod.spec!.template!.spec;
      const secretVolumes = new Set((spec.volumes ?? []).filter((v) => v.secret).map((v) => v.name));
      for (const container of spec.containers) {
        const secretFolders = (container.volumeMounts ?? [])
          .filter((m) => secretVolumes.has(m.name))
          .map((m) => m.mountPath);
        for (const variable of container.env ?? []) {
          if (!settingOf(variable.name)?.secret) continue;
          // A secret setting is a Secret's key, or the path of a file mounted from a Secret (a PEM key).
          const fromSecret =
            variable.valueFrom?.secretKeyRef !== undefined ||
            secretFolders.some((folder) => variable.value?.startsWith(`${folder}/`));
          expect({ [variable.name]: fromSecret }).toEqual({ [variable.name]: true });
        }
      }
    }
  });

  test('every variable is a setting of the settings table that the process reads', () => {
    const strays: string[] = [];
    for (const pod of podsOf(name)) {
      const process = processOf(pod);
      for (const variable of pod.spec!.template!.spec.containers.flatMap((c) => c.env ?? [])) {
        const spec = settingOf(variable.name);
        if (!spec) strays.push(`${pod.metadata.name}: ${variable.name} is not a setting`);
        // Secrets go only where they are read; plain settings may be shared (a process ignores the others).
        else if (variable.valueFrom && !spec.processes.includes(process))
          strays.push(`${pod.metadata.name}: ${variable.name} is not read by ${process}`);
      }
    }
    expect(strays).toEqual([]);
  });

  test('pods run as non-root, get time to finish their work and have one disruption budget per Deployment', () => {
    const budgets = manifestsOf(name).filter((m) => m.kind === 'PodDisruptionBudget');
    for (const deployment of deployments(name)) {
      const pod = deployment.spec!.template!.spec;
      const [container] = pod.containers;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
      expect(container!.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
      });
      const env = Object.fromEntries((container!.env ?? []).map((e) => [e.name, e.value]));
      const shutdownSeconds = Number(env.SHUTDOWN_TIMEOUT_MS ?? 25_000) / 1000;
      const preStop = Number(container!.lifecycle?.preStop?.exec?.command[1] ?? 0);
      // The relay and the MX listener exit at most 2 s after SHUTDOWN_TIMEOUT_MS.
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + shutdownSeconds + 2);
      const selector = deployment.spec!.selector!.matchLabels;
      expect(
        budgets.filter((b) => JSON.stringify(b.spec!.selector!.matchLabels) === JSON.stringify(selector)),
      ).toHaveLength(1);
      expect(container!.resources?.requests).toEqual(
        expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
      );
    }
    expect(budgets).toHaveLength(deployments(name).length);
  });

  test('each Service and ServiceMonitor selects the pods and ports of one process', () => {
    const manifests = manifestsOf(name);
    const services = manifests.filter((m) => m.kind === 'Service');
    for (const service of services) {
      const selected = deployments(name).filter((d) =>
        Object.entries(service.spec!.selector!).every(([k, v]) => d.spec!.template!.metadata!.labels![k] === v),
      );
      expect(selected).toHaveLength(1);
      const portNames = selected[0]!.spec!.template!.spec.containers[0]!.ports!.map((p) => p.name);
      for (const port of service.spec!.ports!) expect(portNames).toContain(port.targetPort);
    }
    for (const monitor of manifests.filter((m) => m.kind === 'ServiceMonitor')) {
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      const matched = services.filter((s) =>
        Object.entries(monitor.spec!.selector!.matchLabels!).every(([k, v]) => s.metadata.labels?.[k] === v),
      );
      expect(matched).toHaveLength(1);
      for (const endpoint of monitor.spec!.endpoints!) {
        expect(matched[0]!.spec!.ports!.map((p) => p.name)).toContain(endpoint.port);
        expect(endpoint.path).toBe('/metrics');
      }
    }
  });
});

/** kubeconform on a stream of manifests, with the schemas tools/ensure-kubeconform.sh wrote. */
function kubeconform(version: string, input: string): ReturnType<typeof run> {
  const schemas = tool('The Kubernetes schemas', 'POSTAGE_KUBERNETES_SCHEMAS', 'ensure-kubeconform.sh --schemas');
  const location = `${schemas}/{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`;
  const args = ['-strict', '-summary', '-kubernetes-version', version, '-schema-location', location];
  return run(
    tool('kubeconform', 'POSTAGE_KUBECONFORM', 'ensure-kubeconform.sh'),
    [...args, '-skip', 'ServiceMonitor', '-'],
    input,
  );
}

// One kubeconform run per Kubernetes version for the three renderings (it compiles each schema once per run).
test.each(KUBERNETES_VERSIONS)('every rendering is valid for Kubernetes %s (kubeconform -strict)', (version) => {
  const result = kubeconform(version, CASES.map((name) => rendered.get(name)!.text).join('\n---\n'));
  expect({ status: result.status, output: result.stdout + result.stderr }).toMatchObject({ status: 0 });
  const manifests = CASES.flatMap(manifestsOf);
  const monitors = manifests.filter((m) => m.kind === 'ServiceMonitor').length;
  // Every manifest but the ServiceMonitors was checked against a schema, and passed.
  expect(result.stdout).toContain(`Valid: ${manifests.length - monitors}, Invalid: 0, Errors: 0, Skipped: ${monitors}`);
});

test('the schemas are strict: a field Kubernetes does not know fails validation', () => {
  const text = rendered.get('default')!.text.replace(/^(\s+)terminationGracePeriodSeconds:/m, '$1unknownField: 1\n$&');
  const result = kubeconform(KUBERNETES_VERSIONS[0]!, text);
  expect(result.status).not.toBe(0);
  expect(result.stdout).toMatch(/additional properties 'unknownField' not allowed/);
});

test("the image tag defaults to the release's version", () => {
  const chart = YAML.parse(fs.readFileSync(path.join(CHART, 'Chart.yaml'), 'utf8')) as { appVersion: string };
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  expect(chart.appVersion).toBe(pkg.version);
  const images = deployments('default').map((d) => d.spec!.template!.spec.containers[0]!.image);
  expect(new Set(images)).toEqual(new Set([`postage:${pkg.version}`]));
});

test('Temporal Cloud values give every process the namespace, the address and the API key from its Secret', () => {
  for (const deployment of deployments('Temporal Cloud')) {
    const env = deployment.spec!.template!.spec.containers[0]!.env!;
    expect(env.find((e) => e.name === 'TEMPORAL_NAMESPACE')?.value).toBe('postage-prod.a1b2c');
    expect(env.find((e) => e.name === 'TEMPORAL_API_KEY')?.valueFrom?.secretKeyRef).toEqual({
      name: 'postage-temporal',
      key: 'TEMPORAL_API_KEY',
    });
  }
});

test('mTLS values mount the client certificate and CA and point the settings at the files', () => {
  for (const deployment of deployments('every optional part')) {
    const env = Object.fromEntries(deployment.spec!.template!.spec.containers[0]!.env!.map((e) => [e.name, e.value]));
    expect(env).toMatchObject({
      TEMPORAL_TLS_CERT: '/etc/postage/temporal-mtls/tls.crt',
      TEMPORAL_TLS_KEY: '/etc/postage/temporal-mtls/tls.key',
      TEMPORAL_TLS_CA: '/etc/postage/temporal-ca/ca.crt',
    });
  }
  expect(deployments('every optional part').map(processOf).sort()).toEqual([...PROCESSES].sort());
  expect(deployments('default').map(processOf).sort()).toEqual(['api', 'worker']);
});

test('each secret setting the chart takes reaches exactly the processes the settings table names', () => {
  const known = schema.properties.secrets.properties.keys.propertyNames.enum;
  const manifests = render(
    [path.join(CHART, 'ci', 'everything-values.yaml')],
    ['--set', known.map((name) => `secrets.keys.${name}=${name}`).join(',')],
  );
  for (const name of known) {
    const spec = settingOf(name);
    expect({ [name]: spec !== undefined }).toEqual({ [name]: true });
    const given = manifests
      .filter((m) => m.spec?.template?.spec.containers[0]!.env?.some((e) => e.name === name && e.valueFrom))
      .map(processOf)
      .sort();
    const readers = spec!.processes.filter((p) => [...PROCESSES, 'migrate'].includes(p)).sort();
    expect({ [name]: given }).toEqual({ [name]: readers });
  }
  // Every secret setting of the processes the chart runs can come from the Secret, or from Temporal's values.
  const secretOnes = [...settings.values()].filter(
    (spec) => spec.secret && spec.processes.some((p) => [...PROCESSES, 'migrate'].includes(p)),
  );
  // And the SDK's headers (a tracing vendor's API key) only by reference.
  expect(known).toEqual(expect.arrayContaining(['OTEL_EXPORTER_OTLP_HEADERS']));
  expect(secretOnes.map((spec) => spec.env).filter((env) => !known.includes(env) && !CHART_SETS.includes(env))).toEqual(
    [],
  );
});

test("the values schema takes every setting of the chart's processes but the chart's own and the secret ones", () => {
  const expected = [...settings.values()]
    .filter((spec) => !spec.secret && !CHART_SETS.includes(spec.env))
    .filter((spec) => spec.processes.some((p) => [...PROCESSES, 'migrate'].includes(p)))
    .map((spec) => spec.env);
  const [names, otel] = schema.definitions.settings.propertyNames.anyOf;
  // Out of date after a new setting: add it to definitions.settings in deploy/helm/postage/values.schema.json.
  expect([...names.enum].sort()).toEqual(expected.sort());
  // Beside them, any of the OpenTelemetry SDK's variables (docs/operations.md, "Traces"), which the
  // table only names in a row's text; the secret headers are refused at render time (below).
  const sdk = new RegExp(otel.pattern);
  for (const name of [
    'OTEL_SERVICE_NAME',
    'OTEL_RESOURCE_ATTRIBUTES',
    'OTEL_TRACES_SAMPLER_ARG',
    'OTEL_BSP_SCHEDULE_DELAY',
  ])
    expect({ [name]: sdk.test(name) }).toEqual({ [name]: true });
  expect(['BASE_URL', 'OTELX', 'otel_service_name'].filter((name) => sdk.test(name))).toEqual([]);
  // The chart does set each of its own, in one rendering or another.
  const rendered = new Set(
    CASES.flatMap(podsOf).flatMap((pod) =>
      pod.spec!.template!.spec.containers.flatMap((c) => (c.env ?? []).map((e) => e.name)),
    ),
  );
  expect(CHART_SETS.filter((env) => !rendered.has(env))).toEqual([]);
});

test("each pod's grace period follows its own SHUTDOWN_TIMEOUT_MS, a per-process one included", () => {
  const grace = Object.fromEntries(
    deployments('every optional part').map((d) => [processOf(d), d.spec!.template!.spec.terminationGracePeriodSeconds]),
  );
  // preStopSleepSeconds (5) + the process's SHUTDOWN_TIMEOUT_MS + 5: the worker's own 120 s, the others' shared 40 s.
  expect(grace).toEqual({ api: 50, worker: 130, smtp: 50, mx: 50 });
});

test("the OpenTelemetry SDK's variables reach the processes, its headers only from the Secret", () => {
  for (const deployment of deployments('every optional part')) {
    const env = deployment.spec!.template!.spec.containers[0]!.env!;
    const value = (name: string) => env.find((e) => e.name === name)?.value;
    expect(value('OTEL_TRACES_SAMPLER')).toBe('parentbased_traceidratio');
    expect(value('OTEL_SERVICE_NAME')).toBe(processOf(deployment) === 'worker' ? 'postage-worker-eu' : undefined);
    expect(env.find((e) => e.name === 'OTEL_EXPORTER_OTLP_HEADERS')?.valueFrom?.secretKeyRef).toEqual({
      name: 'postage',
      key: 'OTEL_EXPORTER_OTLP_HEADERS',
    });
  }
});

test('secrets.extraEnvFrom reaches every process, the migrations Job included', () => {
  const pods = podsOf('every optional part');
  expect(pods.map(processOf).sort()).toEqual([...PROCESSES, 'migrate'].sort());
  for (const pod of pods)
    expect({ [processOf(pod)]: pod.spec!.template!.spec.containers[0]!.envFrom }).toEqual({
      [processOf(pod)]: [{ secretRef: { name: 'postage-extra' } }],
    });
});

test('a process switched off leaves no Deployment, Service or budget behind', () => {
  const manifests = render(
    [path.join(CHART, 'ci', 'everything-values.yaml')],
    ['--set', 'api.enabled=false,mx.enabled=false'],
  );
  const components = new Set(
    manifests.filter((m) => m.kind !== 'ServiceAccount' && m.kind !== 'Job').map((m) => processOf(m)),
  );
  expect([...components].sort()).toEqual(['smtp', 'worker']);
});

test('helm template refuses what would not run, saying what to set', () => {
  expect(template([DEFAULTS], ['--set', 'smtp.enabled=true']).stderr).toMatch(/smtp\.tls\.existingSecret/);
  expect(template([DEFAULTS], ['--set', 'settings.BASE_ULR=https://x']).stderr).toMatch(
    /invalid propertyName 'BASE_ULR'.*'BASE_URL'/s,
  );
  expect(template([DEFAULTS], ['--set', 'secrets.keys.BASE_URL=base-url']).stderr).toMatch(
    /invalid propertyName 'BASE_URL'.*'POSTAGE_SECRET_KEY'/s,
  );
  expect(template([DEFAULTS], ['--set', 'api.replica=3']).stderr).toMatch(
    /additional properties 'replica' not allowed/,
  );
  for (const where of ['settings', 'worker.settings'])
    expect(template([DEFAULTS], ['--set', `${where}.OTEL_EXPORTER_OTLP_HEADERS=Authorization=key`]).stderr).toMatch(
      /OTEL_EXPORTER_OTLP_HEADERS: secret .*secrets\.keys/,
    );
});

test('a plain setting a process requires in production stops the rendering when that process runs without it', () => {
  // The table's rule (core/platform/settings/load.ts): outside development and test, a process
  // refuses to start without these; the secret ones (POSTAGE_SECRET_KEY) come by reference.
  const required = [...settings.values()].filter(
    (spec) =>
      !spec.secret &&
      spec.inProduction &&
      'required' in spec.inProduction &&
      spec.processes.some((p) => PROCESSES.includes(p as never)),
  );
  expect(required.map((spec) => spec.env)).toEqual(['RELAY_AWS_ACCOUNT_ID']);
  for (const spec of required) {
    const readers = spec.processes.filter((p) => PROCESSES.includes(p as never));
    for (const process of readers) {
      // Only that process on: the others do not need it.
      const only = PROCESSES.map((p) => `${p}.enabled=${p === process}`).join(',');
      const tls = process === 'smtp' ? ',smtp.tls.existingSecret=tls' : '';
      expect(template([], ['--set', only + tls]).stderr).toMatch(
        new RegExp(`settings\\.${spec.env} .*the ${process} process refuses to start without it in production`),
      );
      expect(template([], ['--set', `${only}${tls},settings.NODE_ENV=development`]).status).toBe(0);
    }
    const others = PROCESSES.filter((p) => !readers.includes(p)).map((p) => `${p}.enabled=true`);
    const off = readers.map((p) => `${p}.enabled=false`);
    expect(template([], ['--set', [...others, ...off, 'smtp.tls.existingSecret=tls'].join(',')]).status).toBe(0);
  }
  // AWS's documentation example, the development default, is refused in production as well.
  expect(template([], ['--set', 'settings.RELAY_AWS_ACCOUNT_ID=123456789012']).stderr).toMatch(
    /RELAY_AWS_ACCOUNT_ID: 123456789012 is a placeholder/,
  );
});
