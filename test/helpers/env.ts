// What test/setup/globalSetup.ts started, as test files see it.
export interface TestInfra {
  pgServerUrl: string;
  templateDb: string;
  redisUrl: string;
  temporalAddress: string;
  sesEndpoint: string;
  workflowBundlePath: string;
  timeSkippingServerPath: string;
  runDir: string;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run tests through jest with test/setup/globalSetup.ts`);
  return value;
}

export function testInfra(): TestInfra {
  return {
    pgServerUrl: required('POSTAGE_TEST_PG_SERVER_URL'),
    templateDb: required('POSTAGE_TEST_TEMPLATE_DB'),
    redisUrl: required('POSTAGE_TEST_REDIS_URL'),
    temporalAddress: required('POSTAGE_TEST_TEMPORAL_ADDRESS'),
    sesEndpoint: required('POSTAGE_TEST_SES_ENDPOINT'),
    workflowBundlePath: required('POSTAGE_TEST_WORKFLOW_BUNDLE'),
    timeSkippingServerPath: required('POSTAGE_TEMPORAL_TEST_SERVER'),
    runDir: required('POSTAGE_TEST_RUN_DIR'),
  };
}
