// The Java time-skipping test server (fetched by tools/ensure-test-server.sh), with Postage's
// search attributes registered as the dev server registers them.
import { temporal } from '@temporalio/proto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { SEARCH_ATTRIBUTE_DEFINITIONS } from '../../core/model/searchAttributes';
import { requireToolPath } from '../../tools/stack/processes';

export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: requireToolPath('POSTAGE_TEMPORAL_TEST_SERVER') } },
  });
  const searchAttributes: Record<string, temporal.api.enums.v1.IndexedValueType> = {};
  for (const [name] of SEARCH_ATTRIBUTE_DEFINITIONS)
    searchAttributes[name] = temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD;
  await env.connection.operatorService.addSearchAttributes({ namespace: env.namespace ?? 'default', searchAttributes });
  return env;
}
