/** AWS calls we wait on interactively (STS, SES management): fail within seconds, never hang. */
export const AWS_CALL_TIMEOUTS = { connectionTimeout: 5_000, requestTimeout: 15_000 };
