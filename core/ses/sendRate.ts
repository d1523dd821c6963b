// An SES account's send rate (messages a second), as SES states it. SES v2's GetAccount answers it;
// the documented BYOC policy grants the SES v1 GetSendQuota instead, which answers it too.
import { GetSendQuotaCommand, type SESClient } from '@aws-sdk/client-ses';
import { GetAccountCommand, type SESv2Client } from '@aws-sdk/client-sesv2';

export async function readMaxSendRate(
  ses: SESv2Client,
  signal: AbortSignal,
  v1?: () => SESClient,
): Promise<number | undefined> {
  try {
    return usable((await ses.send(new GetAccountCommand({}), { abortSignal: signal })).SendQuota?.MaxSendRate);
  } catch (err) {
    if (!v1 || signal.aborted) throw err;
    const old = v1();
    try {
      return usable((await old.send(new GetSendQuotaCommand({}), { abortSignal: signal })).MaxSendRate);
    } finally {
      old.destroy();
    }
  }
}

const usable = (rate: number | undefined) => (rate !== undefined && rate > 0 ? rate : undefined);
