// A TypeScript consumer that requires the installed package (CommonJS): it type-checks only when
// the `require` condition's types are found.
import sdk = require('@postage/sdk');

const postage = new sdk.Postage({ apiKey: 'pk_x' });
export async function run(): Promise<number> {
  const page = await postage.emails.listPage({ limit: 1 });
  const templates = await postage.templates.list().toArray(5);
  const created = await postage.webhooks.create({ url: 'https://example.com/hook', events: ['email.delivered'] });
  const event = await sdk.Webhooks.verify('{}', new Headers(), created.signing_secret);
  const error: sdk.PostageError = new sdk.PostageTimeoutError(5);
  return page.emails.length + templates.length + event.data.recipient!.length + error.message.length;
}
